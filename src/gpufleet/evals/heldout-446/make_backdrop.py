"""heldout-public-446's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-446/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every case is one stand-in host with one GPU (the set convention where the source gives no count) except
lolminer-590 (four GPUs: the rig's four RTX 3060), every GPU shown as A10 (the
stand-in SKU; the real GPU or board - mining cards, Jetson modules, three AMD cards - is in each description); bus numbers
01..N are stand-ins (no source prints a bus id); the driver (550.144.03) is the same stand-in for every case. No case uses
extra: no source quotes an exporter value as a metric sample. The backdrop never points at the cause (flat, healthy
series; no temperature, power or fan value is set from a source).
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'ethminer-1295-cuda-fatal-error-miner-stops-excessive-overclocking': Backdrop(
        'mining-rig-01',
        'A10',
        '550.144.03',
        '2018-06-23T11:30:00Z',
        '2018-06-23T12:10:00Z',
        pci=('01',),
    ),
    'nevermore-5-system-crash-clock-jumps-x16r-power-spikes-psu-lower-tdp': Backdrop(
        'mining-rig-02',
        'A10',
        '550.144.03',
        '2018-03-29T11:30:00Z',
        '2018-03-29T12:10:00Z',
        pci=('01',),
    ),
    'watchdog-4-ethminer-unspecified-launch-failure-lower-memory-gpu-clocks': Backdrop(
        'mining-rig-03',
        'A10',
        '550.144.03',
        '2017-08-30T11:30:00Z',
        '2017-08-30T12:10:00Z',
        pci=('01',),
    ),
    'bento-box-15-jetson-does-not-always-start-5v-regulator-overloaded-hot': Backdrop(
        'bento-jetson-01',
        'A10',
        '550.144.03',
        '2023-11-01T11:30:00Z',
        '2023-11-01T12:10:00Z',
        pci=('01',),
    ),
    'awesome-jetson-8-jetbot-sudden-power-loss-under-load-change-cable-or-supply': Backdrop(
        'jetbot-01',
        'A10',
        '550.144.03',
        '2019-04-24T11:30:00Z',
        '2019-04-24T12:10:00Z',
        pci=('01',),
    ),
    'sustaina-295-jetson-tx2-reboots-dcdc-converter-unstable-power-supply': Backdrop(
        'gankenkun162',
        'A10',
        '550.144.03',
        '2022-04-02T11:30:00Z',
        '2022-04-02T12:10:00Z',
        pci=('01',),
    ),
    'aiformula-202-jetson-power-drops-while-moving-mobile-power-pack-replaced': Backdrop(
        'aiformula-jetson-01',
        'A10',
        '550.144.03',
        '2026-02-05T11:30:00Z',
        '2026-02-05T12:10:00Z',
        pci=('01',),
    ),
    'opendatacam-123-jetson-tx2-units-shut-down-in-the-sun-high-ambient': Backdrop(
        'tx2-field-01',
        'A10',
        '550.144.03',
        '2019-09-15T11:30:00Z',
        '2019-09-15T12:10:00Z',
        pci=('01',),
    ),
    'robotology-2184-nvidia-board-fan-always-at-max-damaged-cable-repaired': Backdrop(
        'r1-003-torso',
        'A10',
        '550.144.03',
        '2025-07-14T11:30:00Z',
        '2025-07-14T12:10:00Z',
        pci=('01',),
    ),
    'jetson-stats-210-jtop-shows-fan-off-while-at-max-jetpack5-not-yet-supported': Backdrop(
        'jetson-jp5-01',
        'A10',
        '550.144.03',
        '2022-04-08T11:30:00Z',
        '2022-04-08T12:10:00Z',
        pci=('01',),
    ),
    'lolminer-590-rtx3060-rig-gpus-stop-mining-overclock-removed': Backdrop(
        'mining-rig-04',
        'A10',
        '550.144.03',
        '2021-05-21T11:30:00Z',
        '2021-05-21T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'sustaina-360-jetson-power-lost-while-walking-burnt-servo-fet': Backdrop(
        'sustaina-185',
        'A10',
        '550.144.03',
        '2023-08-16T11:30:00Z',
        '2023-08-16T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
