"""heldout-public-467's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-467/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description); every
host name is a stand-in (no source prints one); GPU counts follow the source (4 for the 4x RTX 3090 machine, 1 otherwise);
bus numbers are stand-ins 01..N except 0a for nvdocker-1410, where TensorFlow prints the GPU at 0000:0a:00.0; the driver
(550.144.03) is the same stand-in for every case, so the version carries no signal. No case uses extra: no source quotes an
exporter value as a metric sample. The backdrop never points at the cause: flat, healthy metrics for every case.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'pytorch-46794-rtx3090-sm86-not-compatible-nightly-built-with-cudatoolkit-10-2': Backdrop(
        'ws-3090-01',
        'A10',
        '550.144.03',
        '2020-10-23T11:30:00Z',
        '2020-10-23T12:10:00Z',
        pci=('01',),
    ),
    'stylegan2ada-10-rtx30-nvcc-fatal-sm86-docker-image-cuda-too-old': Backdrop(
        'ws-rtx30-01',
        'A10',
        '550.144.03',
        '2020-10-16T11:30:00Z',
        '2020-10-16T12:10:00Z',
        pci=('01',),
    ),
    'tf-44200-rtx3090-tf114-training-start-30min-prebuilt-pip-gpu-not-utilized': Backdrop(
        'ws-4x3090-01',
        'A10',
        '550.144.03',
        '2020-10-21T11:30:00Z',
        '2020-10-21T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'nvdocker-1410-wsl2-docker-gpus-could-not-select-device-driver-docker-engine-in-wsl2-fix': Backdrop(
        'wsl2-2080ti-01',
        'A10',
        '550.144.03',
        '2020-11-17T11:30:00Z',
        '2020-11-17T12:10:00Z',
        pci=('0a',),
    ),
    'gtad-30-11gb-gpu0-cuda-oom-tried-4gib-batch-size-halved': Backdrop(
        'ws-gtad-01',
        'A10',
        '550.144.03',
        '2020-09-11T11:30:00Z',
        '2020-09-11T12:10:00Z',
        pci=('01',),
    ),
    'tf-42738-benign-numa-node-negative-value-warning-persists-after-memory-growth-fix': Backdrop(
        'laptop-960m-01',
        'A10',
        '550.144.03',
        '2020-08-28T11:30:00Z',
        '2020-08-28T12:10:00Z',
        pci=('01',),
    ),
    'tf-43718-benign-ptxas-sm86-cuda-stack-old-warning-does-not-affect-training': Backdrop(
        'ws-3090-02',
        'A10',
        '550.144.03',
        '2020-12-06T11:30:00Z',
        '2020-12-06T12:10:00Z',
        pci=('01',),
    ),
    'trex-196-benign-rtx3090-gddr6x-junction-temp-reads-110c-not-actual-memory-temp': Backdrop(
        'rig-3090-01',
        'A10',
        '550.144.03',
        '2021-02-10T11:30:00Z',
        '2021-02-10T12:10:00Z',
        pci=('01',),
    ),
    'pynvml-26-benign-wsl2-gpu-preview-nvml-not-supported-nvidia-smi-not-functional': Backdrop(
        'wsl2-dev-01',
        'A10',
        '550.144.03',
        '2020-07-22T11:30:00Z',
        '2020-07-22T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
