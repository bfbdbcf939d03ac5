"""heldout-public-373's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-373/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except marguerite, which the evidence prints), GPU counts, bus numbers and the driver (550.144.03, the same
for every case) are stand-ins, except the buses of ogkm-510 (01, 02, 03, 05, 08, 0a), which the evidence prints.
No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'vllm-1084-wsl-pin-memory-false-warning-slower-unavoidable-wsl-limitation-benign': Backdrop(
        'wsl-ws01',
        'A10',
        '550.144.03',
        '2023-09-18T11:30:00Z',
        '2023-09-18T12:10:00Z',
        pci=('01',),
    ),
    'freetoken-443-wsl2-perf-degrade-pinned-memory-cap-inherited-from-wddm-benign': Backdrop(
        'wsl-ws02',
        'A10',
        '550.144.03',
        '2026-09-11T11:30:00Z',
        '2026-09-11T12:10:00Z',
        pci=('01',),
    ),
    'ogkm-510-resizable-bar-on-5-of-6-gpus-platform-pcie-window-limit-benign': Backdrop(
        'rebar-ws01',
        'A10',
        '550.144.03',
        '2023-05-31T11:30:00Z',
        '2023-05-31T12:10:00Z',
        pci=('01', '02', '03', '05', '08', '0a',),
    ),
    'rebaruefi-77-tesla-m40-no-device-found-32gb-bar-exceeds-ivy-bridge-36-bit-addressing': Backdrop(
        'dell7010-01',
        'A10',
        '550.144.03',
        '2023-08-18T11:30:00Z',
        '2023-08-18T12:10:00Z',
        pci=('01',),
    ),
    'nvkernels-44-bars-not-assigned-behind-bf3-switch-pci-realloc-workaround-kernel-patch': Backdrop(
        'bf3-node01',
        'A10',
        '550.144.03',
        '2025-01-14T11:30:00Z',
        '2025-01-14T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'wsl-11888-wsl2-nvidia-smi-cannot-find-libnvidia-ml-broken-symlinks': Backdrop(
        'marguerite',
        'A10',
        '550.144.03',
        '2024-08-07T11:30:00Z',
        '2024-08-07T12:10:00Z',
        pci=('01',),
    ),
    'wvthoog-31-vgpu-installer-fails-on-proxmox-9-vgpu-17-too-old-for-pve-8-4': Backdrop(
        'pve9-01',
        'A10',
        '550.144.03',
        '2025-08-10T11:30:00Z',
        '2025-08-10T12:10:00Z',
        pci=('01',),
    ),
    'anomixer-29-tesla-p100-no-gpu-found-not-supported-by-vgpu-20-driver': Backdrop(
        'pve-p100',
        'A10',
        '550.144.03',
        '2026-09-09T11:30:00Z',
        '2026-09-09T12:10:00Z',
        pci=('01',),
    ),
    'oneclickgpupv-2-gpu-pv-dxgkrnl-dkms-build-fails-kernel-5-19-too-new': Backdrop(
        'gpupv-vm01',
        'A10',
        '550.144.03',
        '2023-04-20T11:30:00Z',
        '2023-04-20T12:10:00Z',
        pci=('01',),
    ),
    'staralt-4-gpu-pv-dxgkrnl-dkms-build-error-caused-by-gpadl-patch': Backdrop(
        'gpupv-vm02',
        'A10',
        '550.144.03',
        '2024-12-18T11:30:00Z',
        '2024-12-18T12:10:00Z',
        pci=('01',),
    ),
    'xenapi-3901-vgpu-types-with-old-nvidia-host-drivers-without-multi-vgpu': Backdrop(
        'xen-host01',
        'A10',
        '550.144.03',
        '2019-07-01T11:30:00Z',
        '2019-07-01T12:10:00Z',
        pci=('01',),
    ),
    'xcpng-337-xcp-ng-host-crashes-with-gpu-passthrough-fixed-by-gpumon-reinstated': Backdrop(
        'xcpng-host01',
        'A10',
        '550.144.03',
        '2020-04-07T11:30:00Z',
        '2020-04-07T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
