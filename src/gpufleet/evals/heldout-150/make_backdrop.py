"""heldout-public-150's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-150/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); hosts and bus numbers are stand-ins, and
so are the drivers no report names (see each case's description). No case uses extra: no report quotes an
exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'clearml-1219-benign-gpu-monitoring-scalars-missing-after-clearml-sdk-1-14-4-client-bug': Backdrop(
        'clearml-worker01',
        'A10',
        '535.154.05',
        '2024-03-03T11:30:00Z',
        '2024-03-03T12:10:00Z',
        pci=('07', '0f', '47', '4e', '87', '90', 'b7', 'bd'),
    ),
    'clearml-helm-319-k8s-agent-task-fails-intermittently-too-many-workers-gpu-out-of-memory': Backdrop(
        'k8s-gpu-worker01',
        'A10',
        '550.90.07',
        '2024-08-30T11:30:00Z',
        '2024-08-30T12:10:00Z',
        pci=('07', '0f', '47', '4e', '87', '90', 'b7', 'bd'),
    ),
    'coreweave-170-finetuner-crashes-with-8-gpus-works-with-7-shared-memory-suspected': Backdrop(
        'cw-gpu-node01',
        'A10',
        '525.85.12',
        '2023-03-30T11:30:00Z',
        '2023-03-30T12:10:00Z',
        pci=('07', '0f', '47', '4e', '87', '90', 'b7', 'bd'),
    ),
    'dcgm-58-benign-dcgmi-stats-utilization-metrics-empty-on-mig-gpus-by-design': Backdrop(
        'dgx-a100-mig01',
        'A10',
        '515.86.01',
        '2022-12-01T11:30:00Z',
        '2022-12-01T12:10:00Z',
        pci=('07', '0f', '47', '4e', '87', '90', 'b7', 'bd'),
    ),
    'dcgm-exporter-82-benign-exporter-fatal-on-v100-nodes-tensor-imma-hmma-metrics-unsupported-pre-ampere': Backdrop(
        'k8s-v100-node01',
        'A10',
        '470.129.06',
        '2022-07-20T11:30:00Z',
        '2022-07-20T12:10:00Z',
        pci=('07', '0f', '47', '4e', '87', '90', 'b7', 'bd'),
    ),
    'deepops-1192-benign-nvidia-smi-over-ssh-fails-on-slurm-node-pam-slurm-adopt-by-design': Backdrop(
        'slurm-gpu01',
        'A10',
        '515.48.07',
        '2022-07-05T11:30:00Z',
        '2022-07-05T12:10:00Z',
        pci=('07', '0f', '47', '4e', '87', '90', 'b7', 'bd'),
    ),
    'deepops-215-dgx-station-slurm-node-keeps-draining-prolog-cpupower-missing-linux-tools': Backdrop(
        'dgxstation',
        'A10',
        '410.104',
        '2019-04-09T11:30:00Z',
        '2019-04-09T12:10:00Z',
        pci=('07', '08', '0e', '0f'),
    ),
    'deepops-773-benign-grafana-shows-no-gpu-metrics-dcgm-exporter-started-without-gpus-all': Backdrop(
        'deepops-gpu01',
        'A10',
        '450.80.02',
        '2020-12-02T11:30:00Z',
        '2020-12-02T12:10:00Z',
        pci=('07', '0f', '47', '4e', '87', '90', 'b7', 'bd'),
    ),
    'eks-ami-2727-benign-fabric-manager-service-failing-on-single-gpu-and-gb200-instances-not-needed': Backdrop(
        'ip-10-0-2-17.ec2.internal',
        'A10',
        '580.105.08',
        '2026-05-20T11:30:00Z',
        '2026-05-20T12:10:00Z',
        pci=('1e',),
    ),
    'gpu-operator-1546-cuda-validator-fails-with-570-driver-fixed-by-proprietary-kernel-module': Backdrop(
        'k8s-gpu-node02',
        'A10',
        '570.124.06',
        '2026-06-06T11:30:00Z',
        '2026-06-06T12:10:00Z',
        pci=('07', '0f', '47', '4e', '87', '90', 'b7', 'bd'),
    ),
    'gpu-operator-2511-b200-cuda-validator-init-error-fixed-by-new-firmware': Backdrop(
        'b200-node01',
        'A10',
        '595.71.05',
        '2026-06-05T11:30:00Z',
        '2026-06-05T12:10:00Z',
        pci=('04', '14', '24', '34', '44', '54', '64', '74'),
    ),
    'gpu-operator-346-gpu-pod-fails-on-one-node-nvidia-runtime-not-default-no-runtimeclass': Backdrop(
        'k8s-gpu-node03',
        'A10',
        '510.47.03',
        '2022-05-06T11:30:00Z',
        '2022-05-06T12:10:00Z',
        pci=('07', '0f', '47', '4e', '87', '90', 'b7', 'bd'),
    ),
    'gpu-operator-386-time-slicing-two-gpu-request-gets-two-replicas-on-one-physical-gpu': Backdrop(
        'k8s-ci-gpu01',
        'A10',
        '515.65.01',
        '2022-08-06T11:30:00Z',
        '2022-08-06T12:10:00Z',
        pci=('07', '0f', '47', '4e', '87', '90', 'b7', 'bd'),
    ),
    'gpu-operator-729-aks-node-driver-install-fails-after-restarts-nvidia-ko-gpl-only-symbol-newer-kernel': Backdrop(
        'aks-gpunp-18342057-vmss000000',
        'A10',
        '535.154.05',
        '2024-07-11T11:30:00Z',
        '2024-07-11T12:10:00Z',
        pci=('07', '0f', '47', '4e', '87', '90', 'b7', 'bd'),
    ),
    'hami-core-200-benign-huge-gpu-memory-values-in-nvidia-smi-and-dcgm-hami-nvml-hook-integer-underflow': Backdrop(
        'k8s-vgpu-node01',
        'A10',
        '570.133.20',
        '2026-06-04T11:30:00Z',
        '2026-06-04T12:10:00Z',
        pci=('07', '0f', '47', '4e', '87', '90', 'b7', 'bd'),
    ),
    'kube-aws-1371-coreos-workers-nvidia-390-67-module-will-not-load-unknown-symbol-ipmi-devintf-needed': Backdrop(
        'ip-10-0-1-50.ec2.internal',
        'A10',
        '390.67',
        '2018-06-18T11:30:00Z',
        '2018-06-18T12:10:00Z',
        pci=('07', '0f', '47', '4e', '87', '90', 'b7', 'bd'),
    ),
    'kubernetes-101833-gce-gpu-e2e-1-21-fails-cos-m85-node-image-with-old-cos-gpu-installer': Backdrop(
        'bootstrap-e2e-minion-group-cdcc',
        'A10',
        '450.51.06',
        '2021-05-10T11:30:00Z',
        '2021-05-10T12:10:00Z',
        pci=('07', '0f', '47', '4e', '87', '90', 'b7', 'bd'),
    ),
    'microk8s-4556-h100-gpu-operator-validator-fails-fixed-by-newer-operator-v24-3-0': Backdrop(
        'h100-vm01',
        'A10',
        '550.54.15',
        '2024-06-28T11:30:00Z',
        '2024-06-28T12:10:00Z',
        pci=('07', '0f', '47', '4e', '87', '90', 'b7', 'bd'),
    ),
    'pcluster-1110-p3-8xlarge-slurm-jobs-stuck-completing-io-or-nfs-suspected': Backdrop(
        'ip-10-0-1-23',
        'A10',
        '418.67',
        '2019-06-10T11:30:00Z',
        '2019-06-10T12:10:00Z',
        pci=('1b', '1c', '1d', '1e'),
    ),
    'powerfit-14-slurm-gpu-nodes-opencl-fails-packages-installed-on-gpu-less-head-node': Backdrop(
        'gpu-node01',
        'A10',
        '470.82.01',
        '2022-01-11T11:30:00Z',
        '2022-01-11T12:10:00Z',
        pci=('07', '0f', '47', '4e', '87', '90', 'b7', 'bd'),
    ),
    'prestus-50-donders-cluster-node-dccn-c078-cuda-gpudevice-fails-node-offlined-restarted': Backdrop(
        'dccn-c078',
        'A10',
        '535.183.01',
        '2024-10-03T11:30:00Z',
        '2024-10-03T12:10:00Z',
        pci=('07', '0f', '47', '4e', '87', '90', 'b7', 'bd'),
    ),
    'radical-pilot-2151-lassen-four-tasks-all-ran-on-gpu0-cuda-visible-devices-set-to-0': Backdrop(
        'lassen-node01',
        'A10',
        '418.116.00',
        '2020-05-19T11:30:00Z',
        '2020-05-19T12:10:00Z',
        pci=('04', '05', '35', '36'),
    ),
    'rodan-1332-compute-canada-vgpu-cuda-init-fails-nvidia-smi-fine-vgpu-licensing': Backdrop(
        'prod-rodan-gpu',
        'A10',
        '550.144.03',
        '2026-01-26T11:30:00Z',
        '2026-01-26T12:10:00Z',
        pci=('05',),
    ),
    'volcano-vgpu-93-unexpectedadmissionerror-device-number-not-matched-allocate-not-for-oldest-pod': Backdrop(
        'k8s-gpu-node01',
        'A10',
        '570.172.08',
        '2025-12-11T11:30:00Z',
        '2025-12-11T12:10:00Z',
        pci=('07', '0f', '47', '4e', '87', '90', 'b7', 'bd'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
