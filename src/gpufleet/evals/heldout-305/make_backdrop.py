"""heldout-public-305's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-305/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
host names, bus numbers (01..N in index order) and the driver (550.144.03, the same for every case) are stand-ins:
no stored excerpt prints a host name or bus id usable as such. No case uses extra: no source quotes an exporter
value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'exllamav2-583-third-gpu-load-crash-tcc-mode-on-newer-driver-fixed-by-wddm': Backdrop(
        'exl2-win-ws',
        'A10',
        '550.144.03',
        '2024-08-05T11:30:00Z',
        '2024-08-05T12:10:00Z',
        pci=('01', '02', '03',),
    ),
    'ollama-4117-windows-gpu-unused-physx-cudart-returns-wrong-info-adjust-path': Backdrop(
        'ollama-win-pc',
        'A10',
        '550.144.03',
        '2024-05-03T11:30:00Z',
        '2024-05-03T12:10:00Z',
        pci=('01',),
    ),
    'ollama-17841-sm86-gpus-silently-fall-back-to-cpu-cuda12-fallback-broken-in-0-32-14': Backdrop(
        'ollama-a6000-svc',
        'A10',
        '550.144.03',
        '2026-08-18T11:30:00Z',
        '2026-08-18T12:10:00Z',
        pci=('01',),
    ),
    'pytorch-memory-utils-19-nvidia-smi-shows-more-memory-than-tracker-caching-allocator-and-context-benign': Backdrop(
        'pmu-ws',
        'A10',
        '550.144.03',
        '2022-08-10T11:30:00Z',
        '2022-08-10T12:10:00Z',
        pci=('01',),
    ),
    'pytorch-152077-rtx5090-ddp-nccl-unhandled-cuda-error-pytorch-2-0-cuda-11-8-too-old': Backdrop(
        'ddp-5090-ws',
        'A10',
        '550.144.03',
        '2025-04-24T11:30:00Z',
        '2025-04-24T12:10:00Z',
        pci=('01', '02',),
    ),
    'lmdeploy-1524-llava-34b-api-server-oom-looks-like-leak-vision-batch-size-16': Backdrop(
        'lmdeploy-node',
        'A10',
        '550.144.03',
        '2024-04-29T11:30:00Z',
        '2024-04-29T12:10:00Z',
        pci=('01',),
    ),
    'fastdeploy-3906-gpu-memory-oom-with-workers-gt-1-engineclient-imports-model-executor': Backdrop(
        'fastdeploy-node',
        'A10',
        '550.144.03',
        '2025-09-04T11:30:00Z',
        '2025-09-04T12:10:00Z',
        pci=('01',),
    ),
    'ms-swift-9726-destroy-process-group-warning-on-every-rank-at-shutdown-benign': Backdrop(
        'swift-grpo-node1',
        'A10',
        '550.144.03',
        '2026-07-10T11:30:00Z',
        '2026-07-10T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'ray-58399-serve-image-uri-podman-container-started-without-nvidia-gpu-device': Backdrop(
        'ray-serve-wsl',
        'A10',
        '550.144.03',
        '2025-11-04T11:30:00Z',
        '2025-11-04T12:10:00Z',
        pci=('01',),
    ),
    'yolact-332-gpu-memory-held-10-minutes-after-training-stops-weights-saved-on-exit': Backdrop(
        'yolact-train',
        'A10',
        '550.144.03',
        '2020-02-11T11:30:00Z',
        '2020-02-11T12:10:00Z',
        pci=('01',),
    ),
    'flashrt-16-rtx5090-server-vram-grows-per-request-unbounded-cuda-graph-cache-oom': Backdrop(
        'flashrt-5090',
        'A10',
        '550.144.03',
        '2026-05-09T11:30:00Z',
        '2026-05-09T12:10:00Z',
        pci=('01',),
    ),
    'flashinfer-4399-workspace-growth-frees-buffer-captured-cuda-graphs-replay-xid-31': Backdrop(
        'flashinfer-node',
        'A10',
        '550.144.03',
        '2026-08-07T11:30:00Z',
        '2026-08-07T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'ds4-gb10-3-server-host-rss-leak-per-request-cuda-graph-reinstantiation': Backdrop(
        'dgx-spark-gb10',
        'A10',
        '550.144.03',
        '2026-08-15T11:30:00Z',
        '2026-08-15T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
