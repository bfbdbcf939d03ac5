"""heldout-public-398's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-398/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (none is printed by the evidence), GPU counts (1 each: no source names a count), bus numbers (01) and the
driver (550.144.03, the same for every case) are stand-ins. No case uses extra: no source quotes an exporter value
as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'agentbaker-3124-mariner-aks-gpu-nodes-get-cuda-rpm-not-matching-active-kernel-release': Backdrop(
        'aks-mariner-gpu-0',
        'A10',
        '550.144.03',
        '2023-04-27T11:30:00Z',
        '2023-04-27T12:10:00Z',
        pci=('01',),
    ),
    'aurora-1895-image-update-driver-595-nvidia-uvm-oops-apps-hang-uninterruptibly-fixed-by-rollback': Backdrop(
        'kestrel-host',
        'A10',
        '550.144.03',
        '2026-03-14T11:30:00Z',
        '2026-03-14T12:10:00Z',
        pci=('01',),
    ),
    'flatcar-376-flatcar-2765-2-2-kernel-5-10-nvidia-ko-not-built-missing-lds-file-in-kernel-sources': Backdrop(
        'flatcar-gpu-0',
        'A10',
        '550.144.03',
        '2021-03-31T11:30:00Z',
        '2021-03-31T12:10:00Z',
        pci=('01',),
    ),
    'clearlinux-1968-gcc-10-1-update-kernel-still-built-with-gcc-9-nvidia-driver-cannot-install': Backdrop(
        'clr-gpu-0',
        'A10',
        '550.144.03',
        '2020-05-14T11:30:00Z',
        '2020-05-14T12:10:00Z',
        pci=('01',),
    ),
    'clearlinux-2690-swupd-update-restores-modules-dep-drops-nvidia-symbols-depmod-fixes': Backdrop(
        'clr-gpu-1',
        'A10',
        '550.144.03',
        '2022-07-31T11:30:00Z',
        '2022-07-31T12:10:00Z',
        pci=('01',),
    ),
    'gentoo-843827-nvidia-drivers-kernel-open-fails-to-build-without-mmu-notifier-kernel-config': Backdrop(
        'gentoo-gpu-0',
        'A10',
        '550.144.03',
        '2022-05-12T11:30:00Z',
        '2022-05-12T12:10:00Z',
        pci=('01',),
    ),
    'gentoo-617650-nvidia-ko-build-fails-gpl-only-symbol-kmemcheck-enabled-in-kernel-config': Backdrop(
        'gentoo-gpu-1',
        'A10',
        '550.144.03',
        '2017-05-01T11:30:00Z',
        '2017-05-01T12:10:00Z',
        pci=('01',),
    ),
    'clearlinux-2792-benign-dkms-false-positive-error-module-version-already-present-since-dkms-3-0-9': Backdrop(
        'clr-gpu-2',
        'A10',
        '550.144.03',
        '2022-12-21T11:30:00Z',
        '2022-12-21T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
