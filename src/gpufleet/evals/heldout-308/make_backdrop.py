"""heldout-public-308's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-308/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts, the GPU count (one per case: each source is a single-GPU desktop or notebook), bus 01 and the driver
(550.144.03, the same for every case) are stand-ins. No case uses extra: no source quotes an exporter value.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'easydiffusion-1163-sd-fails-at-start-participant-says-not-enough-ram-needs-9gb': Backdrop(
        'ezd-win11-desktop',
        'A10',
        '550.144.03',
        '2023-04-15T11:30:00Z',
        '2023-04-15T12:10:00Z',
        pci=('01',),
    ),
    'ru-gpts-47-colab-cuda-oom-gpu-memory-too-small-for-model-reduce-block-size': Backdrop(
        'colab-runtime',
        'A10',
        '550.144.03',
        '2021-04-06T11:30:00Z',
        '2021-04-06T12:10:00Z',
        pci=('01',),
    ),
    'nomeroff-net-42-dataset-annotation-error-then-resource-exhausted-on-4gb-gtx-970': Backdrop(
        'gtx970-workstation',
        'A10',
        '550.144.03',
        '2019-09-15T11:30:00Z',
        '2019-09-15T12:10:00Z',
        pci=('01',),
    ),
    'nvidia-patcher-320-freezes-and-bsods-card-uses-ram-not-vram-videocard-died': Backdrop(
        'patcher-gaming-pc',
        'A10',
        '550.144.03',
        '2025-08-21T11:30:00Z',
        '2025-08-21T12:10:00Z',
        pci=('01',),
    ),
    'pythontoday-1-tensorflow-gpu-install-errors-fixed-by-tensorflow-gpu-2-5-0': Backdrop(
        'tf-gpu-desktop',
        'A10',
        '550.144.03',
        '2022-05-10T11:30:00Z',
        '2022-05-10T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
