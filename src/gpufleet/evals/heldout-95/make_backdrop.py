"""heldout-public-95's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-95/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); hosts, bus numbers and most drivers are
stand-ins (see each case's description). No case uses extra: no report quotes an exporter value as a metric
sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'handbrake-1827-gtx1070-nvenc-invalid-version-driver-too-old-use-399': Backdrop(
        'win-gtx1070-handbrake',
        'A10',
        '391.35',
        '2019-01-22T11:30:00Z',
        '2019-01-22T12:10:00Z',
        pci=('01',),
    ),
    'gomc-168-gtx1060-invalid-device-function-build-missing-sm61': Backdrop(
        'ws-gtx1060-gomc',
        'A10',
        '440.64',
        '2020-05-07T11:30:00Z',
        '2020-05-07T12:10:00Z',
        pci=('01',),
    ),
    'rpcs3-10926-vulkan-device-lost-on-nvidia-fixed-by-emulator-pr': Backdrop(
        'win-geforce-rpcs3',
        'A10',
        '497.29',
        '2022-01-20T11:30:00Z',
        '2022-01-20T12:10:00Z',
        pci=('01',),
    ),
    'yuzu-9726-gt1030-vulkan-crash-device-loss-latest-driver-suspected': Backdrop(
        'win-gt1030-yuzu',
        'A10',
        '528.24',
        '2023-02-04T11:30:00Z',
        '2023-02-04T12:10:00Z',
        pci=('01',),
    ),
    'ethminer-1640-insufficient-cuda-driver-9020-cuda10-needs-driver-410': Backdrop(
        'ubuntu-1080ti-ethminer',
        'A10',
        '396.54',
        '2018-10-15T11:30:00Z',
        '2018-10-15T12:10:00Z',
        pci=('01',),
    ),
    'memtestg80-3-4294967295-errors-above-4gib-32bit-overflow-benign': Backdrop(
        'ws-gtx1080-memtest',
        'A10',
        '370.28',
        '2016-09-03T11:30:00Z',
        '2016-09-03T12:10:00Z',
        pci=('01',),
    ),
    'textools-blender-130-task-manager-shows-no-cuda-usage-benign': Backdrop(
        'win-blender-textools',
        'A10',
        '511.79',
        '2022-02-26T11:30:00Z',
        '2022-02-26T12:10:00Z',
        pci=('01',),
    ),
    'pbrt-v4-164-task-manager-shows-gpu-idle-during-gpu-render-benign': Backdrop(
        'win-2gpu-pbrt',
        'A10',
        '471.68',
        '2021-08-14T11:30:00Z',
        '2021-08-14T12:10:00Z',
        pci=('01', '02'),
    ),
    'rpcs3-13928-game-leaks-vram-nvidia-crashes-fixed-by-emulator-pr': Backdrop(
        'win-rtx4090-rpcs3',
        'A10',
        '535.98',
        '2023-05-29T11:30:00Z',
        '2023-05-29T12:10:00Z',
        pci=('01',),
    ),
    'rendepth-5-vram-keeps-growing-no-memory-cleanup-in-app': Backdrop(
        'win-geforce-rendepth',
        'A10',
        '576.52',
        '2025-05-20T11:30:00Z',
        '2025-05-20T12:10:00Z',
        pci=('01',),
    ),
    'plumed2-701-lammps-gpu-util-5-percent-plumed-runs-on-cpu': Backdrop(
        'ws-2gpu-lammps-plumed',
        'A10',
        '460.80',
        '2021-06-22T11:30:00Z',
        '2021-06-22T12:10:00Z',
        pci=('01', '02'),
    ),
    'shasta-91-wrong-gpu-selected-nvidia-smi-order-differs-from-cuda-order': Backdrop(
        'ws-2gpu-shasta',
        'A10',
        '440.44',
        '2020-01-30T11:30:00Z',
        '2020-01-30T12:10:00Z',
        pci=('01', '02'),
    ),
    'keras-yolo3-524-gpu-util-14-percent-cpu-bound-image-augmentation': Backdrop(
        'ws-1080ti-keras-yolo3',
        'A10',
        '430.40',
        '2019-08-10T11:30:00Z',
        '2019-08-10T12:10:00Z',
        pci=('01',),
    ),
    'witticism-74-cuda-broken-after-suspend-resume-nvidia-uvm-corrupted': Backdrop(
        'ubuntu-desktop-witticism',
        'A10',
        '550.120',
        '2025-08-25T11:30:00Z',
        '2025-08-25T12:10:00Z',
        pci=('01',),
    ),
    'openpose-8-pc-reboots-during-training-1080ti-600w-psu-confirmed': Backdrop(
        'ws-1080ti-600w-openpose',
        'A10',
        '410.78',
        '2019-01-06T11:30:00Z',
        '2019-01-06T12:10:00Z',
        pci=('01',),
    ),
    'extremenet-31-4x1080ti-server-reboots-power-supply-insufficient': Backdrop(
        'srv-4x1080ti-extremenet',
        'A10',
        '430.26',
        '2019-07-23T11:30:00Z',
        '2019-07-23T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'edsr-201-titan-xp-pc-restarts-after-epoch-psu-too-small': Backdrop(
        'ubuntu-titanxp-edsr',
        'A10',
        '430.26',
        '2019-07-23T11:30:00Z',
        '2019-07-23T12:10:00Z',
        pci=('01',),
    ),
    'diffsynth-333-rtx4090-killed-loading-checkpoint-host-ram-too-small': Backdrop(
        'ws-rtx4090-diffsynth',
        'A10',
        '570.86.16',
        '2025-02-25T11:30:00Z',
        '2025-02-25T12:10:00Z',
        pci=('01',),
    ),
    'compvis-sd-352-txt2img-killed-16gb-ram-exhausted-by-other-containers': Backdrop(
        'arch-rtx3090-sd',
        'A10',
        '515.76',
        '2022-10-03T11:30:00Z',
        '2022-10-03T12:10:00Z',
        pci=('01',),
    ),
    'bumblebee-741-optimus-740m-slower-than-intel-pcie-bottleneck': Backdrop(
        'laptop-740m-optimus',
        'A10',
        '361.28',
        '2016-02-26T11:30:00Z',
        '2016-02-26T12:10:00Z',
        pci=('01',),
    ),
    'club-3090-142-two-3090s-15-percent-slower-asymmetric-pcie-x4-x8': Backdrop(
        'ws-2x3090-x4-x8',
        'A10',
        '580.82.07',
        '2026-05-15T11:30:00Z',
        '2026-05-15T12:10:00Z',
        pci=('01', '02'),
    ),
    'secondlife-5133-first-gpu-benchmark-run-low-throughput-energy-saving-benign': Backdrop(
        'win-geforce-slviewer',
        'A10',
        '580.97',
        '2025-12-10T11:30:00Z',
        '2025-12-10T12:10:00Z',
        pci=('01',),
    ),
    'rvgan-14-training-killed-15gb-host-ram-out-of-memory': Backdrop(
        'linux-ws-rvgan',
        'A10',
        '510.54',
        '2022-03-09T11:30:00Z',
        '2022-03-09T12:10:00Z',
        pci=('01',),
    ),
    'lolminer-171-rtx3080-clocks-800mhz-memory-temperature-suspected': Backdrop(
        'win-rtx3080-lolminer',
        'A10',
        '461.09',
        '2021-01-23T11:30:00Z',
        '2021-01-23T12:10:00Z',
        pci=('01',),
    ),
    'lolminer-1063-rtx3080-hashrate-drop-memory-108c-thermal-throttling': Backdrop(
        'win-rtx3080fe-lolminer',
        'A10',
        '511.65',
        '2022-02-05T11:30:00Z',
        '2022-02-05T12:10:00Z',
        pci=('01',),
    ),
    'nbminer-595-rtx3080ti-low-hashrate-fixed-by-replacing-thermal-pads': Backdrop(
        'rig-rtx3080ti-nbminer',
        'A10',
        '496.76',
        '2021-11-19T11:30:00Z',
        '2021-11-19T12:10:00Z',
        pci=('01',),
    ),
    'trex-1045-rtx3070ti-cuda-errors-reboots-fixed-by-driver-rollback-472-84': Backdrop(
        'win-rtx3070ti-trex',
        'A10',
        '511.23',
        '2022-02-05T11:30:00Z',
        '2022-02-05T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
