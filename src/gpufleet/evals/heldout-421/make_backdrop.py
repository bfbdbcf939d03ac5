"""heldout-public-421's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-421/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description); hosts, GPU counts,
bus numbers (01..N in index order) and the driver (550.144.03, the same for every case) are stand-ins. No case uses extra: no source
quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'kilosort-241-matlab-gpuarray-fails-cuda-driver-too-old-for-required-cuda-7-5': Backdrop(
        'kilosort-ws',
        'A10',
        '550.144.03',
        '2020-10-19T11:30:00Z',
        '2020-10-19T12:10:00Z',
        pci=('01',),
    ),
    'kilosort-163-quadro-p620-illegal-address-2gb-gpu-too-small-for-dataset': Backdrop(
        'kilosort-p620-ws',
        'A10',
        '550.144.03',
        '2019-12-25T11:30:00Z',
        '2019-12-25T12:10:00Z',
        pci=('01',),
    ),
    'scipion-2037-motioncorr-streaming-skips-movies-gpu-memory-thread-mapping': Backdrop(
        'scipion-centos7',
        'A10',
        '550.144.03',
        '2019-08-19T11:30:00Z',
        '2019-08-19T12:10:00Z',
        pci=('01',),
    ),
    'alphafold-747-hhblits-run-killed-by-systemd-oomd-host-memory': Backdrop(
        'af2-ubuntu2204',
        'A10',
        '550.144.03',
        '2023-04-20T11:30:00Z',
        '2023-04-20T12:10:00Z',
        pci=('01',),
    ),
    'alphafold3-354-batch-job-killed-after-119-outputs-fixed-by-more-ram': Backdrop(
        'af3-server',
        'A10',
        '550.144.03',
        '2025-03-15T07:19:29Z',
        '2025-03-15T07:59:29Z',
        pci=('01',),
    ),
    'relion-109-deleted-job-keeps-running-leaving-gpu-memory-used-ghost-process': Backdrop(
        'relion2-ws',
        'A10',
        '550.144.03',
        '2016-09-23T11:30:00Z',
        '2016-09-23T12:10:00Z',
        pci=('01',),
    ),
    'kinc-44-mpi-ranks-all-on-one-gpu-per-node-cuda-visible-devices-per-rank': Backdrop(
        'kamiak-gpu-node',
        'A10',
        '550.144.03',
        '2018-04-30T11:30:00Z',
        '2018-04-30T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'kinc-48-slurm-mpi-job-hangs-gpus-idle-wrong-input-arguments': Backdrop(
        'kamiak-kinc-master',
        'A10',
        '550.144.03',
        '2018-08-12T11:30:00Z',
        '2018-08-12T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'rosettafold-11-driver-450-too-old-for-cuda-11-1-toolkit': Backdrop(
        'rosettafold-ws',
        'A10',
        '550.144.03',
        '2021-07-06T11:30:00Z',
        '2021-07-06T12:10:00Z',
        pci=('01',),
    ),
    'rf2-25-rosettafold2-falls-back-to-cpu-pytorch-cuda-mismatch': Backdrop(
        'rf2-ws',
        'A10',
        '550.144.03',
        '2023-11-14T11:30:00Z',
        '2023-11-14T12:10:00Z',
        pci=('01',),
    ),
    'proteinfold-349-helixfold3-image-fails-on-h100-paddle-lacks-sm90': Backdrop(
        'h100-hpc-node',
        'A10',
        '550.144.03',
        '2025-07-30T08:48:39Z',
        '2025-07-30T09:28:39Z',
        pci=('01', '02', '03', '04',),
    ),
    'cupy-1063-cufft-alloc-failed-memory-pool-holds-freed-memory-no-compaction': Backdrop(
        'cupy-1080ti-ws',
        'A10',
        '550.144.03',
        '2018-03-28T11:30:00Z',
        '2018-03-28T12:10:00Z',
        pci=('01',),
    ),
    'cryosieve-42-job-stuck-after-first-iteration-slow-remote-storage-io': Backdrop(
        'hpc-gpu-node',
        'A10',
        '550.144.03',
        '2026-02-11T11:30:00Z',
        '2026-02-11T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'relion-789-particle-extraction-slow-on-efs-high-latency-filesystem': Backdrop(
        'aws-relion-node',
        'A10',
        '550.144.03',
        '2021-08-04T11:30:00Z',
        '2021-08-04T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'relion-243-class2d-long-iterations-multi-gpu-nodes-io-speed-limits': Backdrop(
        'relion-gpu-node',
        'A10',
        '550.144.03',
        '2017-06-21T11:30:00Z',
        '2017-06-21T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'openmm-1541-fah-core-100pct-cpu-core-driver-spin-wait-benign': Backdrop(
        'fah-windows-ws',
        'A10',
        '550.144.03',
        '2017-03-13T11:30:00Z',
        '2017-03-13T12:10:00Z',
        pci=('01',),
    ),
    'deepchem-944-tensorflow-reserves-all-gpu-memory-up-front-benign': Backdrop(
        'deepchem-8gb-ws',
        'A10',
        '550.144.03',
        '2017-11-19T11:30:00Z',
        '2017-11-19T12:10:00Z',
        pci=('01',),
    ),
    'boinc-5577-gpu-missing-after-windows-update-reboot-transient-benign': Backdrop(
        'boinc-windows-host',
        'A10',
        '550.144.03',
        '2024-04-11T11:30:00Z',
        '2024-04-11T12:10:00Z',
        pci=('01',),
    ),
    'galaxy-343-alphafold-hhblits-fails-gpu-nodes-only-16gb-ram-moved-to-cpu': Backdrop(
        'galaxy-eu-gpu-node',
        'A10',
        '550.144.03',
        '2022-02-09T11:30:00Z',
        '2022-02-09T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'openmm-4200-docker-build-cuda-tests-fail-gpu-not-accessible-in-build': Backdrop(
        'openmm-docker-build',
        'A10',
        '550.144.03',
        '2023-08-24T11:30:00Z',
        '2023-08-24T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
