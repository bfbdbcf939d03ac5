"""heldout-public-417's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-417/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description); hosts,
GPU counts, bus numbers (01..N in index order; 02 for the one vGPU whose nvidia-smi line prints bus 00000000:02:00.0) and the
driver (550.144.03, the same for every case) are stand-ins. No case uses extra: no source quotes an exporter value as a metric
sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'lmdeploy-3043-gpu-memory-mostly-occupied-after-deploy-kv-cache-preallocation-benign': Backdrop(
        'lmdeploy-server',
        'A10',
        '550.144.03',
        '2025-01-16T11:30:00Z',
        '2025-01-16T12:10:00Z',
        pci=('01', ),
    ),
    'vllm-4880-tp-gpu-memory-usage-above-expectation-default-90-percent-utilization-benign': Backdrop(
        'vllm-3090x2',
        'A10',
        '550.144.03',
        '2024-05-17T11:30:00Z',
        '2024-05-17T12:10:00Z',
        pci=('01', '02', ),
    ),
    'triton-5324-no-gpu-metrics-on-mig-devices-embedded-dcgm-limitation-benign': Backdrop(
        'triton-mig-a100',
        'A10',
        '550.144.03',
        '2023-02-06T11:30:00Z',
        '2023-02-06T12:10:00Z',
        pci=('01', ),
    ),
    'triton-6903-triton-23-02-cannot-detect-gpu-driver-535-unsupported-by-container': Backdrop(
        'rtx4070-laptop',
        'A10',
        '550.144.03',
        '2024-02-22T11:30:00Z',
        '2024-02-22T12:10:00Z',
        pci=('01', ),
    ),
    'lmdeploy-708-turbomind-api-call-not-supported-driver-cuda-11-4-too-old': Backdrop(
        'lmdeploy-cuda114-host',
        'A10',
        '550.144.03',
        '2023-11-18T11:30:00Z',
        '2023-11-18T12:10:00Z',
        pci=('01', ),
    ),
    'lmdeploy-2414-turbomind-operation-not-supported-grid-vgpu-driver-or-allocator-api': Backdrop(
        'lmdeploy-vgpu-vm',
        'A10',
        '550.144.03',
        '2024-09-03T11:30:00Z',
        '2024-09-03T12:10:00Z',
        pci=('02', ),
    ),
    'sonar-622-aphrodite-2xt4-host-ram-25gb-cpu-swap-space-4gb-per-gpu': Backdrop(
        'aphrodite-t4x2',
        'A10',
        '550.144.03',
        '2024-09-03T11:30:00Z',
        '2024-09-03T12:10:00Z',
        pci=('01', '02', ),
    ),
    'vllm-1393-multi-gpu-docker-crash-shm-too-small-ipc-host-fix': Backdrop(
        'vllm-docker-host',
        'A10',
        '550.144.03',
        '2023-10-20T11:30:00Z',
        '2023-10-20T12:10:00Z',
        pci=('01', '02', '03', '04', ),
    ),
    'triton-4869-helm-python-backend-dev-shm-64mb-full-cannot-load-models': Backdrop(
        'triton-helm-node',
        'A10',
        '550.144.03',
        '2022-09-12T11:30:00Z',
        '2022-09-12T12:10:00Z',
        pci=('01', ),
    ),
    'modelmesh-78-triton-python-backend-shm-region-init-failed-dshm-volume-fix': Backdrop(
        'modelmesh-triton-node',
        'A10',
        '550.144.03',
        '2023-05-24T11:30:00Z',
        '2023-05-24T12:10:00Z',
        pci=('01', ),
    ),
    'tgi-904-docker-gpus-all-could-not-select-device-driver-nvidia-runtime-missing': Backdrop(
        'tgi-docker-host',
        'A10',
        '550.144.03',
        '2023-08-22T11:30:00Z',
        '2023-08-22T12:10:00Z',
        pci=('01', ),
    ),
    'sglang-7340-multimodal-gpu-memory-grows-until-oom-pixel-values-not-released': Backdrop(
        'sglang-h20-node',
        'A10',
        '550.144.03',
        '2025-06-19T11:30:00Z',
        '2025-06-19T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08', ),
    ),
    'vllm-13582-deepseek-r1-8xh200-cuda-oom-service-shutdown-gpu-memory-utilization': Backdrop(
        'vllm-h200-node',
        'A10',
        '550.144.03',
        '2025-02-20T11:30:00Z',
        '2025-02-20T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08', ),
    ),
    'sglang-7469-slow-weight-loading-mmap-on-network-storage': Backdrop(
        'sglang-ling-node',
        'A10',
        '550.144.03',
        '2025-06-23T11:30:00Z',
        '2025-06-23T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08', ),
    ),
    'modelplane-204-vllm-43-min-weight-load-from-efs-modelcache': Backdrop(
        'p5en-48xlarge-leader',
        'A10',
        '550.144.03',
        '2026-06-18T11:30:00Z',
        '2026-06-18T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08', ),
    ),
    'llmdfma-709-vllm-startup-fails-gpu-memory-held-by-previous-instance': Backdrop(
        'pokprod-gpu-node',
        'A10',
        '550.144.03',
        '2026-08-11T13:26:14Z',
        '2026-08-11T14:06:14Z',
        pci=('01', ),
    ),
    'sglang-3932-multinode-h100-nccl-watchdog-timeout-dist-timeout-too-short': Backdrop(
        'sglang-h100-node-1',
        'A10',
        '550.144.03',
        '2025-03-04T12:24:52Z',
        '2025-03-04T13:04:52Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08', ),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
