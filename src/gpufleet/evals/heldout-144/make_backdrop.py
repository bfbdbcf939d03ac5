"""heldout-public-144's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-144/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for every GPU of this set: GeForce, RTX A4000, A100 and unnamed cards alike); hosts
and bus numbers are stand-ins except where a description says the report names them (host monstar; bus 01 in gomc-126;
buses 0a/0b in club-3090-130), and so are the drivers no report names (460.79, 545.23.08 and 595.58.03 are the reports' own;
see each case's description). No case uses extra: no report quotes an
exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'alphafold-singularity-25-no-compatible-cuda-device-fixed-by-letting-job-cgroup-assign-gpus': Backdrop(
        'slurm-gpu-node01',
        'A10',
        '525.85.12',
        '2023-03-01T11:30:00Z',
        '2023-03-01T12:10:00Z',
        pci=('01', '21', '41', '61'),
    ),
    'fah-issues-1435-gtx1050-laptop-gpu-not-folding-known-client-bug-7-6-8-7-6-9': Backdrop(
        'win-laptop-gtx1050',
        'A10',
        '445.87',
        '2020-04-30T11:30:00Z',
        '2020-04-30T12:10:00Z',
        pci=('01',),
    ),
    'gomc-126-gtx1060-no-cuda-capable-device-detected-driver-issue': Backdrop(
        'gomc-ws-gtx1060',
        'A10',
        '418.67',
        '2019-06-12T11:30:00Z',
        '2019-06-12T12:10:00Z',
        pci=('01',),
    ),
    'llama-cpp-5456-gpu-not-offloading-cuda-fails-to-initialize-driver-installation': Backdrop(
        'linux-ws-llamacpp',
        'A10',
        '545.29.06',
        '2024-02-12T11:30:00Z',
        '2024-02-12T12:10:00Z',
        pci=('01',),
    ),
    'dorado-231-duplex-basecalling-cuda-oom-on-gpu1-after-7h-guard-gpus-option': Backdrop(
        'a100x4-basecall-node',
        'A10',
        '525.105.17',
        '2023-06-09T11:30:00Z',
        '2023-06-09T12:10:00Z',
        pci=('07', '0f', '47', '4e'),
    ),
    'lilypad-61-monstar-node-nvidia-smi-reported-no-gpu-fixed-by-driver-update': Backdrop(
        'monstar',
        'A10',
        '535.161.07',
        '2024-04-22T11:30:00Z',
        '2024-04-22T12:10:00Z',
        pci=('01',),
    ),
    'gminer-106-failed-to-initialize-nvml-with-driver-460-79-miner-bug-fixed-in-2-35': Backdrop(
        'win-mining-rig-gminer',
        'A10',
        '460.79',
        '2020-12-16T11:30:00Z',
        '2020-12-16T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06'),
    ),
    'localcolabfold-210-no-gpu-detected-jax-cuda11-build-on-cuda12-driver-545': Backdrop(
        'colabfold-ws',
        'A10',
        '545.23.08',
        '2024-02-16T11:30:00Z',
        '2024-02-16T12:10:00Z',
        pci=('01',),
    ),
    'tdarr-49-unraid-gpu-not-used-for-transcoding-wrong-container-and-no-nvenc-flag': Backdrop(
        'unraid-tdarr',
        'A10',
        '435.21',
        '2019-10-27T11:30:00Z',
        '2019-10-27T12:10:00Z',
        pci=('01',),
    ),
    'specfem3d-1724-tpv15-cuda-out-of-memory-arrays-exceed-one-card-use-more-gpus': Backdrop(
        'specfem-ws',
        'A10',
        '550.90.07',
        '2024-08-16T11:30:00Z',
        '2024-08-16T12:10:00Z',
        pci=('01',),
    ),
    'openmmtools-521-replica-exchange-large-system-cuda-oom-gpu-too-small': Backdrop(
        'lsf-gpu-node',
        'A10',
        '460.73.01',
        '2021-09-30T11:30:00Z',
        '2021-09-30T12:10:00Z',
        pci=('3b',),
    ),
    'relion-54-crash-leaves-zombie-holding-gpu-memory-cuda-thread-deadlock-fixed-2-0-4': Backdrop(
        'relion-gpu-ws',
        'A10',
        '375.39',
        '2017-03-06T11:30:00Z',
        '2017-03-06T12:10:00Z',
        pci=('02', '03', '82', '83'),
    ),
    'fah-issues-1373-windows-update-breaks-folding-gpu-detection-rtx2080-super': Backdrop(
        'win-fah-rtx2080s',
        'A10',
        '445.75',
        '2020-04-15T11:30:00Z',
        '2020-04-15T12:10:00Z',
        pci=('01',),
    ),
    'lolminer-706-four-3080-fe-uneven-hashrate-gddr6x-memory-over-100c-throttling': Backdrop(
        'win-rig-4x3080fe',
        'A10',
        '471.68',
        '2021-08-20T11:30:00Z',
        '2021-08-20T12:10:00Z',
        pci=('01', '03', '04', '05'),
    ),
    'colabfold-532-old-jax-notebook-broken-by-colab-cuda-12-upgrade-cudageterrorstring': Backdrop(
        'colab-vm',
        'A10',
        '535.104.05',
        '2023-12-15T11:30:00Z',
        '2023-12-15T12:10:00Z',
        pci=('04',),
    ),
    'g-helper-4183-laptop-gpu-power-limit-reset-to-stock-after-dgpu-deep-sleep-firmware': Backdrop(
        'asus-laptop-ghelper',
        'A10',
        '576.52',
        '2025-06-09T11:30:00Z',
        '2025-06-09T12:10:00Z',
        pci=('01',),
    ),
    'nicehash-612-benign-gtx1080-memory-clock-drops-while-mining-pascal-cuda-default': Backdrop(
        'win-gtx1080fe',
        'A10',
        '378.66',
        '2017-02-13T11:30:00Z',
        '2017-02-13T12:10:00Z',
        pci=('01',),
    ),
    'nhml-129-benign-rtx2070-super-memory-clock-minus-200-forced-p2-state': Backdrop(
        'win11-rtx2070s',
        'A10',
        '511.65',
        '2022-02-03T11:30:00Z',
        '2022-02-03T12:10:00Z',
        pci=('01',),
    ),
    'smartmine-47-benign-gtx1070-power-dips-are-instantaneous-readings-not-averaged': Backdrop(
        'win-gtx1070-smartmine',
        'A10',
        '390.77',
        '2018-02-26T11:30:00Z',
        '2018-02-26T12:10:00Z',
        pci=('01',),
    ),
    'nhqm-47-benign-rtx3090-temperature-reading-wrong-in-frontend-scaling-fixed': Backdrop(
        'win-rtx3090-nhqm',
        'A10',
        '461.40',
        '2021-02-17T11:30:00Z',
        '2021-02-17T12:10:00Z',
        pci=('01',),
    ),
    'club-3090-130-benign-two-rtx3090-power-limit-250w-flagged-user-capped-deliberate-cap': Backdrop(
        'unraid-2x3090',
        'A10',
        '595.58.03',
        '2026-05-14T11:30:00Z',
        '2026-05-14T12:10:00Z',
        pci=('0a', '0b'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
