"""heldout-public-493's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-493/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
host names are stand-ins (no evidence prints one); both cases are single-GPU stand-ins with bus number 01.
The driver (550.144.03) is the same stand-in for every case, so the version carries no signal. No case uses
extra: no source quotes an exporter value as a metric sample. The backdrop never points at the cause: flat,
healthy metrics for every case. start/end are each case's time_range (onset - 30 min, onset + 10 min).
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'g-helper-2613-laptop-gpu-above-temp-target-89c-benign-target-is-advisory-cpu-heat': Backdrop(
        'g814jz-laptop',
        'A10',
        '550.144.03',
        '2024-05-20T11:30:00Z',
        '2024-05-20T12:10:00Z',
        pci=('01',),
    ),
    'nicehashquickminer-309-mining-crashes-oc-profile-memory-chips-too-hot-profile-changed': Backdrop(
        'mining-rig-01',
        'A10',
        '550.144.03',
        '2021-04-04T11:30:00Z',
        '2021-04-04T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
