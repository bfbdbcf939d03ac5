"""heldout-public-186's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-186/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list or not named by the source); hosts, bus numbers
and drivers are stand-ins (no source prints a driver version; see each case's description). No case uses extra: no
source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'fastmri-263-vessl-container-nvml-unknown-error-docker-lost-gpu-access-workspace-restart': Backdrop(
        'vessl-fastmri-ws11',
        'A10',
        '535.183.01',
        '2024-07-30T11:30:00Z',
        '2024-07-30T12:10:00Z',
        pci=('01',),
    ),
    'chatchat-294-a10-vm-pytorch-cpu-build-from-requirements-runs-on-cpu': Backdrop(
        'win2016-a10-vm',
        'A10',
        '528.89',
        '2023-05-10T11:30:00Z',
        '2023-05-10T12:10:00Z',
        pci=('01',),
    ),
    'paddleocr-3032-low-gpu-utilization-cpu-data-augmentation-bound': Backdrop(
        'paddleocr-train-01',
        'A10',
        '460.73.01',
        '2021-06-04T11:30:00Z',
        '2021-06-04T12:10:00Z',
        pci=('01',),
    ),
    'faster-rcnn-27-training-killed-after-unfreeze-loss-accumulation-holds-graph-memory': Backdrop(
        'frcnn-train-01',
        'A10',
        '455.45.01',
        '2020-12-23T11:30:00Z',
        '2020-12-23T12:10:00Z',
        pci=('01',),
    ),
    'loftr-267-training-process-killed-host-memory-grows-until-oom': Backdrop(
        'loftr-train-01',
        'A10',
        '525.105.17',
        '2023-05-05T11:30:00Z',
        '2023-05-05T12:10:00Z',
        pci=('01',),
    ),
    'ncnn-4614-latency-spikes-after-idle-gpu-power-saving-mode-benign': Backdrop(
        'ncnn-infer-01',
        'A10',
        '525.89.02',
        '2023-03-15T11:30:00Z',
        '2023-03-15T12:10:00Z',
        pci=('01',),
    ),
    'deep-person-reid-297-cuda-visible-devices-set-after-import-job-on-wrong-gpu': Backdrop(
        'reid-train-01',
        'A10',
        '440.33.01',
        '2020-01-15T11:30:00Z',
        '2020-01-15T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'llamafactory-2992-qwen-full-finetune-8x80g-oom-fixed-by-max-split-size-mb': Backdrop(
        'llm-train-8x80g',
        'A10',
        '535.154.05',
        '2024-03-26T11:30:00Z',
        '2024-03-26T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'chatglm-instruct-tuning-1-3090-24g-oom-model-needs-more-than-24g': Backdrop(
        'rtx3090-ws-01',
        'A10',
        '525.89.02',
        '2023-03-27T11:30:00Z',
        '2023-03-27T12:10:00Z',
        pci=('01',),
    ),
    'rex-omni-29-4090-24g-full-finetune-oom-needs-zero3-offload-or-lora': Backdrop(
        'rtx4090-ws-02',
        'A10',
        '570.172.08',
        '2025-10-30T11:30:00Z',
        '2025-10-30T12:10:00Z',
        pci=('01',),
    ),
    'ms-swift-1817-nccl-watchdog-timeout-allreduce-waits-on-one-stuck-gpu': Backdrop(
        'swift-sft-8gpu',
        'A10',
        '535.183.01',
        '2024-08-26T11:30:00Z',
        '2024-08-26T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'd-fine-316-training-hangs-epoch-26-nccl-timeout-environment-deadlock': Backdrop(
        'dfine-train-4gpu',
        'A10',
        '570.133.20',
        '2025-07-25T11:30:00Z',
        '2025-07-25T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'osaka-cmc-faq-jobs-stay-queued-before-maintenance-window-benign': Backdrop(
        'osaka-hpc-node01',
        'A10',
        '470.57.02',
        '2015-03-04T11:30:00Z',
        '2015-03-04T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
