"""heldout-public-103's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-103/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list; the SKU list itself was not read); hosts,
bus numbers and most drivers are stand-ins (see each case's description). No case uses extra: no report quotes an
exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'akash-support-192-bogus-allocatable-memory-inventory-operator-error-bounce-operator': Backdrop(
        'akash-node4',
        'A10',
        '535.104.05',
        '2024-03-16T11:30:00Z',
        '2024-03-16T12:10:00Z',
        pci=('01',),
    ),
    'aks-274-nodes-flip-notready-during-upgrade-by-design': Backdrop(
        'aks-gpu-nodepool-vm',
        'A10',
        '450.51.06',
        '2020-07-27T11:30:00Z',
        '2020-07-27T12:10:00Z',
        pci=('01',),
    ),
    'apptainer-846-nvidia-smi-fails-in-container-conflicting-nvidia-libs-in-ld-library-path': Backdrop(
        'hpc-apptainer-gpu-node',
        'A10',
        '515.65.01',
        '2022-10-31T11:30:00Z',
        '2022-10-31T12:10:00Z',
        pci=('01',),
    ),
    'aws-ofi-nccl-1020-nccl-test-fi-getinfo-failed-dev-infiniband-not-exposed-to-container': Backdrop(
        'p5-h100-node-a',
        'A10',
        '570.172.08',
        '2025-10-17T11:30:00Z',
        '2025-10-17T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'aws-parallelcluster-cookbook-421-nodes-drained-unkillable-step-timeout-under-load': Backdrop(
        'pcluster-compute-node',
        'A10',
        '418.87.01',
        '2019-11-06T11:30:00Z',
        '2019-11-06T12:10:00Z',
        pci=('01',),
    ),
    'azure-docs-111536-nvidia-smi-cannot-talk-to-driver-secure-boot-mok-not-enrolled': Backdrop(
        'azure-nvads-vm',
        'A10',
        '535.161.07',
        '2024-04-17T11:30:00Z',
        '2024-04-17T12:10:00Z',
        pci=('01',),
    ),
    'cluster-toolkit-4601-nodes-drain-after-cancel-unkillable-step-timeout-breached': Backdrop(
        'h4d-slurm-node',
        'A10',
        '570.172.08',
        '2025-09-02T11:30:00Z',
        '2025-09-02T12:10:00Z',
        pci=('01',),
    ),
    'cscs-docs-216-gh200-gpu-oom-known-issue-driver-r550-reduces-available-memory': Backdrop(
        'cscs-gh200-node',
        'A10',
        '550.54.15',
        '2025-08-12T11:30:00Z',
        '2025-08-12T12:10:00Z',
        pci=('01', '41', '81', 'c1'),
    ),
    'eks-node-monitoring-agent-39-dcgm-health-codes-fatal-node-never-repaired': Backdrop(
        'eks-gpu-node-a',
        'A10',
        '570.172.08',
        '2026-02-02T11:30:00Z',
        '2026-02-02T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'flux-core-3154-jobs-without-gpu-request-run-on-gpus-cuda-visible-devices-unset': Backdrop(
        'flux-gpu-node',
        'A10',
        '450.51.06',
        '2020-08-20T11:30:00Z',
        '2020-08-20T12:10:00Z',
        pci=('01',),
    ),
    'gpushare-scheduler-extender-59-insufficient-gpu-mem-scheduler-config-not-taken-effect': Backdrop(
        'k8s-gpushare-node',
        'A10',
        '418.67',
        '2019-10-15T11:30:00Z',
        '2019-10-15T12:10:00Z',
        pci=('01',),
    ),
    'karpenter-provider-aws-1459-gpu-pod-outofnvidia-gpu-scheduled-before-device-plugin-registers': Backdrop(
        'eks-gpu-karpenter-riva',
        'A10',
        '470.57.02',
        '2022-03-03T11:30:00Z',
        '2022-03-03T12:10:00Z',
        pci=('01',),
    ),
    'kubeflow-arena-103-node-gpu-exporter-down-memory-limit-too-small': Backdrop(
        'k8s-arena-gpu-node',
        'A10',
        '410.79',
        '2019-01-14T11:30:00Z',
        '2019-01-14T12:10:00Z',
        pci=('01',),
    ),
    'kubernetes-77088-gpu-device-plugin-misses-gpus-installed-after-plugin-start': Backdrop(
        'gke-gpu-pool-node',
        'A10',
        '410.79',
        '2019-04-25T11:30:00Z',
        '2019-04-25T12:10:00Z',
        pci=('3b', 'd8'),
    ),
    'njit-wulver-maintenance-jobs-pending-reqnodenotavail-reserved-for-maintenance': Backdrop(
        'wulver-gpu-node',
        'A10',
        '550.54.15',
        '2025-06-10T11:30:00Z',
        '2025-06-10T12:10:00Z',
        pci=('01', '41', '81', 'c1'),
    ),
    'openpai-2050-nvidia-smi-stuck-in-d-state-node-marked-unhealthy': Backdrop(
        'openpai-gpu-worker',
        'A10',
        '396.54',
        '2019-01-22T11:30:00Z',
        '2019-01-22T12:10:00Z',
        pci=('01', '41', '81', 'c1'),
    ),
    'openpbs-1167-cuda-visible-devices-indices-not-stable-use-uuid': Backdrop(
        'pbs-gpu-node',
        'A10',
        '418.67',
        '2019-06-17T11:30:00Z',
        '2019-06-17T12:10:00Z',
        pci=('01', '41', '81', 'c1'),
    ),
    'radical-pilot-1962-task-scheduled-on-gpu1-but-cuda-visible-devices-0': Backdrop(
        'hpc-gpu046-sa',
        'A10',
        '418.67',
        '2019-09-13T11:30:00Z',
        '2019-09-13T12:10:00Z',
        pci=('3b', 'd8'),
    ),
    'robertslab-2199-klone-jobs-pending-reserved-for-maintenance-maintenance-day': Backdrop(
        'klone-node',
        'A10',
        '550.54.15',
        '2025-05-13T11:30:00Z',
        '2025-05-13T12:10:00Z',
        pci=('01',),
    ),
    'slinky-slurm-operator-13-gpu-nodes-invalid-missing-gres-conf-configmap': Backdrop(
        'slinky-slurmd-gpu-0',
        'A10',
        '570.133.20',
        '2025-05-26T11:30:00Z',
        '2025-05-26T12:10:00Z',
        pci=('01',),
    ),
    'slinky-slurm-operator-191-slurmd-registers-gres-null-nodeset-line-lacks-gres': Backdrop(
        'slinky-slurmd-h100-0',
        'A10',
        '570.172.08',
        '2026-05-07T11:30:00Z',
        '2026-05-07T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'slurm-gcp-129-nvidia-kernel-module-build-fails-after-debian-11-kernel-update': Backdrop(
        'slurm-gcp-debian11-image',
        'A10',
        '550.54.15',
        '2024-05-15T11:30:00Z',
        '2024-05-15T12:10:00Z',
        pci=('01',),
    ),
    'soperator-1711-ib-link-health-check-false-failure-supermicro-b200-nodes-drained': Backdrop(
        'supermicro-b200-node',
        'A10',
        '570.172.08',
        '2025-10-30T11:30:00Z',
        '2025-10-30T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'sriov-network-device-plugin-126-device-discovery-fails-pci-ids-download-x509-in-container': Backdrop(
        'k8s-sriov-gpu-node',
        'A10',
        '418.67',
        '2019-05-07T11:30:00Z',
        '2019-05-07T12:10:00Z',
        pci=('01',),
    ),
    'torc-208-gpu-jobs-all-land-on-gpu0-without-srun': Backdrop(
        'torc-gpu-node',
        'A10',
        '570.172.08',
        '2026-03-14T11:30:00Z',
        '2026-03-14T12:10:00Z',
        pci=('01', '41', '81', 'c1'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
