"""heldout-public-486's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-486/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
host names are the printed one where the evidence prints one (hd02-gpu1-0054) and stand-ins otherwise;
GPU counts follow the source where it gives one (one GPU) and are a stand-in (five) for the mixed mining rig;
bus numbers are as printed where printed (18) and stand-ins (01..) otherwise; the driver (550.144.03) is the
same stand-in for every case, so the version carries no signal. No case uses extra: no source quotes an
exporter value as a metric sample. The backdrop never points at the cause: flat, healthy metrics for every case.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'junfeng-gtx1080-new-card-inserted-boot-error-above-4g-decoding-disabled': Backdrop(
        'gtx1080-host',
        'A10',
        '550.144.03',
        '2016-08-26T11:30:00Z',
        '2016-08-26T12:10:00Z',
        pci=('01',),
    ),
    'truenas-19499-gpu-swapped-into-same-slot-app-keeps-old-uuid-container-refuses-to-start': Backdrop(
        'truenas-scale',
        'A10',
        '550.144.03',
        '2026-08-13T11:30:00Z',
        '2026-08-13T12:10:00Z',
        pci=('01',),
    ),
    'ethminer-801-mixed-card-build-gpu-order-differs-from-nvidia-smi-expected-cuda-fastest-first-benign': Backdrop(
        'ethminer-rig',
        'A10',
        '550.144.03',
        '2018-02-24T11:30:00Z',
        '2018-02-24T12:10:00Z',
        pci=('01', '02', '03', '04', '05'),
    ),
    'nvsentinel-1585-node-condition-stays-unhealthy-after-gpu-replacement-new-uuid-stale-signal-benign': Backdrop(
        'hd02-gpu1-0054',
        'A10',
        '550.144.03',
        '2026-08-13T11:30:00Z',
        '2026-08-13T12:10:00Z',
        pci=('18',),
    ),
    'rebaruefi-212-tesla-m40-added-to-z77-board-post-hang-code-12-bar-over-4gb-needs-uefipatch': Backdrop(
        'z77-extreme4',
        'A10',
        '550.144.03',
        '2024-01-01T11:30:00Z',
        '2024-01-01T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
