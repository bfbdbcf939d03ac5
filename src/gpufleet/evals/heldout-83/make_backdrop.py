"""heldout-public-83's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-83/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
GPUs outside the SKU list are shown as A10; hosts, bus numbers and most drivers are stand-ins (see each
case's description). No case uses extra: no report quotes an exporter value as a metric sample. The
backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'enroot-105-container-start-fails-nvidia-uvm-missing-driver-not-installed': Backdrop(
        'ubuntu2004-enroot-node',
        'A10',
        '470.57.02',
        '2021-10-20T11:30:00Z',
        '2021-10-20T12:10:00Z',
        pci=('01',),
    ),
    'charmed-k8s-docs-646-p2-xlarge-tesla-k80-not-supported-by-current-driver-nvrm': Backdrop(
        'ip-172-31-37-178',
        'A10',
        '510.47.03',
        '2022-03-03T11:30:00Z',
        '2022-03-03T12:10:00Z',
        pci=('00:1e',),
    ),
    'kops-15898-gpu-support-not-working-p2-xlarge-k80-unsupported-by-driver-525': Backdrop(
        'kops-p2-xlarge-node',
        'A10',
        '525.125.06',
        '2023-09-12T11:30:00Z',
        '2023-09-12T12:10:00Z',
        pci=('1e',),
    ),
    'cscs-docs-179-mps-wrapper-cuda-visible-devices-wrong-gpu-numa-nodes-hwloc-2-11': Backdrop(
        'alps-gh200-node',
        'A10',
        '550.54.15',
        '2025-07-01T11:30:00Z',
        '2025-07-01T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'aws-parallelcluster-6777-prolog-hung-gpu-health-check-too-long-p4d-p5': Backdrop(
        'queue1-dy-p5-48xlarge-1',
        'H100',
        '550.127.08',
        '2025-05-01T11:30:00Z',
        '2025-05-01T12:10:00Z',
        pci=('53', '64', '75', '86', '97', 'a8', 'b9', 'ca'),
    ),
    'backend-ai-83-gpu-processes-missing-in-container-nvidia-smi-centos7-kernel-no-nspid-benign': Backdrop(
        'centos7-backendai-gpu-node',
        'A10',
        '440.33.01',
        '2019-12-21T11:30:00Z',
        '2019-12-21T12:10:00Z',
        pci=('01', '02'),
    ),
    'codalab-2351-slurm-workers-see-all-node-gpus-isolation-needs-gpuset': Backdrop(
        'nlpgpu-worker-node',
        'A10',
        '440.64.00',
        '2020-06-02T11:30:00Z',
        '2020-06-02T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'aks-5869-a10-vgpu-node-image-grid-570-kernel-module-vs-580-userspace-nvml-mismatch': Backdrop(
        'aks-nvadsa10-vmss000000',
        'A10',
        '570.211.01',
        '2026-07-20T11:30:00Z',
        '2026-07-20T12:10:00Z',
        pci=('01',),
    ),
    'aksarc-272-gpu-node-pool-fails-missing-nvidia-container-runtime-toolkit-base-package': Backdrop(
        'aksarc-gpu-worker-0',
        'A10',
        '515.65.01',
        '2022-11-21T11:30:00Z',
        '2022-11-21T12:10:00Z',
        pci=('01',),
    ),
    'eks-ami-2165-gpu-pods-fail-nvidia-container-cli-mount-error-ami-package-regression': Backdrop(
        'ip-10-0-12-34.ec2.internal',
        'A10',
        '550.144.03',
        '2025-02-28T11:30:00Z',
        '2025-02-28T12:10:00Z',
        pci=('1e',),
    ),
    'dask-distributed-8739-mig-gpu-utilization-shows-zero-nvml-unsupported-benign': Backdrop(
        'dask-mig-gpu-node',
        'A100',
        '550.54.15',
        '2024-06-27T11:30:00Z',
        '2024-06-27T12:10:00Z',
        pci=('01',),
    ),
    'aws-parallelcluster-2407-g4dn-node-failure-bootstrap-fails-with-encrypted-ephemeral': Backdrop(
        'g4dn-nxlarge-dy-g4dnxlarge-1',
        'A10',
        '450.80.02',
        '2021-01-29T11:30:00Z',
        '2021-01-29T12:10:00Z',
        pci=('1e',),
    ),
    'skypilot-8408-runpod-instances-stuck-at-cuda-12-4-container-needs-12-8-job-fails': Backdrop(
        'runpod-instance-cuda124',
        'A10',
        '550.127.05',
        '2025-12-24T11:30:00Z',
        '2025-12-24T12:10:00Z',
        pci=('01',),
    ),
    'prometheus-slurm-exporter-124-gpu-accounting-crash-slurm-24-11-allocgres-removed-benign': Backdrop(
        'slurm-gpu-node-01',
        'A10',
        '570.172.08',
        '2025-08-22T11:30:00Z',
        '2025-08-22T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'ansible-slurm-appliance-280-slurm-exporter-0-20-crash-loop-gres-parse-benign': Backdrop(
        'slurm-appliance-gpu-0',
        'A10',
        '525.105.17',
        '2023-05-31T11:30:00Z',
        '2023-05-31T12:10:00Z',
        pci=('01', '02'),
    ),
    'prometheus-slurm-exporter-34-broken-gpu-gpu-is-lost-reboot-to-recover': Backdrop(
        'gpu-cluster-node',
        'A10',
        '450.80.02',
        '2020-11-09T11:30:00Z',
        '2020-11-09T12:10:00Z',
        pci=('1a', '1b', '3d', '3e'),
    ),
    'apptainer-1752-opencl-fails-in-container-driver-above-525-85-needs-libnvidia-nvvm': Backdrop(
        'apptainer-gpu-node',
        'A10',
        '535.104.05',
        '2023-10-20T11:30:00Z',
        '2023-10-20T12:10:00Z',
        pci=('01',),
    ),
    'microk8s-2662-gpu-addon-pods-crashloop-after-ubuntu-21-10-cgroup-v2': Backdrop(
        'microk8s-ubuntu2110-gpu',
        'A10',
        '470.74',
        '2021-10-17T11:30:00Z',
        '2021-10-17T12:10:00Z',
        pci=('01',),
    ),
    'hyperpod-cli-306-pytorch-job-missing-efa-resource-request-falls-back-to-tcp': Backdrop(
        'hyperpod-i-g5-12xlarge-0',
        'A10',
        '570.172.08',
        '2025-11-11T11:30:00Z',
        '2025-11-11T12:10:00Z',
        pci=('1b', '1c', '1d', '1e'),
    ),
    'akash-support-137-provider-reports-gpu-count-18446744073709551615-gpu-offline-wrong-labels': Backdrop(
        'akash-provider-worker-1',
        'A10',
        '535.113.01',
        '2023-10-24T11:30:00Z',
        '2023-10-24T12:10:00Z',
        pci=('01',),
    ),
    'flux-core-4181-gpu-resource-verification-fails-hwloc-without-gpu-support-ranks-drained': Backdrop(
        'flux-gpu-rank-0',
        'A10',
        '470.82.01',
        '2022-03-02T11:30:00Z',
        '2022-03-02T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'flux-core-3316-nested-flux-instance-without-gpus-inherits-cuda-visible-devices': Backdrop(
        'rzansel62',
        'V100',
        '418.116.00',
        '2020-11-06T11:30:00Z',
        '2020-11-06T12:10:00Z',
        pci=('04', '05', '35', '36'),
    ),
    'aicad-nccl-optimization-1-dgx-spark-roce-triangle-nccl-fails-miscabled-ports-kernel-cma': Backdrop(
        'dgx-spark-1',
        'A10',
        '580.173.02',
        '2026-09-18T11:30:00Z',
        '2026-09-18T12:10:00Z',
        pci=('01',),
    ),
    'arjuna-users-119-cluster-down-power-outage-at-psc': Backdrop(
        'arjuna-gpu-node',
        'A10',
        '470.103.01',
        '2022-03-08T11:30:00Z',
        '2022-03-08T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'alan-cluster-24-gpu-job-pending-nodes-down-drained-or-reserved-message-partition-full-benign': Backdrop(
        'alan-gpu2080ti-node',
        'A10',
        '418.56',
        '2019-05-17T11:30:00Z',
        '2019-05-17T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'aws-orbit-workbench-733-gpu-node-group-at-zero-stops-scaling-pods-pending': Backdrop(
        'orbit-gpu-nodegroup-0',
        'A10',
        '460.73.01',
        '2021-08-10T11:30:00Z',
        '2021-08-10T12:10:00Z',
        pci=('1e',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
