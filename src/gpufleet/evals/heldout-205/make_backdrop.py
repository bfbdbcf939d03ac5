"""heldout-public-205's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-205/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); hosts, bus numbers and drivers are stand-ins
except two printed host names (VM-0-15-ubuntu, ib12gpu-001) and two printed drivers (378.13, 575.51.02); see each
case's description. No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never
points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'hami-2641-vllm-tp4-nccl-init-hang-libvgpu-ldpreload-intercepts-cumemcreate': Backdrop(
        'hami-rtxpro6000-node',
        'A10',
        '580.95.05',
        '2026-08-13T11:30:00Z',
        '2026-08-13T12:10:00Z',
        pci=('01', '21', '41', '61'),
    ),
    'ollama-10619-rtx4050-laptop-gpu-idle-model-19pct-in-system-ram-cpu-offload': Backdrop(
        'ollama-rtx4050-laptop',
        'A10',
        '570.124.06',
        '2025-05-08T11:30:00Z',
        '2025-05-08T12:10:00Z',
        pci=('01',),
    ),
    'mmdetection-3216-gpu-memory-not-released-after-kill-dataloader-workers-not-exited': Backdrop(
        'mmdet-train-node',
        'A10',
        '440.64.00',
        '2020-07-06T11:30:00Z',
        '2020-07-06T12:10:00Z',
        pci=('01', '21', '41', '61'),
    ),
    'lightning-9894-ddp-main-killed-bar1-memory-not-released-oom': Backdrop(
        'pl-ddp-node',
        'A10',
        '470.57.02',
        '2021-10-11T11:30:00Z',
        '2021-10-11T12:10:00Z',
        pci=('01', '21', '41', '61'),
    ),
    'ray-23785-horovod-on-ray-sigkill-bar1-not-cleared-pinned-memory': Backdrop(
        'ray-horovod-node',
        'A10',
        '510.47.03',
        '2022-04-07T11:30:00Z',
        '2022-04-07T12:10:00Z',
        pci=('01', '21', '41', '61'),
    ),
    'internlm-1239-web-demo-killed-after-load-model-begin-host-oom': Backdrop(
        'intern-studio-node',
        'A10',
        '535.104.05',
        '2024-07-21T11:30:00Z',
        '2024-07-21T12:10:00Z',
        pci=('01',),
    ),
    'sglangdocs-5-sglang-tp2-nccl-shm-segment-error-dev-shm-too-small': Backdrop(
        'sglang-tp2-node',
        'A10',
        '550.54.15',
        '2025-03-05T11:30:00Z',
        '2025-03-05T12:10:00Z',
        pci=('01', '21'),
    ),
    'lambdalabs-41-sd-finetune-killed-at-checkpoint-save-out-of-system-memory': Backdrop(
        'lambda-sd-train-node',
        'A10',
        '515.65.01',
        '2022-11-18T11:30:00Z',
        '2022-11-18T12:10:00Z',
        pci=('01',),
    ),
    'tf-44583-libcudart-11-not-loaded-cannot-use-gpu-environment-mistakes': Backdrop(
        'tf-nightly-node',
        'A10',
        '455.23.05',
        '2020-11-04T11:30:00Z',
        '2020-11-04T12:10:00Z',
        pci=('01',),
    ),
    'neuralenhance-144-gpu-container-cuda-driver-insufficient-driver-runtime-mismatch': Backdrop(
        'neural-enhance-host',
        'A10',
        '378.13',
        '2017-05-01T11:30:00Z',
        '2017-05-01T12:10:00Z',
        pci=('01',),
    ),
    'gpustack-221-single-t4-instance-assigned-gpu-index-1-no-cuda-device': Backdrop(
        'VM-0-15-ubuntu',
        'A10',
        '535.183.01',
        '2024-09-05T11:30:00Z',
        '2024-09-05T12:10:00Z',
        pci=('01',),
    ),
    'daskcuda-777-dgx-station-a100-cuda-visible-devices-order-differs-from-nvidia-smi': Backdrop(
        'dgx-station-a100',
        'A10',
        '470.57.02',
        '2021-11-12T11:30:00Z',
        '2021-11-12T12:10:00Z',
        pci=('01', '21', '41', '61'),
    ),
    'ollama-16048-rtx4000-sw-power-cap-at-60pct-tdp-power-limit-setting': Backdrop(
        'unraid-rtx4000',
        'A10',
        '575.51.02',
        '2026-05-08T11:30:00Z',
        '2026-05-08T12:10:00Z',
        pci=('01',),
    ),
    'pytorch-42107-cron-deleted-coco-rank-on-gpu6-died-7-gpus-hang-at-100pct': Backdrop(
        'detr-8gpu-server',
        'A10',
        '440.64.00',
        '2020-07-27T11:30:00Z',
        '2020-07-27T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'innereye-470-ddp-rank-fails-rank0-keeps-waiting-job-never-terminates': Backdrop(
        'aml-ddp-node',
        'A10',
        '460.73.01',
        '2021-06-01T11:30:00Z',
        '2021-06-01T12:10:00Z',
        pci=('01', '21', '41', '61'),
    ),
    'ray-2096-ray-tune-trials-run-on-cpu-no-gpu-trial-resources': Backdrop(
        'ray-tune-node',
        'A10',
        '384.111',
        '2018-05-18T11:30:00Z',
        '2018-05-18T12:10:00Z',
        pci=('01',),
    ),
    'itwinai-385-ray-logical-resource-usage-0-of-8-gpus-while-trainers-use-gpus-benign': Backdrop(
        'itwinai-a100-node',
        'A10',
        '550.54.15',
        '2025-05-21T11:30:00Z',
        '2025-05-21T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'everyvoice-183-slurm-step-cancelled-on-ib12gpu-001-was-preemption-benign': Backdrop(
        'ib12gpu-001',
        'A10',
        '535.104.05',
        '2023-11-29T15:17:21Z',
        '2023-11-29T15:57:21Z',
        pci=('01', '21', '41', '61'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
