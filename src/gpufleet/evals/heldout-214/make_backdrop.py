"""heldout-public-214's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-214/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); hosts, bus numbers (no source prints one) and the
driver (550.144.03, the same for every case) are stand-ins (see each case's description). Eight-GPU hosts use the
default HGX-style bus list. No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'paddle-32627-gpu-memory-grows-per-loop-when-training-models-in-a-for-loop-python-gc-not-freeing-deleted-model': Backdrop(
        'paddle-loop-trainer',
        'A10',
        '550.144.03',
        '2021-11-25T11:30:00Z',
        '2021-11-25T12:10:00Z',
        pci=('01',),
    ),
    'paddleseg-2078-gpu-memory-leak-after-156-iters-full-at-578-tensors-accumulating-in-graph': Backdrop(
        'aistudio-seg-trainer',
        'A10',
        '550.144.03',
        '2022-05-05T11:30:00Z',
        '2022-05-05T12:10:00Z',
        pci=('01',),
    ),
    'lmdeploy-235-gpu-memory-not-released-after-concurrent-requests-interactive-sessions-never-ended': Backdrop(
        'lmdeploy-triton-server',
        'A10',
        '550.144.03',
        '2023-08-15T11:30:00Z',
        '2023-08-15T12:10:00Z',
        pci=('01',),
    ),
    'paddleocr-3235-host-memory-leak-training-killed-shared-memory-dev-shm-too-small-for-dataloader': Backdrop(
        'paddleocr-rec-trainer',
        'A10',
        '550.144.03',
        '2021-07-02T11:30:00Z',
        '2021-07-02T12:10:00Z',
        pci=('01',),
    ),
    'chatglm6b-193-killed-while-loading-checkpoint-shards-vm-memory-too-small': Backdrop(
        'chatglm-vm',
        'A10',
        '550.144.03',
        '2024-03-28T11:30:00Z',
        '2024-03-28T12:10:00Z',
        pci=('01',),
    ),
    'dbgpt-63-killed-loading-checkpoint-shards-host-memory-exhausted-loader-path-matched-chatglm': Backdrop(
        'dbgpt-wsl-host',
        'A10',
        '550.144.03',
        '2023-05-19T11:30:00Z',
        '2023-05-19T12:10:00Z',
        pci=('01',),
    ),
    'lmdeploy-2712-tp8-inference-hangs-instead-of-oom-error-tokenizer-parallelism-deadlock': Backdrop(
        'lmdeploy-a100x8',
        'A10',
        '550.144.03',
        '2024-11-20T11:30:00Z',
        '2024-11-20T12:10:00Z',
    ),
    'paddle-18629-single-node-multi-gpu-training-hangs-k40m-fixed-by-reinstalling-paddle-1-5': Backdrop(
        'k40m-paddle-node',
        'A10',
        '550.144.03',
        '2019-07-15T11:30:00Z',
        '2019-07-15T12:10:00Z',
        pci=('01', '02'),
    ),
    'hami-736-k3s-node-reboot-hami-device-plugin-not-restarted-gpu-virtualisation-lost': Backdrop(
        'k3s-gpu-node',
        'A10',
        '550.144.03',
        '2024-12-25T11:30:00Z',
        '2024-12-25T12:10:00Z',
        pci=('01',),
    ),
    'macrostars-blog-fx5600-bluescreens-freezes-reboots-gpu-cooler-fan-spinning-slowly': Backdrop(
        'fx5600-desktop',
        'A10',
        '550.144.03',
        '2011-11-30T11:30:00Z',
        '2011-11-30T12:10:00Z',
        pci=('01',),
    ),
    'xorbits-3856-xinference-container-cuda-12-4-on-host-driver-12-0-model-runs-on-cpu': Backdrop(
        'xinference-docker-host',
        'A10',
        '550.144.03',
        '2025-07-29T11:30:00Z',
        '2025-07-29T12:10:00Z',
        pci=('01',),
    ),
    'msst-91-rtx5090-no-kernel-image-available-package-not-built-for-50-series-cu128': Backdrop(
        'msst-5090-desktop',
        'A10',
        '550.144.03',
        '2025-08-08T11:30:00Z',
        '2025-08-08T12:10:00Z',
        pci=('01',),
    ),
    'lmdeploy-340-no-module-turbomind-driver-only-supports-cuda-11-0-turbomind-needs-11-2-api': Backdrop(
        'lmdeploy-triton-host',
        'A10',
        '550.144.03',
        '2023-08-31T11:30:00Z',
        '2023-08-31T12:10:00Z',
        pci=('01',),
    ),
    'gpustat-110-nvml-driver-not-loaded-kernel-upgraded-without-rebuilding-nvidia-module': Backdrop(
        'gpustat-linux-box',
        'A10',
        '550.144.03',
        '2021-11-18T11:30:00Z',
        '2021-11-18T12:10:00Z',
        pci=('01',),
    ),
    'xorbits-1413-vllm-fills-gpu-memory-default-gpu-memory-utilization-0-9-blocks-other-services': Backdrop(
        'xinference-qwen-host',
        'A10',
        '550.144.03',
        '2024-04-30T11:30:00Z',
        '2024-04-30T12:10:00Z',
        pci=('01',),
    ),
    'celebaspoof-34-cuda-out-of-memory-running-main-py-batch-size-too-large': Backdrop(
        'celebaspoof-workstation',
        'A10',
        '550.144.03',
        '2020-11-30T11:30:00Z',
        '2020-11-30T12:10:00Z',
        pci=('01',),
    ),
    'lmdeploy-1509-high-gpu-memory-after-startup-is-preallocated-kv-cache-benign': Backdrop(
        'lmdeploy-llama13b-host',
        'A10',
        '550.144.03',
        '2024-04-27T11:30:00Z',
        '2024-04-27T12:10:00Z',
        pci=('01',),
    ),
    'vllm-43400-69gb-gpu-memory-used-62gib-is-reserved-kv-cache-pool-benign': Backdrop(
        'vllm-serving-host',
        'A10',
        '550.144.03',
        '2026-05-25T11:30:00Z',
        '2026-05-25T12:10:00Z',
        pci=('01',),
    ),
    'funasr-1808-gpu-memory-stays-at-5254mib-after-inference-normal-caching-benign': Backdrop(
        'funasr-http-server',
        'A10',
        '550.144.03',
        '2024-08-14T11:30:00Z',
        '2024-08-14T12:10:00Z',
        pci=('01',),
    ),
    'lmdeploy-1712-tp8-pipeline-seems-stuck-is-model-read-convert-load-taking-1128s-benign': Backdrop(
        'lmdeploy-a100x8-llama70b',
        'A10',
        '550.144.03',
        '2024-06-05T11:30:00Z',
        '2024-06-05T12:10:00Z',
    ),
    'gptsovits-285-funasr-pipeline-set-to-cuda-still-not-running-on-gpu-funasr-bug-fixed-in-commit': Backdrop(
        'gptsovits-asr-host',
        'A10',
        '550.144.03',
        '2024-01-31T11:30:00Z',
        '2024-01-31T12:10:00Z',
        pci=('01',),
    ),
    'rapidasr-26-onnxruntime-gpu-slower-than-cpu-is-expected-poor-dynamic-shape-support-benign': Backdrop(
        'rapidasr-host',
        'A10',
        '550.144.03',
        '2023-08-02T11:30:00Z',
        '2023-08-02T12:10:00Z',
        pci=('01',),
    ),
    'lmdeploy-684-tp4-llama2-70b-gpu-memory-grows-to-oom-kv-cache-sized-for-48-concurrent-sessions': Backdrop(
        'lmdeploy-a100-40g-x4',
        'A10',
        '550.144.03',
        '2023-11-15T11:30:00Z',
        '2023-11-15T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
