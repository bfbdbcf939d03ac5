"""heldout-public-245's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-245/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts, bus numbers and the driver (550.144.03, the same for every case) are stand-ins, except the bus 01 that
complete-single-gpu-passthrough-52's scripts print. No case uses extra: no source quotes an exporter value as a
metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'megalodon-275-guppy-cuda-error-no-device-on-mig-a100-interactive-session-had-no-mig-gpu': Backdrop(
        'mig-a100-node',
        'A10',
        '550.144.03',
        '2022-04-19T11:30:00Z',
        '2022-04-19T12:10:00Z',
        pci=('01',),
    ),
    'complete-single-gpu-passthrough-52-gpu-lost-after-suspend-cannot-rebind-caused-by-pcie-aspm-off-kernel-param': Backdrop(
        'single-gpu-passthrough-desktop',
        'A10',
        '550.144.03',
        '2025-06-21T11:30:00Z',
        '2025-06-21T12:10:00Z',
        pci=('01',),
    ),
    'open-gpu-kernel-modules-1228-egpu-rtx5090-gsp-failures-xid79-after-idle-fixed-by-disabling-d3cold': Backdrop(
        'egpu-flow-z13',
        'A10',
        '550.144.03',
        '2026-07-25T11:30:00Z',
        '2026-07-25T12:10:00Z',
        pci=('01',),
    ),
    'xgboost-12217-a40-48c-vgpu-profile-refuses-cuda-vmm-allocation-cuda-error-not-supported': Backdrop(
        'a40-48c-vgpu-guest',
        'A10',
        '550.144.03',
        '2026-05-18T11:30:00Z',
        '2026-05-18T12:10:00Z',
        pci=('01',),
    ),
    'hand-detection-tutorial-23-jetson-nano-training-exhausts-shared-4gb-ram-and-swap-gpu-cannot-use-swap': Backdrop(
        'jetson-nano-devkit',
        'A10',
        '550.144.03',
        '2020-01-02T11:30:00Z',
        '2020-01-02T12:10:00Z',
        pci=('01',),
    ),
    'btop-891-jetson-gpu-panel-empty-nvml-not-available-on-jetson-benign': Backdrop(
        'jetson-btop-host',
        'A10',
        '550.144.03',
        '2024-07-05T11:30:00Z',
        '2024-07-05T12:10:00Z',
        pci=('01',),
    ),
    'jetson-exporter-14-orin-gpu-utilization-unavailable-tegrastats-gpu-minus-256c-sentinel-benign': Backdrop(
        'jetson-agx-orin-64gb',
        'A10',
        '550.144.03',
        '2025-04-11T10:06:00Z',
        '2025-04-11T10:46:00Z',
        pci=('01',),
    ),
    'lidar-ai-solution-68-orin-inference-slower-than-published-device-not-in-stable-max-performance-mode': Backdrop(
        'jetson-orin-devkit',
        'A10',
        '550.144.03',
        '2023-06-04T11:30:00Z',
        '2023-06-04T12:10:00Z',
        pci=('01',),
    ),
    'nvidia-fedora-guide-6-secure-boot-blocks-nvidia-kernel-module-nvidia-smi-works-with-secure-boot-off': Backdrop(
        'fedora-laptop-dgpu',
        'A10',
        '550.144.03',
        '2025-11-01T11:30:00Z',
        '2025-11-01T12:10:00Z',
        pci=('01',),
    ),
    'virtualbox-67-vmwgfx-failed-to-send-host-log-message-error-in-guest-is-harmless-benign': Backdrop(
        'debian12-vbox-guest',
        'A10',
        '550.144.03',
        '2025-07-05T11:30:00Z',
        '2025-07-05T12:10:00Z',
        pci=('01',),
    ),
    'vgpu-unlock-68-rtx2060s-vgpu-win10-vm-stuck-pfn-notice-is-normal-guest-driver-suspected': Backdrop(
        'pve-vgpu-unlock-host',
        'A10',
        '550.144.03',
        '2021-08-11T11:30:00Z',
        '2021-08-11T12:10:00Z',
        pci=('01',),
    ),
    'proxmox-vgpu-installer-19-quadro-p4000-vgpu-unlock-patch-incompatible-with-pve-kernel-7-downgrade-and-pin': Backdrop(
        'pve-p4000-host',
        'A10',
        '550.144.03',
        '2026-05-25T11:30:00Z',
        '2026-05-25T12:10:00Z',
        pci=('01',),
    ),
    'jetson-stats-350-agx-orin-gpu-temperature-minus-256c-when-idle-tegrastats-artifact-benign': Backdrop(
        'jetson-agx-orin',
        'A10',
        '550.144.03',
        '2023-01-30T11:30:00Z',
        '2023-01-30T12:10:00Z',
        pci=('01',),
    ),
    'gpu-driver-container-29-vgpu-17-2-sriov-manage-reports-success-while-vf-creation-fails-wait-before-enabling-vfs': Backdrop(
        'vgpu-manager-node',
        'A10',
        '550.144.03',
        '2024-05-21T11:30:00Z',
        '2024-05-21T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
