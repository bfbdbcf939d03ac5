"""heldout-public-464's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-464/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description); every
host name is a stand-in (no source prints one); GPU counts follow the source's instance or runtime (4 for ml.g5.12xlarge,
ml.g5.24xlarge and the 4-GPU AI Studio environment, 1 otherwise); bus numbers are stand-ins 01..N (no source prints a
bus id); the driver (550.144.03) is the same stand-in for every case, so the version carries no signal. No case uses
extra: no source quotes an exporter value as a metric sample. The backdrop never points at the cause: flat, healthy
metrics for every case.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'modal-examples-681-t4-no-hip-gpus-rocm-pytorch-build-on-nvidia-gpu': Backdrop(
        'modal-t4-01',
        'A10',
        '550.144.03',
        '2024-04-01T11:30:00Z',
        '2024-04-01T12:10:00Z',
        pci=('01',),
    ),
    'colab-6082-benign-not-utilizing-gpu-warning-fires-while-gpu-idle-between-jobs': Backdrop(
        'colab-vm-02',
        'A10',
        '550.144.03',
        '2026-08-23T11:30:00Z',
        '2026-08-23T12:10:00Z',
        pci=('01',),
    ),
    'colab-701-benign-numa-node-negative-value-info-log-not-the-crash-cause': Backdrop(
        'colab-vm-03',
        'A10',
        '550.144.03',
        '2019-08-19T11:30:00Z',
        '2019-08-19T12:10:00Z',
        pci=('01',),
    ),
    'azure-batch-45-nc6-gpu-container-pool-nodes-unusable-broken-node-image-republished': Backdrop(
        'batch-nc6-01',
        'A10',
        '550.144.03',
        '2019-03-15T11:30:00Z',
        '2019-03-15T12:10:00Z',
        pci=('01',),
    ),
    'xgboost-7982-aws-emr-g4dn-nccl-errors-nccl-picked-docker-bridge-interface': Backdrop(
        'emr-g4dn-01',
        'A10',
        '550.144.03',
        '2023-01-11T11:30:00Z',
        '2023-01-11T12:10:00Z',
        pci=('01',),
    ),
    'paddle-24663-ai-studio-cuda-driver-insufficient-paddle-2-0-alpha-not-supported-by-platform': Backdrop(
        'aistudio-v100-01',
        'A10',
        '550.144.03',
        '2020-05-20T11:30:00Z',
        '2020-05-20T12:10:00Z',
        pci=('01',),
    ),
    'paddle-models-4802-ai-studio-no-cuda-capable-device-detected-machine-environment-zh': Backdrop(
        'aistudio-env-01',
        'A10',
        '550.144.03',
        '2020-08-16T11:30:00Z',
        '2020-08-16T12:10:00Z',
        pci=('01',),
    ),
    'fast-stable-diffusion-36-colab-t4-no-kernel-image-t4-binary-replaced-by-mistake': Backdrop(
        'colab-vm-04',
        'A10',
        '550.144.03',
        '2022-10-01T11:30:00Z',
        '2022-10-01T12:10:00Z',
        pci=('01',),
    ),
    'maskrcnn-custom-12-colab-runs-on-cpu-gpu-unused-package-versions-fixed': Backdrop(
        'colab-vm-05',
        'A10',
        '550.144.03',
        '2021-12-14T11:30:00Z',
        '2021-12-14T12:10:00Z',
        pci=('01',),
    ),
    'glip-15-colab-not-compiled-with-gpu-support-cuda-not-found-at-build': Backdrop(
        'colab-vm-06',
        'A10',
        '550.144.03',
        '2022-06-11T11:30:00Z',
        '2022-06-11T12:10:00Z',
        pci=('01',),
    ),
    'paddle-29811-ai-studio-32g-gpu-only-8mb-free-memory-held-by-previous-task-zh': Backdrop(
        'aistudio-v100-02',
        'A10',
        '550.144.03',
        '2020-12-22T11:30:00Z',
        '2020-12-22T12:10:00Z',
        pci=('01',),
    ),
    'paddlevideo-629-ai-studio-4-gpu-env-cards-1-3-memory-not-freed-after-interrupt-zh': Backdrop(
        'aistudio-4gpu-01',
        'A10',
        '550.144.03',
        '2023-06-02T11:30:00Z',
        '2023-06-02T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'sagemaker-remote-decorator-2-ml-g5-12xlarge-mistral-finetune-oom-on-gpu3-24gb-per-gpu': Backdrop(
        'sm-g5-12xl-01',
        'A10',
        '550.144.03',
        '2023-12-06T11:30:00Z',
        '2023-12-06T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'aws-nlq-guidance-57-sagemaker-flan-t5-xxl-endpoint-cuda-oom-known-resource-exhaustion': Backdrop(
        'sm-g5-24xl-01',
        'A10',
        '550.144.03',
        '2024-01-19T11:30:00Z',
        '2024-01-19T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'odise-9-colab-t4-system-ram-exhausted-while-instantiating-model': Backdrop(
        'colab-vm-07',
        'A10',
        '550.144.03',
        '2023-04-07T11:30:00Z',
        '2023-04-07T12:10:00Z',
        pci=('01',),
    ),
    'gradient-base-container-5-paperspace-image-nvml-driver-library-version-mismatch': Backdrop(
        'gradient-nb-01',
        'A10',
        '550.144.03',
        '2023-07-01T11:30:00Z',
        '2023-07-01T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
