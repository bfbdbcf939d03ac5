"""heldout-public-306's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-306/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts, bus numbers (01..N in index order) and the driver (550.144.03, the same for every case) are stand-ins:
no source prints a host name, bus id or driver version that the backdrop could carry.
No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'autoscaler-2338-aws-ca-1-12-lacks-gpu-readiness-wait-scales-gpu-nodes-up-and-down': Backdrop(
        'eks-gpu-node01',
        'A10',
        '550.144.03',
        '2019-09-16T11:30:00Z',
        '2019-09-16T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'microk8s-io-559-gpu-addon-on-k8s-1-25-clusterpolicy-runtimeclass-v1beta1-operator-too-old': Backdrop(
        'microk8s-gpu01',
        'A10',
        '550.144.03',
        '2022-10-10T11:30:00Z',
        '2022-10-10T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'cctools-3879-worker-reports-gpu-named-failed-to-initialize-nvml-after-upgrade': Backdrop(
        'wq-worker01',
        'A10',
        '550.144.03',
        '2024-07-10T11:30:00Z',
        '2024-07-10T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'cyclecloud-slurm-192-gres-conf-never-created-gpu-nodes-without-gres': Backdrop(
        'ccslurm-gpu-1',
        'A10',
        '550.144.03',
        '2023-11-28T11:30:00Z',
        '2023-11-28T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'metastack-92-slurmctld-restart-while-node-down-loses-gres-jobs-queued-forever': Backdrop(
        'metastack-gpu-a',
        'A10',
        '550.144.03',
        '2025-03-07T11:30:00Z',
        '2025-03-07T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'onepanel-486-aks-nc6-gpu-workflow-fails-with-nvidia-smi-hostpath-mount-on-new-nodes': Backdrop(
        'aks-nc6-gpu01',
        'A10',
        '550.144.03',
        '2020-08-06T11:30:00Z',
        '2020-08-06T12:10:00Z',
        pci=('01',),
    ),
    'openpbs-2628-pbs-cgroups-hook-fails-on-ubuntu-22-04-proc-stat-parsed-wrong': Backdrop(
        'pbs-gpu01',
        'A10',
        '550.144.03',
        '2024-03-07T11:30:00Z',
        '2024-03-07T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'cml-590-azure-nc4as-t4-runner-no-nvidia-driver-in-container-needed-reboot': Backdrop(
        'cml-azure-nc4as-t4',
        'A10',
        '550.144.03',
        '2021-06-14T11:30:00Z',
        '2021-06-14T12:10:00Z',
        pci=('01',),
    ),
    'kai-scheduler-39-gpu-pod-pending-scheduling-error-fixed-by-reinstalling-gpu-operator': Backdrop(
        'kai-gpu01',
        'A10',
        '550.144.03',
        '2025-04-06T11:30:00Z',
        '2025-04-06T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'linaro-forge-known-issue-invalid-gres-specification-on-slurm-21-08-launcher-not-gpus-benign': Backdrop(
        'slurm-gpu01',
        'A10',
        '550.144.03',
        '2024-06-01T11:30:00Z',
        '2024-06-01T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'operate-first-support-70-jupyterhub-gpu-spawn-stuck-no-gpus-in-environment': Backdrop(
        'moc-jupyterhub-node01',
        'A10',
        '550.144.03',
        '2021-02-01T11:30:00Z',
        '2021-02-01T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
