"""heldout-public-495's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-495/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
host names are stand-ins (no evidence prints a host name); one-GPU machines get stand-in bus 01, the RTX 4090
server of nccl-1285 gets 8 stand-in GPUs (buses 01..08; its count is not printed), and harvester-node keeps the bus (3b)
the evidence prints. The driver (550.144.03) is the same stand-in for every
case, so the version carries no signal. No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause: flat, healthy metrics for every case. start/end are each case's time_range
(onset - 30 min, onset + 10 min).
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'popos-2369-kernel-update-5-17-5-no-nvidia-module-for-new-kernel-nvidia-smi-cannot-communicate': Backdrop(
        'popos-laptop',
        'A10',
        '550.144.03',
        '2022-05-05T11:30:00Z',
        '2022-05-05T12:10:00Z',
        pci=('01',),
    ),
    'nvidia-all-200-kernel-6-6-1-update-breaks-dkms-build-of-driver-525-solved-with-525-147-05': Backdrop(
        'arch-zen-desktop',
        'A10',
        '550.144.03',
        '2023-11-08T11:30:00Z',
        '2023-11-08T12:10:00Z',
        pci=('01',),
    ),
    'wsl-7716-wsl2-nvidia-smi-cannot-communicate-in-old-distro-instance-fresh-instance-works': Backdrop(
        'wsl2-ubuntu',
        'A10',
        '550.144.03',
        '2021-11-19T11:30:00Z',
        '2021-11-19T12:10:00Z',
        pci=('01',),
    ),
    'nccl-1285-epyc-7k62-rtx4090-p2p-bandwidth-low-bios-numa-nodes-per-socket-nps4-fixed-zh': Backdrop(
        'epyc-4090-server',
        'A10',
        '550.144.03',
        '2024-05-13T11:30:00Z',
        '2024-05-13T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'popos-linux-389-kernel-6-16-3-boot-hangs-nvidia-modeset-task-blocked-570-open-previous-kernel-works': Backdrop(
        'omen16-laptop',
        'A10',
        '550.144.03',
        '2025-10-01T11:30:00Z',
        '2025-10-01T12:10:00Z',
        pci=('01',),
    ),
    'harvester-5619-a30-passed-to-vm-nvidia-module-fails-to-attach-32-bit-bar-slot-high-mem-gpu': Backdrop(
        'harvester-node',
        'A10',
        '550.144.03',
        '2024-04-17T11:30:00Z',
        '2024-04-17T12:10:00Z',
        pci=('3b',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
