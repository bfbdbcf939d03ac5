"""heldout-public-156's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-156/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); hosts and bus numbers are stand-ins except
where a case's description says the source prints them, and so are the drivers no report names (see each case's
description). No case uses extra: no report quotes an exporter value as a metric sample. The backdrop never points
at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'gpuop-126-microk8s-driver-daemonset-fails-host-driver-already-installed': Backdrop(
        'microk8s-aws-gpu-node',
        'A10',
        '450.80.02',
        '2021-01-05T11:30:00Z',
        '2021-01-05T12:10:00Z',
        pci=('1e',),
    ),
    'gpuop-266-ocp-driver-container-nvidia-ko-rejected-unsigned-module': Backdrop(
        'ocp-4813-gpu-worker',
        'A10',
        '470.57.02',
        '2021-10-07T11:30:00Z',
        '2021-10-07T12:10:00Z',
        pci=('3b',),
    ),
    'gpuop-553-rhel8-selinux-enforcing-blocks-nvidia-modprobe-driver-container': Backdrop(
        'ipp1-0686',
        'A10',
        '535.54.03',
        '2023-07-17T11:30:00Z',
        '2023-07-17T12:10:00Z',
        pci=('17',),
    ),
    'dcgmexp-163-benign-missing-exporter-fields-not-available-from-driver': Backdrop(
        'dcgm-exporter-node-1',
        'A10',
        '525.105.17',
        '2023-06-01T11:30:00Z',
        '2023-06-01T12:10:00Z',
        pci=('01',),
    ),
    'dcgmexp-294-benign-rtx3090-no-profiling-metrics-geforce-hardware-limitation': Backdrop(
        'rtx3090-workstation',
        'A10',
        '550.54.14',
        '2024-03-19T11:30:00Z',
        '2024-03-19T12:10:00Z',
        pci=('01',),
    ),
    'dcgmexp-370-benign-dcp-metrics-absent-p40-unsupported-h800-default-config': Backdrop(
        'h800-node-1',
        'A10',
        '535.183.01',
        '2024-08-02T11:30:00Z',
        '2024-08-02T12:10:00Z',
        pci=('18',),
    ),
    'isaacsim-619-isaac-sim-51-gui-segfault-r595-driver-fixed-by-r580': Backdrop(
        'ubuntu-rtx5070ti-desktop',
        'A10',
        '595.71.05',
        '2026-06-14T11:30:00Z',
        '2026-06-14T12:10:00Z',
        pci=('01',),
    ),
    'isaaclab-5140-isaac-sim-gui-crash-rtx5070ti-driver-59579-works-on-59174': Backdrop(
        'win11-rtx5070ti-laptop',
        'A10',
        '595.79',
        '2026-04-01T11:30:00Z',
        '2026-04-01T12:10:00Z',
        pci=('01',),
    ),
    'isaaclab-6785-isaac-sim-standalone-segfault-rtx5090-after-auto-upgrade-to-59584': Backdrop(
        'rtx5090-isaaclab-ws',
        'A10',
        '595.84',
        '2026-07-29T11:30:00Z',
        '2026-07-29T12:10:00Z',
        pci=('01',),
    ),
    'oige-46-omniisaacgym-rl-device-cuda1-still-loads-gpu0-device-id-ignored': Backdrop(
        'omniisaacgym-2x4090',
        'A10',
        '530.30.02',
        '2023-05-05T11:30:00Z',
        '2023-05-05T12:10:00Z',
        pci=('01', '41'),
    ),
    'oige-27-physx-2gb-allocation-fails-on-6gb-gpu-hand-tasks-out-of-memory': Backdrop(
        'oige-6gb-laptop',
        'A10',
        '525.89.02',
        '2023-03-17T11:30:00Z',
        '2023-03-17T12:10:00Z',
        pci=('01',),
    ),
    'ige-225-isaacgym-illegal-memory-access-after-running-memory-grows-suspected-leak': Backdrop(
        'isaacgym-workstation',
        'A10',
        '535.183.01',
        '2024-07-16T11:30:00Z',
        '2024-07-16T12:10:00Z',
        pci=('01',),
    ),
    'isaaclab-5350-complex-scenes-exhaust-128g-host-ram-vram-idle-ram-bottleneck': Backdrop(
        'isaaclab-128g-ws',
        'A10',
        '580.126.09',
        '2026-04-22T11:30:00Z',
        '2026-04-22T12:10:00Z',
        pci=('01',),
    ),
    'isaaclab-4011-distributed-g1-training-nccl-illegal-memory-access-shm-ib-ring-workaround': Backdrop(
        'g1-5gpu-rtxpro6000',
        'A10',
        '580.105.08',
        '2026-03-26T11:30:00Z',
        '2026-03-26T12:10:00Z',
        pci=('01', '21', '41', '61', '81'),
    ),
    'megatron-4910-mfsdp-optimizer-checkpoint-save-hang-collective-mismatch-cpu-offload': Backdrop(
        'mfsdp-8gpu-node',
        'A10',
        '580.95.05',
        '2026-05-21T11:30:00Z',
        '2026-05-21T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'gpuop-423-eks-gpu-node-missing-nfd-pci-10de-label-no-operator-daemonsets': Backdrop(
        'eks-gpu-node-1',
        'A10',
        '515.65.01',
        '2022-10-20T11:30:00Z',
        '2022-10-20T12:10:00Z',
        pci=('1e',),
    ),
    'isaacsim-849-low-fps-rtx4090-xeon-silver-4314-single-thread-cpu-bound': Backdrop(
        'xeon4314-rtx4090',
        'A10',
        '580.95.05',
        '2026-09-22T11:30:00Z',
        '2026-09-22T12:10:00Z',
        pci=('01',),
    ),
    'isaacsim-638-low-fps-dual-rtx-pro-6000-xeon-max-9480-cpu-bound-tracy': Backdrop(
        'xeonmax9480-ws',
        'A10',
        '580.95.05',
        '2026-06-23T11:30:00Z',
        '2026-06-23T12:10:00Z',
        pci=('17', 'ca'),
    ),
    'ige-31-physx-internal-cuda-error-illegal-access-fixed-by-dof-velocity-input': Backdrop(
        'isaacgym-ws-1',
        'A10',
        '510.60.02',
        '2022-04-11T11:30:00Z',
        '2022-04-11T12:10:00Z',
        pci=('01',),
    ),
    'isaaclab-3117-deformable-tutorial-illegal-memory-access-multi-gpu-only': Backdrop(
        'multi-gpu-isaaclab',
        'A10',
        '575.64.03',
        '2025-08-07T11:30:00Z',
        '2025-08-07T12:10:00Z',
        pci=('01', '41'),
    ),
    'oige-91-franka-deformable-illegal-memory-access-lower-num-envs-suggested': Backdrop(
        'isaacsim-2023-ws',
        'A10',
        '535.113.01',
        '2023-10-27T11:30:00Z',
        '2023-10-27T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
