"""heldout-public-455's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-455/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description); host names
are stand-ins except samus (the machine name the chrisjean.com post prints); GPU counts follow the source (2 for the
dual-GPU workstation and for the two-GPU GTX 295 board, one GPU otherwise); bus numbers are stand-ins 01..N (no source
prints a bus id); the driver (550.144.03) is the same stand-in for every case, so the version carries no signal (the two
driver regressions keep their driver numbers in their descriptions only). No case uses extra: no source quotes an
exporter value as a metric sample. The backdrop never points at the cause: flat, healthy metrics for every case.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'muninn-dgx-spark-gx10-power-capped-at-30w-pd-controller-defect-rma': Backdrop(
        'spark-gx10-01',
        'A10',
        '550.144.03',
        '2026-03-01T11:30:00Z',
        '2026-03-01T12:10:00Z',
        pci=('01',),
    ),
    'riedl-blog-dual-1080ti-top-card-84c-stacked-open-air-cards-need-airflow': Backdrop(
        'dl-rig-01',
        'A10',
        '550.144.03',
        '2021-12-12T11:30:00Z',
        '2021-12-12T12:10:00Z',
        pci=('01', '02'),
    ),
    'gamingnovato-rtx3090-memory-110c-finger-glove-under-thermal-pads': Backdrop(
        'rtx3090-ws-01',
        'A10',
        '550.144.03',
        '2021-08-23T11:30:00Z',
        '2021-08-23T12:10:00Z',
        pci=('01',),
    ),
    'lorlink-rtx3080-overheating-misaligned-or-missing-thermal-pads-ja': Backdrop(
        'rtx3080-ws-01',
        'A10',
        '550.144.03',
        '2021-07-15T11:30:00Z',
        '2021-07-15T12:10:00Z',
        pci=('01',),
    ),
    'hothardware-forceware-19675-fan-control-overheating-driver-pulled-rollback': Backdrop(
        'geforce-ws-01',
        'A10',
        '550.144.03',
        '2010-03-05T11:30:00Z',
        '2010-03-05T12:10:00Z',
        pci=('01',),
    ),
    'lifeandtech-feb-2026-game-ready-driver-pulled-rtx-fans-fail-to-spin': Backdrop(
        'rtx-ws-01',
        'A10',
        '550.144.03',
        '2026-02-25T11:30:00Z',
        '2026-02-25T12:10:00Z',
        pci=('01',),
    ),
    'hechoen-rtx50-hotspot-reads-255c-sensor-absent-not-a-fault-benign-es': Backdrop(
        'rtx5090-ws-01',
        'A10',
        '550.144.03',
        '2025-01-24T11:30:00Z',
        '2025-01-24T12:10:00Z',
        pci=('01',),
    ),
    'chrisjean-geforce-card-hot-to-touch-93c-heatsink-fan-failed': Backdrop(
        'samus',
        'A10',
        '550.144.03',
        '2009-03-01T11:30:00Z',
        '2009-03-01T12:10:00Z',
        pci=('01',),
    ),
    'tomshw-forum-gtx295-fan-slows-and-stops-under-load-temps-skyrocket-dead-bearing': Backdrop(
        'gtx295-rig',
        'A10',
        '550.144.03',
        '2010-06-01T11:30:00Z',
        '2010-06-01T12:10:00Z',
        pci=('01', '02'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
