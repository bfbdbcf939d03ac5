"""heldout-public-123's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-123/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
GPUs outside the SKU list are shown as A10 (the stand-in); hosts, bus numbers and most drivers are
stand-ins (see each case's description). No case uses extra: no report quotes an exporter value as a metric
sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'kubernetes-81256-privileged-pod-sees-all-gpus-device-isolation-bypassed': Backdrop(
        'k8s-gpu-node-centos74',
        'A10',
        '418.67',
        '2019-08-10T11:30:00Z',
        '2019-08-10T12:10:00Z',
        pci=('01', '02'),
    ),
    'bottlerocket-3432-nvidia-char-devices-deleted-after-daemon-reload-nvidia-smi-fails-in-containers': Backdrop(
        'bottlerocket-nvidia-node',
        'A10',
        '535.54.03',
        '2023-09-08T11:30:00Z',
        '2023-09-08T12:10:00Z',
        pci=('01',),
    ),
    'sage-185-container-loses-gpu-nvml-unknown-error-container-config-suspected': Backdrop(
        'ride-lab-gpu-server',
        'A10',
        '570.124.06',
        '2025-07-14T11:30:00Z',
        '2025-07-14T12:10:00Z',
        pci=('01',),
    ),
    'skypilot-304-azure-a100-default-image-cuda-driver-mismatch-fixed-by-hpc-image': Backdrop(
        'azure-nd96asr-v4-a100',
        'A100',
        '470.82.01',
        '2022-02-12T11:30:00Z',
        '2022-02-12T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'nebari-1200-gke-gpu-node-nvidia-drivers-not-installed-hostpath-missing': Backdrop(
        'gke-gpu-node',
        'A10',
        '470.82.01',
        '2022-03-25T11:30:00Z',
        '2022-03-25T12:10:00Z',
        pci=('01',),
    ),
    'dspace-aws-153-eks-gpu-launch-template-driver-runfile-fails-ami-already-has-535': Backdrop(
        'eks-gpuexecnode',
        'A10',
        '535.161.08',
        '2024-07-12T11:30:00Z',
        '2024-07-12T12:10:00Z',
        pci=('01',),
    ),
    'azhpc-images-523-nd40v2-v100-open-kernel-modules-incompatible-nvidia-ko-fails-to-load': Backdrop(
        'azure-nd40rs-v2-build',
        'V100',
        '580.95.05',
        '2026-05-08T11:30:00Z',
        '2026-05-08T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'ray-35266-gcp-gpu-head-node-nvidia-smi-fails-during-setup-timeout-suspected': Backdrop(
        'gcp-ray-gpu-head',
        'A10',
        '525.105.17',
        '2023-05-11T11:30:00Z',
        '2023-05-11T12:10:00Z',
        pci=('01',),
    ),
    'azure-docs-11492-aks-1-10-nc6-no-gpu-capacity-device-plugin-bug': Backdrop(
        'aks-nc6-node',
        'A10',
        '396.37',
        '2018-07-10T11:30:00Z',
        '2018-07-10T12:10:00Z',
        pci=('01',),
    ),
    'perfkitbenchmarker-6795-aks-automatic-device-plugin-blocked-by-admission-policy-no-gpu-capacity': Backdrop(
        'aks-automatic-gpu-node',
        'A10',
        '580.95.05',
        '2026-06-25T11:30:00Z',
        '2026-06-25T12:10:00Z',
        pci=('01',),
    ),
    'microk8s-2763-gpu-operator-crashloop-fixed-by-upgrading-microk8s-channel': Backdrop(
        'microk8s-gpu-host',
        'A10',
        '470.82.01',
        '2021-11-28T11:30:00Z',
        '2021-11-28T12:10:00Z',
        pci=('01',),
    ),
    'hami-620-pod-pending-vgpu-request-exceeds-physical-gpus-on-node': Backdrop(
        'hami-gpu-node',
        'A10',
        '550.127.05',
        '2024-11-15T11:30:00Z',
        '2024-11-15T12:10:00Z',
        pci=('01',),
    ),
    'aks-1449-gpu-pods-pending-on-tainted-gpu-pool-extendedresourcetoleration-missing': Backdrop(
        'aks-gpu-nodepool',
        'A10',
        '440.64.00',
        '2020-02-14T11:30:00Z',
        '2020-02-14T12:10:00Z',
        pci=('01',),
    ),
    'paddlecloud-345-p40-gpu-not-released-nvidia-smi-hangs-kworker-storm-docker-suspected': Backdrop(
        'paddlecloud-p40-node',
        'A10',
        '375.26',
        '2017-08-24T11:30:00Z',
        '2017-08-24T12:10:00Z',
        pci=('01',),
    ),
    'nebius-solutions-1177-slurm-gpu-workers-fail-persistence-check-persistenced-socket-race': Backdrop(
        'soperator-gpu-worker',
        'A10',
        '580.95.05',
        '2026-09-14T11:30:00Z',
        '2026-09-14T12:10:00Z',
        pci=('01',),
    ),
    'amazon-eks-ami-1448-535-driver-backport-breaks-p2-k80-instances': Backdrop(
        'eks-p2-xlarge-node',
        'A10',
        '535.54.03',
        '2023-10-03T11:30:00Z',
        '2023-10-03T12:10:00Z',
        pci=('01',),
    ),
    'gpushare-scheduler-extender-76-shared-gpu-pods-oom-memory-limit-not-enforced': Backdrop(
        'gpushare-node',
        'A10',
        '440.33.01',
        '2020-09-23T11:30:00Z',
        '2020-09-23T12:10:00Z',
        pci=('01',),
    ),
    'amazon-eks-ami-2497-g6f-dcgm-hostengine-connection-error-metrics-only-benign': Backdrop(
        'eks-g6f-xlarge-node',
        'A10',
        '570.195.03',
        '2026-06-25T11:30:00Z',
        '2026-06-25T12:10:00Z',
        pci=('01',),
    ),
    'hami-69-vgpu-card-memory-higher-than-process-memory-display-gap-benign': Backdrop(
        'vgpu-scheduler-node',
        'A10',
        '525.105.17',
        '2023-06-05T11:30:00Z',
        '2023-06-05T12:10:00Z',
        pci=('01',),
    ),
    'hami-82-container-nvidia-smi-shows-memory-on-wrong-gpus-display-bug-fixed-benign': Backdrop(
        'vgpu-jupyter-node',
        'A10',
        '525.105.17',
        '2023-08-25T11:30:00Z',
        '2023-08-25T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'k8s-vgpu-scheduler-7-112mib-used-with-no-processes-in-vgpu-container-benign': Backdrop(
        'vgpu-v100-node',
        'V100',
        '440.64.00',
        '2021-08-30T11:30:00Z',
        '2021-08-30T12:10:00Z',
        pci=('00:0a',),
    ),
    'shine-cluster-170-reqnodenotavail-on-gpu-node-hoth-queue-priority-not-node-failure-benign': Backdrop(
        'hoth',
        'A10',
        '525.105.17',
        '2023-05-02T11:30:00Z',
        '2023-05-02T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
