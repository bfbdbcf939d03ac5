"""heldout-public-389's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-389/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (no evidence file prints a usable host name), GPU counts (one per case: no source gives a count), bus numbers
(01; bumblebee-970 prints 0000:01:00.0) and the driver (550.144.03, the same for every case) are stand-ins. No case uses extra:
no source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'negativo17-97-fedora-31-upgrade-nvidia-module-version-magic-mismatch-dkms-and-akmods-both-installed': Backdrop(
        'fc31-gpu-host',
        'A10',
        '550.144.03',
        '2020-02-15T11:30:00Z',
        '2020-02-15T12:10:00Z',
        pci=('01',),
    ),
    'dnfplugin-8-el8-dnf-nvidia-plugin-lets-kernel-update-through-before-kmod-exists-node-left-without-kmod': Backdrop(
        'el8-gpu-vm',
        'A10',
        '550.144.03',
        '2022-04-28T11:30:00Z',
        '2022-04-28T12:10:00Z',
        pci=('01',),
    ),
    'azhpc-298-azure-secure-boot-vm-mofed-dkms-modules-cannot-load-secure-boot-must-be-disabled': Backdrop(
        'azure-sb-vm',
        'A10',
        '550.144.03',
        '2023-11-17T11:30:00Z',
        '2023-11-17T12:10:00Z',
        pci=('01',),
    ),
    'precompkmod-50-rhel-8-10-kernel-no-precompiled-nvidia-kmod-release-pipeline-timing-blocks-upgrade': Backdrop(
        'rhel8-gpu-node',
        'A10',
        '550.144.03',
        '2024-06-04T11:30:00Z',
        '2024-06-04T12:10:00Z',
        pci=('01',),
    ),
    'precompkmod-57-rhel-9-5-security-kernel-missing-prebuilt-kmod-570-nouveau-blacklist-bug-blocked-ci': Backdrop(
        'rhel9-gpu-node',
        'A10',
        '550.144.03',
        '2025-02-19T11:30:00Z',
        '2025-02-19T12:10:00Z',
        pci=('01',),
    ),
    'precompkmod-36-rocky-linux-9-kernel-suffix-breaks-strict-kmod-version-match-kmod-update-fails': Backdrop(
        'rocky9-gpu-node',
        'A10',
        '550.144.03',
        '2023-02-03T11:30:00Z',
        '2023-02-03T12:10:00Z',
        pci=('01',),
    ),
    'ipaqvfio-18-vfio-passthrough-nvidia-gpu-pci-unbind-rebind-hangs-host-deadlock-after-rebind-rounds': Backdrop(
        'vfio-host',
        'A10',
        '550.144.03',
        '2023-12-09T11:30:00Z',
        '2023-12-09T12:10:00Z',
        pci=('01',),
    ),
    'bumblebee-970-kernel-update-past-4-16-7-nvidia-probe-fails-gpu-fallen-off-bus-old-kernel-works': Backdrop(
        'xps15-fc27',
        'A10',
        '550.144.03',
        '2018-07-05T11:30:00Z',
        '2018-07-05T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
