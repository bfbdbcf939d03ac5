"""heldout-public-202's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-202/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); hosts, bus numbers and drivers are stand-ins
except where a case's description says the source prints them (paddlespeech-790: driver 460.91.03; renya-tips: driver
515.76 and bus 01; dsnet-5 and fastmri-201: the host name). No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'msswift-2359-a100x8-nccl-timeout-at-fixed-step-gone-with-batch-size-1': Backdrop(
        'swift-a100x8',
        'A10',
        '535.104.05',
        '2024-10-30T11:30:00Z',
        '2024-10-30T12:10:00Z',
        pci=('07', '0f', '47', '4e', '87', '90', 'b7', 'bd'),
    ),
    'yolov10-218-torch-cuda-is-available-false-on-windows-pip-installed-cpu-build': Backdrop(
        'win10-yolov10-desk',
        'A10',
        '537.58',
        '2024-06-07T11:30:00Z',
        '2024-06-07T12:10:00Z',
        pci=('01',),
    ),
    'paddle-51096-multinode-training-hangs-after-init-nccl-fixed-by-nccl-socket-ifname': Backdrop(
        'paddle-node-74',
        'A10',
        '515.65.01',
        '2023-03-02T11:30:00Z',
        '2023-03-02T12:10:00Z',
        pci=('3b', '86'),
    ),
    'deimv2-113-multigpu-training-hangs-at-epoch0-iter30-rank-with-all-negative-batch': Backdrop(
        'deimv2-trainer',
        'A10',
        '570.133.20',
        '2025-11-27T11:30:00Z',
        '2025-11-27T12:10:00Z',
        pci=('1b', '3d', '89', 'b1'),
    ),
    'ufld-175-cuda-out-of-memory-on-a-2gb-gpu-card-too-small': Backdrop(
        'ufld-desk-2g',
        'A10',
        '460.39',
        '2021-02-25T11:30:00Z',
        '2021-02-25T12:10:00Z',
        pci=('01',),
    ),
    'kospeech-17-oom-on-2080ti-at-batch-8-long-audio-samples': Backdrop(
        'kospeech-2080ti',
        'A10',
        '440.82',
        '2020-06-05T11:30:00Z',
        '2020-06-05T12:10:00Z',
        pci=('01',),
    ),
    'softmaskedbert-1-cuda-out-of-memory-batch-size-too-large': Backdrop(
        'smbert-trainer',
        'A10',
        '460.32.03',
        '2021-02-02T11:30:00Z',
        '2021-02-02T12:10:00Z',
        pci=('01',),
    ),
    'renya-tipsnvidiadriver-nvidia-smi-cannot-talk-to-driver-after-ubuntu-auto-update': Backdrop(
        'renya-rtx3090-ws',
        'A10',
        '515.76',
        '2022-10-25T11:30:00Z',
        '2022-10-25T12:10:00Z',
        pci=('01',),
    ),
    'fastnlp-282-unspecified-launch-failure-after-one-epoch-pytorch-1-3-1-4-downgrade-to-1-2': Backdrop(
        'fastnlp-desk',
        'A10',
        '440.64',
        '2020-04-05T11:30:00Z',
        '2020-04-05T12:10:00Z',
        pci=('01',),
    ),
    'baichuan13b-126-two-4090-inference-one-gpu-at-3-percent-util-model-split-benign': Backdrop(
        'baichuan-2x4090',
        'A10',
        '535.54.03',
        '2023-08-09T11:30:00Z',
        '2023-08-09T12:10:00Z',
        pci=('01', '02'),
    ),
    'dsnet-5-process-killed-host-memory-full-test-set-loader-built-during-training': Backdrop(
        'fragrant-fragment-9255-6f94d7cb65-cc8qj',
        'A10',
        '550.54.15',
        '2025-04-03T11:30:00Z',
        '2025-04-03T12:10:00Z',
        pci=('01',),
    ),
    'crnn-tf-348-train-process-killed-not-memory-but-wrong-cudnn-version': Backdrop(
        'crnn-tf-trainer',
        'A10',
        '418.87.00',
        '2019-09-28T11:30:00Z',
        '2019-09-28T12:10:00Z',
        pci=('01',),
    ),
    'paddlespeech-790-docker-training-bus-error-insufficient-shm-run-with-ipc-host': Backdrop(
        'deepspeech2-docker',
        'A10',
        '460.91.03',
        '2021-08-26T11:30:00Z',
        '2021-08-26T12:10:00Z',
        pci=('01',),
    ),
    'paddleocr-7516-onnxruntime-gpu-inference-slow-official-code-never-used-the-gpu': Backdrop(
        'ppocr-onnx-infer',
        'A10',
        '470.141.03',
        '2022-09-08T11:30:00Z',
        '2022-09-08T12:10:00Z',
        pci=('01',),
    ),
    'fastmri-201-cuda-oom-and-erratic-vram-on-one-gtx1080-node-suspected-gpu-hardware': Backdrop(
        'iabeng36',
        'A10',
        '525.85.12',
        '2023-08-05T11:30:00Z',
        '2023-08-05T12:10:00Z',
        pci=('01',),
    ),
    'gpusitter-5-one-process-holding-8-gpus-utilization-falls-to-teens-host-side-scheduling': Backdrop(
        'gpusitter-8gpu',
        'A10',
        '550.107.02',
        '2024-10-08T11:30:00Z',
        '2024-10-08T12:10:00Z',
        pci=('18', '3b', '4c', '5d', '9a', 'b1', 'ca', 'e1'),
    ),
    'chatglm-tuning-235-single-gpu-inference-also-occupies-gpus-2-3-4-no-cuda-visible-devices': Backdrop(
        'chatglm-tuning-box',
        'A10',
        '525.105.17',
        '2023-06-08T11:30:00Z',
        '2023-06-08T12:10:00Z',
        pci=('1a', '1b', '3d', '3e', '88', '89', 'b1', 'b2'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
