"""heldout-public-198's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-198/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list, and for sources that name no GPU); hosts
(except nid002305 and cluster1-mgx-00011, printed by their sources), bus numbers and drivers are stand-ins
(no source prints a driver version; see each case's description). Eight-GPU cases use the module's default
bus numbers. No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never
points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'kops-2493-gpu-capacity-not-set-unreliable-gpu-detection-nvidia-modprobe-at-boot': Backdrop(
        'kops-aws-gpu-node',
        'A10',
        '375.66',
        '2017-05-08T11:30:00Z',
        '2017-05-08T12:10:00Z',
        pci=('1e',),
    ),
    'dradriver-289-imex-daemon-startup-fails-no-matching-network-interface-misconfiguration': Backdrop(
        'nickelpie-cd-node',
        'A10',
        '570.124.06',
        '2025-03-21T20:15:00Z',
        '2025-03-21T20:55:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'dradriver-1050-computedomain-stays-notready-concurrent-status-updates-lose-nodes': Backdrop(
        'cluster1-mgx-00011',
        'A10',
        '570.133.20',
        '2026-04-15T15:44:00Z',
        '2026-04-15T16:24:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'gpuoperator-2255-driver-daemonset-misscheduled-while-pods-healthy-podantiaffinity-benign': Backdrop(
        'gpuop-gpu-node-2',
        'A10',
        '570.172.08',
        '2026-04-01T11:30:00Z',
        '2026-04-01T12:10:00Z',
        pci=('01',),
    ),
    'huaweicloud-0111-multinode-training-suspended-gdr-only-on-some-nodes': Backdrop(
        'modelarts-job-worker-2',
        'A10',
        '470.57.02',
        '2024-06-01T11:30:00Z',
        '2024-06-01T12:10:00Z',
    ),
    'huaweicloud-0124-training-job-failed-sm80-not-supported-by-image-cuda': Backdrop(
        'modelarts-a100-worker',
        'A10',
        '470.57.02',
        '2024-06-15T11:30:00Z',
        '2024-06-15T12:10:00Z',
    ),
    'huaweicloud-0074-training-exit-code-137-memory-overflow': Backdrop(
        'modelarts-train-worker',
        'A10',
        '470.57.02',
        '2024-06-11T11:30:00Z',
        '2024-06-11T12:10:00Z',
    ),
    'skillssh-gkeai-nodestatusunknown-gpu-node-unresponsive-host-fatal-error': Backdrop(
        'gke-a3-gpu-node',
        'A10',
        '550.90.07',
        '2026-10-07T11:30:00Z',
        '2026-10-07T12:10:00Z',
    ),
    'petsc-7554-perlmutter-cuipcopenmemhandle-invalid-value-gpu-bind-none': Backdrop(
        'nid002305',
        'A10',
        '535.154.05',
        '2024-05-15T19:00:00Z',
        '2024-05-15T19:40:00Z',
        pci=('03', '41', '82', 'c1'),
    ),
    'nos-16-mps-to-mig-switch-device-plugin-crash-missing-configuration': Backdrop(
        'nos-gpu-node',
        'A10',
        '525.85.12',
        '2023-02-19T11:30:00Z',
        '2023-02-19T12:10:00Z',
        pci=('01',),
    ),
    'coreweave-sunk-drain-node-drained-by-hpc-verification-auto-recheck-benign': Backdrop(
        'sunk-gpu-node',
        'A10',
        '570.133.20',
        '2026-06-01T11:30:00Z',
        '2026-06-01T12:10:00Z',
    ),
    'coreweave-sunk-nccl-watchdog-timeout-most-often-storage-or-starved-dataloader': Backdrop(
        'sunk-train-node',
        'A10',
        '570.133.20',
        '2026-06-02T11:30:00Z',
        '2026-06-02T12:10:00Z',
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
