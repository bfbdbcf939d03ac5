"""heldout-public-120's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-120/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); hosts, bus numbers and most drivers are
stand-ins (see each case's description). No case uses extra: no report quotes an exporter value as a metric
sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'tdarr-797-nvenc-fails-after-ffmpeg6-update-driver-470-too-old': Backdrop(
        'debian11-tdarr-docker',
        'A10',
        '470.182.03',
        '2023-06-15T11:30:00Z',
        '2023-06-15T12:10:00Z',
        pci=('01',),
    ),
    'sceneworks-1966-cuda-system-driver-mismatch-kernel-module-out-of-step-reboot': Backdrop(
        'linux-sceneworks-ws',
        'A10',
        '580.95.05',
        '2026-07-31T11:30:00Z',
        '2026-07-31T12:10:00Z',
        pci=('01',),
    ),
    'lc0-615-cuda-driver-insufficient-for-runtime-driver-not-updated': Backdrop(
        'win10-lc0-desktop',
        'A10',
        '388.71',
        '2018-12-26T11:30:00Z',
        '2018-12-26T12:10:00Z',
        pci=('01',),
    ),
    'wolf-99-poor-game-streaming-performance-nvidia-560-driver-regression': Backdrop(
        'linux-wolf-streaming',
        'A10',
        '560.28.03',
        '2024-08-23T11:30:00Z',
        '2024-08-23T12:10:00Z',
        pci=('01',),
    ),
    'ffxivquicklauncher-1877-game-crash-after-driver-update-legacy-582-drivers-broken': Backdrop(
        'win-gtx1060-laptop',
        'A10',
        '582.53',
        '2026-06-07T11:30:00Z',
        '2026-06-07T12:10:00Z',
        pci=('01',),
    ),
    'dxvk-4880-32bit-games-crash-since-driver-576-02-fixed-in-580-88': Backdrop(
        'win-rtx5070-gaming',
        'A10',
        '577.00',
        '2025-08-01T11:30:00Z',
        '2025-08-01T12:10:00Z',
        pci=('01',),
    ),
    'minez-1-mining-rig-cuda-error-77-illegal-memory-access-failing-power-supply': Backdrop(
        'win-mining-rig-7gpu',
        'A10',
        '512.95',
        '2022-11-07T11:30:00Z',
        '2022-11-07T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07'),
    ),
    'iopaint-35-torch-not-compiled-with-cuda-cpu-only-pytorch-installed': Backdrop(
        'lama-cleaner-desktop',
        'A10',
        '510.54',
        '2022-04-08T11:30:00Z',
        '2022-04-08T12:10:00Z',
        pci=('01',),
    ),
    'codeformer-307-face-restoration-runs-on-cpu-fixed-by-cuda-build-of-torch': Backdrop(
        'codeformer-desktop',
        'A10',
        '537.58',
        '2023-12-06T11:30:00Z',
        '2023-12-06T12:10:00Z',
        pci=('01',),
    ),
    'gpurir-29-room-acoustics-simulation-illegal-memory-access-shared-memory-bug': Backdrop(
        'ubuntu1804-titanrtx-ws',
        'A10',
        '470.82.01',
        '2022-01-19T11:30:00Z',
        '2022-01-19T12:10:00Z',
        pci=('01',),
    ),
    'deepmd-kit-533-md-run-cuda-assert-invalid-argument-code-bug-fixed-by-pr': Backdrop(
        'hpc-4xv100-deepmd',
        'A10',
        '418.87.01',
        '2021-04-23T11:30:00Z',
        '2021-04-23T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'libcloudphxx-172-cloud-microphysics-illegal-memory-access-beard-velocity-precision': Backdrop(
        'linux-m2090-icicle',
        'A10',
        '352.63',
        '2016-02-09T11:30:00Z',
        '2016-02-09T12:10:00Z',
        pci=('01',),
    ),
    'specfem2d-1097-seismic-gpu-run-illegal-memory-access-missing-bounds-check': Backdrop(
        'linux-specfem2d-gpu',
        'A10',
        '460.73.01',
        '2021-04-11T11:30:00Z',
        '2021-04-11T12:10:00Z',
        pci=('01',),
    ),
    'gpumd-1634-md-illegal-memory-access-unstable-potential': Backdrop(
        'linux-gpumd-ws',
        'A10',
        '580.95.05',
        '2026-07-28T11:30:00Z',
        '2026-07-28T12:10:00Z',
        pci=('01',),
    ),
    'gpumd-788-nep-training-illegal-memory-access-pair-wise-cutoff-bug': Backdrop(
        'linux-nep-training-ws',
        'A10',
        '550.127.05',
        '2024-11-18T11:30:00Z',
        '2024-11-18T12:10:00Z',
        pci=('01',),
    ),
    'speedy-splat-12-gaussian-splatting-illegal-memory-access-gpu-memory-pressure': Backdrop(
        'linux-a30-splat',
        'A10',
        '550.144.03',
        '2025-06-02T11:30:00Z',
        '2025-06-02T12:10:00Z',
        pci=('01',),
    ),
    'ccminer-cryptonight-89-gtx1070-unknown-error-after-1600-shares-heat-suspected': Backdrop(
        'win-gtx1070-miner',
        'A10',
        '398.82',
        '2018-08-04T11:30:00Z',
        '2018-08-04T12:10:00Z',
        pci=('01',),
    ),
    'rwkv-runner-185-7b-model-load-oom-killed-host-ram-too-small': Backdrop(
        'win-rwkv-runner-6gb',
        'A10',
        '537.42',
        '2023-10-29T11:30:00Z',
        '2023-10-29T12:10:00Z',
        pci=('01',),
    ),
    'easydiffusion-851-model-load-fails-system-ram-full-not-gpu': Backdrop(
        'win11-gtx1650s-easydiffusion',
        'A10',
        '531.68',
        '2023-04-28T11:30:00Z',
        '2023-04-28T12:10:00Z',
        pci=('01',),
    ),
    'ntransformer-5-pcie-link-reads-gen1-at-idle-aspm-downclock-benign': Backdrop(
        'desktop-b550-ntransformer',
        'A10',
        '580.95.05',
        '2026-02-22T11:30:00Z',
        '2026-02-22T12:10:00Z',
        pci=('01',),
    ),
    'handbrake-5057-nvenc-av1-encode-gpu-not-fully-used-high-cpu-normal-benign': Backdrop(
        'win11-rtx4080-encode',
        'A10',
        '531.41',
        '2023-04-07T11:30:00Z',
        '2023-04-07T12:10:00Z',
        pci=('01',),
    ),
    'fancontrol-3204-gpu-temp-stuck-at-27c-while-gaming-driver-sensor-bug-benign': Backdrop(
        'win-rtx3060ti-gaming',
        'A10',
        '576.52',
        '2025-05-25T11:30:00Z',
        '2025-05-25T12:10:00Z',
        pci=('01',),
    ),
    'staxrip-327-nvenc-encode-shows-5-percent-gpu-load-video-engine-only-benign': Backdrop(
        'win10-gtx970-staxrip',
        'A10',
        '388.13',
        '2017-11-29T11:30:00Z',
        '2017-11-29T12:10:00Z',
        pci=('01',),
    ),
    'ethminer-472-k80-hashrate-drops-over-months-dag-size-growth-benign': Backdrop(
        'linux-k80-miner',
        'A10',
        '384.111',
        '2017-12-28T11:30:00Z',
        '2017-12-28T12:10:00Z',
        pci=('01', '02'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
