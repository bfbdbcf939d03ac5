"""heldout-public-333's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-333/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except jeteye and sirius, which the evidence prints), GPU counts, bus numbers (01..N in index order) and the
driver (550.144.03, the same for every case) are stand-ins. No case uses extra: no source quotes an exporter value.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'dra-driver-1268-gb200-vfio-passthrough-fails-wrong-vfio-driver-name-nvgrace-gpu-vfio-pci': Backdrop(
        'gb200-node01',
        'A10',
        '550.144.03',
        '2026-07-22T11:30:00Z',
        '2026-07-22T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'talos-7174-nvidia-module-key-rejected-kernel-and-module-build-mismatch': Backdrop(
        'talos-node01',
        'A10',
        '550.144.03',
        '2023-05-04T07:07:25Z',
        '2023-05-04T07:47:25Z',
        pci=('01',),
    ),
    'hami-1429-vgpu-pod-pending-insufficient-gpucores-scheduled-by-default-scheduler-hami-not-installed': Backdrop(
        'hami-gpu-node01',
        'A10',
        '550.144.03',
        '2025-10-23T11:30:00Z',
        '2025-10-23T12:10:00Z',
        pci=('01',),
    ),
    'hami-2564-mig-adopt-node-scheduler-extender-counts-zero-devices-mig-resources-unsupported': Backdrop(
        'h100-mig-node01',
        'A10',
        '550.144.03',
        '2026-06-01T11:30:00Z',
        '2026-06-01T12:10:00Z',
        pci=('01',),
    ),
    'truenas-charts-272-plex-upgrade-fails-gpu-already-allocated-zero-gpu-resources-available': Backdrop(
        'truenas-scale01',
        'A10',
        '550.144.03',
        '2021-12-22T11:30:00Z',
        '2021-12-22T12:10:00Z',
        pci=('01',),
    ),
    'wsl-11589-nvidia-smi-cuda-version-err-on-wsl2-fixed-by-regenerating-cdi-spec-after-driver-upgrade': Backdrop(
        'wsl2-desktop01',
        'A10',
        '550.144.03',
        '2024-05-19T11:30:00Z',
        '2024-05-19T12:10:00Z',
        pci=('01',),
    ),
    'exhyperv-203-hyper-v-gpu-pv-plus-dda-on-one-vm-code-43-suspected-mmio-conflict': Backdrop(
        'hyperv-host01',
        'A10',
        '550.144.03',
        '2026-05-12T11:30:00Z',
        '2026-05-12T12:10:00Z',
        pci=('01',),
    ),
    'nvidia-kvm-patcher-35-esxi-vm-video-tdr-failure-nvlddmkm-virtualization-platform-requirements': Backdrop(
        'esxi-vm01',
        'A10',
        '550.144.03',
        '2019-01-27T11:30:00Z',
        '2019-01-27T12:10:00Z',
        pci=('01',),
    ),
    'ollama-9796-proxmox-ct-cuda-error-999-after-ollama-0-6-1-downgrade-to-0-6-0-works': Backdrop(
        'proxmox-ct01',
        'A10',
        '550.144.03',
        '2025-03-16T11:30:00Z',
        '2025-03-16T12:10:00Z',
        pci=('01',),
    ),
    'gpu-passthrough-4-kvm-t4-guest-nvidia-smi-no-devices-found-hide-hypervisor-cpu-feature': Backdrop(
        'kvm-centos-vm01',
        'A10',
        '550.144.03',
        '2020-09-05T11:30:00Z',
        '2020-09-05T12:10:00Z',
        pci=('01',),
    ),
    'lxd-16227-lxd-nvidia-cdi-multi-gpu-container-fails-to-start-persistenced-socket-mount': Backdrop(
        'lxd-host01',
        'A10',
        '550.144.03',
        '2025-08-17T04:48:21Z',
        '2025-08-17T05:28:21Z',
        pci=('01', '02',),
    ),
    'jetson-stats-413-jtop-wrong-gpu-memory-display-just-over-1g-monitoring-bug-benign': Backdrop(
        'jeteye',
        'A10',
        '550.144.03',
        '2023-05-23T21:52:05Z',
        '2023-05-23T22:32:05Z',
        pci=('01',),
    ),
    'open-gpu-kernel-modules-421-nvrm-objclinitpciechipset-chipset-setup-function-error-at-boot-gpu-works-benign': Backdrop(
        'sirius',
        'A10',
        '550.144.03',
        '2022-12-04T17:12:13Z',
        '2022-12-04T17:52:13Z',
        pci=('01',),
    ),
    'vgpu-device-manager-195-no-parent-devices-found-vgpu-17-ada-hopper-vendor-vfio-instead-of-mdev': Backdrop(
        'hopper-vgpu-node01',
        'A10',
        '550.144.03',
        '2026-07-01T11:30:00Z',
        '2026-07-01T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
