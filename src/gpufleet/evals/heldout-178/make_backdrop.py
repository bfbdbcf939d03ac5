"""heldout-public-178's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-178/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); hosts, bus numbers and drivers are stand-ins
(only reinforz-80490-... uses the driver its source names, 576.02; 353.62 for overimagine-... is the last good package
its source names). No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never
points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'saturnsky-16477-rtx4060ti-caught-fire-low-quality-800w-psu-blamed': Backdrop(
        'pc-quasarzone-4060ti',
        'A10',
        '566.36',
        '2025-03-01T11:30:00Z',
        '2025-03-01T12:10:00Z',
        pci=('01',),
    ),
    'mynavi-sc15-titan-k20x-weekly-double-bit-ecc-errors-hotter-upper-cages': Backdrop(
        'titan-c12-0c2s3n1',
        'A10',
        '352.68',
        '2016-01-19T11:30:00Z',
        '2016-01-19T12:10:00Z',
        pci=('02',),
    ),
    'zzz-eid339-geforce-8400gs-caught-fire-cooling-fan-motor-burnt': Backdrop(
        'zenji-multiscreen-pc',
        'A10',
        '180.48',
        '2009-06-01T11:30:00Z',
        '2009-06-01T12:10:00Z',
        pci=('01', '02', '03'),
    ),
    'serious-20101005-pc-shuts-down-in-ff14-dust-clogged-gpu-and-cpu-fans': Backdrop(
        'ff14-home-pc',
        'A10',
        '260.89',
        '2010-10-05T11:30:00Z',
        '2010-10-05T12:10:00Z',
        pci=('01',),
    ),
    'zdnet-20221122150238-rtx4090-12vhpwr-connector-melting-not-fully-inserted': Backdrop(
        'rtx4090-desktop-kr',
        'A10',
        '526.86',
        '2022-11-22T11:30:00Z',
        '2022-11-22T12:10:00Z',
        pci=('01',),
    ),
    'reinforz-80490-geforce-57602-driver-freezes-gpu-temperature-readings-fixed-in-57615': Backdrop(
        'rtx40-gaming-pc',
        'A10',
        '576.02',
        '2025-04-25T11:30:00Z',
        '2025-04-25T12:10:00Z',
        pci=('01',),
    ),
    'sakenomi-kb506835-windows-update-halves-game-fps-nvidia-hotfix-driver': Backdrop(
        'win11-geforce-gamer',
        'A10',
        '581.57',
        '2025-11-23T11:30:00Z',
        '2025-11-23T12:10:00Z',
        pci=('01',),
    ),
    'overimagine-geforce-840m-940m-driver-36143-will-not-install-hardware-ids-missing-from-inf': Backdrop(
        'hp-pavilion14-n266tx',
        'A10',
        '353.62',
        '2016-01-20T11:30:00Z',
        '2016-01-20T12:10:00Z',
        pci=('01',),
    ),
    'nichepcgamer-rtx3080-crash-to-desktop-above-2ghz-six-poscap-board-design': Backdrop(
        'rtx3080-ftw3-review-pc',
        'A10',
        '456.38',
        '2020-09-28T11:30:00Z',
        '2020-09-28T12:10:00Z',
        pci=('01',),
    ),
    'mweda-144021-gtx1070-micron-gddr5-crashes-low-idle-memory-voltage-fixed-by-vendor-bios': Backdrop(
        'gtx1070-micron-pc',
        'A10',
        '373.06',
        '2016-10-14T11:30:00Z',
        '2016-10-14T12:10:00Z',
        pci=('01',),
    ),
    'nichepcgamer-rtx2080ti-fe-early-board-deaths-nvidia-limited-test-escapes': Backdrop(
        'rtx2080ti-fe-pc',
        'A10',
        '416.94',
        '2018-11-17T11:30:00Z',
        '2018-11-17T12:10:00Z',
        pci=('01',),
    ),
    'cnet-20377871-nvidia-notebook-gpu-failures-weak-die-packaging-material-dell-bios-fan-profile': Backdrop(
        'dell-notebook-g86',
        'A10',
        '175.16',
        '2008-07-28T11:30:00Z',
        '2008-07-28T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
