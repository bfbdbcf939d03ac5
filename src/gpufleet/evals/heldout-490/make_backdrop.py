"""heldout-public-490's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-490/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU is named in each description); host names are
stand-ins (neither source prints one); both cases are single-GPU machines with bus 01 (fish-speech-392 prints
GPU 0 at 00000000:01:00.0; odysseus-3255 prints no bus, so 01 is a stand-in). The driver (550.144.03) is the
same stand-in for every case, so the version carries no signal. No case uses extra: no source quotes an
exporter value as a metric sample. The backdrop never points at the cause: flat, healthy metrics.
start/end are each case's time_range (onset - 30 min, onset + 10 min).
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'fish-speech-392-modded-rtx2080ti-22g-nvidia-smi-err-fan-power-reporter-says-card-faulty-zh': Backdrop(
        'fish-train-01',
        'A10',
        '550.144.03',
        '2024-07-18T19:37:24Z',
        '2024-07-18T20:17:24Z',
        pci=('01',),
    ),
    'odysseus-3255-rtx4080-super-popping-sound-during-inference-vendor-found-capacitor-failure-card-replaced': Backdrop(
        'odysseus-desktop',
        'A10',
        '550.144.03',
        '2026-06-01T11:30:00Z',
        '2026-06-01T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
