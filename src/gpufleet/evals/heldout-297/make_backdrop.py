"""heldout-public-297's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-297/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
host names, GPU counts, bus numbers (01..N in index order; the C4140 case keeps the printed 18, 3b, 86, af) and the driver
(550.144.03, the same for every case) are stand-ins. No case uses extra: no source quotes an exporter value as a
metric sample. The backdrop never points at the cause: flat, healthy series for every GPU.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    '1cat-vllm-678-c4140-4x-v100-tp0-worker-host-memory-on-remote-numa-node-per-rank-numa-binding': Backdrop(
        'c4140-01',
        'A10',
        '550.144.03',
        '2026-09-22T11:30:00Z',
        '2026-09-22T12:10:00Z',
        pci=('18', '3b', '86', 'af'),
    ),
    'benchmarking-gnns-6-all-processes-on-gpu0-cuda-visible-devices-set-inside-code-after-torch': Backdrop(
        'gnn-node01',
        'A10',
        '550.144.03',
        '2020-03-19T11:30:00Z',
        '2020-03-19T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'caffe-3136-repeated-pycaffe-crashes-gpu-oom-orphaned-multiprocessing-processes-hold-gpu-memory': Backdrop(
        'caffe-ws01',
        'A10',
        '550.144.03',
        '2015-10-02T11:30:00Z',
        '2015-10-02T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'cofced-7-training-killed-sigkill-second-epoch-cpu-out-of-memory-64g-host-ram-too-small': Backdrop(
        'quadro-ws01',
        'A10',
        '550.144.03',
        '2023-02-23T11:30:00Z',
        '2023-02-23T12:10:00Z',
        pci=('01',),
    ),
    'comfyui-mcp-2016-runpod-pod-scheduled-on-host-with-cuda-12-6-driver-cu128-image-refuses-to-start': Backdrop(
        'runpod-host01',
        'A10',
        '550.144.03',
        '2026-08-21T11:30:00Z',
        '2026-08-21T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'faster-rcnn-pytorch-181-training-hangs-after-first-epoch-dataloader-workers-deadlock-on-pytorch-0-4': Backdrop(
        'frcnn-ws01',
        'A10',
        '550.144.03',
        '2018-05-28T11:30:00Z',
        '2018-05-28T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'flashinfer-2899-b200-benchmark-clocks-drop-under-sustained-power-draw-expected-throttling-benign': Backdrop(
        'b200-node01',
        'A10',
        '550.144.03',
        '2026-03-26T11:30:00Z',
        '2026-03-26T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'flashinfer-3427-b200-bf16-moe-illegal-memory-access-tma-descriptor-oob-mode-kernel-bug': Backdrop(
        'b200-node01',
        'A10',
        '550.144.03',
        '2026-08-03T11:30:00Z',
        '2026-08-03T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'koina-220-triton-tensorflow-backend-preallocates-vram-bfc-allocator-oom-and-model-oversubscription': Backdrop(
        'koina-worker01',
        'A10',
        '550.144.03',
        '2026-09-15T11:30:00Z',
        '2026-09-15T12:10:00Z',
        pci=('01',),
    ),
    'kserve-4722-inferenceservice-gpus-not-detected-works-with-runtimeclassname-nvidia': Backdrop(
        'rke2-gpu01',
        'A10',
        '550.144.03',
        '2025-10-06T11:30:00Z',
        '2025-10-06T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'lmdeploy-1250-pytorch-engine-nvidia-driver-too-old-found-version-11040-torch-driver-mismatch': Backdrop(
        'lmdeploy-node01',
        'A10',
        '550.144.03',
        '2024-03-06T11:30:00Z',
        '2024-03-06T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'odh-dashboard-2244-kserve-gpu-resources-added-to-every-serving-runtime-container-more-than-cluster-has': Backdrop(
        'ocp-gpu-worker01',
        'A10',
        '550.144.03',
        '2023-11-29T11:30:00Z',
        '2023-11-29T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'paddlespeech-142-demo-server-gpu-memory-grows-per-call-normal-during-decoding-stable-around-1gb-benign': Backdrop(
        'k40-node01',
        'A10',
        '550.144.03',
        '2018-01-29T11:30:00Z',
        '2018-01-29T12:10:00Z',
        pci=('01',),
    ),
    'pytorch-examples-1387-destroy-process-group-not-called-warning-at-exit-not-dangerous-benign': Backdrop(
        'tp-node01',
        'A10',
        '550.144.03',
        '2025-08-25T12:39:39Z',
        '2025-08-25T13:19:39Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'transformers-bloom-inference-16-deepspeed-8-gpu-bus-error-dev-shm-too-small-in-docker-shm-size': Backdrop(
        'bloom-node01',
        'A10',
        '550.144.03',
        '2022-10-06T11:30:00Z',
        '2022-10-06T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'triton-server-2237-many-tensorflow-models-and-warmup-exhaust-gpu-memory-too-many-model-instances': Backdrop(
        'triton-node01',
        'A10',
        '550.144.03',
        '2020-11-11T11:30:00Z',
        '2020-11-11T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'triton-server-309-trtis-on-k8s-crashes-after-adding-visible-gpu-devices-pod-memory-limit-too-small': Backdrop(
        'k8s-gpu-node01',
        'A10',
        '550.144.03',
        '2019-05-27T11:30:00Z',
        '2019-05-27T12:10:00Z',
        pci=('01',),
    ),
    'unsloth-10705-dgx-spark-cudamemgetinfo-free-is-memfree-page-cache-counted-as-used-benign': Backdrop(
        'spark-02',
        'A10',
        '550.144.03',
        '2026-09-10T11:30:00Z',
        '2026-09-10T12:10:00Z',
        pci=('01',),
    ),
    'vllm-45179-gb10-cold-load-fails-engine-core-init-cached-device-memory-not-released-fixed-in-0-24': Backdrop(
        'spark-03',
        'A10',
        '550.144.03',
        '2026-07-07T11:30:00Z',
        '2026-07-07T12:10:00Z',
        pci=('01',),
    ),
    'vllm-48140-gb10-startup-free-memory-check-counts-page-cache-as-used-spurious-valueerror-benign': Backdrop(
        'spark-01',
        'A10',
        '550.144.03',
        '2026-07-09T11:30:00Z',
        '2026-07-09T12:10:00Z',
        pci=('01',),
    ),
    'vllm-6109-multiproc-gpu-executor-omp-num-threads-unset-cpu-contention-amongst-shards-set-to-1': Backdrop(
        'vllm-node01',
        'A10',
        '550.144.03',
        '2024-07-03T11:30:00Z',
        '2024-07-03T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
