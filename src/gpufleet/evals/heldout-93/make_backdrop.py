"""heldout-public-93's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-93/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
GPUs a report names as A100 (p4d) or V100 (p3) are shown as such; every other GPU (Tesla T4, GeForce, Quadro,
Tesla P100, GTX TITAN, A10G, unnamed cloud GPUs) is shown as A10, the stand-in for GPUs outside the SKU list. Hosts,
bus numbers and most drivers are stand-ins (see each case's description). No case uses extra: no report quotes an
exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'aixcl-248-gpu-unavailable-alert-false-positive-nodata-state-alerting-benign': Backdrop(
        'aixcl-gpu-host',
        'A10',
        '580.95.05',
        '2025-12-22T11:30:00Z',
        '2025-12-22T12:10:00Z',
        pci=('01',),
    ),
    'aks-5871-nva10v5-nvml-driver-library-mismatch-stale-grid-installer-image': Backdrop(
        'aks-nv36adsa10v5-vmss000000',
        'A10',
        '570.211.01',
        '2026-07-22T11:30:00Z',
        '2026-07-22T12:10:00Z',
        pci=('01',),
    ),
    'aws-ofi-nccl-241-p4d-nccl-tests-fail-plugin-built-against-newer-libfabric': Backdrop(
        'p4d-24xlarge-node-1',
        'A100',
        '535.54.03',
        '2023-08-16T11:30:00Z',
        '2023-08-16T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'aws-ofi-nccl-584-p4d-nccl-register-memory-invalid-argument-nccl-2-19-vs-old-efa-libfabric': Backdrop(
        'ip-172-31-40-103',
        'A100',
        '550.90.07',
        '2024-09-11T11:30:00Z',
        '2024-09-11T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'cbio-415-gpu-jobs-not-scheduled-job-reserved-four-gpus-uses-one': Backdrop(
        'gpu-2-14',
        'A10',
        '352.39',
        '2016-05-21T11:30:00Z',
        '2016-05-21T12:10:00Z',
        pci=('03', '04', '83', '84'),
    ),
    'cloudypad-179-g4dn-nvidia-devices-gone-after-reboot-unattended-upgrade-kernel-broke-driver': Backdrop(
        'aws-g4dn-xlarge-cloudypad',
        'A10',
        '570.124.06',
        '2025-03-30T11:30:00Z',
        '2025-03-30T12:10:00Z',
        pci=('01',),
    ),
    'cmssw-40714-gpu-ci-relvals-fail-new-gpu-node-gpu-check-fails-cuda-stub-used': Backdrop(
        'lxplus8-gpu',
        'A10',
        '525.85.12',
        '2023-02-07T11:30:00Z',
        '2023-02-07T12:10:00Z',
        pci=('01',),
    ),
    'compute-gpu-installation-25-gcp-p100-driver-stops-after-restart-kernel-update-headers': Backdrop(
        'gcp-p100-debian11',
        'A10',
        '525.125.06',
        '2023-08-25T11:30:00Z',
        '2023-08-25T12:10:00Z',
        pci=('01',),
    ),
    'dlc-6668-inter-node-nccl-broadcast-hang-aws-ofi-nccl-1-18-0': Backdrop(
        'efa-gpu-node-1',
        'A10',
        '580.95.05',
        '2026-08-27T11:30:00Z',
        '2026-08-27T12:10:00Z',
        pci=('01',),
    ),
    'eks-ami-1892-gpu-operator-validators-glibc-2-27-not-found-operator-unsupported-on-al2': Backdrop(
        'eks-al2-gpu-node-1-29',
        'A10',
        '535.183.01',
        '2024-07-19T11:30:00Z',
        '2024-07-19T12:10:00Z',
        pci=('01',),
    ),
    'elyra-2681-kubeflow-gpu-pipeline-pod-pending-taints-not-tolerated': Backdrop(
        'odh-gpu-node-1',
        'A10',
        '510.47.03',
        '2022-04-26T11:30:00Z',
        '2022-04-26T12:10:00Z',
        pci=('01',),
    ),
    'enroot-234-pyxis-container-start-permission-denied-libnvidia-container-upgrade': Backdrop(
        'gpu-dy-g58xlarge-1',
        'A10',
        '570.133.20',
        '2025-05-20T11:30:00Z',
        '2025-05-20T12:10:00Z',
        pci=('01',),
    ),
    'gpustack-3518-vllm-no-platform-detected-docker-without-nvidia-runtime': Backdrop(
        'gpustack-worker',
        'A10',
        '580.95.05',
        '2025-11-25T11:30:00Z',
        '2025-11-25T12:10:00Z',
        pci=('01',),
    ),
    'hami-452-device-plugin-crashloop-nvml-error-unknown-without-privileged': Backdrop(
        'gpu-4090',
        'A10',
        '550.90.07',
        '2024-08-22T11:30:00Z',
        '2024-08-22T12:10:00Z',
        pci=('01',),
    ),
    'hami-48-invalid-device-memory-limit-warnings-gpu-works-benign': Backdrop(
        'gpu1',
        'A10',
        '515.65.01',
        '2022-12-02T11:30:00Z',
        '2022-12-02T12:10:00Z',
        pci=('01',),
    ),
    'hami-727-device-plugin-restart-crashes-vgpu-pods-libvgpu-so-replaced-while-mmapped': Backdrop(
        'hami-vgpu-node',
        'A10',
        '550.127.05',
        '2024-12-24T11:30:00Z',
        '2024-12-24T12:10:00Z',
        pci=('01',),
    ),
    'kubeflow-website-727-eks-tf-serving-insufficient-nvidia-gpu-no-gpu-ami-nodegroup': Backdrop(
        'eks-p3-2xlarge-node',
        'V100',
        '418.67',
        '2019-05-20T11:30:00Z',
        '2019-05-20T12:10:00Z',
        pci=('01',),
    ),
    'mpi-jl-823-gpu-allreduce-problems-slurm-gpu-binding-breaks-cuda-ipc': Backdrop(
        'hpc-gpu-node',
        'A10',
        '545.23.08',
        '2024-03-02T11:30:00Z',
        '2024-03-02T12:10:00Z',
        pci=('01',),
    ),
    'olares-2671-device-plugin-aborts-when-gpu-reinitialised-after-pci-timeout': Backdrop(
        'olares-gpu-node',
        'A10',
        '580.95.05',
        '2026-03-12T11:30:00Z',
        '2026-03-12T12:10:00Z',
        pci=('01',),
    ),
    'pcluster-cookbook-1104-slurm-gpu-job-rejected-gres-null-gpu-instance-without-nvidia-driver': Backdrop(
        'queue1-dy-queue1i1-1',
        'A10',
        '470.57.02',
        '2021-09-03T11:30:00Z',
        '2021-09-03T12:10:00Z',
        pci=('01',),
    ),
    'pytorch-ci-infra-74-karpenter-al2-gpu-hosts-default-nvidia-driver-not-working': Backdrop(
        'karpenter-al-gpu-runner',
        'A10',
        '550.54.15',
        '2024-03-11T11:30:00Z',
        '2024-03-11T12:10:00Z',
        pci=('01',),
    ),
    'ray-42903-gke-gpu-node-pool-pytorch-sees-no-gpu-node-pool-created-without-driver': Backdrop(
        'gke-kuberay-gpu-cluster-gpu-node-pool-0375c869-f0mk',
        'A10',
        '535.129.03',
        '2024-02-03T11:30:00Z',
        '2024-02-03T12:10:00Z',
        pci=('01', '02'),
    ),
    'slang-10659-ci-runner-containers-nvml-unknown-error-gpu-wedge-persistence-mode-off': Backdrop(
        'gcp-t4-ci-runner',
        'A10',
        '580.95.05',
        '2026-03-25T11:30:00Z',
        '2026-03-25T12:10:00Z',
        pci=('01',),
    ),
    'telegraf-6573-nvidia-smi-plugin-fails-encoder-stats-unsupported-by-old-driver-benign': Backdrop(
        'win7-quadro4000-client',
        'A10',
        '376.33',
        '2019-10-24T11:30:00Z',
        '2019-10-24T12:10:00Z',
        pci=('01',),
    ),
    'tkestack-gpu-manager-24-vgpu-pod-unexpectedadmissionerror-modified-kubelet': Backdrop(
        'gpu-manager-node',
        'A10',
        '440.64.00',
        '2020-05-13T11:30:00Z',
        '2020-05-13T12:10:00Z',
        pci=('01',),
    ),
    'zabbix-nvidia-smi-multi-gpu-6-value-should-be-json-object-sudo-permission-benign': Backdrop(
        'zabbix-monitored-miner',
        'A10',
        '396.54',
        '2018-08-27T11:30:00Z',
        '2018-08-27T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
