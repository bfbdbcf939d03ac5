"""heldout-public-210's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-210/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); hosts, bus numbers where the source
prints none, and the driver (550.144.03, the same for every case) are stand-ins (see each case's description).
No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'nouveau-debian-6138-gt218m-black-screen-backported-commit-fb725beca62d': Backdrop(
        'latitude-e6510-gt218m',
        'A10',
        '550.144.03',
        '2023-08-04T17:38:00Z',
        '2023-08-04T18:18:00Z',
        pci=('01',),
    ),
    'linuxpci-bug219765-vfio-ad107-passthrough-fails-613-bisected-to-pci-bwctrl': Backdrop(
        'vfio-host-ad107',
        'A10',
        '550.144.03',
        '2025-02-11T18:17:00Z',
        '2025-02-11T18:57:00Z',
        pci=('01',),
    ),
    'linuxacpi-w530-nouveau-hardware-unavailable-after-resume-acpi-commit-89c290ea': Backdrop(
        'thinkpad-w530',
        'A10',
        '550.144.03',
        '2023-11-10T03:25:00Z',
        '2023-11-10T04:05:00Z',
        pci=('01',),
    ),
    'nouveau-v69rc7-gp104-acr-boot-failed-probe-error-bisected-to-firmware-sg-commit': Backdrop(
        'gp104-desktop',
        'A10',
        '550.144.03',
        '2024-05-06T17:53:00Z',
        '2024-05-06T18:33:00Z',
        pci=('01',),
    ),
    'nouveau-riscv-sbc-tesla-k80-unknown-chipset-gk210-not-supported': Backdrop(
        'visionfive2-k80',
        'A10',
        '550.144.03',
        '2024-04-19T14:55:00Z',
        '2024-04-19T15:35:00Z',
        pci=('03', '04'),
    ),
    'linuxusb-macmini2018-tb3-egpu-quadro-rminitadapter-failed-bar-allocation': Backdrop(
        'macmini2018-egpu',
        'A10',
        '550.144.03',
        '2026-03-15T11:24:00Z',
        '2026-03-15T12:04:00Z',
        pci=('0b',),
    ),
    'nouveau-fedora36-quadro-t2000-unclaimed-nomodeset-on-kernel-command-line': Backdrop(
        'fedora36-t2000-laptop',
        'A10',
        '550.144.03',
        '2022-08-20T00:10:00Z',
        '2022-08-20T00:50:00Z',
        pci=('01',),
    ),
    'linuxpci-thinkpad-p73-quadro-rtx4000-2min-boot-hang-nouveau-firmware-missing-from-initrd': Backdrop(
        'thinkpad-p73',
        'A10',
        '550.144.03',
        '2020-12-26T10:42:00Z',
        '2020-12-26T11:22:00Z',
        pci=('01',),
    ),
    'linuxpci-intel-laptops-nvidia-gpu-fallen-off-bus-after-s2idle-acpi-ipcs-loop-timeout': Backdrop(
        'tgl-laptop-s2idle',
        'A10',
        '550.144.03',
        '2021-05-04T07:38:00Z',
        '2021-05-04T08:18:00Z',
        pci=('01',),
    ),
    'linuxpci-pascal-laptops-runtime-pm-d3cold-config-space-inaccessible-intel-bridge-quirk': Backdrop(
        'pascal-optimus-laptop',
        'A10',
        '550.144.03',
        '2020-03-24T19:59:00Z',
        '2020-03-24T20:39:00Z',
        pci=('01',),
    ),
    'linuxpci-gb10-root-port-sbr-retrains-lower-lane-count-config-read-timeout': Backdrop(
        'gb10-dgx-spark',
        'A10',
        '550.144.03',
        '2026-01-15T19:41:00Z',
        '2026-01-15T20:21:00Z',
        pci=('01',),
    ),
    'nouveau-thinkpad-p1g6-rtx2000-ada-reboot-failure-r535-gsp-msg-recv-gsp-rm-crash': Backdrop(
        'thinkpad-p1g6',
        'A10',
        '550.144.03',
        '2025-04-07T14:58:00Z',
        '2025-04-07T15:38:00Z',
        pci=('01',),
    ),
    'linuxi2c-gtx1660-rtx2060-suspend-50s-udevd-stuck-in-i2c-nvidia-gpu-ucsi-probe': Backdrop(
        'acer-gtx1660-desktop',
        'A10',
        '550.144.03',
        '2020-04-02T10:04:00Z',
        '2020-04-02T10:44:00Z',
        pci=('01',),
    ),
    'linuxpci-tesla-t4-fails-after-secondary-bus-reset-on-root-port-no-bus-reset-quirk': Backdrop(
        'vfio-host-t4',
        'A10',
        '550.144.03',
        '2023-04-10T12:04:00Z',
        '2023-04-10T12:44:00Z',
        pci=('01',),
    ),
    'nouveau-rtx5090-blackwell-boot-freeze-loading-gsp-bisected-to-fwsec-sb-commit': Backdrop(
        'rtx5090-desktop',
        'A10',
        '550.144.03',
        '2025-12-31T05:41:00Z',
        '2025-12-31T06:21:00Z',
        pci=('01',),
    ),
    'popos-2228-gtx760-ignored-after-510-driver-package-update-drops-kepler': Backdrop(
        'popos-gtx760-desktop',
        'A10',
        '550.144.03',
        '2022-02-24T11:30:00Z',
        '2022-02-24T12:10:00Z',
        pci=('01',),
    ),
    'nouveau-gtx670m-msvld-firmware-and-ce-channel-errors-harmless-benign': Backdrop(
        'asus-gv75w-gtx670m',
        'A10',
        '550.144.03',
        '2025-06-01T18:49:00Z',
        '2025-06-01T19:29:00Z',
        pci=('01',),
    ),
    'linuxpci-optimus-enabling-hda-controller-message-on-every-runtime-resume-benign': Backdrop(
        'optimus-laptop-hda',
        'A10',
        '550.144.03',
        '2023-03-16T19:34:00Z',
        '2023-03-16T20:14:00Z',
        pci=('01',),
    ),
    'canonical-ngd-74-nvidia-powerd-unit-failed-on-unsupported-hardware-benign': Backdrop(
        'ubuntu-nvidia-desktop',
        'A10',
        '550.144.03',
        '2025-05-21T11:30:00Z',
        '2025-05-21T12:10:00Z',
        pci=('01',),
    ),
    'tlater-nixos-hosts-69-nvidia-i2c-boot-error-messages-harmless-benign': Backdrop(
        'yui',
        'A10',
        '550.144.03',
        '2021-08-08T11:30:00Z',
        '2021-08-08T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
