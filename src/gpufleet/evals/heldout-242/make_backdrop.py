"""heldout-public-242's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-242/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (two, holygpu8a19602 and batch5, are printed by their sources and kept), bus numbers (none is printed) and the driver
(550.144.03, the same for every case) are stand-ins. Every case is one node with one GPU at bus 01.
No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    '2i2c-3478-gke-latest-nvidia-driver-gpu-unusable-by-non-root-users-switch-to-default-driver': Backdrop(
        'gke-jupyterhub-gpu-node',
        'A10',
        '550.144.03',
        '2023-11-30T11:30:00Z',
        '2023-11-30T12:10:00Z',
        pci=('01',),
    ),
    'arjuna-247-hpc-cluster-offline-site-power-outage-storm-nodes-returned-after-filesystem-repair': Backdrop(
        'arjuna-gpu-node',
        'A10',
        '550.144.03',
        '2023-08-06T11:30:00Z',
        '2023-08-06T12:10:00Z',
        pci=('01',),
    ),
    'autoscaler-3869-gpu-pods-pending-cluster-autoscaler-no-scale-up-asg-node-template-gpu-tags-missing': Backdrop(
        'eks-g4dn-xlarge-asg-node',
        'A10',
        '550.144.03',
        '2021-02-04T11:30:00Z',
        '2021-02-04T12:10:00Z',
        pci=('01',),
    ),
    'cea-356-gke-cos-driver-installer-fails-public-nvidia-driver-bucket-returns-403-all-new-gpu-nodes': Backdrop(
        'gke-cos-gpu-node',
        'A10',
        '550.144.03',
        '2024-03-12T11:30:00Z',
        '2024-03-12T12:10:00Z',
        pci=('01',),
    ),
    'cea-402-gke-node-auto-provisioned-t4-node-driver-auto-install-disabled-device-plugin-waits-pods-unschedulable': Backdrop(
        'gke-nap-t4-node',
        'A10',
        '550.144.03',
        '2024-08-19T11:30:00Z',
        '2024-08-19T12:10:00Z',
        pci=('01',),
    ),
    'datalab-1994-gpu-datalab-instance-start-fails-old-nvidia-driver-incompatible-with-new-cos': Backdrop(
        'datalab-gpu-instance',
        'A10',
        '550.144.03',
        '2018-04-25T11:30:00Z',
        '2018-04-25T12:10:00Z',
        pci=('01',),
    ),
    'dataproc-1058-gpu-driver-install-fails-secure-boot-kernel-cannot-load-mok-on-2-1-images': Backdrop(
        'dataproc-2-1-gpu-worker',
        'A10',
        '550.144.03',
        '2024-08-06T11:30:00Z',
        '2024-08-06T12:10:00Z',
        pci=('01',),
    ),
    'k8s-106466-gpu-device-plugin-e2e-fails-after-cos-node-image-bump': Backdrop(
        'cos-gpu-e2e-node',
        'A10',
        '550.144.03',
        '2021-11-16T11:30:00Z',
        '2021-11-16T12:10:00Z',
        pci=('01',),
    ),
    'k8s-53353-extended-resource-gpu-capacity-drops-to-zero-after-kubelet-restart-regression': Backdrop(
        'k8s-gpu-node',
        'A10',
        '550.144.03',
        '2017-10-03T11:30:00Z',
        '2017-10-03T12:10:00Z',
        pci=('01',),
    ),
    'kempnerpulse-23-mig-node-dashboard-shows-zero-gpus-dcgmi-rejects-mig-cuda-visible-devices-benign': Backdrop(
        'holygpu8a19602',
        'A10',
        '550.144.03',
        '2026-07-28T11:30:00Z',
        '2026-07-28T12:10:00Z',
        pci=('01',),
    ),
    'kubeflow-gke-docs-1-preemptible-gke-gpu-nodepool-device-plugin-pods-idle-until-driver-installer-applied': Backdrop(
        'gke-kubeflow-preemptible-gpu-node',
        'A10',
        '550.144.03',
        '2023-01-31T11:30:00Z',
        '2023-01-31T12:10:00Z',
        pci=('01',),
    ),
    'nomad-19804-nomad-client-not-fingerprinted-as-gpu-host-nvidia-device-plugin-not-installed-plugin-dir': Backdrop(
        'nomad-wsl-client',
        'A10',
        '550.144.03',
        '2024-02-27T11:30:00Z',
        '2024-02-27T12:10:00Z',
        pci=('01',),
    ),
    'radical-2098-summit-prte-warning-could-not-find-cuda-visible-devices-does-not-impact-execution-benign': Backdrop(
        'batch5',
        'A10',
        '550.144.03',
        '2020-03-20T11:30:00Z',
        '2020-03-20T12:10:00Z',
        pci=('01',),
    ),
    'ray-29602-ray-dashboard-no-gpu-usage-in-ray-ml-image-gpustat-nvml-binding-known-issue-benign': Backdrop(
        'ray-ml-gpu-node',
        'A10',
        '550.144.03',
        '2022-10-24T11:30:00Z',
        '2022-10-24T12:10:00Z',
        pci=('01',),
    ),
    'ray-47811-ray-dashboard-gpu-shows-na-for-actor-not-using-gpu-display-only-benign': Backdrop(
        'ray-gpu-worker',
        'A10',
        '550.144.03',
        '2024-09-24T11:30:00Z',
        '2024-09-24T12:10:00Z',
        pci=('01',),
    ),
    'ray-48312-kuberay-dashboard-per-actor-gpu-stats-empty-dashboard-bug-fixed-in-ray-2-35-benign': Backdrop(
        'kuberay-gpu-worker',
        'A10',
        '550.144.03',
        '2024-10-29T11:30:00Z',
        '2024-10-29T12:10:00Z',
        pci=('01',),
    ),
    'tgi-291-eks-gpu-node-nvidia-driver-too-old-for-container-try-newer-ami': Backdrop(
        'eks-gpu-node',
        'A10',
        '550.144.03',
        '2023-05-06T11:30:00Z',
        '2023-05-06T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
