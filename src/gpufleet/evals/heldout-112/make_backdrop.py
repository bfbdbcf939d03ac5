"""heldout-public-112's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-112/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); hosts (except the one node a report names),
bus numbers and drivers are stand-ins (see each case's description). No case uses extra: no report quotes an
exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'tensorflow-59671-cuda-error-illegal-address-cuda-11-2-bug-fixed-in-cuda-11-8': Backdrop(
        'ws-tf211-cuda112',
        'A10',
        '460.32.03',
        '2023-03-16T11:30:00Z',
        '2023-03-16T12:10:00Z',
        pci=('01',),
    ),
    'llamafactory-1441-multi-gpu-lora-finetune-fails-nccl-not-installed-properly': Backdrop(
        'ws-chatglm3-lora',
        'A10',
        '535.104.05',
        '2023-11-09T11:30:00Z',
        '2023-11-09T12:10:00Z',
        pci=('01', '02'),
    ),
    'pytorch-28195-cuda-unavailable-after-upgrade-to-cuda-10-build-driver-too-old': Backdrop(
        'ws-torch12-cuda90',
        'A10',
        '384.130',
        '2019-10-17T11:30:00Z',
        '2019-10-17T12:10:00Z',
        pci=('01',),
    ),
    'cutorch-318-cuda-driver-version-insufficient-for-runtime-upgrade-driver': Backdrop(
        'mac-torch7-cutorch',
        'A10',
        '352.63',
        '2016-02-06T11:30:00Z',
        '2016-02-06T12:10:00Z',
        pci=('01',),
    ),
    'dion-76-multi-gpu-nan-params-motherboard-hardware-error-later-optimizer-option-disputed': Backdrop(
        'ws-dion-multigpu',
        'A10',
        '580.82.07',
        '2026-05-11T11:30:00Z',
        '2026-05-11T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06'),
    ),
    'tf-models-3497-object-detection-training-killed-host-cpu-ram-exhausted': Backdrop(
        'ws-tf-objdet',
        'A10',
        '390.48',
        '2018-03-06T11:30:00Z',
        '2018-03-06T12:10:00Z',
        pci=('01',),
    ),
    'easyr1-156-grpo-training-host-memory-leak-oom-vllm-version-advised': Backdrop(
        'node-8xa100-easyr1',
        'A10',
        '550.54.15',
        '2025-03-26T11:30:00Z',
        '2025-03-26T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'vllm-5484-nccl-hang-timeout-pipeline-parallel-fixed-by-nccl-p2p-disable': Backdrop(
        'srv-vllm-pp2',
        'A10',
        '550.120',
        '2024-11-11T11:30:00Z',
        '2024-11-11T12:10:00Z',
        pci=('01', '02'),
    ),
    'marin-8870-gb200-training-hang-then-cuda-error-contained-nvl72-fabric-fault': Backdrop(
        's2grxs64',
        'A10',
        '580.82.07',
        '2026-09-05T11:30:00Z',
        '2026-09-05T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'slime-116-invalid-device-ordinal-when-cuda-visible-devices-not-starting-at-0': Backdrop(
        'node-slime-rl',
        'A10',
        '570.133.20',
        '2025-07-29T11:30:00Z',
        '2025-07-29T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'ray-26493-torchtrainer-invalid-device-ordinal-gpu-id-not-mapped-to-visible-devices': Backdrop(
        'node-ray-air',
        'A10',
        '515.48.07',
        '2022-07-13T11:30:00Z',
        '2022-07-13T12:10:00Z',
        pci=('01', '02'),
    ),
    'ray-lightning-121-nccl-errors-multi-gpu-same-node-cuda-visible-devices-not-shared': Backdrop(
        'node-ray-lightning',
        'A10',
        '470.82.01',
        '2022-01-22T11:30:00Z',
        '2022-01-22T12:10:00Z',
        pci=('01', '02'),
    ),
    'vllm-15664-v1-engine-cuda-oom-caused-by-more-extensive-cuda-graph-capture': Backdrop(
        'srv-vllm-v1',
        'A10',
        '570.124.06',
        '2025-04-16T11:30:00Z',
        '2025-04-16T12:10:00Z',
        pci=('01',),
    ),
    'drjit-506-cuda-tests-oom-jax-preallocates-most-gpu-memory': Backdrop(
        'ci-drjit-cuda',
        'A10',
        '580.82.07',
        '2026-06-03T11:30:00Z',
        '2026-06-03T12:10:00Z',
        pci=('01',),
    ),
    'sglang-3273-uncorrectable-ecc-error-resolved-by-disabling-cuda-graph': Backdrop(
        'srv-sglang',
        'A10',
        '550.127.05',
        '2025-02-03T11:30:00Z',
        '2025-02-03T12:10:00Z',
        pci=('01',),
    ),
    'ott-423-jax-reserves-all-gpu-memory-at-import-preallocation-by-design-benign': Backdrop(
        'ws-ott-jax',
        'A10',
        '535.104.05',
        '2023-09-01T11:30:00Z',
        '2023-09-01T12:10:00Z',
        pci=('01',),
    ),
    'jax-5555-colab-jax-takes-90-percent-gpu-memory-preallocation-env-set-after-import-benign': Backdrop(
        'colab-gpu-runtime',
        'A10',
        '460.32.03',
        '2021-01-29T11:30:00Z',
        '2021-01-29T12:10:00Z',
        pci=('01',),
    ),
    'miaai-qwen-sglang-4-idle-scheduler-busy-spins-one-cpu-core-by-design-benign': Backdrop(
        'spark-sglang-qwen',
        'A10',
        '580.95.05',
        '2026-08-20T11:30:00Z',
        '2026-08-20T12:10:00Z',
        pci=('01',),
    ),
    'miaai-deepseek-sparks-16-sglang-idle-cpu-usage-sleep-on-idle-flag-benign': Backdrop(
        'spark-sglang-deepseek',
        'A10',
        '580.95.05',
        '2026-09-19T11:30:00Z',
        '2026-09-19T12:10:00Z',
        pci=('01',),
    ),
    'crossq-7-jax-allocating-too-much-gpu-memory-preallocate-flag-set-after-import-benign': Backdrop(
        'ws-crossq-jax',
        'A10',
        '550.54.15',
        '2024-04-12T11:30:00Z',
        '2024-04-12T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
