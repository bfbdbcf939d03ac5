"""heldout-public-113's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-113/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); hosts (except the two the reports print),
bus numbers and drivers are stand-ins (see each case's description). No case uses extra: no report quotes an
exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'talos-9041-nvidia-kernel-module-not-found-after-first-reboot-soft-reboot-suspected': Backdrop(
        'talos-gpu-worker',
        'A10',
        '555.42.02',
        '2024-07-20T11:30:00Z',
        '2024-07-20T12:10:00Z',
        pci=('01',),
    ),
    'coreos-gpu-installer-11-nvidia-modules-not-loaded-after-reboot-driver-under-opt': Backdrop(
        'coreos-gpu-server',
        'A10',
        '418.67',
        '2019-07-26T11:30:00Z',
        '2019-07-26T12:10:00Z',
        pci=('01',),
    ),
    'flux-core-7790-gpu-affinity-absolute-indices-break-visible-device-selection-constrained-resources': Backdrop(
        'node1',
        'A10',
        '580.82.07',
        '2026-09-09T11:30:00Z',
        '2026-09-09T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'hami-1535-vgpu-pod-pending-9-slices-of-3000mb-exceed-card-memory': Backdrop(
        'k8s-hami-gpu-node',
        'A10',
        '550.54.15',
        '2025-12-15T11:30:00Z',
        '2025-12-15T12:10:00Z',
        pci=('01',),
    ),
    'charliecloud-1706-ch-fromhost-nvidia-library-injection-fails-broken-symlink-in-image': Backdrop(
        'hpc-gpu-node',
        'A10',
        '535.86.10',
        '2023-08-17T11:30:00Z',
        '2023-08-17T12:10:00Z',
        pci=('01',),
    ),
    'gpu-rest-engine-35-dgx-docker-prestart-hook-fails-libnvidia-container-library-missing': Backdrop(
        'dgx-host',
        'A10',
        '384.145',
        '2018-09-10T11:30:00Z',
        '2018-09-10T12:10:00Z',
        pci=('01',),
    ),
    'nersc-docs-dev-38-cori-gpu-mvapich2-fails-with-default-cuda-11-1-module': Backdrop(
        'cgpu-node',
        'A10',
        '460.32.03',
        '2021-03-29T11:30:00Z',
        '2021-03-29T12:10:00Z',
        pci=('01',),
    ),
    'xinference-1622-multi-gpu-nccl-error-in-k8s-pod-64mb-shared-memory-default': Backdrop(
        'k8s-xinference-worker',
        'A10',
        '550.54.15',
        '2024-10-25T11:30:00Z',
        '2024-10-25T12:10:00Z',
        pci=('01', '02',),
    ),
    'ansible-role-nvidia-driver-6-non-dkms-driver-breaks-after-kernel-update': Backdrop(
        'rhel7-gpu-node',
        'A10',
        '440.33.01',
        '2019-11-06T11:30:00Z',
        '2019-11-06T12:10:00Z',
        pci=('01',),
    ),
    'ansible-role-nvidia-driver-18-kernel-devel-mismatch-breaks-dkms-module-load': Backdrop(
        'centos7-gpu-node',
        'A10',
        '450.51.06',
        '2020-08-18T11:30:00Z',
        '2020-08-18T12:10:00Z',
        pci=('01',),
    ),
    'dorado-1586-slurm-mig-cuda-visible-devices-four-vs-nvml-two-parent-gpus': Backdrop(
        'slurm-h200-node',
        'A10',
        '580.82.07',
        '2026-04-15T11:30:00Z',
        '2026-04-15T12:10:00Z',
        pci=('01', '02',),
    ),
    'aks-rdma-infiniband-36-nccl-below-optimal-bandwidth-until-gdr-level-or-topo-file-set': Backdrop(
        'aks-ib-gpu-node',
        'A10',
        '570.124.06',
        '2025-04-10T11:30:00Z',
        '2025-04-10T12:10:00Z',
        pci=('01',),
    ),
    'microk8s-4408-nvidia-smi-fails-in-pod-until-runtimeclassname-nvidia-at-pod-level': Backdrop(
        'microk8s-gpu-node',
        'A10',
        '535.161.07',
        '2024-04-04T11:30:00Z',
        '2024-04-04T12:10:00Z',
        pci=('01',),
    ),
    'kubeflow-notebooks-522-notebook-gpu-pods-without-nvidia-runtimeclass-on-rke2': Backdrop(
        'rke2-gpu-worker',
        'A10',
        '570.172.08',
        '2025-09-16T11:30:00Z',
        '2025-09-16T12:10:00Z',
        pci=('01',),
    ),
    'srt-slurm-332-trtllm-ranks-unbound-cpu-bind-none-8-numa-domains-5x-decode-latency': Backdrop(
        'b300-node',
        'A10',
        '580.82.07',
        '2026-08-22T11:30:00Z',
        '2026-08-22T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'vllm-dashboard-182-mig-host-gpu-memory-held-by-dead-pids-after-sigkill': Backdrop(
        'ci-mig-host',
        'A10',
        '580.82.07',
        '2026-09-16T11:30:00Z',
        '2026-09-16T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'pyxis-123-slurm-nodes-drain-on-epilog-failure-after-pyxis-0-16-upgrade': Backdrop(
        'nda100v4-2',
        'A10',
        '535.104.05',
        '2023-09-25T11:30:00Z',
        '2023-09-25T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'eessi-software-layer-910-nvidia-smi-fails-on-cpu-only-nodes-benign': Backdrop(
        'cpu-node',
        'A10',
        '550.54.15',
        '2025-02-10T11:30:00Z',
        '2025-02-10T12:10:00Z',
        pci=('01',),
    ),
    'slurm-exporter-35-gpus-running-metric-drops-accounts-using-gpus-per-node-benign': Backdrop(
        'slurm-gpu-node',
        'A10',
        '535.230.02',
        '2026-05-13T11:30:00Z',
        '2026-05-13T12:10:00Z',
        pci=('01',),
    ),
    'kubestellar-console-4185-fully-allocated-gpu-nodes-flagged-by-health-monitor-benign': Backdrop(
        'k8s-gpu-node',
        'A10',
        '580.82.07',
        '2026-04-01T11:30:00Z',
        '2026-04-01T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'singularity-627-nvidia-libraries-seemingly-not-mounted-are-under-singularity-d-libs-benign': Backdrop(
        'singularity-gpu-host',
        'A10',
        '510.47.03',
        '2022-03-09T11:30:00Z',
        '2022-03-09T12:10:00Z',
        pci=('01',),
    ),
    'kai-scheduler-306-gpu-pod-rejected-outofmemory-node-had-gpu-but-no-host-memory': Backdrop(
        'eks-gpu-node',
        'A10',
        '570.148.08',
        '2025-07-07T11:30:00Z',
        '2025-07-07T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
