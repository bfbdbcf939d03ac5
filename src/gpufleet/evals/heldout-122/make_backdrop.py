"""heldout-public-122's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-122/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); hosts, bus numbers and most drivers are
stand-ins (see each case's description). No case uses extra: no report quotes an exporter value as a metric
sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'xinference-1212-two-4090-gpu-memory-held-after-vllm-oom-auto-relaunch-orphan-processes': Backdrop(
        'ws-2x4090-xinference',
        'A10',
        '550.54.14',
        '2024-03-29T11:30:00Z',
        '2024-03-29T12:10:00Z',
        pci=('01', '02'),
    ),
    'indictrans2-14-ctranslate2-cuda-driver-insufficient-for-cuda-11-8-runtime': Backdrop(
        'ws-indictrans2-infer',
        'A10',
        '525.125.06',
        '2023-07-20T11:30:00Z',
        '2023-07-20T12:10:00Z',
        pci=('01',),
    ),
    'nunif-702-cuda-driver-insufficient-cuda-13-needs-newer-driver': Backdrop(
        'ws-nunif',
        'A10',
        '570.169',
        '2026-06-13T11:30:00Z',
        '2026-06-13T12:10:00Z',
        pci=('01',),
    ),
    'paddle-35564-cuda-driver-insufficient-fixed-by-upgrading-driver-455-32': Backdrop(
        'srv-paddle-train',
        'A10',
        '450.51.06',
        '2021-09-25T11:30:00Z',
        '2021-09-25T12:10:00Z',
        pci=('01',),
    ),
    'plantf-28-ray-feature-cache-workers-killed-host-memory-pressure-oom': Backdrop(
        'srv-plantf-cache',
        'A10',
        '535.183.01',
        '2025-03-27T11:30:00Z',
        '2025-03-27T12:10:00Z',
        pci=('01',),
    ),
    'ray-47461-release-test-4gpu-torchtrainer-worker-killed-oom-looking': Backdrop(
        'ray-release-4gpu-worker',
        'A10',
        '550.90.07',
        '2024-09-03T11:30:00Z',
        '2024-09-03T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'vllm-736-7b-model-uses-18gb-of-24gb-kv-cache-preallocation-benign': Backdrop(
        'ws-3090-vllm',
        'A10',
        '535.86.05',
        '2024-03-08T11:30:00Z',
        '2024-03-08T12:10:00Z',
        pci=('01',),
    ),
    'paddlemodels-389-gpu-docker-image-run-without-nvidia-docker-driver-insufficient': Backdrop(
        'ws-paddle-docker',
        'A10',
        '384.90',
        '2017-10-20T11:30:00Z',
        '2017-10-20T12:10:00Z',
        pci=('01',),
    ),
    'sage-185-container-loses-gpu-nvml-unknown-error-container-config-suspected': Backdrop(
        'srv-sage-docker',
        'A10',
        '570.169',
        '2025-07-14T11:30:00Z',
        '2025-07-14T12:10:00Z',
        pci=('01',),
    ),
    'rtx6kpro-15-two-rtx-pro-6000-nccl-all-reduce-hang-p2p-path-suspected': Backdrop(
        'ai-box',
        'A10',
        '595.71.05',
        '2026-06-23T11:30:00Z',
        '2026-06-23T12:10:00Z',
        pci=('01', '02'),
    ),
    'surfemb-33-training-thread-count-explodes-omp-num-threads-not-set-in-workers': Backdrop(
        'ws-surfemb-train',
        'A10',
        '515.65.01',
        '2022-10-06T11:30:00Z',
        '2022-10-06T12:10:00Z',
        pci=('01',),
    ),
    'drlurban-20-training-subprocess-deadlock-second-epoch-omp-threads-setting': Backdrop(
        'ws-drl-urban',
        'A10',
        '550.127.05',
        '2024-11-28T11:30:00Z',
        '2024-11-28T12:10:00Z',
        pci=('01',),
    ),
    'syvai-98-cmp170hx-vllm-dflash2-spec-decoding-recurring-xid-31-mmu-fault': Backdrop(
        'ws-cmp170hx-vllm',
        'A10',
        '610.43.02',
        '2026-09-11T11:30:00Z',
        '2026-09-11T12:10:00Z',
        pci=('0a',),
    ),
    'megatronllm-69-llama-13b-checkpoint-save-takes-5-15-minutes-expected-benign': Backdrop(
        'srv-megatron-llm',
        'A10',
        '535.104.05',
        '2023-09-26T11:30:00Z',
        '2023-09-26T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    '4dhumans-139-ddp-slower-per-iteration-than-single-gpu-expected-overhead-benign': Backdrop(
        'ws-4dhumans-ddp',
        'A10',
        '550.90.07',
        '2024-08-13T11:30:00Z',
        '2024-08-13T12:10:00Z',
        pci=('01', '02'),
    ),
    'pytorch-59433-per-rank-time-costs-differ-stragglers-expected-benign': Backdrop(
        'srv-ddp-ranks',
        'A10',
        '460.73.01',
        '2021-06-07T11:30:00Z',
        '2021-06-07T12:10:00Z',
        pci=('01', '02'),
    ),
    'tgi-655-num-shard-memory-grows-per-request-oom-cudamallocasync-allocator': Backdrop(
        'srv-tgi-bloom',
        'A10',
        '525.105.17',
        '2023-07-21T11:30:00Z',
        '2023-07-21T12:10:00Z',
        pci=('01', '02'),
    ),
    'sukima-5-hf-gpt-generation-cuda-memory-balloons-fixed-by-inference-mode': Backdrop(
        'srv-sukima-api',
        'A10',
        '470.82.01',
        '2021-11-15T11:30:00Z',
        '2021-11-15T12:10:00Z',
        pci=('01',),
    ),
    'fasterrcnn-150-titanxp-training-hangs-after-first-epoch-dataloader-workers': Backdrop(
        'ws-titanxp-frcnn',
        'A10',
        '384.130',
        '2018-05-10T11:30:00Z',
        '2018-05-10T12:10:00Z',
        pci=('01',),
    ),
    'ultralytics-26085-training-hang-val-dataloader-workers-fork-deadlock-cv2-imdecode': Backdrop(
        'srv-ultralytics-train',
        'A10',
        '580.95.05',
        '2026-09-07T11:30:00Z',
        '2026-09-07T12:10:00Z',
        pci=('01',),
    ),
    '1catvllm-88-two-v100-sxm2-nvlink-custom-all-reduce-failure-cudagraph-capture': Backdrop(
        'srv-2xv100-sxm2',
        'A10',
        '580.95.05',
        '2026-06-30T11:30:00Z',
        '2026-06-30T12:10:00Z',
        pci=('01', '02'),
    ),
    'vllm-47751-consumer-blackwell-tp2-custom-all-reduce-invalid-argument-crash': Backdrop(
        'ws-2x-rtx-blackwell-vllm',
        'A10',
        '580.95.05',
        '2026-07-06T11:30:00Z',
        '2026-07-06T12:10:00Z',
        pci=('01', '02'),
    ),
    'paddle-15458-fluid-training-gpu-memory-insufficient-batch-too-large': Backdrop(
        'srv-paddle-fluid',
        'A10',
        '410.79',
        '2019-01-22T11:30:00Z',
        '2019-01-22T12:10:00Z',
        pci=('01',),
    ),
    'vllm-14628-two-rtx5090-tp2-hard-freeze-pcie-gen5-signal-integrity-forced-gen4': Backdrop(
        'ws-2x5090-proart',
        'A10',
        '595.71.05',
        '2026-07-08T11:30:00Z',
        '2026-07-08T12:10:00Z',
        pci=('01', '02'),
    ),
    'sglang-1137-four-a100-pcie-tp4-slow-gpu-link-under-kvm-hypervisor-suspected': Backdrop(
        'vm-4xa100-sglang',
        'A10',
        '535.183.01',
        '2024-08-19T11:30:00Z',
        '2024-08-19T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
