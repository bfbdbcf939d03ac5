"""heldout-public-362's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-362/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (no case's evidence prints a host name), GPU counts, bus numbers (01..N in index order) and the
driver (550.144.03, the same for every case) are stand-ins. No case uses extra: no source quotes an exporter value
as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'faster-whisper-734-ctranslate2-4-cuda12-build-fails-on-driver-510-cuda-11-6-container-driver-insufficient': Backdrop(
        'whisper-gpu-01',
        'A10',
        '550.144.03',
        '2024-03-06T11:30:00Z',
        '2024-03-06T12:10:00Z',
        pci=('01',),
    ),
    'picard-95-training-stuck-a100-unused-docker-run-without-gpus-flag': Backdrop(
        'picard-a100',
        'A10',
        '550.144.03',
        '2022-05-30T11:30:00Z',
        '2022-05-30T12:10:00Z',
        pci=('01',),
    ),
    'vllm-1395-ray-worker-sigkilled-loading-model-tensor-parallel-host-ram-oom': Backdrop(
        'vllm-tp-01',
        'A10',
        '550.144.03',
        '2023-10-30T05:44:00Z',
        '2023-10-30T06:24:00Z',
        pci=('01', '02',),
    ),
    'triton-2193-tritonserver-20-10-model-load-fails-ptx-unsupported-toolchain-driver-too-old-updated-to-455': Backdrop(
        'triton-gpu-01',
        'A10',
        '550.144.03',
        '2020-10-29T11:30:00Z',
        '2020-10-29T12:10:00Z',
        pci=('01',),
    ),
    'triton-2674-pinned-memory-cuda-driver-insufficient-error-line-is-only-a-warning-real-error-caffe2-model-benign': Backdrop(
        'triton-qs-01',
        'A10',
        '550.144.03',
        '2021-03-29T11:30:00Z',
        '2021-03-29T12:10:00Z',
        pci=('01',),
    ),
    'caffe-3377-two-gpu-training-unspecified-launch-failure-crash-insufficient-power-supply': Backdrop(
        'caffe-ws-01',
        'A10',
        '550.144.03',
        '2015-11-24T11:30:00Z',
        '2015-11-24T12:10:00Z',
        pci=('01', '02',),
    ),
    'mxnet-6798-gpu-out-of-memory-wordvec-example-another-program-holding-gpu-memory': Backdrop(
        'mx-gpu-01',
        'A10',
        '550.144.03',
        '2017-06-27T11:30:00Z',
        '2017-06-27T12:10:00Z',
        pci=('01',),
    ),
    '3d-r2n2-10-device-out-of-memory-probably-previous-zombie-jobs-holding-gpu': Backdrop(
        'r2n2-gpu-01',
        'A10',
        '550.144.03',
        '2017-06-23T11:30:00Z',
        '2017-06-23T12:10:00Z',
        pci=('01',),
    ),
    'openrlhf-632-qwen2-5-72b-deepspeed-offload-training-host-ram-oom-pin-memory-disabled': Backdrop(
        'rlhf-node-01',
        'A10',
        '550.144.03',
        '2024-12-27T11:30:00Z',
        '2024-12-27T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'cubecl-1128-cuda-async-malloc-not-supported-on-vgpu-allocation-fallback-added': Backdrop(
        'vgpu-vm-01',
        'A10',
        '550.144.03',
        '2026-01-05T11:30:00Z',
        '2026-01-05T12:10:00Z',
        pci=('01',),
    ),
    'yolox-103-training-stops-silently-host-ram-grows-dataloader-memory-leak': Backdrop(
        'yolox-node-01',
        'A10',
        '550.144.03',
        '2021-07-23T11:30:00Z',
        '2021-07-23T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'maskrcnn-benchmark-182-memory-higher-than-expected-cuda-context-not-counted-in-allocator-stats-benign': Backdrop(
        'mrcnn-gpu-01',
        'A10',
        '550.144.03',
        '2018-11-27T11:30:00Z',
        '2018-11-27T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'catboost-520-gpu-training-cuda-error-35-driver-384-too-old-for-prebuilt-cuda-9-1-package': Backdrop(
        'cb-ws-01',
        'A10',
        '550.144.03',
        '2018-10-29T11:30:00Z',
        '2018-10-29T12:10:00Z',
        pci=('01',),
    ),
    'catboost-299-gpu-training-cuda-manager-state-condition-violated-package-built-incorrectly-fixed-0-7-2': Backdrop(
        'cb-docker-01',
        'A10',
        '550.144.03',
        '2018-04-05T11:30:00Z',
        '2018-04-05T12:10:00Z',
        pci=('01',),
    ),
    'catboost-1150-training-slower-on-more-gpus-small-dataset-expected-benign': Backdrop(
        'cb-v100-01',
        'A10',
        '550.144.03',
        '2020-01-19T11:30:00Z',
        '2020-01-19T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
