"""heldout-public-223's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-223/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts, bus numbers where the source prints none, and the driver (550.144.03, the same for every case) are stand-ins.
Buses printed by a source are kept (bazzite-dx#150: 1f; pop-os/pop#3774: 01).
No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'clearlinux-2410-release-34900-gcc-bump-breaks-nvidia-dkms-build-no-gpu-after-update': Backdrop(
        'clearlinux-nvidia-desktop',
        'A10',
        '550.144.03',
        '2021-07-30T11:30:00Z',
        '2021-07-30T12:10:00Z',
        pci=('01', '02'),
    ),
    'popos-470-20-kernel-6-6-update-breaks-nvidia-driver-470-packaging-patch-never-merged': Backdrop(
        'popos-470-desktop',
        'A10',
        '550.144.03',
        '2023-12-13T11:30:00Z',
        '2023-12-13T12:10:00Z',
        pci=('01',),
    ),
    'silverblue-356-akmods-cannot-install-built-nvidia-kmod-no-dnf-or-yum-on-silverblue': Backdrop(
        'silverblue-f36-desktop',
        'A10',
        '550.144.03',
        '2022-09-20T11:49:00Z',
        '2022-09-20T12:29:00Z',
        pci=('01',),
    ),
    'foresight-fl-2453-nvidia-package-missing-libcuda-so-link-cuda-apps-fail-version-mismatch': Backdrop(
        'foresight-cuda-host',
        'A10',
        '550.144.03',
        '2012-01-01T11:30:00Z',
        '2012-01-01T12:10:00Z',
        pci=('01',),
    ),
    'negativo17-nvidia-driver-5-fedora-25-xorg-1-19-abi-not-supported-by-375-10-xorg-segfault': Backdrop(
        'fedora25-gtx960',
        'A10',
        '550.144.03',
        '2016-11-05T11:30:00Z',
        '2016-11-05T12:10:00Z',
        pci=('01',),
    ),
    'openmandriva-2351-nvidia-package-does-not-compile-with-kernel-4-16-13-driver-lags-kernel': Backdrop(
        'omv-nvidia-desktop',
        'A10',
        '550.144.03',
        '2018-06-19T11:30:00Z',
        '2018-06-19T12:10:00Z',
        pci=('01',),
    ),
    'bazzite-dx-150-gtx-1070-pascal-not-supported-after-rebase-to-dx-image-driver-fails-to-load': Backdrop(
        'bazzite-dx-gtx1070',
        'A10',
        '550.144.03',
        '2026-01-24T11:30:00Z',
        '2026-01-24T12:10:00Z',
        pci=('1f',),
    ),
    'openmandriva-2169-nouveau-in-initrd-blocks-nvidia-module-despite-modprobe-blacklist': Backdrop(
        'omv-notebook',
        'A10',
        '550.144.03',
        '2017-06-05T11:30:00Z',
        '2017-06-05T12:10:00Z',
        pci=('01',),
    ),
    'popos-3774-nvidia-powerd-sbios-nvpcf-error-gtx-1060-mobile-driver-works-benign': Backdrop(
        'popos-gtx1060m-laptop',
        'A10',
        '550.144.03',
        '2025-12-29T13:09:00Z',
        '2025-12-29T13:49:00Z',
        pci=('01',),
    ),
    'nixpkgs-69429-i2c-nvidia-gpu-module-udev-settle-timeout-boot-delay-not-a-gpu-fault-benign': Backdrop(
        'nixos-nvidia-desktop',
        'A10',
        '550.144.03',
        '2019-09-25T11:30:00Z',
        '2019-09-25T12:10:00Z',
        pci=('01',),
    ),
    'getsolus-packages-317-nvidia-powerd-fails-no-matching-gpu-closed-invalid-benign': Backdrop(
        'solus-nvidia-desktop',
        'A10',
        '550.144.03',
        '2023-08-27T11:45:00Z',
        '2023-08-27T12:25:00Z',
        pci=('01',),
    ),
    'endlessm-linux-545-nvidia-gpu-i2c-phantom-ucsi-device-probe-timeout-not-a-gpu-fault-benign': Backdrop(
        'endless-nvidia-laptop',
        'A10',
        '550.144.03',
        '2020-04-08T11:30:00Z',
        '2020-04-08T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
