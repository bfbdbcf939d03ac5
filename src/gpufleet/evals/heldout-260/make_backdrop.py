"""heldout-public-260's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-260/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts, bus numbers (no source prints one: 01 for one GPU, 01-02 for two, 01-04 for four) and the driver (550.144.03,
the same for every case) are stand-ins. No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'alphapose-223-cuda-oom-at-first-cuda-tensor-fixed-by-smaller-batch': Backdrop(
        'alphapose-trainer',
        'A10',
        '550.144.03',
        '2018-12-28T11:30:00Z',
        '2018-12-28T12:10:00Z',
        pci=('01',),
    ),
    'alphazero-gomoku-109-gpu-util-near-zero-cpu-bound-selfplay-is-the-bottleneck': Backdrop(
        'gomoku-trainer-pc',
        'A10',
        '550.144.03',
        '2020-05-29T11:30:00Z',
        '2020-05-29T12:10:00Z',
        pci=('01',),
    ),
    'auto-bilibili-recorder-18-nvidia-smi-not-found-warning-real-cause-container-network-benign': Backdrop(
        'bili-recorder-vm',
        'A10',
        '550.144.03',
        '2022-03-30T11:30:00Z',
        '2022-03-30T12:10:00Z',
        pci=('01',),
    ),
    'baichuan2-119-model-load-killed-30gb-host-ram-limited-by-admin': Backdrop(
        'baichuan-a100-node',
        'A10',
        '550.144.03',
        '2023-09-15T11:30:00Z',
        '2023-09-15T12:10:00Z',
        pci=('01',),
    ),
    'bert-chinese-cls-22-cuda-oom-gpu0-8gb-card-batch-or-pad-size-too-large': Backdrop(
        'bert-cls-trainer',
        'A10',
        '550.144.03',
        '2019-12-28T11:30:00Z',
        '2019-12-28T12:10:00Z',
        pci=('01',),
    ),
    'cemotion-6-cuda-torch-device-mismatch-model-kept-cpu-only-inference': Backdrop(
        'cemotion-gpu-host',
        'A10',
        '550.144.03',
        '2023-08-08T11:30:00Z',
        '2023-08-08T12:10:00Z',
        pci=('01',),
    ),
    'chatglm-finetuning-75-inference-model-load-killed-host-ram-full': Backdrop(
        'chatglm-infer-node',
        'A10',
        '550.144.03',
        '2023-03-25T11:30:00Z',
        '2023-03-25T12:10:00Z',
        pci=('01',),
    ),
    'cpm-bee-92-10b-model-load-killed-needs-20gb-host-ram-before-gpu': Backdrop(
        'cpm-bee-4090-pc',
        'A10',
        '550.144.03',
        '2023-07-04T11:30:00Z',
        '2023-07-04T12:10:00Z',
        pci=('01',),
    ),
    'deepmosaics-79-cpu-full-gpu-barely-used-post-processing-on-cpu-is-the-bottleneck': Backdrop(
        'deepmosaics-win-pc',
        'A10',
        '550.144.03',
        '2021-11-09T11:30:00Z',
        '2021-11-09T12:10:00Z',
        pci=('01',),
    ),
    'efficientnet-yolo3-2-windows-task-manager-low-gpu-usage-select-cuda-graph-benign': Backdrop(
        'yolo3-win-pc',
        'A10',
        '550.144.03',
        '2020-07-23T11:30:00Z',
        '2020-07-23T12:10:00Z',
        pci=('01',),
    ),
    'faster-rcnn-pytorch-169-multi-gpu-only-one-busy-train-gpu-0-2-3-but-dataparallel-uses-0-1-2': Backdrop(
        'frcnn-4gpu-server',
        'A10',
        '550.144.03',
        '2023-04-02T11:30:00Z',
        '2023-04-02T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'lora-scripts-101-cuda-driver-insufficient-no-nvidia-gpu-intel-igpu-only': Backdrop(
        'lora-win11-pc',
        'A10',
        '550.144.03',
        '2023-04-27T11:30:00Z',
        '2023-04-27T12:10:00Z',
        pci=('01',),
    ),
    'mockingbird-340-cuda-oom-gpu0-2gb-card-too-small-needs-4gb': Backdrop(
        'mockingbird-pc',
        'A10',
        '550.144.03',
        '2022-01-14T11:30:00Z',
        '2022-01-14T12:10:00Z',
        pci=('01',),
    ),
    'sd-webui-animatediff-322-cpu-busy-gpu-idle-probably-cpu-build-of-torch': Backdrop(
        'sd-webui-pc',
        'A10',
        '550.144.03',
        '2023-11-17T11:30:00Z',
        '2023-11-17T12:10:00Z',
        pci=('01',),
    ),
    'softteacher-84-two-gpu-training-hangs-one-idle-blocked-on-wandb-prompt': Backdrop(
        'softteacher-2gpu',
        'A10',
        '550.144.03',
        '2021-10-31T11:30:00Z',
        '2021-10-31T12:10:00Z',
        pci=('01', '02'),
    ),
    'swinir-76-gpus-work-intermittently-slow-training-io-bottleneck-suspected': Backdrop(
        'swinir-2x3090',
        'A10',
        '550.144.03',
        '2022-03-06T11:30:00Z',
        '2022-03-06T12:10:00Z',
        pci=('01', '02'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
