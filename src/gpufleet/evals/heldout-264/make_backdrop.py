"""heldout-public-264's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-264/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts, bus numbers (no source prints one: 01 for the one GPU of every case) and the driver (550.144.03, the same
for every case) are stand-ins. No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'fast-sd-2628-colab-v100-no-kernel-image-xformers-built-only-for-t4-a100': Backdrop(
        'colab-v100-runtime',
        'A10',
        '550.144.03',
        '2023-10-23T11:30:00Z',
        '2023-10-23T12:10:00Z',
        pci=('01',),
    ),
    'kaggle-docker-882-kaggle-pip-torch-cu102-on-cuda-10-1-image-gpu-unrecognized': Backdrop(
        'kaggle-gpu-session',
        'A10',
        '550.144.03',
        '2020-10-05T11:30:00Z',
        '2020-10-05T12:10:00Z',
        pci=('01',),
    ),
    'nvdli-notebooks-12-colab-t4-nvcc-newer-than-driver-ptx-mismatch-kernel-never-launches': Backdrop(
        'colab-t4-runtime',
        'A10',
        '550.144.03',
        '2026-01-29T11:30:00Z',
        '2026-01-29T12:10:00Z',
        pci=('01',),
    ),
    't2v-colab-8-colab-cuda-oom-after-compute-units-ran-out-dropped-to-t4': Backdrop(
        'colab-pro-runtime',
        'A10',
        '550.144.03',
        '2023-04-05T11:30:00Z',
        '2023-04-05T12:10:00Z',
        pci=('01',),
    ),
    'lifespan-26-colab-random-cuda-oom-colab-allocates-gpus-with-smaller-memory': Backdrop(
        'colab-gpu-runtime',
        'A10',
        '550.144.03',
        '2021-11-13T11:30:00Z',
        '2021-11-13T12:10:00Z',
        pci=('01',),
    ),
    'disco-turbo-18-colab-t4-cuda-oom-gpu0-standard-oom-reduce-image-size': Backdrop(
        'colab-t4-runtime',
        'A10',
        '550.144.03',
        '2022-05-18T11:30:00Z',
        '2022-05-18T12:10:00Z',
        pci=('01',),
    ),
    'wwf-19-colab-resnet50-epoch-hours-google-drive-throttled-data-access': Backdrop(
        'colab-gpu-runtime',
        'A10',
        '550.144.03',
        '2021-01-08T11:30:00Z',
        '2021-01-08T12:10:00Z',
        pci=('01',),
    ),
    'optimum-bench-67-colab-not-using-gpu-warning-with-intermittent-gpu-use-benign': Backdrop(
        'colab-t4-runtime',
        'A10',
        '550.144.03',
        '2023-10-16T11:30:00Z',
        '2023-10-16T12:10:00Z',
        pci=('01',),
    ),
    'fast-sd-1567-colab-system-ram-maxed-on-model-change-known-colab-runtime-bug': Backdrop(
        'colab-gpu-runtime',
        'A10',
        '550.144.03',
        '2023-02-08T11:30:00Z',
        '2023-02-08T12:10:00Z',
        pci=('01',),
    ),
    'a1111-2407-colab-free-12-5gb-ram-exhausted-loading-7gb-checkpoint-killed': Backdrop(
        'colab-free-runtime',
        'A10',
        '550.144.03',
        '2022-10-12T11:30:00Z',
        '2022-10-12T12:10:00Z',
        pci=('01',),
    ),
    'fast-sd-200-colab-7gb-checkpoint-fails-to-load-system-ram-limit': Backdrop(
        'colab-gpu-runtime',
        'A10',
        '550.144.03',
        '2022-10-22T11:30:00Z',
        '2022-10-22T12:10:00Z',
        pci=('01',),
    ),
    '3dfuse-15-hf-space-demo-every-request-exceeds-gpu-memory-after-an-error': Backdrop(
        'hf-space-gpu',
        'A10',
        '550.144.03',
        '2023-04-16T11:30:00Z',
        '2023-04-16T12:10:00Z',
        pci=('01',),
    ),
    'cubicasa-26-colab-k80-batch-loading-and-augmentation-dominate-iteration-cpu-bound': Backdrop(
        'colab-k80-runtime',
        'A10',
        '550.144.03',
        '2020-11-05T11:30:00Z',
        '2020-11-05T12:10:00Z',
        pci=('01',),
    ),
    'storybro-27-colab-notebook-not-running-on-gpu-responses-take-minutes': Backdrop(
        'colab-gpu-runtime',
        'A10',
        '550.144.03',
        '2020-01-16T11:30:00Z',
        '2020-01-16T12:10:00Z',
        pci=('01',),
    ),
    'colabtools-2751-colab-no-gpu-backend-available-platform-gpu-assignment-failure': Backdrop(
        'colab-runtime-pool',
        'A10',
        '550.144.03',
        '2022-04-12T11:30:00Z',
        '2022-04-12T12:10:00Z',
        pci=('01',),
    ),
    'motiongpt-78-hf-space-launch-timed-out-after-inactivity-restarted-benign': Backdrop(
        'hf-space-gpu',
        'A10',
        '550.144.03',
        '2024-01-30T11:30:00Z',
        '2024-01-30T12:10:00Z',
        pci=('01',),
    ),
    'colabtools-2038-colab-runtime-disconnected-every-10-min-resource-limits-benign': Backdrop(
        'colab-gpu-runtime',
        'A10',
        '550.144.03',
        '2021-05-25T11:30:00Z',
        '2021-05-25T12:10:00Z',
        pci=('01',),
    ),
    'colabtools-52-colab-gpu-memory-95pct-full-on-assignment-own-tensorflow-preallocation-benign': Backdrop(
        'colab-gpu-runtime',
        'A10',
        '550.144.03',
        '2018-02-08T11:30:00Z',
        '2018-02-08T12:10:00Z',
        pci=('01',),
    ),
    'sovits-paperspace-4-paperspace-notebook-instance-stopped-for-inactivity-benign': Backdrop(
        'paperspace-notebook',
        'A10',
        '550.144.03',
        '2023-05-01T11:30:00Z',
        '2023-05-01T12:10:00Z',
        pci=('01',),
    ),
    'studiolab-155-sagemaker-studio-lab-gpu-runtime-unavailable-instance-allocation-issue': Backdrop(
        'studiolab-runtime-pool',
        'A10',
        '550.144.03',
        '2022-11-03T11:30:00Z',
        '2022-11-03T12:10:00Z',
        pci=('01',),
    ),
    'librecommender-328-colab-gpu-no-speedup-pinsage-sampling-bound-by-two-weak-cpus': Backdrop(
        'colab-gpu-runtime',
        'A10',
        '550.144.03',
        '2023-07-02T11:30:00Z',
        '2023-07-02T12:10:00Z',
        pci=('01',),
    ),
    'macaques-1-colab-epoch-20-min-model-probably-not-on-the-gpu': Backdrop(
        'colab-gpu-runtime',
        'A10',
        '550.144.03',
        '2020-03-24T11:30:00Z',
        '2020-03-24T12:10:00Z',
        pci=('01',),
    ),
    'darknet-5592-colab-yolov4-loading-bottleneck-warning-first-iterations-cache-warmup-benign': Backdrop(
        'colab-gpu-runtime',
        'A10',
        '550.144.03',
        '2020-05-13T11:30:00Z',
        '2020-05-13T12:10:00Z',
        pci=('01',),
    ),
    'min-dalle-63-replicate-a100-device-side-assert-under-load-tokens-out-of-range': Backdrop(
        'replicate-a100-worker',
        'A10',
        '550.144.03',
        '2022-07-07T11:30:00Z',
        '2022-07-07T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
