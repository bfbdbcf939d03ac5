"""heldout-public-332's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-332/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description).
Every case is a one-GPU desktop or laptop report; host names, the bus number (01) and the driver (550.144.03, the
same for every case) are stand-ins: no source prints them. No case uses extra: no source quotes an exporter value
as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'whisper-rt-35-whisper-runs-on-cpu-not-gpu-cpu-only-pytorch-install-cuda-build': Backdrop(
        'whisper-desktop',
        'A10',
        '550.144.03',
        '2023-10-02T11:30:00Z',
        '2023-10-02T12:10:00Z',
        pci=('01',),
    ),
    'silero-tts-service-22-tts-service-on-cpu-docker-image-torch-without-cuda': Backdrop(
        'tts-host',
        'A10',
        '550.144.03',
        '2024-01-22T11:30:00Z',
        '2024-01-22T12:10:00Z',
        pci=('01',),
    ),
    'nomeroff-net-103-gtx1060-gpu0-cuda-oom-at-model-load-tf-preallocation-allow-growth': Backdrop(
        'nomeroff-desktop',
        'A10',
        '550.144.03',
        '2020-10-07T11:30:00Z',
        '2020-10-07T12:10:00Z',
        pci=('01',),
    ),
    'ru-dalle-18-rtx3050ti-cuda-oom-loading-model-needs-6gb-vram': Backdrop(
        'rudalle-laptop',
        'A10',
        '550.144.03',
        '2021-11-03T11:30:00Z',
        '2021-11-03T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
