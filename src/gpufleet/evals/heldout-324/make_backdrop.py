"""heldout-public-324's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-324/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (no source prints a host name), bus numbers (01..N in index order) and the driver (550.144.03, the same for
every case) are stand-ins. No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'lupa-it4i-karolina-two-thirds-of-capacity-shut-down-after-electricity-supplier-collapse-benign': Backdrop(
        'karolina-acn01',
        'A10',
        '550.144.03',
        '2022-01-15T11:30:00Z',
        '2022-01-15T12:10:00Z',
        pci=('01','02','03','04','05','06','07','08',),
    ),
    'chatscience-santos-dumont-supercomputer-switched-off-for-unpaid-electricity-bills-lncc-benign': Backdrop(
        'sdumont-gpu01',
        'A10',
        '550.144.03',
        '2016-06-01T11:30:00Z',
        '2016-06-01T12:10:00Z',
        pci=('01','02','03','04','05','06','07','08',),
    ),
    'derstandard-azure-san-antonio-lightning-voltage-spikes-hit-cooling-critical-hardware-shut-down': Backdrop(
        'satx-gpu01',
        'A10',
        '550.144.03',
        '2018-09-04T11:30:00Z',
        '2018-09-04T12:10:00Z',
        pci=('01','02','03','04','05','06','07','08',),
    ),
    'aggregoctt-rtx-5060-ti-black-screen-after-reboot-incompatible-with-older-motherboard-bios-gpu-firmware-fix': Backdrop(
        'desktop-rtx5060ti',
        'A10',
        '550.144.03',
        '2025-05-26T11:30:00Z',
        '2025-05-26T12:10:00Z',
        pci=('01',),
    ),
    'droptheinfo-nvidia-drivers-erratic-since-rtx-50-launch-cards-hang-users-roll-back-to-older-versions': Backdrop(
        'ws-rtx50-01',
        'A10',
        '550.144.03',
        '2025-04-22T11:30:00Z',
        '2025-04-22T12:10:00Z',
        pci=('01',),
    ),
    'geektopia-rtx-50-reference-pcb-vrm-above-100c-fixed-with-more-and-better-thermal-pads-igorslab': Backdrop(
        'ws-rtx50-02',
        'A10',
        '550.144.03',
        '2025-04-23T11:30:00Z',
        '2025-04-23T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
