"""heldout-public-483's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-483/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
no evidence prints a host name, so every host is a stand-in; every case has one GPU (each source describes one
GPU, or names none); no evidence prints a bus number, so every bus is the stand-in 01; the driver (550.144.03) is
the same stand-in for every case, so the version carries no signal. No case uses extra: no source quotes an exporter
value as a metric sample. The backdrop never points at the cause: flat, healthy metrics for every case.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'a1111-11765-rtx4090-pc-shuts-down-overheating-large-generation-motherboard-burned': Backdrop(
        'sd-4090',
        'A10',
        '550.144.03',
        '2023-07-13T11:30:00Z',
        '2023-07-13T12:10:00Z',
        pci=('01',),
    ),
    'deepspeech-384-step-time-keeps-increasing-curriculum-longer-examples-benign': Backdrop(
        'deepspeech-host',
        'A10',
        '550.144.03',
        '2017-02-14T11:30:00Z',
        '2017-02-14T12:10:00Z',
        pci=('01',),
    ),
    'fastmot-134-vram-grows-each-video-loop-until-oom-tensorrt-context-leak': Backdrop(
        'fastmot-host',
        'A10',
        '550.144.03',
        '2021-06-25T11:30:00Z',
        '2021-06-25T12:10:00Z',
        pci=('01',),
    ),
    'homekit2020-13-a40-cuda-oom-after-125-epochs-validation-bootstrap-memory-leak': Backdrop(
        'homekit-a40',
        'A10',
        '550.144.03',
        '2022-08-30T11:30:00Z',
        '2022-08-30T12:10:00Z',
        pci=('01',),
    ),
    'insightface-1570-samples-per-sec-drops-every-400-steps-gpu-idle-hdd-to-ssd': Backdrop(
        'arcface-host',
        'A10',
        '550.144.03',
        '2021-06-08T11:30:00Z',
        '2021-06-08T12:10:00Z',
        pci=('01',),
    ),
    'matconvnet-243-each-epoch-slower-os-page-cache-fills-free-memory-drop-caches': Backdrop(
        'matconvnet-host',
        'A10',
        '550.144.03',
        '2015-08-14T11:30:00Z',
        '2015-08-14T12:10:00Z',
        pci=('01',),
    ),
    'neosr-81-vram-usage-changes-during-training-normal-benign': Backdrop(
        'neosr-host',
        'A10',
        '550.144.03',
        '2024-07-04T11:30:00Z',
        '2024-07-04T12:10:00Z',
        pci=('01',),
    ),
    'nvenc-625-memory-keeps-growing-during-long-encode-not-enough-memory-leak-fixed-7-70': Backdrop(
        'nvenc-host',
        'A10',
        '550.144.03',
        '2024-10-10T11:30:00Z',
        '2024-10-10T12:10:00Z',
        pci=('01',),
    ),
    'san-3-rtx3090-memory-rises-past-24gb-after-few-epochs-variable-image-size': Backdrop(
        'san-3090',
        'A10',
        '550.144.03',
        '2022-08-10T11:30:00Z',
        '2022-08-10T12:10:00Z',
        pci=('01',),
    ),
    'splatter-image-59-vram-9gb-to-14gb-later-in-training-expected-rasterizer-benign': Backdrop(
        'splatter-host',
        'A10',
        '550.144.03',
        '2024-09-21T11:30:00Z',
        '2024-09-21T12:10:00Z',
        pci=('01',),
    ),
    'tdarr-374-node-ram-grows-after-hours-of-gpu-encoding-health-check-threads': Backdrop(
        'unraid-tdarr',
        'A10',
        '550.144.03',
        '2021-02-22T11:30:00Z',
        '2021-02-22T12:10:00Z',
        pci=('01',),
    ),
    'trex-281-gtx1080-miner-exits-after-two-minutes-of-mining-bad-psu': Backdrop(
        'mining-pc',
        'A10',
        '550.144.03',
        '2021-03-11T11:30:00Z',
        '2021-03-11T12:10:00Z',
        pci=('01',),
    ),
    'whisper-standalone-263-gtx1050-4gb-transcription-stops-partway-vram-oom': Backdrop(
        'laptop-gtx1050',
        'A10',
        '550.144.03',
        '2024-05-30T11:30:00Z',
        '2024-05-30T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
