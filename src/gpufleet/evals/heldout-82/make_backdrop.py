"""heldout-public-82's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-82/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); hosts, bus numbers and most drivers are
stand-ins (see each case's description). No case uses extra: no report quotes an exporter value as a metric
sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'vllm-822-large-gpu-memory-footprint-kv-cache-preallocates-90-percent-benign': Backdrop(
        'ws-vllm-baichuan13b',
        'A10',
        '535.54.03',
        '2023-08-23T11:30:00Z',
        '2023-08-23T12:10:00Z',
        pci=('01',),
    ),
    'h2ogpt-490-illegal-memory-access-crashes-caused-by-gpu-undervolting': Backdrop(
        'win-undervolted-gpu-h2ogpt',
        'A10',
        '536.99',
        '2023-08-04T11:30:00Z',
        '2023-08-04T12:10:00Z',
        pci=('01',),
    ),
    'lightning-3329-multi-gpu-training-slow-dataset-on-hdd-raid-fixed-by-pcie-ssd': Backdrop(
        'srv-lightning-hdd-raid',
        'A10',
        '450.80.02',
        '2020-12-27T11:30:00Z',
        '2020-12-27T12:10:00Z',
        pci=('01', '02'),
    ),
    'sglang-27520-b200-b300-random-crashes-xid-31-mmu-fault-blamed-on-operators': Backdrop(
        'k8s-b200-sglang-node',
        'A10',
        '580.82.07',
        '2026-06-08T11:30:00Z',
        '2026-06-08T12:10:00Z',
        pci=('10', '11', '12', '13', '14', '15', '16', '17'),
    ),
    'pytorch-150734-4x5090-ddp-training-fails-nvidia-patch-in-cuda-12-8-1-or-kernel-downgrade': Backdrop(
        'ws-4x5090-ddp',
        'A10',
        '570.124.06',
        '2025-07-09T11:30:00Z',
        '2025-07-09T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'kohya-1288-sdxl-lora-training-slow-on-4090-nvidia-driver-536-67-known-issue': Backdrop(
        'win-4090-kohya-sdxl',
        'A10',
        '536.67',
        '2023-08-07T11:30:00Z',
        '2023-08-07T12:10:00Z',
        pci=('01',),
    ),
    'bnb-17-wsl-libcuda-so-not-found-missing-multi-arch-path-to-cuda-driver': Backdrop(
        'wsl-bitsandbytes-ws',
        'A10',
        '516.94',
        '2022-09-05T11:30:00Z',
        '2022-09-05T12:10:00Z',
        pci=('01',),
    ),
    'pytorch-3900-cuda-visible-devices-5-shows-gpu-0-not-a-bug-benign': Backdrop(
        'srv-7gpu-pytorch',
        'A10',
        '384.90',
        '2017-11-27T11:30:00Z',
        '2017-11-27T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07'),
    ),
    'pytorch-23544-cuda-visible-devices-set-after-cuda-init-job-always-on-gpu-0': Backdrop(
        'centos-pytorch-multigpu',
        'A10',
        '418.67',
        '2019-07-30T11:30:00Z',
        '2019-07-30T12:10:00Z',
        pci=('01', '02'),
    ),
    'vllm-6319-k8s-pod-model-start-takes-an-hour-nfs-volume-bandwidth': Backdrop(
        'k8s-node-vllm-nfs',
        'A10',
        '550.90.07',
        '2024-07-11T11:30:00Z',
        '2024-07-11T12:10:00Z',
        pci=('01',),
    ),
    'vllm-5405-vllm-service-takes-two-hours-to-start-juicefs-bandwidth-100mb-s': Backdrop(
        'srv-vllm-tp4-juicefs',
        'A10',
        '550.54.15',
        '2024-06-11T11:30:00Z',
        '2024-06-11T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'vllm-17676-vllm-hangs-waiting-for-engine-start-was-a-long-model-download-benign': Backdrop(
        'aws-p4d-8xa100-vllm',
        'A10',
        '570.172.08',
        '2025-12-16T11:30:00Z',
        '2025-12-16T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'jax-11967-no-kernel-image-with-driver-470-and-cuda-11-6-downgrade-cuda-or-upgrade-driver': Backdrop(
        'grid-node-jax-driver470',
        'A10',
        '470.141.03',
        '2022-08-17T11:30:00Z',
        '2022-08-17T12:10:00Z',
        pci=('01',),
    ),
    'tensorpipe-455-transport-retry-counter-exceeded-second-ib-card-not-plugged-in': Backdrop(
        'k8s-lab-ib-node',
        'A10',
        '515.65.01',
        '2022-09-28T11:30:00Z',
        '2022-09-28T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'lil-vllm-261-tp4-hang-on-4x-rtx-pro-6000-symmmem-not-available-for-sm120': Backdrop(
        'ws-4x-rtxpro6000-vllm',
        'A10',
        '580.82.07',
        '2026-08-08T11:30:00Z',
        '2026-08-08T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'freetoken-371-tp-weight-load-standstill-default-intra-op-threads-oversubscribe-small-core-host': Backdrop(
        'small-core-host-tp2-freetoken',
        'A10',
        '580.82.07',
        '2026-09-05T11:30:00Z',
        '2026-09-05T12:10:00Z',
        pci=('01', '02'),
    ),
    'vllm-1772-build-from-source-nvidia-driver-too-old-covers-only-cuda-11-4': Backdrop(
        'ws-vllm-source-build',
        'A10',
        '470.199.02',
        '2023-11-24T11:30:00Z',
        '2023-11-24T12:10:00Z',
        pci=('01',),
    ),
    'sglang-glm53-11-rtx-pro-6000-dropped-during-inference-hardware-and-90c-hard-lock-suspected': Backdrop(
        'ws-rtxpro6000-sglang-glm',
        'A10',
        '580.82.07',
        '2026-09-21T11:30:00Z',
        '2026-09-21T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'qwenvl-ft-135-processes-killed-after-checkpoint-save-host-dram-oom-not-cuda': Backdrop(
        'srv-qwenvl-finetune',
        'A10',
        '570.133.20',
        '2025-06-02T11:30:00Z',
        '2025-06-02T12:10:00Z',
        pci=('01', '02', '03'),
    ),
    'club3090-356-2x3090-x99-tp2-slower-than-baseline-expected-for-no-p2p-gen3-platform-benign': Backdrop(
        'x99-2x3090-vllm-dual',
        'A10',
        '580.82.07',
        '2026-06-11T11:30:00Z',
        '2026-06-11T12:10:00Z',
        pci=('01', '02'),
    ),
    'club3090-758-vllm-dual-3090-crashes-xid-fixed-by-vllm-patch-disputed-on-ampere': Backdrop(
        'ws-2x3090-vllm-thinkingcap',
        'A10',
        '580.82.07',
        '2026-08-02T11:30:00Z',
        '2026-08-02T12:10:00Z',
        pci=('01', '02'),
    ),
    'club3090-1332-dual-3090-hard-resets-vllm-custom-all-reduce-over-patched-pcie-p2p': Backdrop(
        'am5-3090ti-3090-p2p',
        'A10',
        '610.57.04',
        '2026-09-16T11:30:00Z',
        '2026-09-16T12:10:00Z',
        pci=('01', '02'),
    ),
    'sdscripts-818-unable-to-save-sdxl-checkpoint-not-enough-system-ram': Backdrop(
        'ws-sdxl-sd-scripts',
        'A10',
        '535.104.05',
        '2023-09-15T11:30:00Z',
        '2023-09-15T12:10:00Z',
        pci=('01',),
    ),
    'kohyass-2977-flux-training-access-violation-running-out-of-ram': Backdrop(
        'win-kohya-flux',
        'A10',
        '566.14',
        '2024-11-30T11:30:00Z',
        '2024-11-30T12:10:00Z',
        pci=('01',),
    ),
    'club3090-585-tps-lower-than-reference-cards-capped-at-250w-not-a-fault-benign': Backdrop(
        'ws-2x3090-250w-cap',
        'A10',
        '580.82.07',
        '2026-07-06T11:30:00Z',
        '2026-07-06T12:10:00Z',
        pci=('01', '02'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
