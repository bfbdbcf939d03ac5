"""heldout-public-278's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-278/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts, bus numbers (no source prints one for the affected node: 01 for one GPU, 01 and 02 for two, 01..08 for eight) and the
driver (550.144.03, the same for every case) are stand-ins. No case uses extra: no source quotes an exporter value as a
metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'aixcl-1118-ollama-runs-cpu-only-after-podman-migration-cdi-never-configured': Backdrop(
        'aixcl-host',
        'A10',
        '550.144.03',
        '2026-05-09T11:30:00Z',
        '2026-05-09T12:10:00Z',
        pci=('01',),
    ),
    'pyg-8948-conda-installs-cpu-build-of-pyg-instead-of-cu121-build-timestamps': Backdrop(
        'pyg-workstation',
        'A10',
        '550.144.03',
        '2024-03-04T11:30:00Z',
        '2024-03-04T12:10:00Z',
        pci=('01',),
    ),
    'saturncloud-images-375-gpu-images-built-on-cpu-nodes-conda-solver-misses-cuda-variants': Backdrop(
        'saturn-gpu-instance',
        'A10',
        '550.144.03',
        '2022-05-10T11:30:00Z',
        '2022-05-10T12:10:00Z',
        pci=('01',),
    ),
    'vitis-ai-103-gpu-docker-image-fails-unsatisfied-condition-cuda-10-0-host-driver-too-old': Backdrop(
        'vitis-ai-host',
        'A10',
        '550.144.03',
        '2020-05-16T11:30:00Z',
        '2020-05-16T12:10:00Z',
        pci=('01',),
    ),
    'deepchem-2467-tensorflow-in-deepchem-docker-image-cannot-load-libcudart-11-base-image-cuda-10-1': Backdrop(
        'lsf-v100-node',
        'A10',
        '550.144.03',
        '2021-04-11T11:30:00Z',
        '2021-04-11T12:10:00Z',
        pci=('01',),
    ),
    'apptainer-1205-nested-apptainer-container-cannot-find-libnvidia-ml-libraries-differ-between-containers': Backdrop(
        'gpu-worker',
        'A10',
        '550.144.03',
        '2023-03-14T11:30:00Z',
        '2023-03-14T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'pytorch-185746-cudnn-sublibrary-version-mismatch-in-nightly-cu132-wheel-dlls-without-version': Backdrop(
        'win11-rtx5090',
        'A10',
        '550.144.03',
        '2026-05-31T11:30:00Z',
        '2026-05-31T12:10:00Z',
        pci=('01',),
    ),
    'agentbaker-1463-revert-containerd-1-5-9-and-nvidia-container-runtime-upgrade-broke-docker-gpu-clusters': Backdrop(
        'aks-gpu-node',
        'A10',
        '550.144.03',
        '2022-01-25T11:30:00Z',
        '2022-01-25T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'jax-18027-jax-cuda12-pip-wheels-cuda-backend-fails-cublas-older-than-jaxlib-build': Backdrop(
        'jax-conda-host',
        'A10',
        '550.144.03',
        '2024-03-11T11:30:00Z',
        '2024-03-11T12:10:00Z',
        pci=('01',),
    ),
    'gpu-manager-21-gpu-manager-daemonset-fails-on-cri-o-openshift-node-needs-docker': Backdrop(
        'ocp43-gpu-node',
        'A10',
        '550.144.03',
        '2020-04-19T11:30:00Z',
        '2020-04-19T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'microk8s-core-addons-400-cuda-vector-add-crashloop-missing-runtimeclassname-nvidia-after-addon-default-change': Backdrop(
        'microk8s-g4dn-node',
        'A10',
        '550.144.03',
        '2026-05-07T11:30:00Z',
        '2026-05-07T12:10:00Z',
        pci=('01',),
    ),
    'reppoints-18-dataloader-bus-error-in-nvidia-cuda-container-ipc-host-not-applied-to-reused-container': Backdrop(
        'reppoints-host',
        'A10',
        '550.144.03',
        '2019-11-25T11:30:00Z',
        '2019-11-25T12:10:00Z',
        pci=('01',),
    ),
    'gpustack-1262-zombie-processes-pile-up-in-gpu-serving-container-no-init-docker-run-init': Backdrop(
        'gpustack-worker',
        'A10',
        '550.144.03',
        '2025-02-19T11:30:00Z',
        '2025-02-19T12:10:00Z',
        pci=('01', '02'),
    ),
    'codalab-1908-preempted-slurm-job-keeps-running-in-root-docker-container': Backdrop(
        'nlp-slurm-node',
        'A10',
        '550.144.03',
        '2020-01-17T11:30:00Z',
        '2020-01-17T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'onediff-10-cuda-version-in-cu112-tagged-image-is-11-8-compatible-benign': Backdrop(
        'oneflow-sd-host',
        'A10',
        '550.144.03',
        '2022-11-07T11:30:00Z',
        '2022-11-07T12:10:00Z',
        pci=('01',),
    ),
    'kohya-colab-194-cuda-enabled-jaxlib-not-installed-warning-while-training-on-gpu-benign': Backdrop(
        'colab-runtime',
        'A10',
        '550.144.03',
        '2024-08-20T11:30:00Z',
        '2024-08-20T12:10:00Z',
        pci=('01',),
    ),
    'cfa-variant-forecasting-20-cuda-enabled-jaxlib-not-installed-warning-cpu-model-by-design-benign': Backdrop(
        'gfe-laptop',
        'A10',
        '550.144.03',
        '2024-07-30T11:30:00Z',
        '2024-07-30T12:10:00Z',
        pci=('01',),
    ),
    'timesfm-48-libcudart-11-dlerror-in-conda-env-in-docker-model-still-runs-benign': Backdrop(
        'timesfm-docker-host',
        'A10',
        '550.144.03',
        '2024-05-22T11:30:00Z',
        '2024-05-22T12:10:00Z',
        pci=('01',),
    ),
    'k3ai-core-86-gpu-not-allocated-in-kind-cluster-docker-in-docker-node-has-no-gpu-support': Backdrop(
        'k3ai-kind-node',
        'A10',
        '550.144.03',
        '2021-07-09T11:30:00Z',
        '2021-07-09T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
