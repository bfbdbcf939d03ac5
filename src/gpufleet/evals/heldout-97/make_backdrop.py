"""heldout-public-97's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each case's
``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-97/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); hosts, bus numbers and most drivers are
stand-ins (see each case's description). No case uses extra: no report quotes an exporter value as a metric
sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'colossalai-4353-multi-node-training-exits-or-stuck-cpu-adam-built-on-intel-cpu-crashes-on-amd-node': Backdrop(
        'train-amd-cpu-node',
        'A10',
        '535.86.05',
        '2023-08-01T11:30:00Z',
        '2023-08-01T12:10:00Z',
        pci=('01',),
    ),
    'horovod-715-pytorch-mnist-cuda-driver-version-insufficient-upgrade-host-driver': Backdrop(
        'horovod-host-mnist',
        'A10',
        '384.130',
        '2019-02-12T11:30:00Z',
        '2019-02-12T12:10:00Z',
        pci=('01', '02'),
    ),
    'pytorch-10587-c10d-nccl-allgather-illegal-memory-access-on-4-gpus-fixed-in-pytorch': Backdrop(
        'ppc64le-4xvolta',
        'A10',
        '396.44',
        '2018-08-28T11:30:00Z',
        '2018-08-28T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'vllm-17891-7b-model-takes-70gb-vram-kv-cache-takes-rest-of-gpu-by-design-benign': Backdrop(
        'vllm-qwen-vl-host',
        'A10',
        '570.133.20',
        '2025-05-09T11:30:00Z',
        '2025-05-09T12:10:00Z',
        pci=('01',),
    ),
    'nemos-208-18gb-gpu-memory-on-import-jax-preallocation-not-a-real-issue-benign': Backdrop(
        'nemos-jax-workstation',
        'A10',
        '550.90.07',
        '2024-08-12T11:30:00Z',
        '2024-08-12T12:10:00Z',
        pci=('01',),
    ),
    'apax-111-xla-gpu-compiler-error-double-allocation-of-memory-jax-preallocation': Backdrop(
        'apax-jax-trainer',
        'A10',
        '525.85.12',
        '2023-03-22T11:30:00Z',
        '2023-03-22T12:10:00Z',
        pci=('01',),
    ),
    'levanter-578-training-hangs-after-checkpoint-save-tensorstore-curl-timeout-to-object-storage': Backdrop(
        'levanter-trainer-0',
        'A10',
        '550.54.15',
        '2024-05-14T11:30:00Z',
        '2024-05-14T12:10:00Z',
        pci=('01',),
    ),
    'pytorch-17113-distributed-job-hangs-forever-after-one-rank-dies-nccl-backend': Backdrop(
        'ddp-node-0',
        'A10',
        '418.67',
        '2019-07-22T11:30:00Z',
        '2019-07-22T12:10:00Z',
        pci=('01', '02'),
    ),
    'vllm-10409-tensor-parallel-2-nvml-invalid-argument-cuda-visible-devices-pinned-to-one-gpu-disputed': Backdrop(
        'vllm-docker-host',
        'A10',
        '565.57.01',
        '2024-11-25T11:30:00Z',
        '2024-11-25T12:10:00Z',
        pci=('01', '02', '03'),
    ),
    'llamafactory-4629-deepspeed-zero3-offload-exit-code-9-cpu-ram-252g-full-add-system-memory': Backdrop(
        'llamafactory-glm4-node',
        'A10',
        '550.90.07',
        '2024-07-01T11:30:00Z',
        '2024-07-01T12:10:00Z',
        pci=('01',),
    ),
    'flash-attention-524-gpu-with-cuda-capability-7-0-not-supported-v100-unsupported-by-library': Backdrop(
        'v100-workstation',
        'A10',
        '535.104.05',
        '2023-09-06T11:30:00Z',
        '2023-09-06T12:10:00Z',
        pci=('01',),
    ),
    'detectron-32-multi-gpu-illegal-memory-access-muji-allreduce-required-gpu-peer-access': Backdrop(
        'detectron-2gpu-node',
        'A10',
        '384.111',
        '2018-05-02T11:30:00Z',
        '2018-05-02T12:10:00Z',
        pci=('01', '02'),
    ),
    'sglang-552-tp2-on-2xt4-peer-access-not-supported-custom-allreduce-regression': Backdrop(
        'kaggle-2xt4',
        'A10',
        '550.54.15',
        '2024-06-21T11:30:00Z',
        '2024-06-21T12:10:00Z',
        pci=('01', '02'),
    ),
    'nerfstudio-997-windows-task-manager-shows-gpu-unused-nvidia-smi-70-percent-benign': Backdrop(
        'win-nerfstudio-desktop',
        'A10',
        '527.56',
        '2022-12-05T11:30:00Z',
        '2022-12-05T12:10:00Z',
        pci=('01',),
    ),
    'trainner-72-gpu-usage-0-percent-during-training-windows-monitor-misreport-suspected-benign': Backdrop(
        'win-trainner-desktop',
        'A10',
        '527.56',
        '2022-12-11T11:30:00Z',
        '2022-12-11T12:10:00Z',
        pci=('01',),
    ),
    'determined-8915-nccl-hang-when-two-specific-gpus-share-a-job-p2p-shm-disable-works-nvlink-suspected': Backdrop(
        'determined-agent-8gpu',
        'A10',
        '535.154.05',
        '2024-02-29T11:30:00Z',
        '2024-02-29T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'milabench-183-nccl-reverse-path-error-on-4-gpu-h100-container-nccl-2-14-too-old': Backdrop(
        'milabench-4gpu-server',
        'A10',
        '535.154.05',
        '2024-02-09T11:30:00Z',
        '2024-02-09T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'paddle-23895-low-gpu-utilization-slow-training-cpu-side-data-preprocessing-op': Backdrop(
        'paddle-det-workstation',
        'A10',
        '440.64',
        '2020-04-27T11:30:00Z',
        '2020-04-27T12:10:00Z',
        pci=('01',),
    ),
    'pytorch-58431-multi-node-training-stuck-in-init-process-group-instance-connectivity': Backdrop(
        'ddp-worker-1',
        'A10',
        '460.73.01',
        '2021-05-17T11:30:00Z',
        '2021-05-17T12:10:00Z',
        pci=('01',),
    ),
    'adaface-124-only-one-of-4-gpus-used-under-slurm-launch-with-srun-ntasks-per-gpu': Backdrop(
        'slurm-gpu-node-4',
        'A10',
        '535.104.05',
        '2023-09-16T11:30:00Z',
        '2023-09-16T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'lightning-2407-invalid-device-ordinal-cuda-visible-devices-with-ddp-gpu-index-mapping': Backdrop(
        'lightning-ddp-host',
        'A10',
        '440.100',
        '2020-06-29T11:30:00Z',
        '2020-06-29T12:10:00Z',
        pci=('01', '02'),
    ),
    'tffrcnn-39-computer-restarts-during-training-500w-psu-too-small-600w-fixed': Backdrop(
        'tffrcnn-desktop',
        'A10',
        '375.66',
        '2017-05-18T11:30:00Z',
        '2017-05-18T12:10:00Z',
        pci=('01',),
    ),
    'pytorch-examples-137-defunct-training-process-keeps-gpu-memory-after-kill-kill-parent': Backdrop(
        'imagenet-4gpu-box',
        'A10',
        '375.39',
        '2017-04-17T11:30:00Z',
        '2017-04-17T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'deepdewedge-22-nccl-allreduce-watchdog-timeout-gone-on-a-different-gpu-card': Backdrop(
        'ddw-a100-4gpu',
        'A10',
        '550.127.05',
        '2024-12-05T11:30:00Z',
        '2024-12-05T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'insightface-125-slow-mxnet-training-low-gpu-usage-cpu-fully-utilized-worker-threads-tuned': Backdrop(
        'insightface-4x1080ti',
        'A10',
        '390.48',
        '2018-04-10T11:30:00Z',
        '2018-04-10T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'pytorch-9696-init-process-group-hangs-on-aws-until-volume-prewarmed-handshake-timing-suspected': Backdrop(
        'aws-dlami-worker-0',
        'A10',
        '396.26',
        '2018-07-22T11:30:00Z',
        '2018-07-22T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
