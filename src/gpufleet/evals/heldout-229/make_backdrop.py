"""heldout-public-229's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-229/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (two are printed by the sources: ip-172-40-20-6 and pi5), bus numbers where the source prints none, and the driver
(550.144.03, the same for every case) are stand-ins.
No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'wsl-6014-windows-build-20226-update-breaks-cuda-in-wsl2-missing-libdxcore': Backdrop(
        'wsl2-insider-20226',
        'A10',
        '550.144.03',
        '2020-10-01T11:30:00Z',
        '2020-10-01T12:10:00Z',
        pci=('01',),
    ),
    'zabbly-incus-81-incus-6-11-update-breaks-nvidia-runtime-containers-fail-mount-hooks': Backdrop(
        'incus-ai-host',
        'A10',
        '550.144.03',
        '2025-04-05T01:38:51Z',
        '2025-04-05T02:18:51Z',
        pci=('01',),
    ),
    'lxd-pkg-snap-823-libnvidia-container-regression-lxd-snap-reverts-nvidia-container-to-1-17-6': Backdrop(
        'lxd-snap-host',
        'A10',
        '550.144.03',
        '2025-05-23T11:30:00Z',
        '2025-05-23T12:10:00Z',
        pci=('01',),
    ),
    'lxd-7162-nvidia-340-legacy-driver-host-lacks-libcuda1-340-nvidia-runtime-fails': Backdrop(
        'lxd-gt8800-host',
        'A10',
        '550.144.03',
        '2020-04-10T11:30:00Z',
        '2020-04-10T12:10:00Z',
        pci=('01',),
    ),
    'lxd-6262-first-container-fails-mount-hooks-out-of-distro-nvidia-binaries-confuse-nvidia-container': Backdrop(
        'lxd-tuna-host',
        'A10',
        '550.144.03',
        '2019-09-30T16:25:10Z',
        '2019-09-30T17:05:10Z',
        pci=('01',),
    ),
    'flatcar-1649-arm64-g5g-nvidia-service-fetches-x86-installer-driver-install-fails': Backdrop(
        'ip-172-40-20-6',
        'A10',
        '550.144.03',
        '2025-02-13T14:09:35Z',
        '2025-02-13T14:49:35Z',
        pci=('01',),
    ),
    'nanabox-31-gpu-pv-vm-cirno-fails-until-hostdriverstore-folder-created-in-guest': Backdrop(
        'nanabox-hyperv-host',
        'A10',
        '550.144.03',
        '2025-01-24T11:30:00Z',
        '2025-01-24T12:10:00Z',
        pci=('01',),
    ),
    'jailmaker-4-truenas-jail-nvidia-passthrough-dev-nvidia-uvm-missing-after-reboot-mknod-fix': Backdrop(
        'truenas-jail-host',
        'A10',
        '550.144.03',
        '2023-03-04T11:30:00Z',
        '2023-03-04T12:10:00Z',
        pci=('01',),
    ),
    'wolf-361-proxmox-lxc-gpu-device-nodes-not-created-at-boot-nvidia-smi-and-nvidia-modprobe': Backdrop(
        'pve-wolf-host',
        'A10',
        '550.144.03',
        '2026-02-18T11:30:00Z',
        '2026-02-18T12:10:00Z',
        pci=('01',),
    ),
    'rpi-pcie-devices-26-gtx-750-ti-on-raspberry-pi-rminitadapter-failed-no-arm64-driver-for-card': Backdrop(
        'pi5',
        'A10',
        '550.144.03',
        '2021-04-24T11:30:00Z',
        '2021-04-24T12:10:00Z',
        pci=('01',),
    ),
    'open-gpu-kernel-modules-972-arm-soc-pcie-limits-pi-16k-page-kernel-memmgrdeterminepagesize-failed': Backdrop(
        'pi5-16k',
        'A10',
        '550.144.03',
        '2025-11-23T11:30:00Z',
        '2025-11-23T12:10:00Z',
        pci=('01',),
    ),
    'dasharo-issues-993-firmware-rc1-disables-dgpu-not-in-lspci-rc2-re-enables': Backdrop(
        'v560tne',
        'A10',
        '550.144.03',
        '2024-08-12T11:30:00Z',
        '2024-08-12T12:10:00Z',
        pci=('2d',),
    ),
    'textgen-536-wsl2-llama-30b-load-killed-wsl-memory-limit': Backdrop(
        'win10-wsl2-3090',
        'A10',
        '550.144.03',
        '2023-03-24T11:30:00Z',
        '2023-03-24T12:10:00Z',
        pci=('01',),
    ),
    'powerai-188-outdated-gpu-bios-lspci-lacks-v100-name-gpu-check-false-negative-benign': Backdrop(
        'powerai-v100-box',
        'A10',
        '550.144.03',
        '2020-01-16T11:30:00Z',
        '2020-01-16T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'jetson-containers-491-nvidia-smi-unsupported-on-jetson-gpu-in-use-per-jtop-benign': Backdrop(
        'jetson-orin-r36',
        'A10',
        '550.144.03',
        '2024-04-27T11:30:00Z',
        '2024-04-27T12:10:00Z',
        pci=('01',),
    ),
    'jetson-inference-300-tensorrt-engine-build-takes-minutes-looks-like-hard-lockup-benign': Backdrop(
        'jetson-nano',
        'A10',
        '550.144.03',
        '2019-03-25T11:30:00Z',
        '2019-03-25T12:10:00Z',
        pci=('01',),
    ),
    'dxgkrnl-dkms-7-gpu-pv-guest-module-taints-kernel-unsigned-warning-only-benign': Backdrop(
        'hyperv-gpupv-guest',
        'A10',
        '550.144.03',
        '2025-03-12T11:30:00Z',
        '2025-03-12T12:10:00Z',
        pci=('01',),
    ),
    'easy-gpu-pv-51-gpu-p-vm-gtx-1080-code-43-older-host-cpu-sandy-bridge-mmio-limit': Backdrop(
        'gpupv-i7-2600k',
        'A10',
        '550.144.03',
        '2022-01-11T11:30:00Z',
        '2022-01-11T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
