"""heldout-public-160's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-160/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); hosts and bus numbers are stand-ins except
where a case's description says the source prints them, and so are the drivers no report names. No case uses extra:
no report quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'gromacs-4786-cuda-graphs-multi-gpu-crash-extra-sync-breaks-graph-capture': Backdrop(
        'md-ws-gromacs-2gpu',
        'A10',
        '530.41.03',
        '2023-05-01T11:30:00Z',
        '2023-05-01T12:10:00Z',
        pci=('01', '02'),
    ),
    'relion-1075-cudacustomallocator-oom-random-iteration-bad-particles-hard-to-align': Backdrop(
        'cryoem-ws-relion',
        'A10',
        '545.23.08',
        '2024-02-01T11:30:00Z',
        '2024-02-01T12:10:00Z',
        pci=('01',),
    ),
    'nvuv-14-undervolt-scan-unstable-step-driver-tdr-reset-stale-handles-app-crash': Backdrop(
        'win-gaming-pc-uv',
        'A10',
        '596.36',
        '2026-06-04T11:30:00Z',
        '2026-06-04T12:10:00Z',
        pci=('01',),
    ),
    'btpc-handoff-rtx3060-gpu1-0400-unknown-header-type-7f-failed-gpu-removed': Backdrop(
        'btpc-mining-desktop',
        'A10',
        '580.95.05',
        '2025-11-14T11:30:00Z',
        '2025-11-14T12:10:00Z',
        pci=('03', '04'),
    ),
    'deepfacelab-5445-benign-task-manager-shows-5pct-gpu-while-training-on-compute-engine': Backdrop(
        'win-desktop-dfl',
        'A10',
        '497.09',
        '2021-12-19T11:30:00Z',
        '2021-12-19T12:10:00Z',
        pci=('01',),
    ),
    'rerio-25-guppy-could-not-allocate-shared-buffer-rtx3070-8gb-model-config-sized-for-16gb': Backdrop(
        'seq-ws-guppy',
        'A10',
        '460.73.01',
        '2021-04-20T11:30:00Z',
        '2021-04-20T12:10:00Z',
        pci=('01',),
    ),
    'bonito-6-basecaller-cuda-oom-gtx1660-unbounded-read-chunking': Backdrop(
        'seq-ws-bonito',
        'A10',
        '430.50',
        '2019-12-09T11:30:00Z',
        '2019-12-09T12:10:00Z',
        pci=('01',),
    ),
    'opendba-5-illegal-memory-access-v100-32bit-integer-overflow-large-input': Backdrop(
        'seq-server-opendba',
        'A10',
        '440.33.01',
        '2020-01-24T11:30:00Z',
        '2020-01-24T12:10:00Z',
        pci=('3b',),
    ),
    'nos-286-benign-nvidia-smi-query-fails-on-laptop-harmless-startup-error': Backdrop(
        'laptop-nos-dev',
        'A10',
        '535.86.05',
        '2023-08-13T11:30:00Z',
        '2023-08-13T12:10:00Z',
        pci=('01',),
    ),
    'sunshine-1688-benign-nvenc-encoder-probing-errors-normal-when-streaming-works': Backdrop(
        'linux-gamestream-host',
        'A10',
        '535.113.01',
        '2023-10-01T11:30:00Z',
        '2023-10-01T12:10:00Z',
        pci=('01',),
    ),
    'frigate-4045-nvidia-hwaccel-fails-0-10-1-required-amd64-nvidia-image': Backdrop(
        'nvr-frigate-host',
        'A10',
        '515.65.01',
        '2022-10-08T11:30:00Z',
        '2022-10-08T12:10:00Z',
        pci=('01',),
    ),
    'nicehashminerlegacy-59-ccminer-mtp-shares-fail-fifth-card-host-memory-75pct': Backdrop(
        'win-mining-rig-5gpu',
        'A10',
        '418.91',
        '2019-02-23T11:30:00Z',
        '2019-02-23T12:10:00Z',
        pci=('01', '02', '03', '04', '05'),
    ),
    'warpx-1153-cuda-719-launch-failure-debug-mode-lane-user-stack-overflow-parser-functors': Backdrop(
        'plasma-ws-warpx',
        'A10',
        '450.51.05',
        '2020-07-07T11:30:00Z',
        '2020-07-07T12:10:00Z',
        pci=('01',),
    ),
    'meshroom-593-depthmap-stops-windows-tdr-delay-too-short-for-long-cuda-kernels': Backdrop(
        'win-photogrammetry-ws',
        'A10',
        '441.41',
        '2020-08-08T11:30:00Z',
        '2020-08-08T12:10:00Z',
        pci=('01', '02'),
    ),
    'unmanic-499-cuda-error-unknown-fixed-by-reinstalling-driver-container-toolkit-docker': Backdrop(
        'nas-unmanic-transcode',
        'A10',
        '550.107.02',
        '2024-09-02T11:30:00Z',
        '2024-09-02T12:10:00Z',
        pci=('01',),
    ),
    'fileconverter-558-nvenc-api-version-unsupported-driver-too-old-for-ffmpeg': Backdrop(
        'win-desktop-fileconv',
        'A10',
        '537.58',
        '2026-02-13T11:30:00Z',
        '2026-02-13T12:10:00Z',
        pci=('01',),
    ),
    'nnunet-340-v100-slow-epochs-gpu-util-pulsing-cpu-data-loading-bottleneck': Backdrop(
        'medimg-ws-nnunet',
        'A10',
        '450.66',
        '2020-10-13T11:30:00Z',
        '2020-10-13T12:10:00Z',
        pci=('3b',),
    ),
    'nnunet-1515-rtx3060-slow-epochs-bottleneck-host-ram-preprocessing-augmentation': Backdrop(
        'win-ws-nnunet-3060',
        'A10',
        '536.23',
        '2023-06-24T11:30:00Z',
        '2023-06-24T12:10:00Z',
        pci=('01',),
    ),
    'nnunet-1919-epoch-times-grow-training-stalls-cpu-io-data-loading-bottleneck': Backdrop(
        'ws-nnunet-5700x',
        'A10',
        '545.29.06',
        '2024-01-29T11:30:00Z',
        '2024-01-29T12:10:00Z',
        pci=('01',),
    ),
    'linux-surface-198-surface-book-2-dgpu-throttles-139mhz-sw-thermal-fan-not-controlled': Backdrop(
        'laptop-surface-book-2',
        'A10',
        '396.24',
        '2018-06-11T11:30:00Z',
        '2018-06-11T12:10:00Z',
        pci=('02',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
