"""heldout-public-141's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-141/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list and for unnamed GPUs); hosts and bus numbers
are stand-ins, and so are the drivers no report names (see each case's description). No case uses extra: no report
quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'oneflow-7043-orphan-dataloader-process-holds-gpu-memory-after-check-failure': Backdrop(
        'oneflow-dev-gpu8',
        'A10',
        '470.82.01',
        '2021-12-20T11:30:00Z',
        '2021-12-20T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'mmdetection-6534-multi-gpu-training-stuck-fixed-by-nccl-p2p-disable': Backdrop(
        'mmdet-train-ws',
        'A10',
        '510.47.03',
        '2022-04-21T11:30:00Z',
        '2022-04-21T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'ollama-3536-gpu-not-used-model-larger-than-2080ti-vram-layers-run-on-cpu': Backdrop(
        'win-ollama-2080ti',
        'A10',
        '552.22',
        '2024-04-12T11:30:00Z',
        '2024-04-12T12:10:00Z',
        pci=('01',),
    ),
    'pytorch-3477-oom-on-gpu1-because-context-created-on-full-gpu0': Backdrop(
        'ws-2x1080ti',
        'A10',
        '384.90',
        '2017-11-06T11:30:00Z',
        '2017-11-06T12:10:00Z',
        pci=('01', '02'),
    ),
    'ssd-pytorch-447-cuda-oom-at-model-build-default-gpu-busy-use-free-gpu': Backdrop(
        'lab-gpu-server',
        'A10',
        '418.87.01',
        '2019-12-16T11:30:00Z',
        '2019-12-16T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'attention-is-all-you-need-114-cuda-oom-tensorflow-holds-device-0-memory': Backdrop(
        'shared-gpu-box',
        'A10',
        '418.67',
        '2019-08-09T11:30:00Z',
        '2019-08-09T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'copyspeak-51-onnx-engine-silently-runs-on-cpu-unpinned-cudnn-cublas-pair': Backdrop(
        'win-copyspeak-gpu',
        'A10',
        '581.57',
        '2026-09-22T11:30:00Z',
        '2026-09-22T12:10:00Z',
        pci=('01',),
    ),
    'ragflow-14565-rtx50-gpu-silent-cpu-fallback-onnxruntime-cu12-vs-torch-cu13': Backdrop(
        'ragflow-rtx50',
        'A10',
        '580.95.05',
        '2026-05-03T11:30:00Z',
        '2026-05-03T12:10:00Z',
        pci=('01',),
    ),
    'clip-onnx-2-cannot-use-cuda-execution-provider-onnx-onnxruntime-version-mismatch': Backdrop(
        'clip-onnx-ws',
        'A10',
        '470.103.01',
        '2022-02-08T11:30:00Z',
        '2022-02-08T12:10:00Z',
        pci=('01',),
    ),
    'mlverse-torch-1468-benign-gpu-memory-kept-after-rm-freed-by-gc-or-on-demand': Backdrop(
        'rstudio-gpu-server',
        'A10',
        '580.105.08',
        '2026-07-15T11:30:00Z',
        '2026-07-15T12:10:00Z',
        pci=('01',),
    ),
    'cutorch-707-cuda-oom-caching-allocator-holds-freed-blocks-disabled-fixed': Backdrop(
        'lua-torch-ws',
        'A10',
        '375.39',
        '2017-02-26T11:30:00Z',
        '2017-02-26T12:10:00Z',
        pci=('01',),
    ),
    'opennmt-tf-80-gpu-memory-fully-allocated-allow-growth-ignored-list-local-devices': Backdrop(
        'nmt-train-gpu',
        'A10',
        '384.111',
        '2018-03-08T11:30:00Z',
        '2018-03-08T12:10:00Z',
        pci=('01', '02'),
    ),
    'ollama-1339-benign-model-memory-held-five-minutes-after-use-keep-alive-by-design': Backdrop(
        'ollama-ubuntu-ws',
        'A10',
        '545.29.06',
        '2023-12-01T11:30:00Z',
        '2023-12-01T12:10:00Z',
        pci=('01',),
    ),
    'dllm-72-nccl-watchdog-timeout-allreduce-during-eval-on-8-gh200-nodes-code-fix': Backdrop(
        'vista-gh-rank2',
        'A10',
        '580.95.05',
        '2026-01-06T11:30:00Z',
        '2026-01-06T12:10:00Z',
        pci=('01',),
    ),
    'osvos-pytorch-19-cpu-95-percent-on-36-cores-during-gpu-training-omp-threads': Backdrop(
        'osvos-ws-36c',
        'A10',
        '390.87',
        '2018-10-24T11:30:00Z',
        '2018-10-24T12:10:00Z',
        pci=('01',),
    ),
    'speechbrain-990-slow-training-too-many-torch-threads-on-epyc-7742-a100': Backdrop(
        'a100-epyc7742',
        'A10',
        '510.47.03',
        '2022-04-14T11:30:00Z',
        '2022-04-14T12:10:00Z',
        pci=('01',),
    ),
    'ultralytics-5301-high-cpu-utilization-training-yolov8-omp-num-threads-1': Backdrop(
        'yolo-train-ws',
        'A10',
        '535.104.05',
        '2023-10-19T11:30:00Z',
        '2023-10-19T12:10:00Z',
        pci=('01',),
    ),
    'pytorch-107667-benign-memory-fraction-not-enforced-cuda-context-300mb': Backdrop(
        'ws-memfrac-test',
        'A10',
        '535.86.05',
        '2023-08-23T11:30:00Z',
        '2023-08-23T12:10:00Z',
        pci=('01',),
    ),
    'faster-whisper-1278-cuda-driver-insufficient-for-runtime-driver-535-update-driver': Backdrop(
        'laptop-rtx3050-docker',
        'A10',
        '535.183.01',
        '2025-04-04T11:30:00Z',
        '2025-04-04T12:10:00Z',
        pci=('01',),
    ),
    'kraken-266-dataloader-worker-killed-resource-limit-on-cluster': Backdrop(
        'hpc-gpu-node',
        'A10',
        '460.73.01',
        '2021-07-16T11:30:00Z',
        '2021-07-16T12:10:00Z',
        pci=('01',),
    ),
    'vllm-4733-benign-70b-gptq-on-8-v100-uses-more-than-model-size-kv-cache-preallocation': Backdrop(
        'v100x8-vllm',
        'A10',
        '535.161.08',
        '2024-05-13T11:30:00Z',
        '2024-05-13T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'libgpuarray-387-nccl-collectives-hang-one-gpu-0-percent-others-100-group-size-wrong': Backdrop(
        'dgx1-theano',
        'A10',
        '375.26',
        '2017-03-28T11:30:00Z',
        '2017-03-28T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
