"""heldout-public-338's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-338/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except bootstrap-e2e-minion-group-lkqm, which the evidence prints), GPU counts, bus numbers (01..N in index
order) and the driver (550.144.03, the same for every case) are stand-ins. No case uses extra: no source quotes an
exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops


def _pci(n: int) -> tuple[str, ...]:
    return tuple(f"{i:02d}" for i in range(1, n + 1))


INCIDENTS: dict[str, Backdrop] = {
    'hami-913-nvidia-smi-hangs-at-hami-core-initializing-driver-570-cuda-12-8-not-yet-supported-upgrade-hami-image': Backdrop(
        'hami-gpu-node01',
        'A10',
        '550.144.03',
        '2025-03-04T11:30:00Z',
        '2025-03-04T12:10:00Z',
        pci=_pci(8),
    ),
    'hami-812-gpu-pods-stay-pending-after-node-reboot-hami-scheduler-and-webhook-need-replicas-and-failurepolicy-fail': Backdrop(
        'hami-gpu-node02',
        'A10',
        '550.144.03',
        '2025-01-15T11:30:00Z',
        '2025-01-15T12:10:00Z',
        pci=_pci(8),
    ),
    'hami-871-hami-device-plugin-daemonset-0-of-0-gpu-node-missing-gpu-on-label': Backdrop(
        'hami-gpu-node03',
        'A10',
        '550.144.03',
        '2025-02-15T11:30:00Z',
        '2025-02-15T12:10:00Z',
        pci=_pci(8),
    ),
    'eksctl-8550-al2023-ami-drops-device-plugin-gpu-taint-toleration-daemonset-not-scheduled-on-gpu-nodes': Backdrop(
        'ip-10-0-0-10',
        'A10',
        '550.144.03',
        '2025-10-23T11:30:00Z',
        '2025-10-23T12:10:00Z',
        pci=_pci(8),
    ),
    'gpushare-36-gpushare-scheduler-extender-pod-not-scheduled-node-label-or-missing-device-plugin': Backdrop(
        'k8s-master01',
        'A10',
        '550.144.03',
        '2019-06-07T11:30:00Z',
        '2019-06-07T12:10:00Z',
        pci=_pci(1),
    ),
    'synapse-199-slurm-training-job-sees-no-gpu-on-compute-node-job-did-not-request-a-gpu': Backdrop(
        'synapse-compute01',
        'A10',
        '550.144.03',
        '2025-07-18T11:30:00Z',
        '2025-07-18T12:10:00Z',
        pci=_pci(4),
    ),
    'swarmui-388-k8s-pod-gpu-not-detected-mig-a100-utilization-n-a-breaks-nvidia-smi-parsing': Backdrop(
        'k8s-mig-node01',
        'A10',
        '550.144.03',
        '2024-06-13T11:30:00Z',
        '2024-06-13T12:10:00Z',
        pci=_pci(8),
    ),
    'k8s-49839-gpu-e2e-pods-unschedulable-after-scheduler-change-48846-installer-cpu-message-red-herring': Backdrop(
        'bootstrap-e2e-minion-group-lkqm',
        'A10',
        '550.144.03',
        '2017-07-29T11:30:00Z',
        '2017-07-29T12:10:00Z',
        pci=_pci(1),
    ),
    'oodcore-870-open-ondemand-shows-no-gpu-use-for-slurm-jobs-squeue-percent-b-tres-per-node-na': Backdrop(
        'ascend-gpu01',
        'A10',
        '550.144.03',
        '2025-02-18T11:30:00Z',
        '2025-02-18T12:10:00Z',
        pci=_pci(4),
    ),
    'pai-4326-openpai-dashboard-utilization-is-node-usage-not-gpu-utilization': Backdrop(
        'pai-worker01',
        'A10',
        '550.144.03',
        '2020-03-25T11:30:00Z',
        '2020-03-25T12:10:00Z',
        pci=_pci(4),
    ),
    'hq-425-hyperqueue-autodetects-all-node-gpus-not-the-slurm-allocated-subset': Backdrop(
        'hq-gpu-node01',
        'A10',
        '550.144.03',
        '2022-05-24T11:30:00Z',
        '2022-05-24T12:10:00Z',
        pci=_pci(4),
    ),
    'nvdocker-137-ec2-gpu-instance-loses-nvidia-driver-after-restart-kernel-change-loads-nouveau': Backdrop(
        'aws01',
        'A10',
        '550.144.03',
        '2016-08-01T11:30:00Z',
        '2016-08-01T12:10:00Z',
        pci=_pci(1),
    ),
    'ca-461-cluster-autoscaler-over-scales-gpu-nodes-ready-before-device-plugin-advertises-gpus': Backdrop(
        'gke-gpu-pool-node01',
        'A10',
        '550.144.03',
        '2017-11-10T11:30:00Z',
        '2017-11-10T12:10:00Z',
        pci=_pci(1),
    ),
    'alignn-93-slurm-gpu-training-job-killed-by-cgroup-oom-during-dataloader-setup-lower-batch-size': Backdrop(
        'hpc-gpu-node01',
        'A10',
        '550.144.03',
        '2023-03-21T11:30:00Z',
        '2023-03-21T12:10:00Z',
        pci=_pci(1),
    ),
    'nvs-1423-dcgm-connectivity-error-on-new-gpu-nodes-while-gpu-operator-operands-install-benign': Backdrop(
        'gpu-node-new01',
        'A10',
        '550.144.03',
        '2026-06-25T11:30:00Z',
        '2026-06-25T12:10:00Z',
        pci=_pci(8),
    ),
    'migparted-19-k8s-node-unavailable-while-mig-manager-stops-kubelet-for-mig-mode-change-expected': Backdrop(
        'k8s-mig-node02',
        'A10',
        '550.144.03',
        '2023-05-12T11:30:00Z',
        '2023-05-12T12:10:00Z',
        pci=_pci(8),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
