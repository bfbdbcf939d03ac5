"""heldout-public-149's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-149/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); hosts and bus numbers are stand-ins, and
so are the drivers (no report names one; see each case's description). No case uses extra: no report quotes an
exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'spark-vllm-docker-43-benign-vllm-memory-grows-after-use-kv-cache-underallocated-not-a-leak': Backdrop(
        'dgx-spark-vllm',
        'A10',
        '580.95.05',
        '2026-02-17T11:30:00Z',
        '2026-02-17T12:10:00Z',
        pci=('01',),
    ),
    'milabench-15-interrupted-benchmark-leaves-dangling-voir-processes-holding-gpu-memory': Backdrop(
        'mila-bench-gpu',
        'A10',
        '510.47.03',
        '2022-04-07T11:30:00Z',
        '2022-04-07T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'wandb-1247-gpu-memory-held-after-sweep-trial-exits-orphaned-process-suspected': Backdrop(
        'nmt-sweep-server',
        'A10',
        '470.82.01',
        '2021-11-03T11:30:00Z',
        '2021-11-03T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'ollama-931-benign-gpu-memory-held-after-use-model-unloads-after-5-minutes-by-design': Backdrop(
        'ollama-workstation',
        'A10',
        '535.113.01',
        '2023-10-27T11:30:00Z',
        '2023-10-27T12:10:00Z',
        pci=('01',),
    ),
    'tensorflow-47964-benign-toy-model-takes-5gb-tf-preallocates-all-gpu-memory': Backdrop(
        'tf-workstation',
        'A10',
        '460.73.01',
        '2021-04-20T11:30:00Z',
        '2021-04-20T12:10:00Z',
        pci=('01',),
    ),
    'herro-24-cuda-illegal-memory-access-fixed-by-smaller-batch-b16': Backdrop(
        'herro-8x-rtx6000ada',
        'A10',
        '550.54.15',
        '2024-05-13T11:30:00Z',
        '2024-05-13T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'faceswap-playground-117-two-1080ti-slower-than-one-pcie-bus-bandwidth-bottleneck': Backdrop(
        'faceswap-2x1080ti',
        'A10',
        '390.48',
        '2018-03-27T11:30:00Z',
        '2018-03-27T12:10:00Z',
        pci=('01', '02'),
    ),
    'nerfstudio-3511-third-training-job-slows-10min-to-2h-cpu-thread-oversubscription-omp-num-threads': Backdrop(
        'nerf-8xa6000',
        'A10',
        '550.120',
        '2024-11-05T11:30:00Z',
        '2024-11-05T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'llama-cpp-python-1123-70b-on-2-gpus-at-2-percent-cpu-pinned-wheel-built-without-cublas': Backdrop(
        'llm-2gpu-server',
        'A10',
        '550.54.15',
        '2024-06-06T11:30:00Z',
        '2024-06-06T12:10:00Z',
        pci=('01', '02'),
    ),
    'localgpt-668-rtx4080-laptop-gpu-idle-llama-cpp-python-not-built-with-cublas': Backdrop(
        'win-laptop-rtx4080',
        'A10',
        '546.17',
        '2023-12-08T11:30:00Z',
        '2023-12-08T12:10:00Z',
        pci=('01',),
    ),
    'llama-onnx-15-h100-one-token-per-second-onnxruntime-cpu-package-instead-of-gpu': Backdrop(
        'h100-onnx-host',
        'A10',
        '530.30.02',
        '2023-06-01T11:30:00Z',
        '2023-06-01T12:10:00Z',
        pci=('01',),
    ),
    'mmaction2-264-gpu-util-fluctuating-to-0-percent-io-or-preprocessing-bottleneck-suspected': Backdrop(
        'mmaction-train-node',
        'A10',
        '450.80.02',
        '2020-10-20T11:30:00Z',
        '2020-10-20T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'voxceleb-trainer-67-training-rate-fluctuates-on-hdd-slow-random-access': Backdrop(
        'voxceleb-train-node',
        'A10',
        '450.80.02',
        '2020-11-23T11:30:00Z',
        '2020-11-23T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'tensorflow-45987-cuda-error-launch-failed-windows-tdr-resets-gpu-after-2s': Backdrop(
        'win-tf-workstation',
        'A10',
        '461.40',
        '2021-02-06T11:30:00Z',
        '2021-02-06T12:10:00Z',
        pci=('01',),
    ),
    'quadrants-589-t4-ci-xid-31-mmu-fault-kernel-write-to-bad-address-cuda-illegal-address': Backdrop(
        'gpu-t4-4-core',
        'A10',
        '590.48.01',
        '2026-04-29T11:30:00Z',
        '2026-04-29T12:10:00Z',
        pci=('00',),
    ),
    'pyllama-62-process-killed-loading-whole-65b-model-into-64gb-ram-swap-added': Backdrop(
        'pyllama-workstation',
        'A10',
        '525.105.17',
        '2023-04-09T11:30:00Z',
        '2023-04-09T12:10:00Z',
        pci=('01',),
    ),
    'bitsandbytes-441-benign-rtx4090-at-10-percent-batch-1-inference-normal-utilization': Backdrop(
        'chatglm-4090-host',
        'A10',
        '530.41.03',
        '2023-07-16T11:30:00Z',
        '2023-07-16T12:10:00Z',
        pci=('01',),
    ),
    'ollama-8850-gpu-under-used-model-does-not-fit-vram-23-of-65-layers-on-cpu': Backdrop(
        'ollama-8gb-host',
        'A10',
        '550.120',
        '2025-02-07T11:30:00Z',
        '2025-02-07T12:10:00Z',
        pci=('01',),
    ),
    'talking-head-anime-2-24-benign-low-gpu-utilization-measured-the-wrong-way': Backdrop(
        'tha-win-desktop',
        'A10',
        '496.49',
        '2021-11-27T11:30:00Z',
        '2021-11-27T12:10:00Z',
        pci=('01',),
    ),
    'trl-1519-dpo-training-fails-after-30-min-main-process-tokenization-behind-barrier-timeout': Backdrop(
        'dpo-train-node',
        'A10',
        '535.161.07',
        '2024-04-10T11:30:00Z',
        '2024-04-10T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'longlora-45-rank0-dataset-prep-over-30-minutes-others-time-out-at-barrier': Backdrop(
        'longlora-16core-node',
        'A10',
        '535.104.05',
        '2023-10-09T11:30:00Z',
        '2023-10-09T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'yolov3-pytorch-12-cuda-runtime-error-35-driver-insufficient-update-driver': Backdrop(
        'yolov3-ubuntu-host',
        'A10',
        '384.130',
        '2018-07-09T11:30:00Z',
        '2018-07-09T12:10:00Z',
        pci=('01',),
    ),
    'simrdwn-70-cuda-driver-insufficient-upgrade-graphics-driver': Backdrop(
        'simrdwn-p100-host',
        'A10',
        '410.48',
        '2019-07-30T11:30:00Z',
        '2019-07-30T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
