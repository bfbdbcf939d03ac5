"""heldout-public-329's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-329/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts, GPU counts, bus numbers (01..N in index order) and the driver (550.144.03, the same for every case) are
stand-ins: no kept source prints a host name, a bus id or a driver version for the failing machine.
No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'aligndet-27-cuda-no-kernel-image-available-for-device-mmcv-torch-version-mismatch': Backdrop(
        'aligndet-train',
        'A10',
        '550.144.03',
        '2024-09-13T11:30:00Z',
        '2024-09-13T12:10:00Z',
        pci=('01',),
    ),
    'caffe-3774-laptop-power-adapter-cuts-out-under-gpu-training-load-power-delivery': Backdrop(
        'caffe-laptop',
        'A10',
        '550.144.03',
        '2016-03-05T11:30:00Z',
        '2016-03-05T12:10:00Z',
        pci=('01',),
    ),
    'cmr-16-cupy-cudnn-status-execution-failed-cupy-cuda-environment-issue': Backdrop(
        'cmr-demo',
        'A10',
        '550.144.03',
        '2019-08-13T11:30:00Z',
        '2019-08-13T12:10:00Z',
        pci=('01',),
    ),
    'falkon-22-cuda-out-of-memory-under-memory-pressure-from-allocation-fragmentation': Backdrop(
        'falkon-node',
        'A10',
        '550.144.03',
        '2020-10-29T11:30:00Z',
        '2020-10-29T12:10:00Z',
        pci=('01',),
    ),
    'fastertransformer-backend-78-inference-severely-slower-on-driver-460-normal-on-470': Backdrop(
        'triton-ft-node',
        'A10',
        '550.144.03',
        '2023-01-13T11:30:00Z',
        '2023-01-13T12:10:00Z',
        pci=('01',),
    ),
    'gpustack-2196-nvidia-smi-shows-90-percent-vram-used-by-vllm-model-preallocated-kv-cache-benign': Backdrop(
        'gpustack-worker',
        'A10',
        '550.144.03',
        '2025-06-10T11:30:00Z',
        '2025-06-10T12:10:00Z',
        pci=('01',),
    ),
    'graspnet-baseline-89-training-process-killed-while-loading-labels-host-oom': Backdrop(
        'graspnet-train',
        'A10',
        '550.144.03',
        '2024-01-11T11:30:00Z',
        '2024-01-11T12:10:00Z',
        pci=('01',),
    ),
    'jotr-4-nccl-timeout-allgather-mismatch-collate-fn-drops-missing-samples-unequal-tensor-shapes': Backdrop(
        'jotr-node',
        'A10',
        '550.144.03',
        '2023-09-05T11:30:00Z',
        '2023-09-05T12:10:00Z',
        pci=('01', '02',),
    ),
    'mask-rcnn-274-segfault-after-hours-of-gpu-training-gone-after-tensorflow-1-8-to-1-9': Backdrop(
        'maskrcnn-train',
        'A10',
        '550.144.03',
        '2018-02-23T11:30:00Z',
        '2018-02-23T12:10:00Z',
        pci=('01',),
    ),
    'miss-alignment-14-gpu-idle-spikes-between-epochs-few-large-batches-each-worker-builds-one-batch': Backdrop(
        'warpem-train',
        'A10',
        '550.144.03',
        '2025-03-27T11:30:00Z',
        '2025-03-27T12:10:00Z',
        pci=('01',),
    ),
    'mosaicml-streaming-741-gpu-utilization-drops-at-epoch-end-dataloader-thread-contention-fix': Backdrop(
        'streaming-train-node',
        'A10',
        '550.144.03',
        '2024-08-02T11:30:00Z',
        '2024-08-02T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'nerfstudio-908-training-appears-stuck-at-99-97-percent-but-completed-off-by-one-log-benign': Backdrop(
        'nerf-workstation',
        'A10',
        '550.144.03',
        '2022-11-06T11:30:00Z',
        '2022-11-06T12:10:00Z',
        pci=('01',),
    ),
    'samudra-656-ddp-nccl-timeouts-from-mixed-data-scales-across-replicas-slow-loading-rank': Backdrop(
        'samudra-node',
        'A10',
        '550.144.03',
        '2026-03-19T11:30:00Z',
        '2026-03-19T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'sglang-29073-tp8-b200-server-hangs-at-symmetric-memory-rendezvous-flashinfer-allreduce-fusion': Backdrop(
        'b200-node',
        'A10',
        '550.144.03',
        '2026-06-23T11:30:00Z',
        '2026-06-23T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'slidl-1-gpu-memory-fills-up-during-inference-without-torch-no-grad-fix': Backdrop(
        'slidl-node',
        'A10',
        '550.144.03',
        '2023-01-16T11:30:00Z',
        '2023-01-16T12:10:00Z',
        pci=('01',),
    ),
    'tensorflow-32701-segfault-while-training-gpu-never-used-tensorflow-gpu-not-installed': Backdrop(
        'tf-workstation',
        'A10',
        '550.144.03',
        '2019-09-23T11:30:00Z',
        '2019-09-23T12:10:00Z',
        pci=('01',),
    ),
    'tensorpack-1104-gpu-utilization-plummets-in-second-epoch-data-pipeline-slower': Backdrop(
        'tensorpack-train',
        'A10',
        '550.144.03',
        '2019-03-11T11:30:00Z',
        '2019-03-11T12:10:00Z',
        pci=('01',),
    ),
    'tensorrt-2890-model-inference-slower-after-tensorrt-8-5-1-perf-regression': Backdrop(
        'trt-node',
        'A10',
        '550.144.03',
        '2023-04-19T11:30:00Z',
        '2023-04-19T12:10:00Z',
        pci=('01',),
    ),
    'torchserve-3253-gpu-memory-stays-at-14g-after-batched-inference-pytorch-caching-allocator-benign': Backdrop(
        'torchserve-node',
        'A10',
        '550.144.03',
        '2024-07-17T11:30:00Z',
        '2024-07-17T12:10:00Z',
        pci=('01',),
    ),
    'weathergenerator-2776-rank-does-not-exit-after-validation-nccl-heartbeat-polls-dead-tcpstore': Backdrop(
        'weathergen-node',
        'A10',
        '550.144.03',
        '2026-08-24T11:30:00Z',
        '2026-08-24T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
