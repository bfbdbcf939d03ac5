"""heldout-public-261's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-261/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts are stand-ins unless the source prints one (p510, ubuntu-2404-gpu-2125067429); bus numbers are stand-ins
(01 for one GPU, 01-04 for four) except p510, whose GPU 0 the source prints at 03:00.0; the driver (550.144.03,
the same for every case) is a stand-in. No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'wsl-40401-wsl2-blackwell-16gib-hidden-driver-overhead-torch-oom-despite-free-vram': Backdrop(
        'wsl2-rtxpro6000',
        'A10',
        '550.144.03',
        '2026-05-04T11:30:00Z',
        '2026-05-04T12:10:00Z',
        pci=('01',),
    ),
    'wsl-7162-wsl2-nvidia-smi-gpu-util-err-na-not-supported-in-wsl-benign': Backdrop(
        'wsl2-workstation',
        'A10',
        '550.144.03',
        '2021-12-20T11:30:00Z',
        '2021-12-20T12:10:00Z',
        pci=('01',),
    ),
    'wsl-9099-wsl-nvidia-smi-nvml-driver-load-error-only-from-admin-terminal': Backdrop(
        'wsl2-desktop',
        'A10',
        '550.144.03',
        '2022-11-12T11:30:00Z',
        '2022-11-12T12:10:00Z',
        pci=('01',),
    ),
    'nixos-config-1450-p510-nvidia-smi-no-devices-found-index-1-second-gpu-removed-benign': Backdrop(
        'p510',
        'A10',
        '550.144.03',
        '2026-08-24T11:30:00Z',
        '2026-08-24T12:10:00Z',
        pci=('03',),
    ),
    'vgpu-unlock-116-later-vgpu-drivers-vgpu-mgr-crashes-mdev-not-released-host-reboot-needed': Backdrop(
        'proxmox-vgpu-host',
        'A10',
        '550.144.03',
        '2023-02-28T11:30:00Z',
        '2023-02-28T12:10:00Z',
        pci=('01',),
    ),
    'lxd-6030-lxd-container-gpu-passthrough-fails-on-kernel-5-1-cross-mntns-mount-bug': Backdrop(
        'lxd-host',
        'A10',
        '550.144.03',
        '2019-07-31T11:30:00Z',
        '2019-07-31T12:10:00Z',
        pci=('01',),
    ),
    'lium-io-1007-daemon-reload-drops-transient-nvidia-device-cgroup-pod-nvml-unknown-error': Backdrop(
        'lium-staging-a4000',
        'A10',
        '550.144.03',
        '2026-04-28T11:30:00Z',
        '2026-04-28T12:10:00Z',
        pci=('01',),
    ),
    'datadog-agent-42431-systemd-reapplies-stale-deviceallow-nvml-unknown-error-in-pods': Backdrop(
        'k8s-gpu-node',
        'A10',
        '550.144.03',
        '2025-10-28T11:30:00Z',
        '2025-10-28T12:10:00Z',
        pci=('01',),
    ),
    'atmosphere-3313-openstack-nova-vgpu-instance-build-fails-mdevctl-missing-in-libvirt': Backdrop(
        'nova-compute-vgpu',
        'A10',
        '550.144.03',
        '2025-12-01T11:30:00Z',
        '2025-12-01T12:10:00Z',
        pci=('01',),
    ),
    'yolov5-jetson-13-xavier-nx-oci-runtime-seccomp-clone3-after-apt-upgrade-pin-nvidia-docker2': Backdrop(
        'jetson-xavier-nx',
        'A10',
        '550.144.03',
        '2022-02-03T11:30:00Z',
        '2022-02-03T12:10:00Z',
        pci=('01',),
    ),
    'ultimatealpr-102-jetson-nano-sdk-runs-on-cpu-only-no-gpu-acceleration-on-jetson': Backdrop(
        'jetson-nano',
        'A10',
        '550.144.03',
        '2020-10-13T11:30:00Z',
        '2020-10-13T12:10:00Z',
        pci=('01',),
    ),
    'rocker-211-xavier-nx-docker-gpus-flag-runtime-hook-unsupported-use-nvidia-runtime': Backdrop(
        'xavier-nx-autoware',
        'A10',
        '550.144.03',
        '2023-01-19T11:30:00Z',
        '2023-01-19T12:10:00Z',
        pci=('01',),
    ),
    'easy-gpu-pv-246-hyper-v-gpu-pv-vm-driver-install-fails-host-vm-windows-build-mismatch': Backdrop(
        'hyperv-gpu-pv-vm',
        'A10',
        '550.144.03',
        '2023-01-14T11:30:00Z',
        '2023-01-14T12:10:00Z',
        pci=('01',),
    ),
    'oneclick-gpu-pv-8-gpu-pv-linux-guest-nvidia-smi-segfault-host-driver-grid-16-9-works': Backdrop(
        'ubuntu-2404-gpu-2125067429',
        'A10',
        '550.144.03',
        '2025-01-30T11:30:00Z',
        '2025-01-30T12:10:00Z',
        pci=('01',),
    ),
    'how-to-use-vgpu-6-esxi-a5000-vgpu-plugin-init-fails-bios-sriov-ari-above-4g-not-enabled': Backdrop(
        'esxi-a5000',
        'A10',
        '550.144.03',
        '2024-08-23T11:30:00Z',
        '2024-08-23T12:10:00Z',
        pci=('01',),
    ),
    'harvester-7111-h100-vgpu-devices-not-listed-vgpu-16-17-drivers-h100-needs-vgpu-15': Backdrop(
        'harvester-xe8640',
        'A10',
        '550.144.03',
        '2024-12-06T11:30:00Z',
        '2024-12-06T12:10:00Z',
        pci=('01',),
    ),
    'hami-45-vgpu-scheduler-placed-on-non-gpu-node-libnvidia-ml-missing-crashloop': Backdrop(
        'k8s-gpu-node',
        'A10',
        '550.144.03',
        '2022-11-01T11:30:00Z',
        '2022-11-01T12:10:00Z',
        pci=('01',),
    ),
    'xen-api-2698-vgpu-create-fails-unlicensed-vm-left-scheduled-on-host-stale-capacity': Backdrop(
        'xenserver-vgpu-host',
        'A10',
        '550.144.03',
        '2016-07-08T11:30:00Z',
        '2016-07-08T12:10:00Z',
        pci=('01',),
    ),
    'jetson-stats-867-jetpack-7-2-orin-nvml-not-supported-gpu-page-n-a-monitor-artifact-benign': Backdrop(
        'jetson-agx-orin',
        'A10',
        '550.144.03',
        '2026-06-06T11:30:00Z',
        '2026-06-06T12:10:00Z',
        pci=('01',),
    ),
    'biosmod-20-dual-xeon-board-fourth-gpu-will-not-boot-above-4g-decoding-limit': Backdrop(
        'x99-dual-4gpu',
        'A10',
        '550.144.03',
        '2024-11-09T11:30:00Z',
        '2024-11-09T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
