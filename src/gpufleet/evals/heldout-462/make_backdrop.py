"""heldout-public-462's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-462/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every case is a one-GPU NVIDIA GB10 appliance (DGX Spark or its ASUS GX10 variant); every GPU is shown as A10 (the stand-in
SKU; the real GPU is in each description); host names are stand-ins; bus number 01 is a stand-in; the driver (550.144.03) is the
same stand-in for every case, so the version carries no signal. No case uses extra: no source quotes an exporter value as a
metric sample. The backdrop never points at the cause: flat, healthy metrics for every case.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'unsloth-10703-dgx-spark-no-gpu-detected-gb10-memory-not-reported-by-nvml-benign': Backdrop(
        'spark-gb10-01',
        'A10',
        '550.144.03',
        '2026-09-10T11:30:00Z',
        '2026-09-10T12:10:00Z',
        pci=('01',),
    ),
    'gpud-1170-dgx-spark-gb10-nvml-memory-not-supported-warnings-unified-memory-benign': Backdrop(
        'spark-gb10-02',
        'A10',
        '550.144.03',
        '2025-12-05T04:15:04Z',
        '2025-12-05T04:55:04Z',
        pci=('01',),
    ),
    'nvtop-499-dgx-spark-gb10-pcie-gen1-x1-placeholder-not-a-real-link-benign': Backdrop(
        'spark-gb10-03',
        'A10',
        '550.144.03',
        '2026-08-16T11:30:00Z',
        '2026-08-16T12:10:00Z',
        pci=('01',),
    ),
    'nvforum-367853-asus-gx10-connectx7-pcie-gen5-x2-instead-of-x4-wiring': Backdrop(
        'gx10-01',
        'A10',
        '550.144.03',
        '2026-03-01T11:30:00Z',
        '2026-03-01T12:10:00Z',
        pci=('01',),
    ),
    'sailorjoe6-dgx-spark-drops-offline-vllm-kv-cache-takes-unified-memory-host-starved': Backdrop(
        'spark-gb10-04',
        'A10',
        '550.144.03',
        '2026-01-28T01:51:28Z',
        '2026-01-28T02:31:28Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
