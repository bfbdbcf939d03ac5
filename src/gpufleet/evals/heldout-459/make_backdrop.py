"""heldout-public-459's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-459/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description); host names
are stand-ins except gpu-1-14 and node0001 (printed by their sources); GPU counts follow the source where it gives one
(4 x GTX 680 on gpu-1-14, gpu:8 on node0001, gpu:v100:4 for the slurm2sql example) and are declared stand-ins otherwise;
bus numbers are stand-ins 01..N (no source prints a bus id); the driver (550.144.03) is the same stand-in for every case, so
the version carries no signal (real driver versions stay in the evidence and descriptions). No case uses extra: no source
quotes an exporter value as a metric sample. The backdrop never points at the cause: flat, healthy metrics for every case.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'eullm-389-leonardo-a100-binary-runs-on-cpu-cuda13-needs-newer-driver-than-site-has': Backdrop(
        'leonardo-a100-01',
        'A10',
        '550.144.03',
        '2026-09-06T11:30:00Z',
        '2026-09-06T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'stackinator-89-cscs-hohgant-nvgpu-ptx-version-error-driver-cuda-11-6-vs-env-cuda-11-8': Backdrop(
        'hohgant-nvgpu-01',
        'A10',
        '550.144.03',
        '2023-06-16T11:30:00Z',
        '2023-06-16T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'cbio-cluster-90-gpu-1-14-openmm-cannot-launch-nvcc-cuda-symlink-missing-on-some-nodes': Backdrop(
        'gpu-1-14',
        'A10',
        '550.144.03',
        '2014-08-17T11:30:00Z',
        '2014-08-17T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'slurm-usage-11-node0001-reported-with-no-gpu-gres-socket-suffix-parser-bug-benign': Backdrop(
        'node0001',
        'A10',
        '550.144.03',
        '2025-08-26T11:30:00Z',
        '2025-08-26T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'slurm2sql-12-gpu-count-wrong-for-typed-gres-gpu-v100-4-parser-bug-benign': Backdrop(
        'v100-node-01',
        'A10',
        '550.144.03',
        '2022-08-15T11:30:00Z',
        '2022-08-15T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'alphafold-non-docker-8-hpc-job-1-cpu-8gb-killed-at-hhblits-insufficient-job-resources': Backdrop(
        'hpc-compute-01',
        'A10',
        '550.144.03',
        '2021-08-15T11:30:00Z',
        '2021-08-15T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
