"""heldout-public-479's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-479/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
host names are the printed one where the evidence prints one (401240707274117120-taskrole1-0) and stand-ins otherwise;
every case is a single-GPU machine (one GPU); the bus number is the printed one where the evidence prints it (01 in
jax-5361) and the stand-in 01 otherwise; the driver (550.144.03) is the same stand-in for every case, so the version
carries no signal. No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never
points at the cause: flat, healthy metrics for every case.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'yolov3tf2-62-benign-tf-inference-takes-all-gpu-memory-default-tensorflow-preallocation': Backdrop(
        'tf-yolo-host',
        'A10',
        '550.144.03',
        '2019-09-02T11:30:00Z',
        '2019-09-02T12:10:00Z',
        pci=('01',),
    ),
    'lte-22-pytorch-training-killed-host-memory-limited-process-killed': Backdrop(
        '401240707274117120-taskrole1-0',
        'A10',
        '550.144.03',
        '2024-01-13T11:30:00Z',
        '2024-01-13T12:10:00Z',
        pci=('01',),
    ),
    'cuml-5484-import-cuml-fails-compute-capability-5-0-gpu-rapids-requires-pascal': Backdrop(
        'cuml-cc50-host',
        'A10',
        '550.144.03',
        '2023-07-01T11:30:00Z',
        '2023-07-01T12:10:00Z',
        pci=('01',),
    ),
    'catboost-302-gpu-training-toutofmemoryerror-dataset-larger-than-gpu-memory': Backdrop(
        'catboost-gpu-host',
        'A10',
        '550.144.03',
        '2018-04-09T11:30:00Z',
        '2018-04-09T12:10:00Z',
        pci=('01',),
    ),
    'gbmperf-14-catboost-gpu-100m-rows-crashes-runs-out-of-v100-16gb-memory': Backdrop(
        'gbm-perf-v100',
        'A10',
        '550.144.03',
        '2020-09-09T11:30:00Z',
        '2020-09-09T12:10:00Z',
        pci=('01',),
    ),
    'compvis-757-stable-diffusion-laptop-gpu-80-90c-thermal-protection-crashes-limited-cooling': Backdrop(
        'sd-laptop',
        'A10',
        '550.144.03',
        '2023-07-02T11:30:00Z',
        '2023-07-02T12:10:00Z',
        pci=('01',),
    ),
    'colab-56-colab-gpu-resourceexhaustederror-earlier-tf-notebook-holds-all-gpu-memory': Backdrop(
        'colab-vm-56',
        'A10',
        '550.144.03',
        '2018-02-12T11:30:00Z',
        '2018-02-12T12:10:00Z',
        pci=('01',),
    ),
    'colab-136-colab-keras-oom-gpu-memory-not-cleared-between-runtimes-reset-vm': Backdrop(
        'colab-vm-136',
        'A10',
        '550.144.03',
        '2018-04-21T11:30:00Z',
        '2018-04-21T12:10:00Z',
        pci=('01',),
    ),
    'jax-5361-benign-wsl-could-not-open-numa-node-file-message-code-runs-fine': Backdrop(
        'wsl-jax',
        'A10',
        '550.144.03',
        '2021-01-10T11:30:00Z',
        '2021-01-10T12:10:00Z',
        pci=('01',),
    ),
    'tkat-5-tensorflow-cannot-dlopen-gpu-libraries-skips-gpu-runs-on-cpu-tf-install': Backdrop(
        'tkat-notebook-host',
        'A10',
        '550.144.03',
        '2024-08-31T11:30:00Z',
        '2024-08-31T12:10:00Z',
        pci=('01',),
    ),
    'mie-100-comfyui-fails-to-start-driver-572-83-too-old-for-cu130-torch-zh': Backdrop(
        'comfyui-win',
        'A10',
        '550.144.03',
        '2026-08-28T11:30:00Z',
        '2026-08-28T12:10:00Z',
        pci=('01',),
    ),
    'fooocus-1466-colab-found-no-nvidia-driver-runtime-without-gpu-switch-to-t4': Backdrop(
        'colab-vm-fooocus',
        'A10',
        '550.144.03',
        '2023-12-17T11:30:00Z',
        '2023-12-17T12:10:00Z',
        pci=('01',),
    ),
    'lmmm-23-benign-cudart64-110-dll-not-found-warning-library-runs-fine': Backdrop(
        'mmm-workstation',
        'A10',
        '550.144.03',
        '2022-06-22T11:30:00Z',
        '2022-06-22T12:10:00Z',
        pci=('01',),
    ),
    'kohya-1437-sdxl-lora-training-crashes-after-epochs-rtx3090-windows-driver-update-bug': Backdrop(
        'kohya-rtx3090',
        'A10',
        '550.144.03',
        '2023-08-24T11:30:00Z',
        '2023-08-24T12:10:00Z',
        pci=('01',),
    ),
    'tf-41147-benign-keras-resnet50-instance-shows-14gb-gpu-memory-tf-reserves-memory': Backdrop(
        'keras-resnet-host',
        'A10',
        '550.144.03',
        '2020-07-07T11:30:00Z',
        '2020-07-07T12:10:00Z',
        pci=('01',),
    ),
    'cupynumeric-1222-jupyter-bang-command-leaves-orphaned-legate-process-after-oom-h100-mig': Backdrop(
        'azure-h100nvl',
        'A10',
        '550.144.03',
        '2025-08-06T11:30:00Z',
        '2025-08-06T12:10:00Z',
        pci=('01',),
    ),
    'catboost-629-jupyter-gpu-fit-hangs-while-background-fit-job-holds-the-gpu': Backdrop(
        'catboost-2080ti',
        'A10',
        '550.144.03',
        '2019-01-23T11:30:00Z',
        '2019-01-23T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
