"""heldout-public-173's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-173/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list; the real hardware is named in each case's
description); hosts (except node3, vanish and worker2, the names the reports use), bus numbers and drivers are stand-ins (no excerpt
prints a driver version). No case uses extra: no source quotes an exporter value as a metric sample. The backdrop
never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'xorbits-2836-vllm-nccl-unhandled-system-error-in-docker-shm-too-small': Backdrop(
        'xinf-p40-docker',
        'A10',
        '550.127.05',
        '2025-02-10T11:30:00Z',
        '2025-02-10T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'onnxruntime-26994-cuda-provider-missing-build-without-use-cuda-runs-on-cpu': Backdrop(
        'ort-build-ws',
        'A10',
        '580.95.05',
        '2026-01-20T11:30:00Z',
        '2026-01-20T12:10:00Z',
        pci=('01',),
    ),
    'rvrt-10-gpu-util-zero-memory-held-program-stuck-own-added-code': Backdrop(
        'rvrt-test-node',
        'A10',
        '515.65.01',
        '2022-11-17T11:30:00Z',
        '2022-11-17T12:10:00Z',
        pci=('01',),
    ),
    'talos-1849-rtx3090-power-capped-200w-deliberate-circuit-limit-benign': Backdrop(
        'talos-3090-ai',
        'A10',
        '580.95.05',
        '2026-08-04T11:30:00Z',
        '2026-08-04T12:10:00Z',
        pci=('01', '02'),
    ),
    'llamacpp-16953-p40-illegal-memory-access-any-model-regression-bisected-commit': Backdrop(
        'r730-p40',
        'A10',
        '535.247.01',
        '2025-11-02T11:30:00Z',
        '2025-11-02T12:10:00Z',
        pci=('01', '02'),
    ),
    'deepspeed-5022-v100-zero-nccl-error-caused-by-cuda-oom-on-node3': Backdrop(
        'node3',
        'A10',
        '525.147.05',
        '2024-01-31T11:30:00Z',
        '2024-01-31T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'marin-8077-gb200-zero-utilization-was-compilation-not-stall-benign': Backdrop(
        'gb200-tray-01',
        'A10',
        '580.95.05',
        '2026-08-09T11:30:00Z',
        '2026-08-09T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'yolox-1476-ctrl-c-leaves-worker-processes-holding-gpu-memory': Backdrop(
        'yolox-train-ws',
        'A10',
        '510.85.02',
        '2022-08-14T11:30:00Z',
        '2022-08-14T12:10:00Z',
        pci=('01', '02'),
    ),
    'retinanet-100-gpu-util-zero-collater-data-loading-bottleneck': Backdrop(
        'retina-train-ws',
        'A10',
        '418.87.00',
        '2019-10-18T11:30:00Z',
        '2019-10-18T12:10:00Z',
        pci=('01',),
    ),
    'llamacpp-8117-unspecified-launch-failure-q4k-model-fixed-by-pr-8123': Backdrop(
        'nist-llama-srv',
        'A10',
        '550.54.15',
        '2024-06-25T11:30:00Z',
        '2024-06-25T12:10:00Z',
        pci=('01',),
    ),
    'ollama-8271-llama-runner-cuda-error-gpu-wedged-reboot-cleared-rmmod-did-not': Backdrop(
        'ollama-home-srv',
        'A10',
        '550.120',
        '2025-01-01T11:30:00Z',
        '2025-01-01T12:10:00Z',
        pci=('01',),
    ),
    'gptq-160-wsl2-process-killed-after-model-load-swap-not-raised': Backdrop(
        'wsl2-4090-ws',
        'A10',
        '530.41.03',
        '2023-04-12T11:30:00Z',
        '2023-04-12T12:10:00Z',
        pci=('01',),
    ),
    'vllm-586-ray-actor-died-oom-killer-cpu-swap-space-for-4-gpus': Backdrop(
        'vllm-4x16g',
        'A10',
        '530.30.02',
        '2023-07-27T11:30:00Z',
        '2023-07-27T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'paddledet-6857-3090-multigpu-hang-one-card-zero-util-fixed-by-smaller-batch': Backdrop(
        'ppdet-3090-ws',
        'A10',
        '515.65.01',
        '2022-09-05T11:30:00Z',
        '2022-09-05T12:10:00Z',
        pci=('01', '02'),
    ),
    'gpustack-3859-model-stuck-at-100-percent-ollama-session-still-holding-gpu': Backdrop(
        'vanish',
        'A10',
        '580.95.05',
        '2025-12-12T11:30:00Z',
        '2025-12-12T12:10:00Z',
        pci=('01',),
    ),
    'gpustack-2595-network-throttle-orphaned-vllm-instances-hold-gpu-memory': Backdrop(
        'worker2',
        'A10',
        '570.133.20',
        '2025-07-01T11:30:00Z',
        '2025-07-01T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'openpi-441-training-pauses-every-1000-steps-is-checkpoint-saving-benign': Backdrop(
        'openpi-train-ws',
        'A10',
        '570.133.20',
        '2025-04-21T11:30:00Z',
        '2025-04-21T12:10:00Z',
        pci=('01',),
    ),
    'pytorch-149845-rtx5090d-no-kernel-image-fixed-by-cuda-12-8-driver-and-cu128-wheel': Backdrop(
        'ubuntu-5090d-ws',
        'A10',
        '570.124.06',
        '2025-03-25T11:30:00Z',
        '2025-03-25T12:10:00Z',
        pci=('01',),
    ),
    'comfyui-7380-rtx5070-no-kernel-image-needs-pytorch-cu128': Backdrop(
        'comfy-5070-pc',
        'A10',
        '572.83',
        '2025-03-25T11:30:00Z',
        '2025-03-25T12:10:00Z',
        pci=('01',),
    ),
    'a1111-17296-rtx50-no-kernel-image-master-installer-pins-torch-cu121-without-sm120': Backdrop(
        'sdwebui-rtx50-pc',
        'A10',
        '576.88',
        '2026-09-20T11:30:00Z',
        '2026-09-20T12:10:00Z',
        pci=('01',),
    ),
    'gputil-11-util-reads-zero-sampled-between-training-steps-benign': Backdrop(
        'gputil-train-ws',
        'A10',
        '396.44',
        '2018-08-16T11:30:00Z',
        '2018-08-16T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
