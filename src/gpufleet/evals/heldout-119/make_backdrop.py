"""heldout-public-119's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-119/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); hosts, bus numbers and drivers are
stand-ins (see each case's description). No case uses extra: no source quotes an exporter value as a metric
sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    '28gpu-incidents-0317-hpe-proliant-acpi-error-spam-and-yellow-console-old-kernel-firmware-mismatch-benign': Backdrop(
        'hpe-proliant-cheetah-app',
        'A10',
        '470.256.02',
        '2026-03-17T11:30:00Z',
        '2026-03-17T12:10:00Z',
        pci=('01',),
    ),
    'platform9-580-vgpu-guest-driver-bsod-on-domain-joined-windows-vm-group-policy-blocks-nvlddmkm': Backdrop(
        'pcd-win11-vgpu-vm',
        'A10',
        '580.88',
        '2025-11-03T11:30:00Z',
        '2025-11-03T12:10:00Z',
        pci=('01',),
    ),
    'stephenwagner-20220904-esxi-vm-devicepoweron-failed-gpu-16gb-plus-mmio-mapping': Backdrop(
        'esxi-host-vgpu-16g',
        'A10',
        '510.85.02',
        '2022-09-04T11:30:00Z',
        '2022-09-04T12:10:00Z',
        pci=('01',),
    ),
    'broadcom-394974-esxi-psod-iommu-fault-xid32-hopper-ada-vgpu-driver-bug-fixed-in-16-10': Backdrop(
        'esxi-host-hopper-vgpu',
        'A10',
        '535.230.02',
        '2025-06-02T11:30:00Z',
        '2025-06-02T12:10:00Z',
        pci=('01',),
    ),
    'broadcom-399748-esxi-psod-nmi-apeihest-fatal-aer-uncorrectable-error-failing-pcie-device': Backdrop(
        'esxi-host-gpu-pcie',
        'A10',
        '550.144.03',
        '2025-07-01T11:30:00Z',
        '2025-07-01T12:10:00Z',
        pci=('01',),
    ),
    'broadcom-318047-xorg-not-starting-on-esxi-vgpu-host-not-required-since-7-0u1-benign': Backdrop(
        'esxi-host-vgpu-xorg',
        'A10',
        '450.89',
        '2020-11-02T11:30:00Z',
        '2020-11-02T12:10:00Z',
        pci=('01',),
    ),
    'cloud-atlas-276-dl360-gen9-tesla-p10-post-option-card-mmio-error-large-bar-disabled-in-rbsu': Backdrop(
        'hpe-dl360-gen9-p10',
        'A10',
        '470.82.01',
        '2021-11-03T11:30:00Z',
        '2021-11-03T12:10:00Z',
        pci=('01',),
    ),
    'cloud-atlas-5820-dell-t5820-tesla-a2-no-post-first-gen-mainboard-large-bar-defect-fixed-by-gen2-board': Backdrop(
        'dell-t5820-tesla-a2',
        'A10',
        '580.95.05',
        '2026-02-02T11:30:00Z',
        '2026-02-02T12:10:00Z',
        pci=('01',),
    ),
    'pronto-user-docs-1-cuda-no-kernel-image-available-old-container-or-venv-pytorch': Backdrop(
        'pronto-gpu-node',
        'A10',
        '515.65.01',
        '2022-08-30T11:30:00Z',
        '2022-08-30T12:10:00Z',
        pci=('01',),
    ),
    'openai-status-01jmyb74-gpu-nodes-fail-to-rejoin-kubernetes-gpu-diagnostics-command-timeout': Backdrop(
        'k8s-gpu-node-a',
        'A10',
        '550.127.05',
        '2025-02-25T11:30:00Z',
        '2025-02-25T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'openai-status-tljwlz08w539-gpu-cluster-workloads-lose-network-cni-config-change-incompatible-hardware': Backdrop(
        'gpu-cluster-node-a',
        'A10',
        '525.60.13',
        '2023-01-26T00:23:00Z',
        '2023-01-26T01:03:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'broadcom-435335-vm-not-utilizing-attached-nvidia-gpu-guest-software-stack-not-hypervisor': Backdrop(
        'esxi-guest-vm-gpu',
        'A10',
        '580.95.05',
        '2026-01-12T11:30:00Z',
        '2026-01-12T12:10:00Z',
        pci=('01',),
    ),
    'proxmox-vgpu-installer-p4-tesla-p4-shows-p40-or-no-vgpu-profiles-pascal-dropped-from-v17-vgpuconfig': Backdrop(
        'proxmox-tesla-p4-vgpu',
        'A10',
        '550.127.06',
        '2025-11-28T11:30:00Z',
        '2025-11-28T12:10:00Z',
        pci=('01',),
    ),
    'otc-cce-0521-ubuntu-kernel-5-15-0-113-needs-gpu-addon-driver-535-161-08-or-later': Backdrop(
        'cce-ubuntu-gpu-node',
        'A10',
        '535.104.05',
        '2024-07-15T11:30:00Z',
        '2024-07-15T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
