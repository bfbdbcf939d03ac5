"""heldout-public-415's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-415/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, a GeForce RTX 40- or 50-series card, is named in each
description); hosts, GPU counts, bus numbers (01..N in index order) and the driver (550.144.03, the same for every
case) are stand-ins. No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never
points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'leggedlab-26-rtx5090-sm120-not-compatible-pytorch-build-without-blackwell-kernels': Backdrop(
        'rtx5090-legged-ws',
        'A10',
        '550.144.03',
        '2025-06-06T11:30:00Z',
        '2025-06-06T12:10:00Z',
        pci=('01',),
    ),
    'direct3d-s2-32-rtx5090-sm120-not-compatible-needs-cu128-nightly-torch': Backdrop(
        'rtx5090-3dgen-ws',
        'A10',
        '550.144.03',
        '2025-06-09T11:30:00Z',
        '2025-06-09T12:10:00Z',
        pci=('01',),
    ),
    'hashcat-4593-rtx5080-nvrtc-invalid-gpu-architecture-cuda-toolkit-driver-mismatch': Backdrop(
        'rtx5080-laptop',
        'A10',
        '550.144.03',
        '2025-12-21T11:30:00Z',
        '2025-12-21T12:10:00Z',
        pci=('01',),
    ),
    'wanvideo-20-rtx4090-comfyui-process-killed-host-ram-exhausted-by-force-offload': Backdrop(
        'rtx4090-comfy-ws',
        'A10',
        '550.144.03',
        '2025-02-26T11:30:00Z',
        '2025-02-26T12:10:00Z',
        pci=('01',),
    ),
    'axolotl-967-dual-4090-deepspeed-nccl-watchdog-timeout-suspected-consumer-gpu-p2p': Backdrop(
        'dual-4090-lambda',
        'A10',
        '550.144.03',
        '2023-12-19T11:30:00Z',
        '2023-12-19T12:10:00Z',
        pci=('01', '02',),
    ),
    'openrlhf-1064-quad-4090-nccl-p2p-access-not-supported-training-fails': Backdrop(
        'quad-4090-rlhf',
        'A10',
        '550.144.03',
        '2025-06-18T11:30:00Z',
        '2025-06-18T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'alltalk-117-rtx4090-local-llm-freezes-slow-cuda-sysmem-fallback-vram-spill': Backdrop(
        'rtx4090-llm-desktop',
        'A10',
        '550.144.03',
        '2024-03-17T11:30:00Z',
        '2024-03-17T12:10:00Z',
        pci=('01',),
    ),
    'llamacpp-19639-rtx5090-gemma4-vlm-memory-leak-cublas-workspace-caching': Backdrop(
        'rtx5090-wsl-llm',
        'A10',
        '550.144.03',
        '2026-04-10T11:30:00Z',
        '2026-04-10T12:10:00Z',
        pci=('01',),
    ),
    'seedvr2-181-rtx5090-cuda-oom-every-run-fixed-by-nightly-node-release': Backdrop(
        'rtx5090-comfy-ws',
        'A10',
        '550.144.03',
        '2025-10-04T11:30:00Z',
        '2025-10-04T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
