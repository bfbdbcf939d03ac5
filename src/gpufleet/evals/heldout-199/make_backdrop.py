"""heldout-public-199's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-199/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list: CMP 170HX, RTX 3090, RTX 3090 Ti);
hosts are stand-ins; bus numbers are stand-ins except 0b/0c of the gpu-unlock case; drivers are stand-ins
except 610.43.03 (named by the club-170hx result note) and 615.71.09 (named by the gpu-unlock post). No case
uses extra: no source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'club170hx-healthgate-oom-cascade-xid31-xid154-all-cards-vm-reboot-cards-healthy': Backdrop(
        'cmp170hx-rig4',
        'A10',
        '610.43.03',
        '2026-09-02T14:20:00Z',
        '2026-09-02T15:00:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'club170hx-troubleshooting-xid79-card-gone-until-true-cold-power-cycle': Backdrop(
        'cmp170hx-rig4b',
        'A10',
        '610.43.03',
        '2026-09-01T11:30:00Z',
        '2026-09-01T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'club170hx-healthwatch-one-card-trains-x8-shared-slot-lanes-expected-benign': Backdrop(
        'cmp170hx-rig4c',
        'A10',
        '610.43.03',
        '2026-09-02T11:30:00Z',
        '2026-09-02T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'cmp170hx-wiki-nvlink-inactive-fused-off-by-otp-fuse-not-damaged-benign': Backdrop(
        'cmp170hx-pair',
        'A10',
        '580.95.05',
        '2026-07-27T11:30:00Z',
        '2026-07-27T12:10:00Z',
        pci=('01', '02'),
    ),
    'cmp170hx-wiki-stock-card-trains-pcie-gen1-x4-by-fuse-and-missing-capacitors-benign': Backdrop(
        'cmp170hx-single',
        'A10',
        '580.95.05',
        '2026-07-31T11:30:00Z',
        '2026-07-31T12:10:00Z',
        pci=('01',),
    ),
    'cmp170hx-wiki-fan-speed-na-passive-heatsink-no-fan-by-design-benign': Backdrop(
        'cmp170hx-server',
        'A10',
        '580.95.05',
        '2026-07-31T11:30:00Z',
        '2026-07-31T12:10:00Z',
        pci=('01',),
    ),
    'gpuunlock-300-bridged-2x-rtx3090-xid74-nvlink-fatal-all-links-concurrent-unlock-suspected': Backdrop(
        'ws-2x3090-nv4',
        'A10',
        '615.71.09',
        '2026-10-01T11:30:00Z',
        '2026-10-01T12:10:00Z',
        pci=('0b', '0c'),
    ),
    'bsgs-46-8x-rtx3090ti-rig-error-power-problem-causing-pci-bus-instability': Backdrop(
        'rig-8x3090ti',
        'A10',
        '470.57.02',
        '2021-09-15T11:30:00Z',
        '2021-09-15T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'club170hx-lessons-pwrbrk-pin-asserted-by-workstation-board-card-capped-near-88w': Backdrop(
        'cmp170hx-ws',
        'A10',
        '610.43.03',
        '2026-09-02T11:30:00Z',
        '2026-09-02T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
