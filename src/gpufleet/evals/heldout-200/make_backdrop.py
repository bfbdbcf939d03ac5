"""heldout-public-200's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-200/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list: consumer GeForce cards, Tesla M40, Jetson
iGPUs); hosts, bus numbers and drivers are stand-ins unless a case's description says the source prints them.
No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'wsl-6772-wsl2-cuda-no-device-on-insider-build-21343-known-build-issue': Backdrop(
        'desktop-930eg0a',
        'A10',
        '465.89',
        '2021-04-07T11:30:00Z',
        '2021-04-07T12:10:00Z',
        pci=('01',),
    ),
    'kvmpatcher-1-gtx1060-code-43-in-kvm-guest-line-based-interrupts-msi-mode-fix': Backdrop(
        'kvm-win7-guest',
        'A10',
        '375.70',
        '2016-11-01T11:30:00Z',
        '2016-11-01T12:10:00Z',
        pci=('01',),
    ),
    'qemuantidetection-33-rtx3050-laptop-code-43-custom-qemu-upgrade-nvidia-driver': Backdrop(
        'qemu-laptop-guest',
        'A10',
        '531.41',
        '2023-10-20T11:30:00Z',
        '2023-10-20T12:10:00Z',
        pci=('01',),
    ),
    'vgpuunlockrs-10-vgpu-vm-fails-to-start-guest-470-driver-with-host-510-vgx-mismatch': Backdrop(
        'vgpu-kvm-host',
        'A10',
        '510.47.03',
        '2022-05-26T11:30:00Z',
        '2022-05-26T12:10:00Z',
        pci=('01',),
    ),
    'vgpuunlock-71-vgpu-vm-cannot-restart-on-kernel-511-fixed-by-driver-46032-with-patches': Backdrop(
        'pve-vgpu',
        'A10',
        '460.73.01',
        '2021-08-25T11:30:00Z',
        '2021-08-25T12:10:00Z',
        pci=('01',),
    ),
    'mi899-39-x99-board-will-not-boot-with-fourth-gpu-d4-above-4g-decoding-off': Backdrop(
        'x99-f8-rig',
        'A10',
        '470.82.00',
        '2022-09-20T11:30:00Z',
        '2022-09-20T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'rebaruefi-303-gigabyte-x99-ud4-bios-f25-no-post-with-two-gpus-fixed-on-f22-4g-decoding': Backdrop(
        'ga-x99-ud4',
        'A10',
        '550.120',
        '2026-06-09T11:30:00Z',
        '2026-06-09T12:10:00Z',
        pci=('03', '04'),
    ),
    'kubevirt-11093-m40-passthrough-bar0-invalid-probe-failed-large-bar-with-efi': Backdrop(
        'debian12',
        'A10',
        '535.154.05',
        '2024-01-27T11:30:00Z',
        '2024-01-27T12:10:00Z',
        pci=('08',),
    ),
    'jetsoncontainers-223-tegrastats-not-found-inside-container-benign-tool-not-installed': Backdrop(
        'jetson-orin-devkit',
        'A10',
        '35.1.0',
        '2023-02-15T11:30:00Z',
        '2023-02-15T12:10:00Z',
        pci=('00',),
    ),
    'nvitop-168-jetson-orin-nano-gpu-mem-n-a-benign-nvidia-smi-limited-on-jetson': Backdrop(
        'jetson-orin-nano',
        'A10',
        '540.4.0',
        '2025-06-02T11:30:00Z',
        '2025-06-02T12:10:00Z',
        pci=('00',),
    ),
    'jetsonstats-885-jetson-agx-thor-jtop-gpu-not-detected-benign-monitoring-path-mismatch': Backdrop(
        'jetson-agx-thor',
        'A10',
        '595.78',
        '2026-07-09T11:30:00Z',
        '2026-07-09T12:10:00Z',
        pci=('00',),
    ),
    'unraidnvidiavgpudriver-4-plugin-fails-on-unraid-6115-no-driver-build-for-its-kernel': Backdrop(
        'unraid-6115',
        'A10',
        '510.85.03',
        '2023-03-27T11:30:00Z',
        '2023-03-27T12:10:00Z',
        pci=('01',),
    ),
    'easygpupv-52-gpu-p-vm-shows-microsoft-driver-benign-by-design': Backdrop(
        'win11-gpupv-host',
        'A10',
        '511.23',
        '2022-01-11T11:30:00Z',
        '2022-01-11T12:10:00Z',
        pci=('01',),
    ),
    'easygpupv-407-windows-11-24h2-host-gpu-p-vms-error-43-host-os-upgrade-regression': Backdrop(
        'win11-24h2-host',
        'A10',
        '561.09',
        '2024-10-10T11:30:00Z',
        '2024-10-10T12:10:00Z',
        pci=('01',),
    ),
    'wsl-8447-wsl2-cuda-out-of-memory-at-half-vram-pinned-memory-limit': Backdrop(
        'win11-wsl2-3070ti',
        'A10',
        '516.94',
        '2022-09-02T11:30:00Z',
        '2022-09-02T12:10:00Z',
        pci=('01',),
    ),
    'archwsl-248-wsl2-ldconfig-libcuda-not-a-symbolic-link-benign-warning': Backdrop(
        'win11-archwsl',
        'A10',
        '472.12',
        '2021-10-05T11:30:00Z',
        '2021-10-05T12:10:00Z',
        pci=('01',),
    ),
    'singlegpupassthrough-25-vm-start-hangs-nvidia-module-in-use-held-by-nvidia-persistenced': Backdrop(
        'solus-vfio-host',
        'A10',
        '450.66',
        '2021-12-27T11:30:00Z',
        '2021-12-27T12:10:00Z',
        pci=('01',),
    ),
    'kvmgpupassthrough-40-nvidia-driver-cannot-unload-daemon-keeps-socket-open-stop-persistenced': Backdrop(
        'kvm-single-gpu-host',
        'A10',
        '530.41.03',
        '2023-05-08T11:30:00Z',
        '2023-05-08T12:10:00Z',
        pci=('01',),
    ),
    'kubernetes-112795-gpu-unbind-to-vfio-hangs-non-zero-usage-count-kubelet-holds-device': Backdrop(
        'kata-gpu-node',
        'A10',
        '515.65.01',
        '2022-09-30T11:30:00Z',
        '2022-09-30T12:10:00Z',
        pci=('8a',),
    ),
    'singlegpupassthrough-92-rtx3090-no-host-signal-after-guest-shutdown-above-4g-decoding': Backdrop(
        'amd-rtx3090-host',
        'A10',
        '515.65.01',
        '2022-09-04T11:30:00Z',
        '2022-09-04T12:10:00Z',
        pci=('01',),
    ),
    'jetsoninference-528-jetson-nano-video-stops-on-5v-2a-power-bank-needs-5v-4a': Backdrop(
        'jetson-nano-portable',
        'A10',
        '32.3.1',
        '2020-12-05T11:30:00Z',
        '2020-12-05T12:10:00Z',
        pci=('00',),
    ),
    'jetsoninference-334-jetson-nano-crashes-in-camera-demo-power-supply-test-5w-mode': Backdrop(
        'jetson-nano-devkit',
        'A10',
        '32.1.0',
        '2019-05-27T11:30:00Z',
        '2019-05-27T12:10:00Z',
        pci=('00',),
    ),
    'balenajetsonorin-605-orin-nano-super-gpu-clocks-capped-624mhz-missing-bpmp-firmware': Backdrop(
        'jetson-orin-nano-super',
        'A10',
        '36.5.0',
        '2026-07-16T11:30:00Z',
        '2026-07-16T12:10:00Z',
        pci=('00',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
