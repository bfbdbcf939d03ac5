"""heldout-public-470's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-470/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description); every
host name is a stand-in (no source prints one); GPU counts follow the source (2 for the AWS G5 case with two A10G and for
the go-nvml case, 1 otherwise); bus numbers are stand-ins 01..N except in the go-nvml case, whose nvidia-smi table prints
19 and 1A; the driver (550.144.03) is the same stand-in
for every case, so the version carries no signal. No case uses extra: no source quotes an exporter value as a metric
sample. The backdrop never points at the cause: flat, healthy metrics for every case.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'alpaca-lora-546-killed-at-loading-checkpoint-shards-52-host-ram-too-small-increased-16-to-32g': Backdrop(
        'alpaca-ws-01',
        'A10',
        '550.144.03',
        '2023-07-19T11:30:00Z',
        '2023-07-19T12:10:00Z',
        pci=('01',),
    ),
    'chatglm-cpp-12-cuda-error-222-ptx-unsupported-toolchain-driver-older-than-cuda-upgrade-driver': Backdrop(
        'chatglmcpp-ws-01',
        'A10',
        '550.144.03',
        '2023-07-02T11:30:00Z',
        '2023-07-02T12:10:00Z',
        pci=('01',),
    ),
    'chatglm-finetuning-73-v100-32gb-gpu0-oom-model-needs-more-memory-change-config-zh': Backdrop(
        'chatglm-v100-01',
        'A10',
        '550.144.03',
        '2023-07-11T11:30:00Z',
        '2023-07-11T12:10:00Z',
        pci=('01',),
    ),
    'chatglm3-190-rtx3080-cuda-error-out-of-memory-with-4bit-model-fixed-by-driver-update-zh': Backdrop(
        'chatglm-ws-01',
        'A10',
        '550.144.03',
        '2023-11-06T11:30:00Z',
        '2023-11-06T12:10:00Z',
        pci=('01',),
    ),
    'cogvideo-34-rtx3080-gpu0-oom-inference-needs-25gb-model-larger-than-gpu': Backdrop(
        'cogvideo-ws-01',
        'A10',
        '550.144.03',
        '2023-03-11T11:30:00Z',
        '2023-03-11T12:10:00Z',
        pci=('01',),
    ),
    'experiment-impact-tracker-pr80-benign-power-readings-tag-moved-in-535-104-05-xml-tool-misreads': Backdrop(
        'eit-gpu-01',
        'A10',
        '550.144.03',
        '2023-09-17T11:30:00Z',
        '2023-09-17T12:10:00Z',
        pci=('01',),
    ),
    'go-nvml-75-benign-nvml-process-list-wrong-with-multiple-processes-535-54-03-fixed-by-535-154-05': Backdrop(
        'nvml-titan-01',
        'A10',
        '550.144.03',
        '2023-09-04T11:30:00Z',
        '2023-09-04T12:10:00Z',
        pci=('19', '1a'),
    ),
    'kohya-ss-linux-8-bitsandbytes-cpu-fallback-libcudart-so-not-found-symlink-fix': Backdrop(
        'kohya-ws-01',
        'A10',
        '550.144.03',
        '2023-02-13T11:30:00Z',
        '2023-02-13T12:10:00Z',
        pci=('01',),
    ),
    'longbench-44-a100-80gb-gpu0-oom-chatglm3-32k-without-flashattention-torch-below-2-zh': Backdrop(
        'longbench-a100-01',
        'A10',
        '550.144.03',
        '2023-12-06T11:30:00Z',
        '2023-12-06T12:10:00Z',
        pci=('01',),
    ),
    'makelongvideo-3-a100-not-fully-used-data-feeding-too-slow-raise-dataloader-num-workers': Backdrop(
        'mlv-a100-01',
        'A10',
        '550.144.03',
        '2023-07-07T11:30:00Z',
        '2023-07-07T12:10:00Z',
        pci=('01',),
    ),
    'telegraf-13653-benign-gpu-power-metric-missing-nvidia-smi-xml-schema-change-collector-fix': Backdrop(
        'telegraf-gpu-01',
        'A10',
        '550.144.03',
        '2023-07-28T11:30:00Z',
        '2023-07-28T12:10:00Z',
        pci=('01',),
    ),
    'xmem-90-aws-g5-a10g-low-gpu-usage-training-slow-cpu-augmentation-bottleneck': Backdrop(
        'g5-a10g-01',
        'A10',
        '550.144.03',
        '2023-06-04T11:30:00Z',
        '2023-06-04T12:10:00Z',
        pci=('01', '02'),
    ),
    'yuan2-65-cuda-12-1-container-driver-too-old-found-11000-update-driver-to-535-zh': Backdrop(
        'yuan-ft-01',
        'A10',
        '550.144.03',
        '2023-12-21T11:30:00Z',
        '2023-12-21T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
