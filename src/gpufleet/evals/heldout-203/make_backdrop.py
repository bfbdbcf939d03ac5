"""heldout-public-203's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-203/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (no source names a GPU model in the SKU list); hosts and bus numbers are stand-ins;
drivers are stand-ins except 535.183.06, which the lzwjava note names. No case uses extra: no source quotes an
exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'lzwjava-nvidiadkms-hi-dkms-build-fails-on-kernel-6-8-driver-module-must-be-recompiled': Backdrop(
        'ubuntu2204-dkms-ws',
        'A10',
        '535.183.06',
        '2025-05-31T11:30:00Z',
        '2025-05-31T12:10:00Z',
        pci=('01',),
    ),
    'imgabreuw-notes-nvidia-smi-cannot-communicate-with-driver-driver-not-working-reinstall-cuda': Backdrop(
        'ubuntu2204-notes-ws',
        'A10',
        '535.104.05',
        '2023-10-02T11:30:00Z',
        '2023-10-02T12:10:00Z',
        pci=('01',),
    ),
    'chestmnist-optimasitraining-training-slow-gpu-underutilized-upsampling-small-batch-no-loader-workers': Backdrop(
        'chestmnist-train-ws',
        'A10',
        '566.36',
        '2025-11-08T11:30:00Z',
        '2025-11-08T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
