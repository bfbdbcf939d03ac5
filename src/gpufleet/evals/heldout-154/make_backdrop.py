"""heldout-public-154's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-154/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); host names are stand-ins except the node
names the posts print (iabeng11, iabeng58, iabeng081, iabeng91, real-30); bus numbers are stand-ins, and so are
the drivers no report names (all but 596.99 in the manga-translator-ui case). No case uses extra: no report quotes
an exporter value as a metric sample. The backdrop never points at the cause: flat, healthy series.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'llamafactory-1138-baichuan2-finetune-killed-no-log-ram-overflow': Backdrop(
        'baichuan2-ft-ws',
        'A10',
        '535.104.05',
        '2023-10-10T11:30:00Z',
        '2023-10-10T12:10:00Z',
        pci=('01',),
    ),
    'llamafactory-2097-cli-demo-killed-loading-34b-model-host-ram-too-small': Backdrop(
        'v100-32g-ws',
        'A10',
        '535.129.03',
        '2024-01-05T11:30:00Z',
        '2024-01-05T12:10:00Z',
        pci=('01',),
    ),
    'nsml-ai-speech-61-training-session-killed-memory-over-allocation': Backdrop(
        'nsml-team85-node',
        'A10',
        '418.87.01',
        '2019-09-25T11:30:00Z',
        '2019-09-25T12:10:00Z',
        pci=('01',),
    ),
    'llamafactory-7527-ctrl-c-multi-gpu-train-leaves-processes-holding-gpu-memory': Backdrop(
        'llamafactory-8gpu-node',
        'A10',
        '570.124.06',
        '2025-04-01T11:30:00Z',
        '2025-04-01T12:10:00Z',
        pci=('18', '1a', '3b', '3d', '88', '8a', 'b1', 'b3'),
    ),
    'fastmri-453-vessl-workspace-repeatedly-reinitialised-stale-termination-state-volume-gc': Backdrop(
        'iabeng11',
        'A10',
        '580.95.05',
        '2026-08-16T11:30:00Z',
        '2026-08-16T12:10:00Z',
        pci=('01',),
    ),
    'udtransnet-21-gpu-memory-grows-until-oom-loss-accumulated-without-item': Backdrop(
        'udtrans-ws',
        'A10',
        '570.124.06',
        '2025-03-15T11:30:00Z',
        '2025-03-15T12:10:00Z',
        pci=('01',),
    ),
    'minimind-522-pretrain-oom-after-a-while-aux-loss-keeps-graph': Backdrop(
        'minimind-ws',
        'A10',
        '575.64.03',
        '2025-11-06T11:30:00Z',
        '2025-11-06T12:10:00Z',
        pci=('01',),
    ),
    'pp-yoloe-12-cuda-visible-devices-3-oom-on-gpu-0-memory-not-enough': Backdrop(
        'ppyoloe-4gpu-node',
        'A10',
        '515.65.01',
        '2022-11-07T11:30:00Z',
        '2022-11-07T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'simplified-rbox-cnn-1-resourceexhausted-oom-gpu-memory-too-small-for-768-patches': Backdrop(
        'rbox-ws',
        'A10',
        '440.44',
        '2020-01-13T11:30:00Z',
        '2020-01-13T12:10:00Z',
        pci=('01',),
    ),
    'paddleocr-1846-two-gpus-set-only-one-used-wrong-launch-command-distributed-launch': Backdrop(
        'paddleocr-2gpu-node',
        'A10',
        '460.32.03',
        '2021-01-27T11:30:00Z',
        '2021-01-27T12:10:00Z',
        pci=('01', '02'),
    ),
    'yolov6-722-gpu0-busy-other-seven-idle-started-without-ddp': Backdrop(
        'yolov6-8gpu-node',
        'A10',
        '525.85.12',
        '2023-02-16T11:30:00Z',
        '2023-02-16T12:10:00Z',
        pci=('18', '1a', '3b', '3d', '88', '8a', 'b1', 'b3'),
    ),
    'paddlex-837-no-kernel-image-rtx3090-paddle-cuda-10-1-build-unsupported': Backdrop(
        'paddlex-ubuntu-ws',
        'A10',
        '460.80',
        '2021-06-18T11:30:00Z',
        '2021-06-18T12:10:00Z',
        pci=('01',),
    ),
    'time-series-library-611-no-kernel-image-torch-cuda-mismatch-suspected': Backdrop(
        'tslib-ws',
        'A10',
        '550.120',
        '2024-12-05T11:30:00Z',
        '2024-12-05T12:10:00Z',
        pci=('01',),
    ),
    'fastmri-78-iabeng58-workspace-unreachable-pending-nvidia-smi-broken-on-several-servers-reinstall': Backdrop(
        'iabeng58',
        'A10',
        '515.48.07',
        '2022-07-20T11:30:00Z',
        '2022-07-20T12:10:00Z',
        pci=('01',),
    ),
    'fastmri-465-iabeng081-node-failed-two-days-earlier-workspace-and-ssh-unreachable': Backdrop(
        'iabeng081',
        'A10',
        '580.95.05',
        '2026-08-20T11:30:00Z',
        '2026-08-20T12:10:00Z',
        pci=('01',),
    ),
    'fastmri-213-iabeng91-nvidia-smi-fails-workspace-stuck-initializing-troublesome-node-recovered': Backdrop(
        'iabeng91',
        'A10',
        '525.125.06',
        '2023-08-11T11:30:00Z',
        '2023-08-11T12:10:00Z',
        pci=('01',),
    ),
    'llamafactory-3237-qwen-moe-zero3-multi-node-allgather-nccl-timeout-too-much-data-loading': Backdrop(
        'real-30',
        'A10',
        '535.161.08',
        '2024-04-12T11:30:00Z',
        '2024-04-12T12:10:00Z',
        pci=('18', '1a', '3b', '3d', '88', '8a', 'b1', 'b3'),
    ),
    'llamafactory-956-nccl-timeout-during-worker1-tokenization-despite-ddp-timeout-fixed-by-more-workers': Backdrop(
        'llama-worker1',
        'A10',
        '535.161.07',
        '2024-03-20T11:30:00Z',
        '2024-03-20T12:10:00Z',
        pci=('18', '1a', '3b', '3d', '88', '8a', 'b1', 'b3'),
    ),
    'ostrack-133-gpu-utilization-zero-data-on-hdd-io-and-augmentation-too-slow': Backdrop(
        'ostrack-ws',
        'A10',
        '570.153.02',
        '2025-07-24T11:30:00Z',
        '2025-07-24T12:10:00Z',
        pci=('01',),
    ),
    'manga-translator-ui-236-upgrade-installs-cpu-torch-first-gpu-unused': Backdrop(
        'win11-3090-5060ti',
        'A10',
        '596.99',
        '2026-08-19T11:30:00Z',
        '2026-08-19T12:10:00Z',
        pci=('01', '02'),
    ),
    'roformer-sim-10-benign-v100-16g-almost-full-tensorflow-allocates-all-memory-by-default': Backdrop(
        'v100-16g-ws',
        'A10',
        '470.82.01',
        '2021-11-12T11:30:00Z',
        '2021-11-12T12:10:00Z',
        pci=('01',),
    ),
    'visualglm-6b-41-benign-gpu-memory-only-grows-pytorch-caching-allocator': Backdrop(
        'visualglm-ws',
        'A10',
        '525.105.17',
        '2023-05-22T11:30:00Z',
        '2023-05-22T12:10:00Z',
        pci=('01',),
    ),
    'ms-swift-2562-benign-cuda-visible-devices-3-6-shown-as-0-3-renumbering': Backdrop(
        'swift-8gpu-node',
        'A10',
        '550.127.05',
        '2024-12-11T11:30:00Z',
        '2024-12-11T12:10:00Z',
        pci=('18', '1a', '3b', '3d', '88', '8a', 'b1', 'b3'),
    ),
    'llamafactory-4591-benign-gpu-utilization-100-percent-while-checkpoint-still-loading': Backdrop(
        'qwen-ds-8gpu-node',
        'A10',
        '550.90.07',
        '2024-06-27T11:30:00Z',
        '2024-06-27T12:10:00Z',
        pci=('18', '1a', '3b', '3d', '88', '8a', 'b1', 'b3'),
    ),
    'alphapose-186-benign-webcam-demo-cpu-100-gpu-1-percent-two-thread-design': Backdrop(
        'laptop-960m',
        'A10',
        '410.73',
        '2018-11-05T11:30:00Z',
        '2018-11-05T12:10:00Z',
        pci=('01',),
    ),
    'ssd-pytorch-7-benign-low-gpu-utilization-was-windows-10-display': Backdrop(
        'win10-ssd-ws',
        'A10',
        '456.71',
        '2020-09-15T11:30:00Z',
        '2020-09-15T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
