"""heldout-public-48's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-48/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
sku is one of the allowed SKUs; most are stand-ins (see each case's description). No case uses extra:
no report quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'unixse-535440-nvidia-modules-rejected-secure-boot-mok-enrollment-not-completed': Backdrop(
        'secureboot-desktop',
        'A10',
        '535.104.05',
        '2019-08-14T11:30:00Z',
        '2019-08-14T12:10:00Z',
        pci=('01',),
    ),
    'nithinaneesh-2025-08-nvidia-driver-fails-to-load-after-windows-reboot-unsigned-modules-secure-boot': Backdrop(
        'kde-neon-multiboot',
        'A10',
        '570.133.07',
        '2025-08-15T11:30:00Z',
        '2025-08-15T12:10:00Z',
        pci=('01',),
    ),
    'gitcode-ai-dynamo-vllm-error-803-h100-nvl-driver-570-133-20-cuda-12-8-downgrade-to-565': Backdrop(
        'dynamo-h100nvl',
        'H100',
        '570.133.20',
        '2025-06-17T11:30:00Z',
        '2025-06-17T12:10:00Z',
        pci=('17', '65'),
    ),
    'gitcode-torchtitan-container-dev-shm-16mb-nccl-shared-memory-segment-failure-8x-h100': Backdrop(
        'torchtitan-8xh100',
        'H100',
        '550.90.07',
        '2025-06-19T11:30:00Z',
        '2025-06-19T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'gitcode-rootless-podman-nvml-insufficient-permissions-device-files-0660-video-group': Backdrop(
        'rootless-podman-host',
        'A10',
        '550.54.15',
        '2025-06-15T11:30:00Z',
        '2025-06-15T12:10:00Z',
        pci=('01',),
    ),
    'gitcode-nvidia-container-toolkit-1-17-0-cdi-create-symlinks-hook-libglx-indirect-conflict': Backdrop(
        'cdi-container-host',
        'A10',
        '535.183.01',
        '2024-11-05T11:30:00Z',
        '2024-11-05T12:10:00Z',
        pci=('01',),
    ),
    'nvidia-vgpu-known-issue-3227576-gpu-operator-does-not-deploy-driver-container-pre-turing': Backdrop(
        'vgpu-k8s-worker',
        'V100',
        '580.65.06',
        '2026-02-10T11:30:00Z',
        '2026-02-10T12:10:00Z',
        pci=('3b',),
    ),
    'gitcode-gpu-operator-mig-stays-enabled-after-migmanager-disabled-mig-config-label-not-updated': Backdrop(
        'gpu-operator-a100-node',
        'A100',
        '550.90.07',
        '2025-07-04T11:30:00Z',
        '2025-07-04T12:10:00Z',
        pci=('07', '0f', '47', '4e', '87', '90', 'b7', 'bd'),
    ),
    'nvidia-dgx-gb300-release-notes-known-issue-cusolvermp-0-9-0-xid-31-then-xid-109': Backdrop(
        'gb300-tray-01',
        'GB200',
        '580.95.05',
        '2026-03-01T11:30:00Z',
        '2026-03-01T12:10:00Z',
        pci=('01', '02', '41', '42'),
    ),
    'bitbucket-upcxx-588-native-cuda-memory-kinds-crash-perlmutter-gpu-nodes-device-segment-free': Backdrop(
        'nid001234',
        'A100',
        '515.65.01',
        '2022-11-01T11:30:00Z',
        '2022-11-01T12:10:00Z',
        pci=('03', '41', '82', 'c1'),
    ),
    'ornl-gitlab-affinity-clip-mr3-torch-distributed-init-fails-on-ascent-h49n01-timing-issue': Backdrop(
        'h49n01',
        'V100',
        '450.80.02',
        '2022-03-01T11:30:00Z',
        '2022-03-01T12:10:00Z',
        pci=('04', '05', '06', '35', '36', '37'),
    ),
    'nvidia-cuest-troubleshooting-known-issue-nccl-2-29-7-multi-node-infiniband-hangs-pxn-disable': Backdrop(
        'ib-h100-node-01',
        'H100',
        '580.95.05',
        '2026-06-01T11:30:00Z',
        '2026-06-01T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'nvidia-cusolvermp-troubleshooting-known-issue-hangs-lazy-nccl-init-in-ucc': Backdrop(
        'cusolvermp-node-01',
        'A100',
        '550.90.07',
        '2025-01-15T11:30:00Z',
        '2025-01-15T12:10:00Z',
        pci=('07', '0f', '47', '4e', '87', '90', 'b7', 'bd'),
    ),
    'nvidia-ai-enterprise-vgpu-p2p-a100-nvlink-p2p-disabled-when-uvm-enabled-topo-shows-pix': Backdrop(
        'multi-vgpu-vm-a100',
        'A100',
        '580.95.05',
        '2026-05-01T11:30:00Z',
        '2026-05-01T12:10:00Z',
        pci=('07', '0f'),
    ),
    'nvidia-mlnx-ofed-5-2-2-2-0-known-issue-ib-link-stays-in-init-after-devlink-reload-needs-opensm': Backdrop(
        'ipoib-gpu-node-01',
        'A100',
        '460.73.01',
        '2021-03-01T11:30:00Z',
        '2021-03-01T12:10:00Z',
        pci=('07', '0f', '47', '4e', '87', '90', 'b7', 'bd'),
    ),
    'tomshardware-forum-gpu-in-x4-slot-runs-at-x1-z390-board-lane-sharing-bios-suspected': Backdrop(
        'z390-two-gpu-desktop',
        'A10',
        '436.48',
        '2019-10-15T11:30:00Z',
        '2019-10-15T12:10:00Z',
        pci=('01', '04'),
    ),
    'industrialmonitordirect-kb-b760-rtx-3080-not-detected-pcie5-slot-m2-lane-sharing': Backdrop(
        'b760-rtx3080-pc',
        'A10',
        '560.94',
        '2025-06-01T11:30:00Z',
        '2025-06-01T12:10:00Z',
        pci=('01',),
    ),
    'industrialmonitordirect-kb-ryzen-5800x-defective-pcie-root-complex-rtx-3070ti-frame-stalls-low-power': Backdrop(
        'r7-5800x-workstation',
        'A10',
        '560.94',
        '2025-06-02T11:30:00Z',
        '2025-06-02T12:10:00Z',
        pci=('2d',),
    ),
    'inkl-rtx-3060-ti-12vhpwr-connector-melts-asus-shipped-12-pin-cable-without-sense-pins': Backdrop(
        'rtx3060ti-megalodon-pc',
        'A10',
        '560.94',
        '2025-06-10T11:30:00Z',
        '2025-06-10T12:10:00Z',
        pci=('01',),
    ),
    'huggingface-celldetection-space-crash-zerogpu-moved-to-half-a100-mig-gpustats-incompatible': Backdrop(
        'zerogpu-worker',
        'A100',
        '550.54.15',
        '2024-05-20T11:30:00Z',
        '2024-05-20T12:10:00Z',
        pci=('07',),
    ),
    'nvidia-mps-docs-cuda-visible-devices-remapped-by-mps-server-client-with-0-2-errors': Backdrop(
        'mps-three-gpu-node',
        'V100',
        '450.80.02',
        '2020-06-01T11:30:00Z',
        '2020-06-01T12:10:00Z',
        pci=('04', '05', '06'),
    ),
    'pytorch-forums-ddp-2-nodes-3-procs-hangs-in-loss-backward-uneven-batches-per-rank-suggested': Backdrop(
        'ddp-node-a',
        'A10',
        '550.54.15',
        '2025-05-01T11:30:00Z',
        '2025-05-01T12:10:00Z',
        pci=('01', '02', '03'),
    ),
    'huggingface-hunyuan3d-2-space-runtime-error-zerogpu-client-internals-changed-quickfix': Backdrop(
        'zerogpu-space-host',
        'A100',
        '550.54.15',
        '2025-02-10T11:30:00Z',
        '2025-02-10T12:10:00Z',
        pci=('07',),
    ),
    'nvidia-nvml-known-issues-fb-memory-utilization-inaccurate-when-gpus-are-numa-nodes-benign': Backdrop(
        'grace-numa-gpu-node',
        'GB200',
        '590.44.01',
        '2026-01-12T11:30:00Z',
        '2026-01-12T12:10:00Z',
        pci=('01', '02', '41', '42'),
    ),
    'oxford-arc-scheduled-downtime-2019-01-17-maintenance-reservations-drain-jobs-benign': Backdrop(
        'arc-gpu-node-01',
        'V100',
        '410.79',
        '2019-01-17T08:30:00Z',
        '2019-01-17T09:10:00Z',
        pci=('18', '3b', '86', 'af'),
    ),
    'huggingface-zerogpu-explorers-104-errors-during-sept-2024-zerogpu-migration-degraded-benign': Backdrop(
        'zerogpu-migration-host',
        'A100',
        '550.54.15',
        '2024-08-30T11:30:00Z',
        '2024-08-30T12:10:00Z',
        pci=('07',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
