"""heldout-public-90's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-90/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); hosts, bus numbers and most drivers are
stand-ins (see each case's description). No case uses extra: no report quotes an exporter value as a metric
sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'openmm-1991-gtx1080-cuda-platform-missing-openmm-7-1-built-for-cuda-8-not-9': Backdrop(
        'rhel-gtx1080-openmm',
        'A10',
        '387.26',
        '2018-02-14T11:30:00Z',
        '2018-02-14T12:10:00Z',
        pci=('01',),
    ),
    'codexffmpeg-181-gtx950-nvenc-api-13-build-needs-driver-570-driver-566-too-old': Backdrop(
        'win-gtx950-ffmpeg',
        'A10',
        '566.36',
        '2025-04-26T11:30:00Z',
        '2025-04-26T12:10:00Z',
        pci=('01',),
    ),
    'kancolle-36-cuda-mode-error-popup-driver-from-march-2019-too-old': Backdrop(
        'win-laptop-kcps',
        'A10',
        '419.35',
        '2020-04-27T11:30:00Z',
        '2020-04-27T12:10:00Z',
        pci=('01',),
    ),
    'luxcore-372-gtx1070-cuda-out-of-memory-scene-too-big-for-vram': Backdrop(
        'win10-gtx1070-luxcore',
        'A10',
        '446.14',
        '2020-05-17T11:30:00Z',
        '2020-05-17T12:10:00Z',
        pci=('01',),
    ),
    'pygamd-8-dpd-simulation-cuda-error-system-exceeds-gpu-memory': Backdrop(
        'linux-pygamd-ws',
        'A10',
        '550.142',
        '2024-12-28T11:30:00Z',
        '2024-12-28T12:10:00Z',
        pci=('01',),
    ),
    'forge-classic-12-rtx2080s-sdxl-4s-per-it-sysmem-fallback-vram-spill': Backdrop(
        'win-2080s-3090-forge',
        'A10',
        '576.02',
        '2025-04-16T11:30:00Z',
        '2025-04-16T12:10:00Z',
        pci=('01', '02'),
    ),
    'gringoldminer-78-gtx1080ti-pc-shuts-down-power-controller-trips-at-100-percent-power': Backdrop(
        'win10-gtx1080ti-grin',
        'A10',
        '418.91',
        '2019-02-20T11:30:00Z',
        '2019-02-20T12:10:00Z',
        pci=('01',),
    ),
    'systeminformer-381-gpu-load-zero-driver-not-initialised-software-rasterization': Backdrop(
        'win10-1809-procmon',
        'A10',
        '418.91',
        '2019-02-22T11:30:00Z',
        '2019-02-22T12:10:00Z',
        pci=('01',),
    ),
    'cloud-atlas-28-dl360-gen9-tesla-m40-code-10-insufficient-gpu-power': Backdrop(
        'hpe-dl360g9-m40',
        'A10',
        '537.13',
        '2023-09-30T11:30:00Z',
        '2023-09-30T12:10:00Z',
        pci=('01',),
    ),
    'rpcs3-5673-every-game-crashes-on-newest-nvidia-driver-fixed-by-downgrade': Backdrop(
        'win-rpcs3-gamer',
        'A10',
        '418.91',
        '2019-02-19T11:30:00Z',
        '2019-02-19T12:10:00Z',
        pci=('01',),
    ),
    'leela-zero-1402-gtx1070-zero-gpu-usage-on-driver-397-64-fixed-by-reverting': Backdrop(
        'win10-gtx1070-leelaz',
        'A10',
        '397.64',
        '2018-05-10T11:30:00Z',
        '2018-05-10T12:10:00Z',
        pci=('01',),
    ),
    'flip-fluids-601-blender-simulation-crash-nvidia-rtx-driver-issue-fixed': Backdrop(
        'win-blender-flip',
        'A10',
        '526.86',
        '2022-11-23T11:30:00Z',
        '2022-11-23T12:10:00Z',
        pci=('01',),
    ),
    'nvenc-160-nvencc-low-gpu-ve-usage-avisynth-input-bound-no-hw-decode': Backdrop(
        'win-nvencc-encoder',
        'A10',
        '436.48',
        '2019-09-30T11:30:00Z',
        '2019-09-30T12:10:00Z',
        pci=('01',),
    ),
    'goxel-405-gpu-ram-leak-grows-until-other-apps-crash-fixed-in-app': Backdrop(
        'ubuntu-goxel-desktop',
        'A10',
        '550.127.05',
        '2024-11-03T11:30:00Z',
        '2024-11-03T12:10:00Z',
        pci=('01',),
    ),
    'wolf-293-streaming-server-vram-leak-between-streams-fixed-by-maintainer': Backdrop(
        'linux-wolf-streamer',
        'A10',
        '580.95.05',
        '2025-11-22T11:30:00Z',
        '2025-11-22T12:10:00Z',
        pci=('01',),
    ),
    'waifu2x-268-gtx1050ti-overclock-crashes-waifu2x-not-fully-stable': Backdrop(
        'win-gtx1050ti-waifu2x',
        'A10',
        '417.71',
        '2019-02-02T11:30:00Z',
        '2019-02-02T12:10:00Z',
        pci=('01',),
    ),
    'nicehashminer-205-mining-rig-freezes-overclock-most-common-cause': Backdrop(
        'win-rig-3x1070-nhm',
        'A10',
        '385.28',
        '2017-08-22T11:30:00Z',
        '2017-08-22T12:10:00Z',
        pci=('01', '02', '03'),
    ),
    'dream-factory-56-3x1070ti-8gb-host-ram-exhausted-during-model-swaps': Backdrop(
        'ubuntu-3x1070ti-dreamfactory',
        'A10',
        '535.154.05',
        '2024-02-06T11:30:00Z',
        '2024-02-06T12:10:00Z',
        pci=('01', '02', '03'),
    ),
    'dxx-rebirth-659-gtx1060-stutter-cpu-capped-at-50-percent-power-option': Backdrop(
        'win-gtx1060-dxx',
        'A10',
        '516.94',
        '2022-08-22T11:30:00Z',
        '2022-08-22T12:10:00Z',
        pci=('01',),
    ),
    'westpa-22-amber-gpu-tutorial-ran-on-cpu-with-sander-fixed-to-pmemd': Backdrop(
        'linux-westpa-amber',
        'A10',
        '470.63.01',
        '2021-08-30T11:30:00Z',
        '2021-08-30T12:10:00Z',
        pci=('01',),
    ),
    'style2paints-170-rtx3070-gpu-usage-5-15-percent-normal-cpu-callbacks-benign': Backdrop(
        'win-rtx3070-style2paints',
        'A10',
        '462.65',
        '2021-08-20T11:30:00Z',
        '2021-08-20T12:10:00Z',
        pci=('01',),
    ),
    'video-subtitle-extractor-178-cpu-100-gpu-occasional-100-normal-cpu-stage-benign': Backdrop(
        'win-vse-gpu-build',
        'A10',
        '528.02',
        '2023-01-13T11:30:00Z',
        '2023-01-13T12:10:00Z',
        pci=('01',),
    ),
    'fancontrol-3132-rtx4060-fans-stay-30-percent-after-load-card-internal-0rpm-logic-benign': Backdrop(
        'win-rtx4060-fancontrol',
        'A10',
        '576.02',
        '2025-04-28T11:30:00Z',
        '2025-04-28T12:10:00Z',
        pci=('01',),
    ),
    'nvidia-patcher-16-p102-100-pcie-x4-not-x16-hardware-limit-by-design-benign': Backdrop(
        'win-p102-100-patched',
        'A10',
        '536.99',
        '2023-08-13T11:30:00Z',
        '2023-08-13T12:10:00Z',
        pci=('01',),
    ),
    'ray-124-gtx1080ti-go-engine-gpu-load-60-65-percent-ok-cpu-bound-benign': Backdrop(
        'win-gtx1080ti-ray',
        'A10',
        '385.41',
        '2017-08-29T11:30:00Z',
        '2017-08-29T12:10:00Z',
        pci=('01',),
    ),
    'abbrv-4-gtx1050ti-task-manager-high-gpu-usage-driver-error-hw-monitor-zero-benign': Backdrop(
        'win-gtx1050ti-abbrv',
        'A10',
        '527.37',
        '2022-12-22T11:30:00Z',
        '2022-12-22T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
