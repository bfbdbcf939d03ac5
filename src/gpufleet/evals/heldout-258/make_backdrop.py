'''heldout-public-258's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-258/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except where the evidence prints one), bus numbers (01.. per GPU, except 05 printed by gpu-operator#1371)
and the driver (550.144.03, the same for every case) are stand-ins.
No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never points at the cause.
'''

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'tensorflow-builds-13-gke-cos-installer-driver-384-below-cuda-9-1-floor-image-fails-on-gke': Backdrop(
        'gke-gpu-pool-node',
        'A10',
        '550.144.03',
        '2018-02-13T11:30:00Z',
        '2018-02-13T12:10:00Z',
        pci=('01',),
    ),
    'gpu-operator-1371-rke2-openstack-worker-vgpu-attached-passthrough-driver-probe-failed': Backdrop(
        'rke2-openstack-gpu-worker',
        'A10',
        '550.144.03',
        '2025-03-28T11:30:00Z',
        '2025-03-28T12:10:00Z',
        pci=('05',),
    ),
    'nccl-tests-200-two-node-allreduce-hang-hpcx-2-17-mismatched-with-mlnx-ofed-5-8-downgrade-fixes': Backdrop(
        'host1',
        'A10',
        '550.144.03',
        '2024-03-11T11:30:00Z',
        '2024-03-11T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'warpx-2736-perlmutter-gpu-aware-mpi-gtl-library-not-linked-after-system-update': Backdrop(
        'perlmutter-gpu-node',
        'A10',
        '550.144.03',
        '2022-01-12T11:30:00Z',
        '2022-01-12T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'cbio-cluster-338-titanx-node-theano-segfaults-with-cuda-7-5-driver-reverting-driver-fixed': Backdrop(
        'cbio-titanx-node',
        'A10',
        '550.144.03',
        '2015-11-14T11:30:00Z',
        '2015-11-14T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'nccl-238-multinode-nccl-2-4-2-random-hang-in-socket-recv-library-bug-workaround-ll-threshold': Backdrop(
        'nccl-multinode-worker',
        'A10',
        '550.144.03',
        '2019-07-10T11:30:00Z',
        '2019-07-10T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'dask-cuda-127-summit-gpus-in-exclusive-process-mode-client-process-denied-first-gpu': Backdrop(
        'summit-node',
        'A10',
        '550.144.03',
        '2019-09-06T11:30:00Z',
        '2019-09-06T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06'),
    ),
    'exarl-28-summit-gpu-out-of-memory-with-32-42-ranks-per-node-fewer-ranks-per-node-avoids-it': Backdrop(
        'summit-node',
        'A10',
        '550.144.03',
        '2020-05-05T11:30:00Z',
        '2020-05-05T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06'),
    ),
    'kueue-4782-clusterqueue-gpu-nominalquota-above-allocatable-workload-priority-preemption-not-happening': Backdrop(
        'kueue-gpu-node',
        'A10',
        '550.144.03',
        '2025-03-25T11:30:00Z',
        '2025-03-25T12:10:00Z',
        pci=('01', '02'),
    ),
    'kubeflow-trainer-1661-ocp-dgx-a100-training-operator-container-init-oom-killed-memory-limit-too-low': Backdrop(
        'dgx-a100-worker',
        'A10',
        '550.144.03',
        '2022-09-14T11:30:00Z',
        '2022-09-14T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'lightning-20391-slurm-ntasks-below-ntasks-per-node-job-allocated-two-gpus-runs-on-one': Backdrop(
        'slurm-gpu-node',
        'A10',
        '550.144.03',
        '2024-11-04T11:30:00Z',
        '2024-11-04T12:10:00Z',
        pci=('01', '02'),
    ),
    'k8s-device-plugin-214-openshift-stale-zero-count-mig-resources-after-strategy-switch-benign': Backdrop(
        'ocp-a100-node',
        'A10',
        '550.144.03',
        '2020-12-09T11:30:00Z',
        '2020-12-09T12:10:00Z',
        pci=('01',),
    ),
    'jobstats-52-slurm-job-on-mig-slice-gpu-utilization-value-unknown-duty-cycle-not-per-slice-benign': Backdrop(
        'slurm-mig-node',
        'A10',
        '550.144.03',
        '2026-05-08T11:30:00Z',
        '2026-05-08T12:10:00Z',
        pci=('01',),
    ),
    'hami-core-218-k3s-blackwell-per-container-gpu-utilization-always-0-while-gpu-busy-metrics-limit-benign': Backdrop(
        'dept-ssh-vm',
        'A10',
        '550.144.03',
        '2026-07-08T11:30:00Z',
        '2026-07-08T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'hami-1864-vgpu-container-utilization-metric-emitted-0-unless-core-policy-and-sm-limit-set-benign': Backdrop(
        'hami-gpu-node',
        'A10',
        '550.144.03',
        '2026-05-13T11:30:00Z',
        '2026-05-13T12:10:00Z',
        pci=('01',),
    ),
    'slurm-job-exporter-50-mixed-mig-and-full-gpu-node-all-job-gpu-metrics-fail-exporter-bug-benign': Backdrop(
        'slurm-mixed-mig-node',
        'A10',
        '550.144.03',
        '2025-10-17T11:30:00Z',
        '2025-10-17T12:10:00Z',
        pci=('01', '02'),
    ),
    'deepops-1315-slurm-epilog-parses-nvidia-smi-pmon-header-kills-idx-residual-gpu-processes-survive': Backdrop(
        'hpc-hostname',
        'A10',
        '550.144.03',
        '2024-09-14T11:30:00Z',
        '2024-09-14T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'nomad-8353-nomad-client-crashes-at-start-nvidia-gpu-plugin-fingerprint-unresolved-driver-symbol': Backdrop(
        'nomad-gpu-client',
        'A10',
        '550.144.03',
        '2020-07-03T11:30:00Z',
        '2020-07-03T12:10:00Z',
        pci=('01',),
    ),
    'pai-4224-openpai-node-reports-zero-available-gpus-hadoop-node-manager-cannot-find-nvidia-smi': Backdrop(
        'openpai-gpu-worker',
        'A10',
        '550.144.03',
        '2020-02-29T11:30:00Z',
        '2020-02-29T12:10:00Z',
        pci=('01',),
    ),
    'gpu-operator-2717-vgpu-device-manager-daemonset-lacks-nvidia-gpu-toleration-never-scheduled-on-tainted-nodes': Backdrop(
        'tainted-gpu-worker',
        'A10',
        '550.144.03',
        '2026-01-01T11:30:00Z',
        '2026-01-01T12:10:00Z',
        pci=('01',),
    ),
    'reframe-3572-cscs-nodes-in-slurm-maint-reservation-reported-as-down-by-test-harness-benign': Backdrop(
        'cscs-gpu-node',
        'A10',
        '550.144.03',
        '2025-10-16T11:30:00Z',
        '2025-10-16T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
