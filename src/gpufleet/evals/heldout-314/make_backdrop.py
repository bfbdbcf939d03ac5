"""heldout-public-314's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-314/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except vm-gpu2-1-ad3-0001 and gpu-1-0, which the evidence prints), bus numbers (01..N in index order) and the
driver (550.144.03, the same for every case) are stand-ins. No case uses extra: no source quotes an exporter value
as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'citc-terraform-53-gpu-partition-no-nodes-up-jobs-pending-cloud-backend-500-errors': Backdrop(
        'vm-gpu2-1-ad3-0001',
        'A10',
        '550.144.03',
        '2019-11-20T11:30:00Z',
        '2019-11-20T12:10:00Z',
        pci=('01',),
    ),
    'tgi-1330-gke-gpu-pods-start-before-driver-libraries-installer-race': Backdrop(
        'gke-gpu-node',
        'A10',
        '550.144.03',
        '2023-12-27T11:30:00Z',
        '2023-12-27T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'skypilot-3436-docker-runtime-nvml-unknown-error-gpus-detached-from-container': Backdrop(
        'sky-bug-head',
        'A10',
        '550.144.03',
        '2024-04-11T01:06:24Z',
        '2024-04-11T01:46:24Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'missionlz-1193-azure-a10-vms-gpu-unusable-latest-driver-extension-downgrade-538-46': Backdrop(
        'avd-a10-vm01',
        'A10',
        '550.144.03',
        '2025-05-19T11:30:00Z',
        '2025-05-19T12:10:00Z',
        pci=('01',),
    ),
    'k8s-website-4850-after-cluster-reboot-nvml-and-nvidia-uvm-not-loaded-plugin-not-autostarted': Backdrop(
        'k8s-gpu-node',
        'A10',
        '550.144.03',
        '2017-08-14T11:30:00Z',
        '2017-08-14T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'gpustack-60-dashboard-shows-zero-gpu-utilization-with-multiple-workers-dashboard-bug-benign': Backdrop(
        'gpustack-worker',
        'A10',
        '550.144.03',
        '2024-07-17T11:30:00Z',
        '2024-07-17T12:10:00Z',
        pci=('01', '02',),
    ),
    'gpu-operator-415-k3s-cuda-driver-insufficient-containerd-v1-config-needs-legacy-flag': Backdrop(
        'k3s-gpu-node',
        'A10',
        '550.144.03',
        '2022-10-24T11:30:00Z',
        '2022-10-24T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'slinky-containers-2-pyxis-container-in-container-nvidia-ldcache-error-gpu-access': Backdrop(
        'gpu-1-0',
        'A10',
        '550.144.03',
        '2025-07-18T14:36:29Z',
        '2025-07-18T15:16:29Z',
        pci=('01', '02', '03', '04',),
    ),
    'eksctl-934-gpu-instances-launched-unready-ami-id-not-eks-optimized-gpu-ami': Backdrop(
        'eks-gpu-node',
        'A10',
        '550.144.03',
        '2019-06-25T11:30:00Z',
        '2019-06-25T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'eksctl-3446-gpu-nodes-fail-to-join-v20210302-gpu-ami-rolled-back': Backdrop(
        'eks-gpu-node',
        'A10',
        '550.144.03',
        '2021-03-18T11:30:00Z',
        '2021-03-18T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'kubernetes-44727-node-advertises-no-gpu-driver-not-working-gpumanager-start-failed': Backdrop(
        'k8s-gpu-node',
        'A10',
        '550.144.03',
        '2017-04-20T11:30:00Z',
        '2017-04-20T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'tkestack-gpu-manager-131-each-card-shows-104m-less-schedulable-memory-driver-reserved-benign': Backdrop(
        'tke-gpu-node',
        'A10',
        '550.144.03',
        '2021-11-25T11:30:00Z',
        '2021-11-25T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'hami-1196-container-memory-usage-differs-from-driver-hami-counts-only-cumalloc-benign': Backdrop(
        'hami-gpu-node',
        'A10',
        '550.144.03',
        '2025-07-12T11:30:00Z',
        '2025-07-12T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'z2jh-994-gke-gpu-pool-user-pods-unschedulable-pods-must-request-gpu-to-get-taint-toleration': Backdrop(
        'testgpu-gpu-pool-node',
        'A10',
        '550.144.03',
        '2019-06-13T11:30:00Z',
        '2019-06-13T12:10:00Z',
        pci=('01', '02',),
    ),
    'autoscaler-1949-gpu-scale-out-adds-extra-node-device-plugin-delay-missing-gpu-label': Backdrop(
        'eks-gpu-ng-node1',
        'A10',
        '550.144.03',
        '2019-04-23T11:30:00Z',
        '2019-04-23T12:10:00Z',
        pci=('01',),
    ),
    'hyperloom-1572-cancelled-slurm-job-leaves-orphaned-container-holding-gpu-memory': Backdrop(
        'hyperloom-gpu-node',
        'A10',
        '550.144.03',
        '2026-09-18T11:30:00Z',
        '2026-09-18T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'nemo-rl-3592-sigkilled-shard-leaves-orphan-engine-holding-115-gib-on-gb200': Backdrop(
        'gb200-node',
        'A10',
        '550.144.03',
        '2026-09-08T11:30:00Z',
        '2026-09-08T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
