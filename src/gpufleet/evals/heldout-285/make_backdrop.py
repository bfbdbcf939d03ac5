"""heldout-public-285's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-285/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
host names, bus numbers (01 for one GPU, 01 and 02 for two, ...; except where a source prints the faulty GPU's bus id, then that bus) and the driver
(550.144.03, the same for every case) are stand-ins. No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'deepin-kernel-2144-secure-boot-kernel-6-18-machine-keyring-off-rejects-mok-signed-nvidia-dkms': Backdrop(
        'deepin-rtx3060-laptop',
        'A10',
        '550.144.03',
        '2026-09-14T11:30:00Z',
        '2026-09-14T12:10:00Z',
        pci=('01',),
    ),
    'canonical-tdx-292-nvidia-smi-no-devices-in-tdx-guest-device-passthrough-unsupported': Backdrop(
        'tdx-guest-vm',
        'A10',
        '550.144.03',
        '2024-12-03T11:30:00Z',
        '2024-12-03T12:10:00Z',
        pci=('01',),
    ),
    'luckyyyyy-blog-72-proxmox-nvidia-run-installer-kernel-module-fails-to-load-secure-boot-enabled': Backdrop(
        'pve-host',
        'A10',
        '550.144.03',
        '2023-05-26T11:30:00Z',
        '2023-05-26T12:10:00Z',
        pci=('01',),
    ),
    'jetson-stats-94-jtop-gpu-always-0-percent-on-jetpack-4-4-1-wrong-detection-benign': Backdrop(
        'jetson-jp441',
        'A10',
        '550.144.03',
        '2020-10-25T11:30:00Z',
        '2020-10-25T12:10:00Z',
        pci=('01',),
    ),
    'linux-surface-906-kernel-5-19-2-dkms-modules-key-rejected-nvidia-secure-boot-not-signed': Backdrop(
        'surface-laptop',
        'A10',
        '550.144.03',
        '2022-08-21T11:30:00Z',
        '2022-08-21T12:10:00Z',
        pci=('01',),
    ),
    'ms02ultra-32-egpu-over-thunderbolt-firmware-no-bar-window-aer-storm-xid79-under-load': Backdrop(
        'ms02-ultra',
        'A10',
        '550.144.03',
        '2026-09-14T11:30:00Z',
        '2026-09-14T12:10:00Z',
        pci=('01',),
    ),
    'tinygrad-15813-rtx3060-egpu-on-mac-mini-m4-macos-never-assigns-bars-probe-hangs': Backdrop(
        'mac-mini-m4',
        'A10',
        '550.144.03',
        '2026-04-19T11:30:00Z',
        '2026-04-19T12:10:00Z',
        pci=('01',),
    ),
    'nvidia-docker-807-mps-active-thread-percentage-1-gpu-util-still-99-percent-metric-semantics-benign': Backdrop(
        'mps-host',
        'A10',
        '550.144.03',
        '2018-08-09T11:30:00Z',
        '2018-08-09T12:10:00Z',
        pci=('01',),
    ),
    'start9-3702-dgx-spark-secure-boot-mok-never-enrolled-nvidia-modules-not-loaded-vllm-fails': Backdrop(
        'dgx-spark-startos',
        'A10',
        '550.144.03',
        '2026-08-13T11:30:00Z',
        '2026-08-13T12:10:00Z',
        pci=('01',),
    ),
    'bumblebee-1077-bios-update-re-enabled-secure-boot-nvidia-driver-cannot-load': Backdrop(
        'debian10-notebook',
        'A10',
        '550.144.03',
        '2021-04-10T11:30:00Z',
        '2021-04-10T12:10:00Z',
        pci=('01',),
    ),
    'mintdrivers-100-linux-mint-22-regression-no-mok-enrollment-prompt-nvidia-secure-boot': Backdrop(
        'mint22-desktop',
        'A10',
        '550.144.03',
        '2024-08-09T11:30:00Z',
        '2024-08-09T12:10:00Z',
        pci=('01',),
    ),
    'cuda-hook-8-nvidia-smi-nvml-version-mismatch-warning-under-hook-library-normal-benign': Backdrop(
        'cuda-hook-dev',
        'A10',
        '550.144.03',
        '2023-11-25T11:30:00Z',
        '2023-11-25T12:10:00Z',
        pci=('01',),
    ),
    'flatcar-1283-tesla-p40-vgpu-in-vm-regular-535-driver-probe-failed-needs-grid-guest-driver': Backdrop(
        'flatcar-vgpu-vm',
        'A10',
        '550.144.03',
        '2023-12-11T11:30:00Z',
        '2023-12-11T12:10:00Z',
        pci=('02',),
    ),
    'frigate-6066-lxc-frigate-no-nvidia-gpu-dev-nodes-not-created-until-nvidia-smi-runs-on-host': Backdrop(
        'frigate-lxc-host',
        'A10',
        '550.144.03',
        '2024-04-25T11:30:00Z',
        '2024-04-25T12:10:00Z',
        pci=('01',),
    ),
    'lxd-4617-lxd-gpu-passthrough-fails-nvidia-device-minor-missing-with-older-legacy-driver': Backdrop(
        'lxd-ubuntu1804',
        'A10',
        '550.144.03',
        '2018-06-01T11:30:00Z',
        '2018-06-01T12:10:00Z',
        pci=('01',),
    ),
    'legionlinux-205-fan-locks-at-2300-rpm-under-nvidia-gpu-load-bios-version-downgrade-restores-fan-curve': Backdrop(
        'legion-laptop',
        'A10',
        '550.144.03',
        '2024-04-23T11:30:00Z',
        '2024-04-23T12:10:00Z',
        pci=('01',),
    ),
    'chironjit-1-pc-freezes-on-vm-creation-rtx-3070-ti-gpu-cannot-be-unbound-b450-iommu-grouping-bios': Backdrop(
        'b450-passthrough-desktop',
        'A10',
        '550.144.03',
        '2021-08-07T11:30:00Z',
        '2021-08-07T12:10:00Z',
        pci=('01',),
    ),
    'automate-egpu-49-gtx970-egpu-thunderbolt2-mac-crashes-on-unplug-hotplug-unsupported-by-macos': Backdrop(
        'macbookpro-egpu',
        'A10',
        '550.144.03',
        '2017-02-09T11:30:00Z',
        '2017-02-09T12:10:00Z',
        pci=('01',),
    ),
    'ogkm-842-rtx3060-thunderbolt-egpu-falls-off-bus-after-suspend-or-reconnect-driver-lacks-hotplug-support': Backdrop(
        'cachyos-tb3-egpu',
        'A10',
        '550.144.03',
        '2025-04-29T11:30:00Z',
        '2025-04-29T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
