"""heldout-public-349's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-349/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except banshee and lenovo-z50, which the evidence prints or names), bus numbers (01, except bus 03 of bbswitch-98
as its kernel lines print it) and the driver (550.144.03, the same for every case) are stand-ins.
No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    't2re-1199-esxi-gpu-passthrough-vm-devicepoweron-fails-needs-pcipassthru-use64bitmmio': Backdrop(
        'esxi-gpu-vm01',
        'A10',
        '550.144.03',
        '2025-01-15T11:30:00Z',
        '2025-01-15T12:10:00Z',
        pci=('01',),
    ),
    'rhel-98247-win11-vm-nvidia-vgpu-pgpu-code-43-on-amd-hosts-qemu-relocates-memory-past-ht-hole': Backdrop(
        'rhel-kvm-amd01',
        'A10',
        '550.144.03',
        '2025-01-15T11:30:00Z',
        '2025-01-15T12:10:00Z',
        pci=('01',),
    ),
    'nvdocker-1163-debian-container-nvidia-smi-cannot-find-libnvidia-ml-ldconfig-path-in-config-toml': Backdrop(
        'banshee',
        'A10',
        '550.144.03',
        '2020-01-05T11:30:00Z',
        '2020-01-05T12:10:00Z',
        pci=('01',),
    ),
    'nvcr-68-nvidia-container-runtime-3-0-0-rpm-missing-runtime-hook-broken-package-release-fixed': Backdrop(
        'centos7-gpu01',
        'A10',
        '550.144.03',
        '2019-07-23T11:30:00Z',
        '2019-07-23T12:10:00Z',
        pci=('01',),
    ),
    'vgpuunlock-51-vgpu-guest-cuda-driver-version-insufficient-cuda-toolkit-vs-vgpu-release-hedged': Backdrop(
        'kvm-vgpu-vm01',
        'A10',
        '550.144.03',
        '2021-05-17T11:30:00Z',
        '2021-05-17T12:10:00Z',
        pci=('01',),
    ),
    'vendorreset-76-rtx3060ti-passthrough-not-reset-after-vm-shutdown-d3cold-to-d0-hedged': Backdrop(
        'pve-host01',
        'A10',
        '550.144.03',
        '2024-01-22T11:30:00Z',
        '2024-01-22T12:10:00Z',
        pci=('01',),
    ),
    'lxd-4539-lxd-built-from-source-nvidia-runtime-true-fails-nvidia-lxc-hook-not-found': Backdrop(
        'lxd-host01',
        'A10',
        '550.144.03',
        '2018-05-06T11:30:00Z',
        '2018-05-06T12:10:00Z',
        pci=('01',),
    ),
    'agxi-190331-jetson-agx-industrial-not-booting-at-minus-25c-custom-carrier-board-hedged': Backdrop(
        'agxi-carrier01',
        'A10',
        '550.144.03',
        '2025-01-15T11:30:00Z',
        '2025-01-15T12:10:00Z',
        pci=('01',),
    ),
    'nano-173536-jetson-nano-no-boot-after-pulling-barrel-power-unclean-power-off-corrupts-storage': Backdrop(
        'nano-devkit01',
        'A10',
        '550.144.03',
        '2025-01-15T11:30:00Z',
        '2025-01-15T12:10:00Z',
        pci=('01',),
    ),
    'nano-254174-jetson-nano-no-boot-flash-fails-cboot-crc8-mismatch-eeprom-corrupted-hedged': Backdrop(
        'nano-b01',
        'A10',
        '550.144.03',
        '2025-01-15T11:30:00Z',
        '2025-01-15T12:10:00Z',
        pci=('01',),
    ),
    'bbswitch-98-acpi-dsm-argument-4-type-mismatch-warning-while-dgpu-powers-down-fine-benign': Backdrop(
        'lenovo-z50',
        'A10',
        '550.144.03',
        '2014-10-11T11:30:00Z',
        '2014-10-11T12:10:00Z',
        pci=('03',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
