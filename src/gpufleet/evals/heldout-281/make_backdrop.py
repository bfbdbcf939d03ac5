"""heldout-public-281's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-281/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except cv, which the evidence prints), bus numbers (02 for deeplab-resnet-39 as printed; otherwise 01, 02, ...
in index order) and the driver (550.144.03, the same for every case) are stand-ins. No case uses extra: no source
quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'cutlass-2866-cute-dsl-blackwell-cudaerrorinsufficientdriver-cuda-python-13-needs-580-driver': Backdrop(
        'cutlass-2866-node',
        'A10',
        '550.144.03',
        '2025-12-09T11:30:00Z',
        '2025-12-09T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'comfyui-8708-rtx-5080-no-kernel-image-torch-cu126-wheel-lacks-sm120-install-cu128': Backdrop(
        'comfyui-8708-ws',
        'A10',
        '550.144.03',
        '2025-06-27T11:30:00Z',
        '2025-06-27T12:10:00Z',
        pci=('01',),
    ),
    'comfyui-7126-rtx-5070-ti-sm120-not-compatible-with-pytorch-install-no-kernel-image-cu128-fix': Backdrop(
        'comfyui-7126-ws',
        'A10',
        '550.144.03',
        '2025-03-08T11:30:00Z',
        '2025-03-08T12:10:00Z',
        pci=('01',),
    ),
    'audiocpp-15-chatterbox-tts-vram-stays-high-cuda-graph-cache-plus-leak-bug-memory-saver-mode': Backdrop(
        'audiocpp-15-ws',
        'A10',
        '550.144.03',
        '2026-07-02T11:30:00Z',
        '2026-07-02T12:10:00Z',
        pci=('01',),
    ),
    'auto1111sdk-18-colab-gpu0-cuda-oom-vram-not-released-between-generations-gc-collect-torch-gc-fix': Backdrop(
        'auto1111sdk-18-colab',
        'A10',
        '550.144.03',
        '2024-02-25T11:30:00Z',
        '2024-02-25T12:10:00Z',
        pci=('01',),
    ),
    'llamacpp-25835-vram-grows-per-request-speculative-decoding-with-cuda-graphs-disable-graphs-stops-leak': Backdrop(
        'llamacpp-25835-ws',
        'A10',
        '550.144.03',
        '2026-08-22T11:30:00Z',
        '2026-08-22T12:10:00Z',
        pci=('01',),
    ),
    'nunif-21-waifu2x-training-low-gpu-util-num-workers-0-slow-image-loading': Backdrop(
        'nunif-21-ws',
        'A10',
        '550.144.03',
        '2023-03-30T11:30:00Z',
        '2023-03-30T12:10:00Z',
        pci=('01',),
    ),
    'bert-chinese-156-3090ti-gpu-util-2-percent-torch-build-without-cuda-install-gpu-pytorch': Backdrop(
        'bert-chinese-156-ws',
        'A10',
        '550.144.03',
        '2022-12-01T11:30:00Z',
        '2022-12-01T12:10:00Z',
        pci=('01',),
    ),
    'paddle-deepspeech-131-cpu-version-paddlepaddle-installed-cannot-use-gpu-training-eta-7-days': Backdrop(
        'paddle-deepspeech-131-node',
        'A10',
        '550.144.03',
        '2022-01-19T11:30:00Z',
        '2022-01-19T12:10:00Z',
        pci=('01', '02'),
    ),
    'sglang-30209-b300-tp8-eagle-illegal-memory-access-in-flashinfer-trtllm-bf16-batched-gemm-draft-moe': Backdrop(
        'sglang-30209-node',
        'A10',
        '550.144.03',
        '2026-09-03T11:30:00Z',
        '2026-09-03T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'lmdeploy-1728-4x-a10g-84gb-gpu-memory-in-use-is-kv-cache-preallocation-cache-max-entry-count-benign': Backdrop(
        'lmdeploy-1728-node',
        'A10',
        '550.144.03',
        '2024-06-07T11:30:00Z',
        '2024-06-07T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'vllm-7028-colab-t4-no-available-memory-for-cache-blocks-gpu-memory-utilization-0-1-too-low': Backdrop(
        'vllm-7028-colab',
        'A10',
        '550.144.03',
        '2024-08-01T11:30:00Z',
        '2024-08-01T12:10:00Z',
        pci=('01',),
    ),
    'qwen38-sparks-35-gb10-weight-load-dies-at-73-97-percent-page-cache-fills-unified-memory-drop-caches-missing': Backdrop(
        'qwen38-sparks-35-spark1',
        'A10',
        '550.144.03',
        '2026-09-06T11:30:00Z',
        '2026-09-06T12:10:00Z',
        pci=('01',),
    ),
    'vllm-dflash-1-single-gb10-service-hangs-max-num-batched-tokens-65536-exceeds-unified-memory-budget': Backdrop(
        'vllm-dflash-1-spark',
        'A10',
        '550.144.03',
        '2026-04-24T11:30:00Z',
        '2026-04-24T12:10:00Z',
        pci=('01',),
    ),
    'lmcache-4759-gb10-head-node-kernel-global-oom-kill-of-lmcache-server-during-vllm-weight-load': Backdrop(
        'lmcache-4759-head',
        'A10',
        '550.144.03',
        '2026-08-27T00:09:44Z',
        '2026-08-27T00:49:44Z',
        pci=('01',),
    ),
    'ms-swift-8102-zero3-grpo-nccl-timeout-ranks-run-fewer-backward-hooks-dummy-chunk-loss-not-appended': Backdrop(
        'ms-swift-8102-node',
        'A10',
        '550.144.03',
        '2026-02-25T11:30:00Z',
        '2026-02-25T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'trl-6913-async-grpo-vllm-weight-sync-hangs-in-ncclbroadcast-http-errors-discarded': Backdrop(
        'trl-6913-node',
        'A10',
        '550.144.03',
        '2026-08-25T11:30:00Z',
        '2026-08-25T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'disprcnn-28-cuda-out-of-memory-after-training-idispnet-fastai-bug-ignore-benign': Backdrop(
        'disprcnn-28-ws',
        'A10',
        '550.144.03',
        '2021-01-09T11:30:00Z',
        '2021-01-09T12:10:00Z',
        pci=('01',),
    ),
    'deeplab-resnet-39-titan-x-bfc-ran-out-of-memory-warning-not-a-failure-training-runs-benign': Backdrop(
        'cv',
        'A10',
        '550.144.03',
        '2017-02-25T11:30:00Z',
        '2017-02-25T12:10:00Z',
        pci=('02',),
    ),
    'dfl-rtx5000-2-rtx-5090-unable-to-register-cublas-factory-lines-are-just-warnings-benign': Backdrop(
        'dfl-rtx5000-2-ws',
        'A10',
        '550.144.03',
        '2025-12-26T11:30:00Z',
        '2025-12-26T12:10:00Z',
        pci=('01',),
    ),
    'kserve-4640-huggingfaceserver-0-15-default-image-non-gpu-llm-pods-crash-after-upgrade': Backdrop(
        'kserve-4640-node',
        'A10',
        '550.144.03',
        '2025-08-11T11:30:00Z',
        '2025-08-11T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
