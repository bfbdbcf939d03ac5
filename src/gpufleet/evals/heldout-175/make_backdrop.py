"""heldout-public-175's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-175/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); hosts, bus numbers and drivers are stand-ins
(no source prints a driver version; see each case's description). No case uses extra: no source quotes an exporter
value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'bhuiyan-1-gpu-idling-at-50-60c-clogged-gpu-fan-and-heatsink-dust': Backdrop(
        'ws-bhuiyan-gpu',
        'A10',
        '535.183.01',
        '2023-06-01T11:30:00Z',
        '2023-06-01T12:10:00Z',
        pci=('01',),
    ),
    'ubuntuwiki-6-karmic-upgrade-x-fails-flashing-screen-nvidia-ko-missing-at-boot': Backdrop(
        'karmic-desktop',
        'A10',
        '185.18.36',
        '2009-11-09T11:30:00Z',
        '2009-11-09T12:10:00Z',
        pci=('01',),
    ),
    'openillumi-83512-pytorch-cuda-oom-while-nvidia-smi-shows-free-vram-allocator-reserved-memory': Backdrop(
        'dl-ws-6gb',
        'A10',
        '535.183.01',
        '2025-01-15T11:30:00Z',
        '2025-01-15T12:10:00Z',
        pci=('01',),
    ),
    'sovgrid-1-dgx-spark-gpu-tool-reports-no-dedicated-video-memory-unified-memory-normal': Backdrop(
        'dgx-spark-1',
        'A10',
        '580.95.05',
        '2026-01-15T11:30:00Z',
        '2026-01-15T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
