"""heldout-public-397's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-397/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except gx10 and gpu104, which the evidence prints), GPU counts, bus numbers (01..N in index order) and the
driver (550.144.03, the same for every case) are stand-ins. No case uses extra: no source quotes an exporter value
as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'innosmith-gx10-freeze-befund-gb10-hard-freezes-sw-thermal-slowdown-under-dense-q8-model-load': Backdrop(
        'gx10',
        'A10',
        '550.144.03',
        '2026-08-24T13:57:31Z',
        '2026-08-24T14:37:31Z',
        pci=('01',),
    ),
    'motrv2-claude-slurm-gpu104-gpu109-gpu111-uncorrectable-ecc-error-defective-gpus-nodes-excluded': Backdrop(
        'gpu104',
        'A10',
        '550.144.03',
        '2026-02-09T11:30:00Z',
        '2026-02-09T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'energyrag-gpu-seguridad-rtx3090-xid79-fell-off-pcie-bus-six-times-recurring-hardware-fault': Backdrop(
        'energy-rag-ws',
        'A10',
        '550.144.03',
        '2026-09-13T21:32:00Z',
        '2026-09-13T22:12:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
