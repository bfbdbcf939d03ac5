"""heldout-public-484's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-484/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
host names are stand-ins except thelio-major-r5 (printed in cosmic-comp-1602); every case has one GPU (each source is
a single-GPU laptop or workstation, or one GPU of a fleet for lium-io-1229); the bus is the printed one where the
evidence prints it (06 for ogkm-1371, 01 for linux-surface-376 and bbswitch-143) and the stand-in 01 otherwise; the driver (550.144.03) is the same stand-in for every case, so the
version carries no signal. No case uses extra: no source quotes an exporter value as a metric sample. The backdrop
never points at the cause: flat, healthy metrics for every case.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'ogkm-1209-rtx5050-laptop-s2idle-ac-replug-gpu-detached-from-bus-open-module-power-source-event-unhandled': Backdrop(
        'fc44-laptop',
        'A10',
        '550.144.03',
        '2026-06-18T11:30:00Z',
        '2026-06-18T12:10:00Z',
        pci=('01',),
    ),
    'ogkm-1371-rtx4090-display-wake-after-dpms-idle-deadlocks-nvkms-pmlock-vs-rm-api-lock': Backdrop(
        'cachyos-ws',
        'A10',
        '550.144.03',
        '2026-09-18T11:30:00Z',
        '2026-09-18T12:10:00Z',
        pci=('06',),
    ),
    'ogkm-1117-blackwell-s2idle-resume-hangs-on-linux-7-0-fixed-by-newer-driver-or-6-18-kernel': Backdrop(
        'ubuntu-rtx5070',
        'A10',
        '550.144.03',
        '2026-05-11T11:30:00Z',
        '2026-05-11T12:10:00Z',
        pci=('01',),
    ),
    'omarchy-5274-lid-close-s2idle-suspend-wedges-xid-119-gsp-of-runtime-suspended-dgpu-stops-answering': Backdrop(
        'omarchy-laptop',
        'A10',
        '550.144.03',
        '2026-09-09T11:30:00Z',
        '2026-09-09T12:10:00Z',
        pci=('01',),
    ),
    'gnome-nvidia-suspend-script-ubuntu-25-04-suspend-never-resumes-gnome-shell-touches-suspended-driver-deadlock': Backdrop(
        'ubuntu2504-ws',
        'A10',
        '550.144.03',
        '2025-08-04T11:30:00Z',
        '2025-08-04T12:10:00Z',
        pci=('01',),
    ),
    'linux-surface-376-surface-book-dgpu-fallen-off-bus-in-d3cold-runtime-pm-suspected': Backdrop(
        'surface-book1',
        'A10',
        '550.144.03',
        '2021-01-11T11:30:00Z',
        '2021-01-11T12:10:00Z',
        pci=('01',),
    ),
    'plasma-thermal-monitor-9-gpu-temp-0-or-frozen-after-bbswitch-powers-dgpu-off-sensor-off-benign': Backdrop(
        'optimus-laptop',
        'A10',
        '550.144.03',
        '2015-11-10T11:30:00Z',
        '2015-11-10T12:10:00Z',
        pci=('01',),
    ),
    'aurora-1868-laptop-crashes-entering-sleep-after-driver-590-to-595-update-rollback-fixes': Backdrop(
        'aurora-laptop',
        'A10',
        '550.144.03',
        '2026-03-10T11:30:00Z',
        '2026-03-10T12:10:00Z',
        pci=('01',),
    ),
    'solus-1054-gui-locks-up-on-wake-from-sleep-with-550-series-driver-resolved-on-560': Backdrop(
        'solus-laptop',
        'A10',
        '550.144.03',
        '2024-05-25T11:30:00Z',
        '2024-05-25T12:10:00Z',
        pci=('01',),
    ),
    'g-helper-2254-dgpu-fails-to-start-after-hibernate-nvidia-driver-bug-enable-gpu-on-shutdown': Backdrop(
        'asus-laptop',
        'A10',
        '550.144.03',
        '2024-03-20T11:30:00Z',
        '2024-03-20T12:10:00Z',
        pci=('01',),
    ),
    'fancontrol-3113-gpu-temp-frozen-after-sleep-only-in-fancontrol-other-tools-read-it-benign': Backdrop(
        'win-desktop',
        'A10',
        '550.144.03',
        '2025-04-22T15:41:51Z',
        '2025-04-22T16:21:51Z',
        pci=('01',),
    ),
    'freon-46-dgpu-temperature-shows-na-while-bumblebee-keeps-the-card-off-expected': Backdrop(
        'optimus-laptop2',
        'A10',
        '550.144.03',
        '2017-02-16T11:30:00Z',
        '2017-02-16T12:10:00Z',
        pci=('01',),
    ),
    'nvidia-pstated-7-gpu-idles-at-p8-405-300-mhz-the-lowest-pstate-benign': Backdrop(
        'linux-ws',
        'A10',
        '550.144.03',
        '2025-03-18T11:30:00Z',
        '2025-03-18T12:10:00Z',
        pci=('01',),
    ),
    'oculus-airlink-enabler-3-nvlddmkm-bsod-after-wake-from-sleep-caused-by-tool-uninstall-fixes': Backdrop(
        'win10-vr',
        'A10',
        '550.144.03',
        '2021-11-27T11:30:00Z',
        '2021-11-27T12:10:00Z',
        pci=('01',),
    ),
    'cachyos-settings-215-hard-freeze-on-suspend-after-s0ix-power-management-enabled-by-default': Backdrop(
        'cachyos-laptop',
        'A10',
        '550.144.03',
        '2026-03-01T11:30:00Z',
        '2026-03-01T12:10:00Z',
        pci=('01',),
    ),
    'cosmic-comp-1602-thelio-rtx5080-fails-to-resume-from-suspend-fixed-by-nvidia-driver-packaging-change': Backdrop(
        'thelio-major-r5',
        'A10',
        '550.144.03',
        '2025-08-21T11:30:00Z',
        '2025-08-21T12:10:00Z',
        pci=('01',),
    ),
    'bbswitch-143-asus-940mx-dgpu-unusable-after-suspend-power-not-restored-acpi-osi': Backdrop(
        'asus-x555uq',
        'A10',
        '550.144.03',
        '2016-11-07T11:30:00Z',
        '2016-11-07T12:10:00Z',
        pci=('01',),
    ),
    'pop-3863-asus-fx503vd-gtx1050-resume-black-screen-hard-reboot-acpi-osi-and-nvidia-power-management': Backdrop(
        'asus-fx503vd',
        'A10',
        '550.144.03',
        '2026-02-23T11:30:00Z',
        '2026-02-23T12:10:00Z',
        pci=('01',),
    ),
    'lium-io-1229-power-cap-reverts-to-card-default-on-idle-gpus-when-persistence-mode-does-not-stick': Backdrop(
        'gpu-rental-host',
        'A10',
        '550.144.03',
        '2026-08-18T11:30:00Z',
        '2026-08-18T12:10:00Z',
        pci=('01',),
    ),
    'bumblebee-207-quadro-k2000m-fallen-off-bus-after-sleep-when-bumblebee-clears-persistence-mode': Backdrop(
        'lenovo-w530',
        'A10',
        '550.144.03',
        '2012-07-23T11:30:00Z',
        '2012-07-23T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
