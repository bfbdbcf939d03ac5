"""heldout-public-238's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-238/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts, bus numbers (01 for one-GPU cases, the default HGX numbers for the one eight-GPU case) and the driver
(550.144.03, the same for every case) are stand-ins. No case uses extra: no source quotes an exporter value.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'nixpkgs-306822-nvidia-550-76-xid-errors-on-driver-load-rtx40-notebooks-driver-regression-fixed-550-78': Backdrop(
        'nixos-rtx40-notebook',
        'A10',
        '550.144.03',
        '2024-04-25T11:30:00Z',
        '2024-04-25T12:10:00Z',
        pci=('01',),
    ),
    'ubuntu-nvidia-drivers-39-455-kernel-module-page-allocation-errors-desktop-freezes-fixed-in-460': Backdrop(
        'ubuntu-455-desktop',
        'A10',
        '550.144.03',
        '2020-12-17T11:30:00Z',
        '2020-12-17T12:10:00Z',
        pci=('01',),
    ),
    'cachyos-copr-35-nvidia-open-package-nvml-driver-library-mismatch-blackscreen-modules-rebuilt': Backdrop(
        'fedora-cachyos-kernel-host',
        'A10',
        '550.144.03',
        '2025-03-24T11:30:00Z',
        '2025-03-24T12:10:00Z',
        pci=('01',),
    ),
    'steamos-263-install-fails-at-nvidia-kernel-common-geforce-older-than-gtx400-unsupported': Backdrop(
        'steamos-install-host',
        'A10',
        '550.144.03',
        '2015-01-23T11:30:00Z',
        '2015-01-23T12:10:00Z',
        pci=('01',),
    ),
    'ublue-main-891-kmod-nvidia-and-nvidia-driver-version-mismatch-drivers-fail-to-start': Backdrop(
        'ublue-nvidia-image-host',
        'A10',
        '550.144.03',
        '2025-05-22T11:30:00Z',
        '2025-05-22T12:10:00Z',
        pci=('01',),
    ),
    'nobara-526-dkms-nvidia-builds-old-module-gsp-firmware-version-mismatch-rminitadapter-fails': Backdrop(
        'nobara43-gtx1650',
        'A10',
        '550.144.03',
        '2026-05-21T11:30:00Z',
        '2026-05-21T12:10:00Z',
        pci=('01',),
    ),
    'eks-ami-2824-p3dn-v100-booted-with-open-595-module-legacy-branch-missing-from-supported-list': Backdrop(
        'ip-10-0-0-10-p3dn-24xlarge',
        'A10',
        '550.144.03',
        '2026-09-16T11:30:00Z',
        '2026-09-16T12:10:00Z',
    ),
    'lunar-553-nvidia-390-12-regression-hangs-hard-lockups-fixed-by-390-25': Backdrop(
        'lunar-linux-desktop',
        'A10',
        '550.144.03',
        '2018-02-16T11:30:00Z',
        '2018-02-16T12:10:00Z',
        pci=('01',),
    ),
    'void-16924-nvidia-kernel-module-fails-to-build-on-linux-5-4-driver-lacks-support-fixed-in-430-64': Backdrop(
        'void-linux-5-4-desktop',
        'A10',
        '550.144.03',
        '2019-11-29T11:30:00Z',
        '2019-11-29T12:10:00Z',
        pci=('01',),
    ),
    'checkbox-1688-kernel-taint-test-flags-nvidia-modules-expected-taint-ignored-benign': Backdrop(
        'ubuntu-cert-gpu-dut',
        'A10',
        '550.144.03',
        '2025-01-21T11:30:00Z',
        '2025-01-21T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
