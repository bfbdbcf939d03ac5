"""heldout-public-216's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-216/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); hosts (except xps, the source's own), bus numbers where
the source prints none, and the driver (550.144.03, the same for every case) are stand-ins (see each case's description).
No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'negativo17-145-fedora37-gtx1070-xorg-cannot-init-nvidia-545-broken-udev-rule': Backdrop(
        'f37-gtx1070-desktop',
        'A10',
        '550.144.03',
        '2023-11-03T11:30:00Z',
        '2023-11-03T12:10:00Z',
        pci=('01',),
    ),
    'negativo17-171-rhel810-nvml-driver-library-mismatch-570-old-kernel-still-running': Backdrop(
        'rhel810-gpu-ws',
        'A10',
        '550.144.03',
        '2025-02-05T11:30:00Z',
        '2025-02-05T12:10:00Z',
        pci=('01',),
    ),
    'ublue-aurora-1924-mx350-pascal-probe-failed-open-kernel-module-image-after-f43-update': Backdrop(
        'aurora-mx350-laptop',
        'A10',
        '550.144.03',
        '2026-03-17T11:30:00Z',
        '2026-03-17T12:10:00Z',
        pci=('01',),
    ),
    'popos-3859-gtx1050-mobile-unclaimed-580-open-driver-does-not-support-pascal': Backdrop(
        'asus-fx503vd',
        'A10',
        '550.144.03',
        '2026-02-20T11:30:00Z',
        '2026-02-20T12:10:00Z',
        pci=('01',),
    ),
    'opensuse-sdbootutil-22-nvidia-api-mismatch-after-driver-update-initrd-not-regenerated': Backdrop(
        'tw-sdboot-ws',
        'A10',
        '550.144.03',
        '2023-11-07T11:30:00Z',
        '2023-11-07T12:10:00Z',
        pci=('01',),
    ),
    'opensuse-g06-25-old-nvidia-modules-left-in-initrd-kernel-userspace-mismatch-packaging-regression': Backdrop(
        'leap-g06-ws',
        'A10',
        '550.144.03',
        '2024-10-06T11:30:00Z',
        '2024-10-06T12:10:00Z',
        pci=('01',),
    ),
    'flatcar-1162-nvidia-service-not-found-flatcar-3033-predates-nvidia-driver-support': Backdrop(
        'flatcar-gce-gpu-vm',
        'A10',
        '550.144.03',
        '2023-08-28T11:30:00Z',
        '2023-08-28T12:10:00Z',
        pci=('01',),
    ),
    'omarchy-5408-mx450-not-detected-after-upgrade-supergfxd-blacklists-nvidia-modules': Backdrop(
        'inspiron-5510-mx450',
        'A10',
        '550.144.03',
        '2026-04-23T11:30:00Z',
        '2026-04-23T12:10:00Z',
        pci=('01',),
    ),
    'system76-fw-620-addw4-xid79-fallen-off-bus-under-load-gpu-boost-disabled-in-firmware': Backdrop(
        'addw4',
        'A10',
        '550.144.03',
        '2025-05-29T11:30:00Z',
        '2025-05-29T12:10:00Z',
        pci=('01',),
    ),
    'negativo17-159-nvidia-powerd-enabled-on-turing-blamed-for-suspend-glitch-not-the-cause-benign': Backdrop(
        'rtx2060m-laptop',
        'A10',
        '550.144.03',
        '2024-08-27T11:30:00Z',
        '2024-08-27T12:10:00Z',
        pci=('01',),
    ),
    'linuxmint-821-laptop-gpu-held-at-base-power-limit-nvidia-powerd-service-unit-not-packaged': Backdrop(
        'mint-rtx-laptop',
        'A10',
        '550.144.03',
        '2025-12-12T11:30:00Z',
        '2025-12-12T12:10:00Z',
        pci=('01',),
    ),
    'canonical-ngd-91-rtx5090-laptop-limited-to-95w-nvidia-powerd-service-not-installed-on-noble': Backdrop(
        'noble-rtx5090-laptop',
        'A10',
        '550.144.03',
        '2026-08-21T11:30:00Z',
        '2026-08-21T12:10:00Z',
        pci=('01',),
    ),
    'nixos-hardware-901-nvidia-powerd-fails-to-start-on-gtx1660ti-dynamic-boost-ampere-only-benign': Backdrop(
        'g14-ga401-1660ti',
        'A10',
        '550.144.03',
        '2024-03-27T11:30:00Z',
        '2024-03-27T12:10:00Z',
        pci=('01',),
    ),
    'nixos-hardware-1325-legion-rtx3060-power-limit-stuck-at-80w-nvidia-powerd-not-enabled': Backdrop(
        'legion-16ach6h',
        'A10',
        '550.144.03',
        '2025-01-19T11:30:00Z',
        '2025-01-19T12:10:00Z',
        pci=('01',),
    ),
    'omarchy-3242-gtx1060m-optimus-laptop-freezes-pci-realloc-loop-nvidia-runtime-power-management': Backdrop(
        'lenovo-gtx1060m-laptop',
        'A10',
        '550.144.03',
        '2025-11-08T07:19:00Z',
        '2025-11-08T07:59:00Z',
        pci=('01',),
    ),
    'linuxacpi-debian-1036530-dell-xps-nvidia-gpu-d3cold-lockups-bisected-to-acpi-osi-dell-video-removal': Backdrop(
        'xps',
        'A10',
        '550.144.03',
        '2023-05-28T06:19:00Z',
        '2023-05-28T06:59:00Z',
        pci=('01',),
    ),
    'linuxusb-bug208337-quadro-rtx4000-ucsi-ccg-failed-to-register-alternate-modes-harmless-benign': Backdrop(
        'quadro-rtx4000-ws',
        'A10',
        '550.144.03',
        '2020-06-26T15:13:00Z',
        '2020-06-26T15:53:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
