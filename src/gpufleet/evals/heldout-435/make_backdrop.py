"""heldout-public-435's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-435/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every case is one stand-in host with one GPU at bus 01 shown as A10 (no source prints a host name, a GPU index, bus id,
UUID or serial; the real GPU, where the source names one, is in each description); the driver (550.144.03) is the same
stand-in for every case. No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never
points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'nvidia-patcher-254-cmp40hx-fans-never-stop-at-idle-card-has-no-fan-stop-benign': Backdrop(
        'cmp40hx-rig-01',
        'A10',
        '550.144.03',
        '2025-05-05T11:30:00Z',
        '2025-05-05T12:10:00Z',
        pci=('01',),
    ),
    'nvidia-patcher-267-p106-100-unused-in-games-integrated-gpu-driver-takes-over': Backdrop(
        'p106-desktop-01',
        'A10',
        '550.144.03',
        '2025-05-30T11:30:00Z',
        '2025-05-30T12:10:00Z',
        pci=('01',),
    ),
    'nvidia-patcher-299-p106-100-driver-install-fails-device-install-ban-left-set': Backdrop(
        'p106-desktop-02',
        'A10',
        '550.144.03',
        '2025-07-22T11:30:00Z',
        '2025-07-22T12:10:00Z',
        pci=('01',),
    ),
    'frankendriver-72-rtx3070m-temperature-stuck-at-33c-on-driver-576-02-newer-driver-posted': Backdrop(
        'rtx3070m-desktop-01',
        'A10',
        '550.144.03',
        '2025-05-10T11:30:00Z',
        '2025-05-10T12:10:00Z',
        pci=('01',),
    ),
    'frankendriver-83-rtx3070ti-mobile-chip-black-screen-on-this-motherboard-not-the-driver': Backdrop(
        'rtx3070ti-m-desktop-01',
        'A10',
        '550.144.03',
        '2025-07-31T11:30:00Z',
        '2025-07-31T12:10:00Z',
        pci=('01',),
    ),
    'nuitsdechine-540-display-lost-then-no-boot-graphics-card-capacitors-burst': Backdrop(
        'salon-desktop-01',
        'A10',
        '550.144.03',
        '2012-07-22T11:30:00Z',
        '2012-07-22T12:10:00Z',
        pci=('01',),
    ),
    'naukateh-6433-rtx3060-artifacts-after-owner-service-thermal-paste-instead-of-pads': Backdrop(
        'rtx3060-kfa2-01',
        'A10',
        '550.144.03',
        '2025-01-01T11:30:00Z',
        '2025-01-01T12:10:00Z',
        pci=('01',),
    ),
    'chuvashiya-14928-oily-wet-spots-on-graphics-cards-thermal-pad-oil-harmless-benign': Backdrop(
        'mining-rig-01',
        'A10',
        '550.144.03',
        '2026-01-22T11:30:00Z',
        '2026-01-22T12:10:00Z',
        pci=('01',),
    ),
    'overclockers-247849-rtx5070ti-freezes-pcie-errors-warranty-sticker-blocks-pcie-connector': Backdrop(
        'rtx5070ti-pny-01',
        'A10',
        '550.144.03',
        '2026-01-16T11:30:00Z',
        '2026-01-16T12:10:00Z',
        pci=('01',),
    ),
    'moneytimes-55375-rtx5060-black-screens-after-reboot-gpu-uefi-firmware-update-tool': Backdrop(
        'rtx5060-desktop-01',
        'A10',
        '550.144.03',
        '2025-06-01T11:30:00Z',
        '2025-06-01T12:10:00Z',
        pci=('01',),
    ),
    'techfeed-na2dg7-rtx4090-five-fan-card-over-80c-hotspot-near-100c-vendor-says-normal-benign': Backdrop(
        'rtx4090-mgg-01',
        'A10',
        '550.144.03',
        '2023-01-01T11:30:00Z',
        '2023-01-01T12:10:00Z',
        pci=('01',),
    ),
    'hardzone-2013-geforce-320-18-whql-artifacts-instability-dead-gpus-roll-back-to-314-22': Backdrop(
        'gtx680-desktop-01',
        'A10',
        '550.144.03',
        '2013-06-14T11:30:00Z',
        '2013-06-14T12:10:00Z',
        pci=('01',),
    ),
    'muycomputer-2026-02-windows11-kb5074109-fps-loss-black-screens-uninstall-the-patch': Backdrop(
        'win11-gaming-01',
        'A10',
        '550.144.03',
        '2026-02-04T11:30:00Z',
        '2026-02-04T12:10:00Z',
        pci=('01',),
    ),
    'schemimentali-2010-05-new-gtx260-will-not-post-psu-12v-rail-16a-below-required-24a': Backdrop(
        'gtx260-desktop-01',
        'A10',
        '550.144.03',
        '2010-05-01T11:30:00Z',
        '2010-05-01T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
