"""heldout-public-441's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-441/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description); hosts are
stand-ins (no source prints a host name); GPU counts follow the source (five for the ccminer-105 rig: 3x GTX 1070 + 2x GTX 1070 Ti)
and are one GPU otherwise; bus numbers are stand-ins 01..N (no source prints a bus id); the driver (550.144.03) is the same
stand-in for every case. No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never
points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'faceswap-310-training-output-corrupted-maintainer-blames-gpu-seating-bus-hardware-contested': Backdrop(
        'faceswap-ws-01',
        'A10',
        '550.144.03',
        '2018-07-01T11:30:00Z',
        '2018-07-01T12:10:00Z',
        pci=('01',),
    ),
    'sgkit-611-gpu-ci-runner-never-started-gcp-zone-gpu-resource-pool-exhausted': Backdrop(
        'cirun-gcp-gpu-01',
        'A10',
        '550.144.03',
        '2021-06-17T11:30:00Z',
        '2021-06-17T12:10:00Z',
        pci=('01',),
    ),
    'ccminer-105-cuda-launch-timeout-on-five-gpu-rig-resolved-by-reverting-cuda-9-1-miner-build': Backdrop(
        'ccminer-rig-01',
        'A10',
        '550.144.03',
        '2017-12-26T11:30:00Z',
        '2017-12-26T12:10:00Z',
        pci=('01', '02', '03', '04', '05'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
