"""heldout-public-440's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-440/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description); hosts are
stand-ins except ip-172-30-2-213 (printed by the ml-ami-builder-14 evidence); GPU counts follow the instance type the
source names (8 for ml.p4d.24xlarge and Azure NDv4, 4 for p3.8xlarge) and are one GPU otherwise; bus numbers are
stand-ins 01..N (no source prints a bus id); the driver (550.144.03) is the same stand-in for every case. No case uses
extra: no source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'llm-sagemaker-sample-25-sagemaker-p4d-llama31-70b-load-cuda-oom-gpu2-40gb-a100-too-small-p4de-worked': Backdrop(
        'sagemaker-p4d-01',
        'A10',
        '550.144.03',
        '2024-08-06T11:30:00Z',
        '2024-08-06T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'dreambooth-sd-122-aws-p3-8xlarge-v100-16gb-cuda-oom-gpu0-needs-24gb-vram': Backdrop(
        'aws-p3-8xl-01',
        'A10',
        '550.144.03',
        '2022-12-16T11:30:00Z',
        '2022-12-16T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'falconlite-5-sagemaker-g5-a10g-24gb-oom-model-needs-30gb-gpu-ram': Backdrop(
        'sagemaker-g5-01',
        'A10',
        '550.144.03',
        '2023-08-07T11:30:00Z',
        '2023-08-07T12:10:00Z',
        pci=('01',),
    ),
    'compute-gpu-installation-42-gcp-t4-vm-cuda-12-5-toolkit-needs-driver-555-script-installed-550': Backdrop(
        'gcp-t4-vm-01',
        'A10',
        '550.144.03',
        '2024-12-16T11:30:00Z',
        '2024-12-16T12:10:00Z',
        pci=('01',),
    ),
    'colabtools-1773-colab-torch-cuda-unavailable-driver-too-old-user-installed-torch-build': Backdrop(
        'colab-vm-01',
        'A10',
        '550.144.03',
        '2020-12-15T11:30:00Z',
        '2020-12-15T12:10:00Z',
        pci=('01',),
    ),
    'ml-ami-builder-14-aws-gpu-ami-nvml-driver-library-version-mismatch-manual-driver-reinstall': Backdrop(
        'ip-172-30-2-213',
        'A10',
        '550.144.03',
        '2018-02-01T11:30:00Z',
        '2018-02-01T12:10:00Z',
        pci=('01',),
    ),
    'colabtools-930-colab-tf-torch-see-no-gpu-runtime-type-not-set-to-gpu': Backdrop(
        'colab-vm-02',
        'A10',
        '550.144.03',
        '2019-12-29T11:30:00Z',
        '2019-12-29T12:10:00Z',
        pci=('01',),
    ),
    'tensorflow-34385-colab-gpu-device-not-found-long-running-users-restricted-from-gpu-hardware': Backdrop(
        'colab-vm-03',
        'A10',
        '550.144.03',
        '2019-11-18T11:30:00Z',
        '2019-11-18T12:10:00Z',
        pci=('01',),
    ),
    'planetarycomputer-55-hub-gpu-server-spawn-failed-timeout-gpu-quota-filled': Backdrop(
        'pc-hub-gpu-01',
        'A10',
        '550.144.03',
        '2022-05-06T11:30:00Z',
        '2022-05-06T12:10:00Z',
        pci=('01',),
    ),
    'kaggle-docker-python-1044-kaggle-cuda-error-notebook-process-preallocated-all-gpu-memory': Backdrop(
        'kaggle-kernel-01',
        'A10',
        '550.144.03',
        '2021-07-26T11:30:00Z',
        '2021-07-26T12:10:00Z',
        pci=('01',),
    ),
    'gpushare-scheduler-extender-191-aliyun-gpushare-assigns-missing-gpu-id-after-card-swap-restart-daemonset': Backdrop(
        'gpushare-server-2',
        'A10',
        '550.144.03',
        '2022-11-13T11:30:00Z',
        '2022-11-13T12:10:00Z',
        pci=('01',),
    ),
    'aks-edge-247-gpu-pv-device-plugin-fails-nvml-not-loadable-after-windows-11-24h2-update': Backdrop(
        'aksedge-a5000-01',
        'A10',
        '550.144.03',
        '2025-04-08T11:30:00Z',
        '2025-04-08T12:10:00Z',
        pci=('01',),
    ),
    'nccl-513-azure-ndv4-nccl-slower-since-2-8-4-use-azure-hpc-image-topology-file': Backdrop(
        'azure-ndv4-01',
        'A10',
        '550.144.03',
        '2021-06-02T11:30:00Z',
        '2021-06-02T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'sagemaker-python-sdk-476-sagemaker-notebook-tf-not-using-gpu-custom-conda-env-bundled-env-works': Backdrop(
        'sagemaker-nb-01',
        'A10',
        '550.144.03',
        '2019-07-30T11:30:00Z',
        '2019-07-30T12:10:00Z',
        pci=('01',),
    ),
    'raster-vision-aws-15-batch-gpu-jobs-host-ec2-terminated-spot-capacity-reclaimed-benign': Backdrop(
        'aws-batch-p3-01',
        'A10',
        '550.144.03',
        '2019-02-28T11:30:00Z',
        '2019-02-28T12:10:00Z',
        pci=('01',),
    ),
    'colabtools-3645-colab-runtime-disconnects-after-minutes-free-tier-webui-runtimes-deleted-by-policy-benign': Backdrop(
        'colab-vm-04',
        'A10',
        '550.144.03',
        '2023-05-08T11:30:00Z',
        '2023-05-08T12:10:00Z',
        pci=('01',),
    ),
    'super-resolution-58-colab-srgan-training-session-keeps-crashing-large-3d-dataset': Backdrop(
        'colab-vm-05',
        'A10',
        '550.144.03',
        '2020-06-01T11:30:00Z',
        '2020-06-01T12:10:00Z',
        pci=('01',),
    ),
    'dalle-mini-207-colab-pro-session-crashed-all-ram-before-high-ram-provisioned': Backdrop(
        'colab-vm-06',
        'A10',
        '550.144.03',
        '2022-06-05T11:30:00Z',
        '2022-06-05T12:10:00Z',
        pci=('01',),
    ),
    'autotrain-advanced-670-hf-autotrain-space-paused-by-owner-self-pause-by-design-benign': Backdrop(
        'hf-autotrain-space-01',
        'A10',
        '550.144.03',
        '2024-06-07T11:30:00Z',
        '2024-06-07T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
