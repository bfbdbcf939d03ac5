"""heldout-public-402's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-402/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts, GPU counts, bus numbers and the driver (550.144.03, the same for every case) are stand-ins, except the bus
numbers 01 (rebar-383) and 04 (optimus-41), which the evidence prints. No case uses extra: no source quotes an
exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'eve-2763-hpe-m750-linux-bar-reassignment-fails-p1000-slot1-forced-uefi-assignments': Backdrop(
        'hpe-m750-01',
        'A10',
        '550.144.03',
        '2022-08-12T11:30:00Z',
        '2022-08-12T12:10:00Z',
        pci=('01',),
    ),
    'rebar-383-z77-board-no-post-with-tesla-m40-32gb-bar-fixed-by-dsdt-firmware-mod': Backdrop(
        'z77e-itx-01',
        'A10',
        '550.144.03',
        '2026-08-12T11:30:00Z',
        '2026-08-12T12:10:00Z',
        pci=('01',),
    ),
    'optimus-41-laptop-gpu-falls-off-bus-probe-fails-pci-reset-yes-with-bbswitch': Backdrop(
        'manjaro-laptop-01',
        'A10',
        '550.144.03',
        '2019-01-07T11:30:00Z',
        '2019-01-07T12:10:00Z',
        pci=('04',),
    ),
    'nhm-224-mining-rig-one-of-three-gpus-drops-until-reboot-hardware-power-riser-overclock': Backdrop(
        'nhm-rig-224',
        'A10',
        '550.144.03',
        '2017-08-24T11:30:00Z',
        '2017-08-24T12:10:00Z',
        pci=('01', '02', '03',),
    ),
    'caffe-4005-dell-t630-fourth-titan-x-invisible-to-cuda-pci-speed-wrong-4-gpu-slot-constraint': Backdrop(
        'dell-t630-01',
        'A10',
        '550.144.03',
        '2016-04-17T11:30:00Z',
        '2016-04-17T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'syno-29-nas-rtx3060-not-detected-fixed-by-reseat-and-cmos-clear': Backdrop(
        'syno-nas-01',
        'A10',
        '550.144.03',
        '2025-01-10T11:30:00Z',
        '2025-01-10T12:10:00Z',
        pci=('01',),
    ),
    'rainbow-574-miner-sees-3-of-4-gtx1070-nvidia-driver-not-updated-after-windows-update': Backdrop(
        'rainbow-rig-01',
        'A10',
        '550.144.03',
        '2019-06-20T11:30:00Z',
        '2019-06-20T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'mpm-347-rig-mines-on-6-of-8-gpus-driver-mismatch-after-forced-windows-update': Backdrop(
        'mpm-rig-01',
        'A10',
        '550.144.03',
        '2017-09-06T11:30:00Z',
        '2017-09-06T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'nh-215-tesla-k80-grid-k2-no-cuda-devices-driver-older-than-runtime-requires': Backdrop(
        'grid-k2-01',
        'A10',
        '550.144.03',
        '2016-09-09T11:30:00Z',
        '2016-09-09T12:10:00Z',
        pci=('01', '02',),
    ),
    'xenopsd-689-host-crash-switching-gpu-vgpu-to-passthrough-vfs-not-unbound': Backdrop(
        'xenserver-01',
        'A10',
        '550.144.03',
        '2019-11-28T11:30:00Z',
        '2019-11-28T12:10:00Z',
        pci=('01',),
    ),
    'tnuc-237-gpu-not-found-at-boot-appears-two-minutes-later-benign': Backdrop(
        'win-desktop-01',
        'A10',
        '550.144.03',
        '2024-08-02T11:30:00Z',
        '2024-08-02T12:10:00Z',
        pci=('01',),
    ),
    'nhm2-136-eighth-gpu-idle-while-seven-mine-missing-benchmarks-not-hardware-benign': Backdrop(
        'nhm2-rig-01',
        'A10',
        '550.144.03',
        '2017-07-18T11:30:00Z',
        '2017-07-18T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
