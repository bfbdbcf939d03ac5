"""heldout-public-87's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-87/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); hosts, bus numbers and most drivers are
stand-ins (see each case's description). No case uses extra: no report quotes an exporter value as a metric
sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'accelerate-314-8x3090-nccl-timeout-driver-545-p2p-bug-downgrade-535': Backdrop(
        'supermicro-8x3090-accelerate',
        'A10',
        '545.23.08',
        '2024-02-08T11:30:00Z',
        '2024-02-08T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'llava-447-nccl-watchdog-timeout-index-out-of-bounds-sequence-too-long': Backdrop(
        'train-2gpu-llava',
        'A10',
        '550.90.07',
        '2024-06-11T11:30:00Z',
        '2024-06-11T12:10:00Z',
        pci=('01', '02'),
    ),
    'vllm-14025-4gpu-engine-hang-nccl-p2p-disable-fixes': Backdrop(
        'vllm-4gpu-pcie-serve',
        'A10',
        '570.86.15',
        '2025-02-28T11:30:00Z',
        '2025-02-28T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'vllm-backport-97-a100-degenerate-output-driver-595-91-custom-all-reduce': Backdrop(
        'ws-2xa100-vllm-backport',
        'A10',
        '595.91.07',
        '2026-09-21T11:30:00Z',
        '2026-09-21T12:10:00Z',
        pci=('01', '02'),
    ),
    'jax-6039-2gb-gpu-oom-jax-preallocates-too-much': Backdrop(
        'arch-desktop-2gb-gpu',
        'A10',
        '460.73.01',
        '2021-06-09T11:30:00Z',
        '2021-06-09T12:10:00Z',
        pci=('01',),
    ),
    'occdepth-9-slow-training-low-gpu-util-dataloader-bottleneck': Backdrop(
        'train-1gpu-occdepth',
        'A10',
        '530.41.03',
        '2023-04-28T11:30:00Z',
        '2023-04-28T12:10:00Z',
        pci=('01',),
    ),
    'classyvision-546-training-hangs-100-percent-util-no-nccl-timeout': Backdrop(
        'train-2gpu-classyvision',
        'A10',
        '440.64.00',
        '2020-06-18T11:30:00Z',
        '2020-06-18T12:10:00Z',
        pci=('01', '02'),
    ),
    'posttrainarena-46-vllm-custom-all-reduce-invalid-argument-disabled': Backdrop(
        'hfjobs-a100x8-grpo',
        'A10',
        '580.95.05',
        '2026-09-22T11:30:00Z',
        '2026-09-22T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'transformers-20438-deepspeed-hang-p2p-latency-49ms-gpu-to-gpu-broken': Backdrop(
        'srv-8gpu-deepspeed',
        'A10',
        '520.61.05',
        '2022-11-28T11:30:00Z',
        '2022-11-28T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'transformers-8628-data-parallel-cuda-error-amd-epyc-iommu-disabled': Backdrop(
        'epyc7402-2gpu-roberta',
        'A10',
        '450.80.02',
        '2020-11-25T11:30:00Z',
        '2020-11-25T12:10:00Z',
        pci=('01', '02'),
    ),
    'flash-attention-1146-jetson-orin-no-kernel-image-sm87-not-built': Backdrop(
        'jetson-agx-orin-qserve',
        'A10',
        '535.104.05',
        '2024-08-15T11:30:00Z',
        '2024-08-15T12:10:00Z',
        pci=('01',),
    ),
    'flashinfer-1107-v100-no-kernel-image-sm70-attention-unsupported': Backdrop(
        'v100-sxm2-flashinfer',
        'A10',
        '555.42.06',
        '2025-06-02T11:30:00Z',
        '2025-06-02T12:10:00Z',
        pci=('01',),
    ),
    'xformers-1338-l20-illegal-memory-access-flash3-selected-on-sm89': Backdrop(
        'l20-1gpu-xformers',
        'A10',
        '570.124.06',
        '2025-09-29T11:30:00Z',
        '2025-09-29T12:10:00Z',
        pci=('01',),
    ),
    'bitsandbytes-562-no-gpu-detected-cpu-library-wrong-libcuda': Backdrop(
        'conda-1gpu-bitsandbytes',
        'A10',
        '530.41.03',
        '2023-07-13T11:30:00Z',
        '2023-07-13T12:10:00Z',
        pci=('01',),
    ),
    'vllm-17295-qwen2-5-vl-illegal-memory-access-pytorch-2-6-inductor-strides': Backdrop(
        'vllm-1gpu-qwen25vl',
        'A10',
        '570.124.06',
        '2025-04-30T11:30:00Z',
        '2025-04-30T12:10:00Z',
        pci=('01',),
    ),
    'pytorch-22260-dgx2-slowdown-beyond-4-gpus-omp-num-threads-oversubscription': Backdrop(
        'dgx2-16xv100',
        'A10',
        '418.67',
        '2019-07-03T11:30:00Z',
        '2019-07-03T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08', '09', '0a', '0b', '0c', '0d', '0e', '0f', '10'),
    ),
    'bonnetal-22-gpu-stops-during-inference-suspected-power-supply-cables': Backdrop(
        'ws-1gpu-bonnetal',
        'A10',
        '440.64.00',
        '2020-06-24T11:30:00Z',
        '2020-06-24T12:10:00Z',
        pci=('01',),
    ),
    'fsdp-qlora-41-dual-4090-training-powers-off-desktop-suspected-hardware': Backdrop(
        'desktop-2x4090-fsdp-qlora',
        'A10',
        '550.54.14',
        '2024-04-05T11:30:00Z',
        '2024-04-05T12:10:00Z',
        pci=('01', '02'),
    ),
    'vllm-4253-small-model-uses-21g-preallocation-expected-benign': Backdrop(
        'vllm-1gpu-small-model',
        'A10',
        '550.54.14',
        '2024-04-22T11:30:00Z',
        '2024-04-22T12:10:00Z',
        pci=('01',),
    ),
    'craftax-28-60gb-gpu-memory-on-import-jax-preallocation-benign': Backdrop(
        'h100-1gpu-craftax',
        'A10',
        '550.90.07',
        '2024-06-21T11:30:00Z',
        '2024-06-21T12:10:00Z',
        pci=('01',),
    ),
    'pytorch-126275-processgroupnccl-destroy-warning-wall-at-exit-benign': Backdrop(
        'srv-8gpu-pytorch24',
        'A10',
        '550.54.14',
        '2024-05-15T11:30:00Z',
        '2024-05-15T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'wenet-1490-multi-machine-training-fails-nccl-port-range': Backdrop(
        'asr-node-a-wenet',
        'A10',
        '515.65.01',
        '2022-10-12T11:30:00Z',
        '2022-10-12T12:10:00Z',
        pci=('01', '02'),
    ),
    'so-vits-svc-101-low-gpu-util-training-suspected-io-bound': Backdrop(
        'win-1gpu-so-vits-svc',
        'A10',
        '531.41',
        '2023-03-31T11:30:00Z',
        '2023-03-31T12:10:00Z',
        pci=('01',),
    ),
    'ms-nerf-3-gpu-util-swings-10-to-99-percent-periodic-logging-benign': Backdrop(
        'ubuntu-1gpu-ms-nerf',
        'A10',
        '520.61.05',
        '2024-04-06T11:30:00Z',
        '2024-04-06T12:10:00Z',
        pci=('01',),
    ),
    'cogvideo-172-finetune-gpu-memory-swings-23g-70g-validation-benign': Backdrop(
        'a100-1gpu-cogvideo',
        'A10',
        '550.90.07',
        '2024-08-26T11:30:00Z',
        '2024-08-26T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
