"""heldout-public-169's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-169/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); hosts, bus numbers and most drivers are stand-ins
(see each case's description). No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'sglangpoc-lessonslearned-h200-sglang-tp4-collective-mismatch-blamed-on-partial-node-allocation': Backdrop(
        'h200-sglang-node',
        'A10',
        '570.172.08',
        '2025-11-04T11:30:00Z',
        '2025-11-04T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'superwhisper-rtx5060incompat-rtx5060-sm120-not-supported-by-installed-pytorch-cuda-build': Backdrop(
        'superwhisper-ws',
        'A10',
        '575.57.08',
        '2025-06-12T11:30:00Z',
        '2025-06-12T12:10:00Z',
        pci=('01', '02'),
    ),
    'navsim-ddpfixexplained-8xh200-ddp-hung-slurm-gres-gave-one-gpu-to-eight-tasks': Backdrop(
        'torch-h200-node',
        'A10',
        '570.172.08',
        '2025-11-11T11:30:00Z',
        '2025-11-11T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'zoe-vllmmigrationblocked-jetson-orin-nx-vllm-nvml-assert-kv-cache-allocation-driver-pytorch-mismatch': Backdrop(
        'jetson-orin-nx-zoe',
        'A10',
        '540.4.0',
        '2025-11-12T11:30:00Z',
        '2025-11-12T12:10:00Z',
        pci=('01',),
    ),
    'archon-ollamagpuacceleration-rtx4090-laptop-ollama-ran-100pct-cpu-compose-had-no-gpu-reservation': Backdrop(
        'archon-rtx4090-laptop',
        'A10',
        '590.44.01',
        '2026-01-22T11:30:00Z',
        '2026-01-22T12:10:00Z',
        pci=('02',),
    ),
    'carwiseiq-gpufixapplied-xgboost-3-1-dropped-gpu-id-training-fell-back-to-cpu': Backdrop(
        'carwiseiq-ws',
        'A10',
        '581.57',
        '2026-02-08T11:30:00Z',
        '2026-02-08T12:10:00Z',
        pci=('01',),
    ),
    'carwiseiq-gpuoptimizationfixes-8gb-gpu-low-utilization-synchronous-image-io-in-getitem': Backdrop(
        'carwiseiq-ws',
        'A10',
        '581.57',
        '2026-02-08T11:30:00Z',
        '2026-02-08T12:10:00Z',
        pci=('01',),
    ),
    'carwiseiq-memoryoptimizationfixes-training-cuda-oom-at-epoch-2-batch-96-too-large': Backdrop(
        'carwiseiq-ws',
        'A10',
        '581.57',
        '2026-02-08T11:30:00Z',
        '2026-02-08T12:10:00Z',
        pci=('01',),
    ),
    'specinfo-p0lockapps-rtx3080-stuck-p0-1710mhz-at-idle-apps-holding-gpu-context-benign': Backdrop(
        'specinfo-rtx3080-pc',
        'A10',
        '591.74',
        '2026-01-23T11:30:00Z',
        '2026-01-23T12:10:00Z',
        pci=('01',),
    ),
    'backtestcore-gpuconfigurationfix-rtx5080-rtx2060-cuda-visible-devices-order-inverted-wrong-gpu-first': Backdrop(
        'backtest-ws',
        'A10',
        '581.80',
        '2026-01-06T11:30:00Z',
        '2026-01-06T12:10:00Z',
        pci=('01', '02'),
    ),
    'crank-wsl2gpucudacompat-wsl2-docker-pytorch-cuda-unavailable-cuda-visible-devices-all-breaks-enumeration': Backdrop(
        'crank-wsl2-laptop',
        'A10',
        '581.57',
        '2025-11-07T11:30:00Z',
        '2025-11-07T12:10:00Z',
        pci=('01',),
    ),
    'cogumi-diskspacefix-vastai-h100-lora-training-crash-at-step-9000-checkpoints-filled-local-disk': Backdrop(
        'vastai-h100-cogumi',
        'A10',
        '570.172.08',
        '2025-10-24T11:30:00Z',
        '2025-10-24T12:10:00Z',
        pci=('01',),
    ),
    'seukseok-cudapinnedmemory-gpu-inference-end-to-end-latency-host-to-device-copy-from-pageable-memory': Backdrop(
        'edge-infer-box',
        'A10',
        '570.172.08',
        '2025-12-07T11:30:00Z',
        '2025-12-07T12:10:00Z',
        pci=('01',),
    ),
    'verl-gkdquickfix-gkd-distillation-training-hangs-at-rollout-weight-sync-blocking-ray-get-no-timeout': Backdrop(
        'gkd-train-node',
        'A10',
        '570.172.08',
        '2026-01-11T11:30:00Z',
        '2026-01-11T12:10:00Z',
        pci=('18', '3b', '86', 'af'),
    ),
    'nestclean-cudasyncfix-ddp-ssl-training-stuck-at-torch-cuda-synchronize-one-rank-lagging-deadlock': Backdrop(
        'nest-ssl-ddp-node',
        'A10',
        '570.172.08',
        '2025-11-28T11:30:00Z',
        '2025-11-28T12:10:00Z',
        pci=('18', '3b', '86', 'af'),
    ),
    'mylovees-nvidiakernelcrash-centos7-gpu-server-reboots-repeatedly-kernel-paging-crash-blamed-on-nvidia': Backdrop(
        'centos7-gpu-server',
        'A10',
        '470.129.06',
        '2022-07-10T11:30:00Z',
        '2022-07-10T12:10:00Z',
        pci=('3b',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
