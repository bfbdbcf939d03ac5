"""heldout-public-139's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-139/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); hosts, bus numbers and drivers are
stand-ins (no thread names a driver version; see each case's description). No case uses extra: no report quotes an
exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'conditional-lane-15-gpu-util-swings-0-80-percent-data-reading-too-slow': Backdrop(
        'lane-train-ws01',
        'A10',
        '460.91.03',
        '2021-08-19T11:30:00Z',
        '2021-08-19T12:10:00Z',
        pci=('01',),
    ),
    'paddleocr-4353-gpu-util-under-40-percent-raise-num-workers-dataloader-killed': Backdrop(
        'ocr-train01',
        'A10',
        '460.91.03',
        '2021-10-18T11:30:00Z',
        '2021-10-18T12:10:00Z',
        pci=('01',),
    ),
    'paddle-deepspeech-25-two-gpus-slower-than-one-data-reading-cannot-keep-up': Backdrop(
        'asr-train01',
        'A10',
        '460.32.03',
        '2021-03-22T11:30:00Z',
        '2021-03-22T12:10:00Z',
        pci=('01', '02'),
    ),
    'yolop-188-gpu-util-fluctuates-reporter-suspects-cpu': Backdrop(
        'yolop-ws-4090',
        'A10',
        '535.104.05',
        '2023-10-16T11:30:00Z',
        '2023-10-16T12:10:00Z',
        pci=('01',),
    ),
    'paddledetection-2271-training-killed-without-error-host-ram-8g-too-small': Backdrop(
        'det-ws01',
        'A10',
        '455.45.01',
        '2021-02-28T11:30:00Z',
        '2021-02-28T12:10:00Z',
        pci=('01',),
    ),
    'tio-206-nvidia-smi-cannot-communicate-auto-kernel-update-broke-driver': Backdrop(
        'ubuntu-gpu-ws',
        'A10',
        '410.78',
        '2018-12-06T11:30:00Z',
        '2018-12-06T12:10:00Z',
        pci=('01',),
    ),
    'stt-83-cuda-driver-insufficient-for-runtime-update-driver': Backdrop(
        'stt-server01',
        'A10',
        '470.256.02',
        '2024-09-19T11:30:00Z',
        '2024-09-19T12:10:00Z',
        pci=('01',),
    ),
    'yolov3-pruning-41-gpu-util-zero-cuda-8-too-old-for-torch': Backdrop(
        'prune-ws01',
        'A10',
        '430.64',
        '2019-12-22T11:30:00Z',
        '2019-12-22T12:10:00Z',
        pci=('01',),
    ),
    'fastmri-197-node-iabeng43-cuda-oom-gtx1080-memory-held-reset-by-ta': Backdrop(
        'iabeng43',
        'A10',
        '525.125.06',
        '2023-07-28T11:30:00Z',
        '2023-07-28T12:10:00Z',
        pci=('01',),
    ),
    'fastmri-203-cuda-oom-model-too-large-for-8gb-gtx1080': Backdrop(
        'vessl-iabeng-node',
        'A10',
        '525.125.06',
        '2023-08-07T11:30:00Z',
        '2023-08-07T12:10:00Z',
        pci=('01',),
    ),
    'piccolo-embedding-10-gpu-memory-grows-to-oom-longer-samples-later': Backdrop(
        'embed-train01',
        'A10',
        '535.161.08',
        '2024-07-23T11:30:00Z',
        '2024-07-23T12:10:00Z',
        pci=('01', '21', '41', '61'),
    ),
    'codegeex-160-illegal-memory-access-at-startup-not-enough-gpu-memory-13b': Backdrop(
        'codegeex-train01',
        'A10',
        '525.105.17',
        '2023-06-06T11:30:00Z',
        '2023-06-06T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'index-tts-vllm-90-v100-memory-7-to-8g-per-instance-over-8-days-leak': Backdrop(
        'tts-v100-01',
        'A10',
        '570.133.20',
        '2025-09-10T11:30:00Z',
        '2025-09-10T12:10:00Z',
        pci=('01',),
    ),
    'yuqiengine-1-rtx-40-clocks-drop-2700-to-1500-after-optimizer-tool': Backdrop(
        'win-rtx40-desktop',
        'A10',
        '591.44',
        '2026-03-05T11:30:00Z',
        '2026-03-05T12:10:00Z',
        pci=('01',),
    ),
    'gpumounter-18-insufficient-gpu-on-node-slave-pod-unschedulable': Backdrop(
        'k8s-gpu-node01',
        'A10',
        '470.82.01',
        '2021-12-15T11:30:00Z',
        '2021-12-15T12:10:00Z',
        pci=('01',),
    ),
    'fastmri-195-benign-monitor-shows-12-13gib-on-8gb-gtx1080-system-overhead': Backdrop(
        'vessl-iabeng-ws',
        'A10',
        '525.125.06',
        '2023-07-26T11:30:00Z',
        '2023-07-26T12:10:00Z',
        pci=('01',),
    ),
    'yolo3-pytorch-12-benign-task-manager-gpu-2-5-percent-not-accurate': Backdrop(
        'win-gtx1060-ws',
        'A10',
        '451.48',
        '2020-06-22T11:30:00Z',
        '2020-06-22T12:10:00Z',
        pci=('01',),
    ),
    'voiceprint-66-benign-task-manager-gpu-0-percent-while-training-on-cuda': Backdrop(
        'win-voiceprint-ws',
        'A10',
        '555.99',
        '2024-07-18T11:30:00Z',
        '2024-07-18T12:10:00Z',
        pci=('01',),
    ),
    'fengshenbang-294-benign-gpu-memory-rises-torch-caching-allocator-reserve': Backdrop(
        'fsb-finetune01',
        'A10',
        '515.65.01',
        '2023-03-13T11:30:00Z',
        '2023-03-13T12:10:00Z',
        pci=('01',),
    ),
    'forensicsadapter-18-benign-gpu-memory-rises-to-20g-and-stabilizes-by-design': Backdrop(
        'forensics-train01',
        'A10',
        '570.133.07',
        '2025-10-09T11:30:00Z',
        '2025-10-09T12:10:00Z',
        pci=('01',),
    ),
    'zero-nlp-96-benign-four-rtx3060-slower-than-one-no-nvlink-by-design': Backdrop(
        'nlp-4x3060-ws',
        'A10',
        '530.41.03',
        '2023-04-25T11:30:00Z',
        '2023-04-25T12:10:00Z',
        pci=('01', '21', '41', '61'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
