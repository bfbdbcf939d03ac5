"""heldout-public-394's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-394/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except worker8 and Tatooine, which the evidence prints), GPU counts (except Tatooine's three bus ids 19, 1a, 67,
which the evidence prints), bus numbers and the driver (550.144.03, the same for every case) are stand-ins. No case uses
extra: no source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'homeops-13689-p40-gpu-operator-cuda-validator-init-error-false-negative-cuda13-dropped-pascal': Backdrop(
        'worker8',
        'A10',
        '550.144.03',
        '2026-08-21T11:30:00Z',
        '2026-08-21T12:10:00Z',
        pci=('01',),
    ),
    'shine-54-hot-idle-rtx3070-gpus-stuck-p0-48w-fixed-by-persistence-mode': Backdrop(
        'Tatooine',
        'A10',
        '550.144.03',
        '2021-07-31T11:30:00Z',
        '2021-07-31T12:10:00Z',
        pci=('19', '1a', '67',),
    ),
    'olares-3803-gpu-never-enters-rtd3-fans-never-stop-resident-cuda-context': Backdrop(
        'olares-one',
        'A10',
        '550.144.03',
        '2026-07-30T11:30:00Z',
        '2026-07-30T12:10:00Z',
        pci=('01',),
    ),
    'pstated-6-v100-idle-power-rises-with-model-loaded-single-p0-pstate-by-design': Backdrop(
        'llm-host',
        'A10',
        '550.144.03',
        '2025-01-16T11:30:00Z',
        '2025-01-16T12:10:00Z',
        pci=('01', '02', '03',),
    ),
    'gminer-313-gpu-clock-stuck-at-1100-mhz-leftover-miner-lock-cclock': Backdrop(
        'gminer-rig',
        'A10',
        '550.144.03',
        '2021-07-15T11:30:00Z',
        '2021-07-15T12:10:00Z',
        pci=('01',),
    ),
    'club3090-335-lower-benchmark-tps-was-230w-power-cap-not-engine-difference': Backdrop(
        'club3090-rig',
        'A10',
        '550.144.03',
        '2026-06-06T11:30:00Z',
        '2026-06-06T12:10:00Z',
        pci=('01', '02',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
