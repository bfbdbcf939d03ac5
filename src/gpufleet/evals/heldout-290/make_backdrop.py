"""heldout-public-290's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-290/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except test-2ea4-ray-head, which the evidence prints), GPU counts where the source gives none, bus numbers
(no source prints one: 01..N in index order) and the driver (550.144.03, the same for every case) are stand-ins.
Two benign cases happen on hosts without a GPU (stated by the source): their backdrop has no GPU (pci=()).
No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'snakemake-slurm-316-executor-adds-ntasks-per-gpu-1-by-default-breaks-two-gpu-jobs': Backdrop(
        'slurm-gpu-node01',
        'A10',
        '550.144.03',
        '2025-05-30T11:30:00Z',
        '2025-05-30T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'kubevirt-13359-t4-used-by-vm-but-allocatable-still-1-allocatable-is-not-free-count-benign': Backdrop(
        'k3s-t4-node',
        'A10',
        '550.144.03',
        '2024-11-27T11:30:00Z',
        '2024-11-27T12:10:00Z',
        pci=('01',),
    ),
    'k8s-device-plugin-161-privileged-pod-sees-all-six-2080ti-expected-behaviour-benign': Backdrop(
        'k8s-2080ti-node',
        'A10',
        '550.144.03',
        '2020-04-03T11:30:00Z',
        '2020-04-03T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06'),
    ),
    'open-gpu-server-85-ci-vm-image-lost-nvidia-smi-after-driver-install-change-add-nvidia-utils': Backdrop(
        'open-gpu-ci-vm',
        'A10',
        '550.144.03',
        '2026-01-29T11:30:00Z',
        '2026-01-29T12:10:00Z',
        pci=('01',),
    ),
    'nf-core-scdownstream-192-aws-batch-gpu-tasks-lack-accelerator-directive-not-placed-on-gpu-instances': Backdrop(
        'aws-batch-gpu-instance',
        'A10',
        '550.144.03',
        '2025-06-20T11:30:00Z',
        '2025-06-20T12:10:00Z',
        pci=('01',),
    ),
    'karpenter-aws-1914-g4dn-gpu-nodes-never-initialized-nvidia-device-plugin-daemonset-missing': Backdrop(
        'g4dn-karpenter-node',
        'A10',
        '550.144.03',
        '2022-06-09T11:30:00Z',
        '2022-06-09T12:10:00Z',
        pci=('01',),
    ),
    'skypilot-2608-ray-status-reports-one-gpu-on-cpu-only-kubernetes-cluster-benign': Backdrop(
        'test-2ea4-ray-head',
        'A10',
        '550.144.03',
        '2023-09-25T22:38:16Z',
        '2023-09-25T23:18:16Z',
        pci=(),
    ),
    'usegalaxy-eu-infrastructure-173-gpu-vm-image-cuda-driver-install-fails-broken-cuda-repo-gpg-key': Backdrop(
        'galaxy-eu-gpu-vm',
        'A10',
        '550.144.03',
        '2023-06-29T11:30:00Z',
        '2023-06-29T12:10:00Z',
        pci=('01',),
    ),
    'codalab-worksheets-651-nvidia-docker-plugin-not-available-in-failure-message-unrelated-torque-benign': Backdrop(
        'nlp-cluster-worker',
        'A10',
        '550.144.03',
        '2017-01-24T11:30:00Z',
        '2017-01-24T12:10:00Z',
        pci=(),
    ),
    'cactus-889-segalign-no-gpu-device-found-in-singularity-on-slurm-gpu-node-nv-flag-not-passed': Backdrop(
        'gpu-cluster-node01',
        'A10',
        '550.144.03',
        '2023-01-06T11:30:00Z',
        '2023-01-06T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'gpu-operator-473-rke2-containerd-config-toml-overwritten-toolkit-default-runtime-not-set-use-config-toml-tmpl': Backdrop(
        'rke2-gpu-worker',
        'A10',
        '550.144.03',
        '2023-01-20T11:30:00Z',
        '2023-01-20T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'gpu-operator-990-openshift-4-16-10-upgrade-driver-daemonset-crashloop-operator-uses-old-driver-toolkit-image': Backdrop(
        'ocp-gpu-worker',
        'A10',
        '550.144.03',
        '2024-09-13T11:30:00Z',
        '2024-09-13T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
