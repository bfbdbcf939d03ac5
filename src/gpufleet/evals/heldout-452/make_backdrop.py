"""heldout-public-452's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-452/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description); every host
name is a stand-in (no stored excerpt prints one); GPU counts follow the source where it gives one (3 for neural-audio-fp#20,
6 for ethminer#883, 2 for exllamav3#333 and unsloth#10613), are a stand-in of two where the report names a first and a second
GPU (maskrcnn-benchmark#303, GroundingDINO#103) and are one GPU otherwise; bus numbers are stand-ins 01..N (no source prints a
bus id); the driver (550.144.03) is the same stand-in for every case, so the driver version carries no signal even where the
stated cause is a driver or library version. No case uses extra: no source quotes an exporter value as a metric sample. The
backdrop never points at the cause (flat, healthy metrics for every case).
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'ollama-6556-cuda-v12-runner-on-driver-525-degrades-model-output-driver-cuda-mismatch': Backdrop(
        'ollama-host-01',
        'A10',
        '550.144.03',
        '2024-08-29T11:30:00Z',
        '2024-08-29T12:10:00Z',
        pci=('01',),
    ),
    'audiofp-20-nan-training-loss-cuda-10-1-image-on-rtx-3090-needs-cuda-11': Backdrop(
        'audiofp-3090-01',
        'A10',
        '550.144.03',
        '2021-11-30T11:30:00Z',
        '2021-11-30T12:10:00Z',
        pci=('01', '02', '03'),
    ),
    'fbresnet-202-val-accuracy-collapses-on-second-machine-cudnn-v4-v5-mismatch': Backdrop(
        'resnet-ws-02',
        'A10',
        '550.144.03',
        '2018-05-04T11:30:00Z',
        '2018-05-04T12:10:00Z',
        pci=('01',),
    ),
    'cudalibsamples-204-cublasmpgemm-op-t-treated-as-op-c-in-nvhpc-24-5-library-regression': Backdrop(
        'cublasmp-node-01',
        'A10',
        '550.144.03',
        '2024-08-02T11:30:00Z',
        '2024-08-02T12:10:00Z',
        pci=('01',),
    ),
    'kpconv-15-nan-after-wrong-matmul-results-with-cuda10-on-rtx-2080ti': Backdrop(
        'kpconv-ws-01',
        'A10',
        '550.144.03',
        '2019-08-19T11:30:00Z',
        '2019-08-19T12:10:00Z',
        pci=('01',),
    ),
    'cupynumeric-1120-exact-compare-test-fails-after-cuda-12-2-bump-expected-round-off-benign': Backdrop(
        'legate-ci-01',
        'A10',
        '550.144.03',
        '2024-02-06T11:30:00Z',
        '2024-02-06T12:10:00Z',
        pci=('01',),
    ),
    'ethminer-883-gpu-gave-incorrect-result-on-last-of-six-gtx-1070-riser-or-gpu-quality': Backdrop(
        'miner-rig-883',
        'A10',
        '550.144.03',
        '2018-03-12T11:30:00Z',
        '2018-03-12T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06'),
    ),
    'exllamav3-333-two-gpu-split-decodes-gibberish-platform-p2p-false-positive-copies-return-zeros': Backdrop(
        'rtxpro-ws-01',
        'A10',
        '550.144.03',
        '2026-09-04T11:30:00Z',
        '2026-09-04T12:10:00Z',
        pci=('01', '02'),
    ),
    'unsloth-10613-studio-forces-cuda-p2p-on-non-nvlink-rtx-6000-ada-silently-corrupts-output': Backdrop(
        'rtx6000ada-ws-01',
        'A10',
        '550.144.03',
        '2026-09-09T11:30:00Z',
        '2026-09-09T12:10:00Z',
        pci=('01', '02'),
    ),
    'mrcnnbench-303-nan-loss-when-training-on-second-gpu-via-model-device-use-cuda-visible-devices': Backdrop(
        'mrcnn-srv-01',
        'A10',
        '550.144.03',
        '2018-12-23T11:30:00Z',
        '2018-12-23T12:10:00Z',
        pci=('01', '02'),
    ),
    'groundingdino-103-wrong-or-empty-boxes-on-cuda-1-custom-op-runs-on-default-gpu': Backdrop(
        'gdino-srv-01',
        'A10',
        '550.144.03',
        '2023-05-15T11:30:00Z',
        '2023-05-15T12:10:00Z',
        pci=('01', '02'),
    ),
    'tf-14169-odd-predictions-when-gpu-memory-is-oversubscribed-instead-of-oom': Backdrop(
        'tf-infer-01',
        'A10',
        '550.144.03',
        '2017-11-02T11:30:00Z',
        '2017-11-02T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
