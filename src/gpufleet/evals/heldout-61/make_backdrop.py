"""heldout-public-61's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-61/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
sku is one of the allowed SKUs; most are stand-ins (see each case's description). No case uses extra:
no report quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    # one entry per case folder (the folder name is the key); every host name, most SKUs, bus ids and most drivers
    # are stand-ins (see each case's description); start/end: the incident's time_range.
    'nicehashquickminer-277-rtx-2070-super-illegal-instruction-unstable-overclock-miner-boosts-memory-clock': Backdrop(
        'rig-2070s-3060ti',
        'A10',
        '461.92',
        '2021-03-26T11:30:00Z',
        '2021-03-26T12:10:00Z',
        pci=('01', '02'),
    ),
    'nicehashminer-198-x11ghost-illegal-memory-access-aggressive-memory-overclock-or-power-suspected': Backdrop(
        'rig-1080-1070',
        'A10',
        '385.41',
        '2017-08-21T11:30:00Z',
        '2017-08-21T12:10:00Z',
        pci=('01', '02'),
    ),
    'mosaicmagnifique-9-cuda-kernels-exceed-windows-watchdog-timer-library-batch-size-added': Backdrop(
        'win81-desktop-mosaic',
        'A10',
        '456.71',
        '2020-10-05T11:30:00Z',
        '2020-10-05T12:10:00Z',
        pci=('01',),
    ),
    'koboldcpp-1024-cuda-fails-after-first-run-another-daemon-holding-the-gpu': Backdrop(
        'linux-desktop-kobold',
        'A10',
        '555.58.02',
        '2024-07-27T11:30:00Z',
        '2024-07-27T12:10:00Z',
        pci=('01',),
    ),
    'koboldcpp-1412-illegal-memory-access-in-newer-builds-gone-after-cpu-and-motherboard-replaced': Backdrop(
        'win-desktop-kobold',
        'A10',
        '572.83',
        '2025-04-12T11:30:00Z',
        '2025-04-12T12:10:00Z',
        pci=('01',),
    ),
    'ccsycles-44-gt-730-illegal-address-in-cumemalloc-out-of-device-memory-suggested-disputed': Backdrop(
        'win-desktop-gt730',
        'A10',
        '347.25',
        '2015-01-21T11:30:00Z',
        '2015-01-21T12:10:00Z',
        pci=('01',),
    ),
    'boinc-929-linux-multi-gpu-every-coproc-task-gets-device-0-fixed-in-6-10': Backdrop(
        'linux-cruncher-2gpu',
        'A10',
        '185.18.14',
        '2015-02-04T11:30:00Z',
        '2015-02-04T12:10:00Z',
        pci=('01', '02'),
    ),
    'boinc-1630-geforce-930m-ejected-from-device-manager-when-boinc-starts-buggy-driver-blamed': Backdrop(
        'win-laptop-930m-boinc',
        'A10',
        '372.54',
        '2017-04-12T11:30:00Z',
        '2017-04-12T12:10:00Z',
        pci=('01',),
    ),
    'comfyui-nvidia-docker-57-nvidia-smi-not-found-in-container-started-without-gpus-all': Backdrop(
        'docker-host-comfyui',
        'A10',
        '570.133.07',
        '2025-06-14T11:30:00Z',
        '2025-06-14T12:10:00Z',
        pci=('01',),
    ),
    'obs-studio-8723-nvenc-unavailable-after-upgrade-driver-older-than-471-41-minimum': Backdrop(
        'win10-streaming-pc',
        'A10',
        '456.71',
        '2023-04-12T11:30:00Z',
        '2023-04-12T12:10:00Z',
        pci=('01',),
    ),
    'lutris-5503-gpu-not-discovered-semi-unplugged-gpu-power-cable-found-by-reporter': Backdrop(
        'linux-gaming-pc',
        'A10',
        '550.90.07',
        '2024-06-23T11:30:00Z',
        '2024-06-23T12:10:00Z',
        pci=('01',),
    ),
    'lolminer-2069-rtx-3090-not-detected-until-nvidia-driver-reinstalled': Backdrop(
        'win10-rig-3090',
        'A10',
        '552.22',
        '2024-04-14T11:30:00Z',
        '2024-04-14T12:10:00Z',
        pci=('01',),
    ),
    'nicehashminer-125-gtx-1060-crashing-rig-card-gone-bad-artifacts-sent-for-warranty': Backdrop(
        'rig-1050-1060',
        'A10',
        '384.94',
        '2017-08-22T11:30:00Z',
        '2017-08-22T12:10:00Z',
        pci=('01', '02'),
    ),
    'comfyui-hunyuanvideowrapper-30-comfyui-sigkilled-loading-text-encoder-host-ram-fixed-with-swap': Backdrop(
        'linux-desktop-4090',
        'A10',
        '565.57.01',
        '2024-12-05T11:30:00Z',
        '2024-12-05T12:10:00Z',
        pci=('01',),
    ),
    'comfyui-2292-ubuntu-killed-during-vid2vid-workflow-16gb-ram-oom-killer-suspected': Backdrop(
        'ubuntu-desktop-24gb',
        'A10',
        '545.29.06',
        '2023-12-14T11:30:00Z',
        '2023-12-14T12:10:00Z',
        pci=('01',),
    ),
    'cubnm-28-wheels-built-with-cuda-11-8-fail-on-driver-460-80-unsupported-ptx-toolchain': Backdrop(
        'ubuntu1804-workstation',
        'A100',
        '460.80',
        '2024-10-04T11:30:00Z',
        '2024-10-04T12:10:00Z',
        pci=('07',),
    ),
    'lc0-1461-rtx-2080-max-q-unspecified-launch-failure-fixed-by-system-board-replacement': Backdrop(
        'alienware-m17r2-2080',
        'A10',
        '457.51',
        '2021-02-06T11:30:00Z',
        '2021-02-06T12:10:00Z',
        pci=('01',),
    ),
    'katago-1018-laptop-quadro-t2000-hangs-and-bsod-during-analysis-gpu-heat-suspected': Backdrop(
        'win-laptop-t2000',
        'A10',
        '555.85',
        '2025-02-02T11:30:00Z',
        '2025-02-02T12:10:00Z',
        pci=('01',),
    ),
    'excavator-18-illegal-memory-access-on-windows-stock-cards-os-driver-blamed-fixed-on-linux': Backdrop(
        'win-rig-founders',
        'A10',
        '382.53',
        '2017-07-01T11:30:00Z',
        '2017-07-01T12:10:00Z',
        pci=('01', '02'),
    ),
    'localai-1108-gtx-1070-inference-runs-on-cpu-gpu-layers-not-configured-suggested': Backdrop(
        'winserver-gtx1070',
        'A10',
        '537.42',
        '2023-09-26T11:30:00Z',
        '2023-09-26T12:10:00Z',
        pci=('01',),
    ),
    'nicehashminer-1115-six-1080ti-rig-on-two-psus-restarts-at-power-limit-90-psu-overload-suspected': Backdrop(
        'rig-6x1080ti',
        'A10',
        '391.35',
        '2018-03-31T11:30:00Z',
        '2018-03-31T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06'),
    ),
    't-rex-274-rtx-3060-hashrate-halves-with-monitor-on-wallpaper-engine-using-the-gpu': Backdrop(
        'win-rig-3060',
        'A10',
        '461.72',
        '2021-03-12T11:30:00Z',
        '2021-03-12T12:10:00Z',
        pci=('01',),
    ),
    'waifu2x-extension-gui-706-gtx-1650-laptop-gpu-not-detected-disable-igpu-reinstall-driver-suggested': Backdrop(
        'win10-laptop-1650',
        'A10',
        '576.80',
        '2025-07-05T11:30:00Z',
        '2025-07-05T12:10:00Z',
        pci=('01',),
    ),
    'katago-102-display-black-and-video-card-error-during-match-crash-traced-to-the-other-engine': Backdrop(
        'win-desktop-gogui',
        'A10',
        '441.87',
        '2020-01-15T11:30:00Z',
        '2020-01-15T12:10:00Z',
        pci=('01',),
    ),
    'dreambooth-gui-50-rtx-3060-clocks-drop-while-loading-class-images-input-bound-by-design-benign': Backdrop(
        'win10-desktop-3060',
        'A10',
        '526.86',
        '2022-11-06T11:30:00Z',
        '2022-11-06T12:10:00Z',
        pci=('01',),
    ),
    't-rex-660-memory-temperature-not-available-warning-gpu-numbering-reordered-in-new-version-benign': Backdrop(
        'win-rig-3080-3060',
        'A10',
        '472.12',
        '2021-09-30T11:30:00Z',
        '2021-09-30T12:10:00Z',
        pci=('01', '02'),
    ),
    't-rex-1423-driver-520-memory-temperature-missing-in-t-rex-only-works-in-other-miner-benign': Backdrop(
        'linux-rig-520',
        'A10',
        '520.56.06',
        '2022-10-31T11:30:00Z',
        '2022-10-31T12:10:00Z',
        pci=('01', '02'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
