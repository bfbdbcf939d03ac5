"""heldout-public-474's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-474/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
host names are the printed ones where the evidence prints one (ganyu, langchain-server from its ssh alias) and
stand-ins otherwise; GPU counts follow the source (3 printed GPUs for tei-47, 4 cards for trtllm-732, 2 for
ollama-1663, 1 otherwise); bus numbers are the printed ones where the evidence prints them (4f/52/56 for tei-47,
00:02 for langchain-demo) and stand-ins 01..N otherwise (00 for the Jetson's integrated GPU); the driver
(550.144.03) is the same stand-in for every case, so the version carries no signal. No case uses extra: no source
quotes an exporter value as a metric sample. The backdrop never points at the cause: flat, healthy metrics for
every case.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'tei-47-text-embeddings-inference-forward-compat-error-image-needs-newer-cuda-than-driver-525': Backdrop(
        'tei-server',
        'A10',
        '550.144.03',
        '2023-10-27T11:30:00Z',
        '2023-10-27T12:10:00Z',
        pci=('4f', '52', '56'),
    ),
    'trtllm-732-benign-triton-trtllm-memory-twice-engine-size-paged-kv-cache-preallocation': Backdrop(
        'trtllm-4gpu',
        'A10',
        '550.144.03',
        '2023-12-25T11:30:00Z',
        '2023-12-25T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'aiserving-3-onnx-serving-cuda-image-runs-on-cpu-only-defect-fixed-in-0-9-1': Backdrop(
        'ai-serving-host',
        'A10',
        '550.144.03',
        '2020-08-17T11:30:00Z',
        '2020-08-17T12:10:00Z',
        pci=('01',),
    ),
    'llamacpp-5178-benign-low-gpu-utilization-partial-offload-gpu-waits-for-cpu': Backdrop(
        'win-laptop-gpu',
        'A10',
        '550.144.03',
        '2024-01-29T11:30:00Z',
        '2024-01-29T12:10:00Z',
        pci=('01',),
    ),
    'ollama-1663-benign-cuda-in-use-but-gpu-near-0pct-model-split-gpu-stalls-on-cpu': Backdrop(
        'ollama-server',
        'A10',
        '550.144.03',
        '2024-02-15T11:30:00Z',
        '2024-02-15T12:10:00Z',
        pci=('01', '02'),
    ),
    'ort-21965-onnxruntime-1-19-0-cuda-ep-zip-built-against-cuda-11-on-cuda-12-hosts': Backdrop(
        'ort-win-gpu',
        'A10',
        '550.144.03',
        '2024-09-03T11:30:00Z',
        '2024-09-03T12:10:00Z',
        pci=('01',),
    ),
    'langchain-demo-rtx4000ada-llama-cpu-fallback-nvrm-probe-routine-not-called': Backdrop(
        'langchain-server',
        'A10',
        '550.144.03',
        '2025-11-03T11:30:00Z',
        '2025-11-03T12:10:00Z',
        pci=('00:02',),
    ),
    'batchlocallm-vllm-worker-no-free-gpu-memory-after-power-cycle-zombie-processes': Backdrop(
        'batch-llm-server',
        'A10',
        '550.144.03',
        '2025-11-01T11:30:00Z',
        '2025-11-01T12:10:00Z',
        pci=('01',),
    ),
    'isaac-gr00t-orin-nx-tensorrt-engine-load-cuda-oom-unified-memory-contention': Backdrop(
        'orin-nx-16gb',
        'A10',
        '550.144.03',
        '2026-01-30T11:30:00Z',
        '2026-01-30T12:10:00Z',
        pci=('00',),
    ),
    'homeops-9988-llama-cpp-27b-pod-oomkilled-at-48gi-host-prompt-cache-fills-limit': Backdrop(
        'ganyu',
        'A10',
        '550.144.03',
        '2026-09-11T11:30:00Z',
        '2026-09-11T12:10:00Z',
        pci=('01',),
    ),
    'scalellm-22-yi-6b-11gb-model-cannot-load-on-8gb-gpu-kv-cache-limit-not-total': Backdrop(
        'scalellm-8gb',
        'A10',
        '550.144.03',
        '2024-01-22T11:30:00Z',
        '2024-01-22T12:10:00Z',
        pci=('01',),
    ),
    'tgi-413-text-generation-inference-load-blocked-by-container-ram-limit-not-gpu': Backdrop(
        'tgi-rtx6000',
        'A10',
        '550.144.03',
        '2023-06-05T11:30:00Z',
        '2023-06-05T12:10:00Z',
        pci=('01',),
    ),
    'tensorrt-pro-vision-22-benign-trtexec-insufficient-workspace-warning-not-an-oom-zh': Backdrop(
        'trt-build-host',
        'A10',
        '550.144.03',
        '2024-04-18T11:30:00Z',
        '2024-04-18T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
