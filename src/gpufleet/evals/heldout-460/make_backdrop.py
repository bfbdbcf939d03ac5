"""heldout-public-460's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-460/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description); host names
are stand-ins except frx (the machine name the open-gpu-kernel-modules#894 report prints); one GPU per case (every source
reports one GPU, or one affected GPU); bus numbers are stand-ins 01 except 09 (ogkm-894, as its evidence prints 0000:09:00.0)
and 06 (system76-66, as one user's kernel log in its evidence prints 0000:06:00.0); the driver (550.144.03) is the same
stand-in for every case, so the version carries no signal. No case uses extra: no source quotes an exporter value as a
metric sample. The backdrop never points at the cause: flat, healthy metrics for every case.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'haxm-149-esxi-rtx2080ti-passthrough-error-43-nvidia-driver-refuses-vm-hide-hypervisor': Backdrop(
        'esxi-guest-01',
        'A10',
        '550.144.03',
        '2020-06-09T11:30:00Z',
        '2020-06-09T12:10:00Z',
        pci=('01',),
    ),
    'cudarc-296-wsl2-libcuda-not-found-wsl-lib-path-not-scanned-ld-library-path': Backdrop(
        'wsl2-dev-01',
        'A10',
        '550.144.03',
        '2024-11-04T11:30:00Z',
        '2024-11-04T12:10:00Z',
        pci=('01',),
    ),
    'yoro-2-wsl2-task-manager-gpu-0-percent-while-training-benign-wsl-artifact': Backdrop(
        'wsl2-manjaro-01',
        'A10',
        '550.144.03',
        '2022-12-03T11:30:00Z',
        '2022-12-03T12:10:00Z',
        pci=('01',),
    ),
    'wsl-4197-wsl2-model-load-from-mnt-very-slow-9p-filesystem-move-to-vhdx': Backdrop(
        'wsl2-flux-01',
        'A10',
        '550.144.03',
        '2025-01-23T11:30:00Z',
        '2025-01-23T12:10:00Z',
        pci=('01',),
    ),
    'invokeai-342-wsl-dream-py-killed-while-loading-model-host-ram-exhausted': Backdrop(
        'wsl-invoke-01',
        'A10',
        '550.144.03',
        '2022-09-03T11:30:00Z',
        '2022-09-03T12:10:00Z',
        pci=('01',),
    ),
    'cloudgamestream-4-aws-g4dn-t4-grid-driver-install-fails-no-gpu-detected-wrong-driver': Backdrop(
        'g4dn-win-01',
        'A10',
        '550.144.03',
        '2020-09-27T11:30:00Z',
        '2020-09-27T12:10:00Z',
        pci=('01',),
    ),
    'ogkm-894-egpu-5070ti-unplug-driver-locks-up-rmcheckforexternalgpu-misidentifies-egpu': Backdrop(
        'frx',
        'A10',
        '550.144.03',
        '2025-07-01T11:30:00Z',
        '2025-07-01T12:10:00Z',
        pci=('09',),
    ),
    'cachyos-1021-tb5-egpu-rtx4090-bridge-inaccessible-runtime-pm-gsp-disabled-fix': Backdrop(
        'flow-z13-01',
        'A10',
        '550.144.03',
        '2026-09-15T11:30:00Z',
        '2026-09-15T12:10:00Z',
        pci=('01',),
    ),
    'dellkb-000199172-esxi-gpu-passthrough-vm-devicepoweron-failed-mmio-above-4gb': Backdrop(
        'poweredge-esxi-01',
        'A10',
        '550.144.03',
        '2022-03-01T11:30:00Z',
        '2022-03-01T12:10:00Z',
        pci=('01',),
    ),
    'system76-66-nvidia-egpu-not-initializing-thunderbolt-bridge-hotplug-memory-bios-fix': Backdrop(
        'darter-pro-01',
        'A10',
        '550.144.03',
        '2020-01-16T11:30:00Z',
        '2020-01-16T12:10:00Z',
        pci=('06',),
    ),
    'nccl-511-wsl2-ncclsystemerror-nccl-2-7-6-does-not-support-wsl2-upgrade-2-10': Backdrop(
        'wsl2-nccl-01',
        'A10',
        '550.144.03',
        '2021-07-28T11:30:00Z',
        '2021-07-28T12:10:00Z',
        pci=('01',),
    ),
    'textgen-3175-wsl-model-loading-very-slow-files-on-windows-mount-move-to-linux-fs': Backdrop(
        'wsl-textgen-01',
        'A10',
        '550.144.03',
        '2023-07-18T11:30:00Z',
        '2023-07-18T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
