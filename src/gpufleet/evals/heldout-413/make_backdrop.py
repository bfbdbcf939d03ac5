"""heldout-public-413's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-413/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, NVIDIA L4 or NVIDIA B200, is named in each description);
hosts, GPU counts, bus numbers (01..N in index order) and the driver (550.144.03, the same for every case) are stand-ins.
No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'substratus-37-gke-l4-driver-installer-default-470-does-not-support-l4-r525-fallback-404': Backdrop(
        'gke-l4-node',
        'A10',
        '550.144.03',
        '2023-06-25T05:06:00Z',
        '2023-06-25T05:46:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'deepforest-1090-b200-sm100-no-kernel-image-conda-pytorch-build-too-old': Backdrop(
        'b200-node-01',
        'A10',
        '550.144.03',
        '2025-07-03T11:30:00Z',
        '2025-07-03T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'kvcached-111-b200-sglang-server-pytorch-without-sm100-version-mismatch': Backdrop(
        'b200-bench-01',
        'A10',
        '550.144.03',
        '2025-09-10T11:30:00Z',
        '2025-09-10T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
