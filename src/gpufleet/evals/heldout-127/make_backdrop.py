"""heldout-public-127's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-127/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list) except the eight H200 the InferenceX report names; hosts and bus numbers are stand-ins, and
so are the drivers no report names (see each case's description). No case uses extra: no report quotes an
exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'pytorch-2603-dataparallel-two-gpu-machine-reboots-power-supply-spikes': Backdrop(
        'ws-dataparallel-2gpu',
        'A10',
        '384.81',
        '2017-09-09T11:30:00Z',
        '2017-09-09T12:10:00Z',
        pci=('01', '02',),
    ),
    'alphafold-317-system-reboots-when-model-starts-underpowered-psu': Backdrop(
        'centos-alphafold-ws',
        'A10',
        '470.82.01',
        '2022-02-24T11:30:00Z',
        '2022-02-24T12:10:00Z',
        pci=('01',),
    ),
    'sglang-glm53-2-xid31-on-both-tp-ranks-hicache-host-pool-row-size-bug': Backdrop(
        'tp2-rtxpro6000-sglang',
        'A10',
        '610.57.04',
        '2026-09-01T11:30:00Z',
        '2026-09-01T12:10:00Z',
        pci=('01', '02',),
    ),
    'pytorch-1656-two-dataparallel-jobs-on-same-gpus-hang-nccl': Backdrop(
        'dp-shared-4gpu',
        'A10',
        '375.66',
        '2017-11-02T11:30:00Z',
        '2017-11-02T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'pytorch-137268-ddp-deadlock-watchdog-stuck-model-eval-branch-in-forward': Backdrop(
        'ddp-train-node',
        'A10',
        '550.90.07',
        '2024-10-08T11:30:00Z',
        '2024-10-08T12:10:00Z',
        pci=('01', '02',),
    ),
    'paddle-models-1752-face-detection-hangs-after-training-sample-count-mismatch': Backdrop(
        'paddle-facedet-ws',
        'A10',
        '410.79',
        '2019-02-20T11:30:00Z',
        '2019-02-20T12:10:00Z',
        pci=('01',),
    ),
    'ultralytics-19816-training-killed-first-epoch-host-ram-dataloader-workers': Backdrop(
        'yolo-train-ws',
        'A10',
        '570.124.06',
        '2025-03-21T11:30:00Z',
        '2025-03-21T12:10:00Z',
        pci=('01',),
    ),
    'onnxruntime-17801-cuda-ep-silently-falls-back-to-cpu-missing-cublaslt': Backdrop(
        'ort-cuda-ep-host',
        'A10',
        '535.113.01',
        '2023-10-05T11:30:00Z',
        '2023-10-05T12:10:00Z',
        pci=('01',),
    ),
    'bitsandbytes-1144-cuda-setup-failed-cuda-12-2-prebuilt-library-mismatch': Backdrop(
        'kohya-bnb-ws',
        'A10',
        '535.161.07',
        '2024-03-27T11:30:00Z',
        '2024-03-27T12:10:00Z',
        pci=('01',),
    ),
    'tensorflow-2037-nans-on-gtx1080-with-cuda-7-5-needs-cuda-8': Backdrop(
        'tf08-gtx1080-ws',
        'A10',
        '367.35',
        '2016-08-21T11:30:00Z',
        '2016-08-21T12:10:00Z',
        pci=('01',),
    ),
    'pytorch-21819-illegal-memory-access-conv-fixed-by-newer-driver-and-cuda': Backdrop(
        'torch-conv-ws',
        'A10',
        '470.141.03',
        '2022-11-18T11:30:00Z',
        '2022-11-18T12:10:00Z',
        pci=('01',),
    ),
    'machin-25-all-cuda-devices-busy-gpu-in-exclusive-process-mode': Backdrop(
        'machin-apex-host',
        'A10',
        '470.74',
        '2021-10-18T11:30:00Z',
        '2021-10-18T12:10:00Z',
        pci=('01', '02',),
    ),
    'caffe-6042-caffe-always-uses-gpu0-device-order-fixed-with-cuda-device-order': Backdrop(
        'centos-caffe-2gpu',
        'A10',
        '384.90',
        '2017-11-10T11:30:00Z',
        '2017-11-10T12:10:00Z',
        pci=('01', '02',),
    ),
    'ai-toolkit-794-lora-training-slows-vram-spills-to-system-memory-fallback': Backdrop(
        'win10-rtx3060-aitk',
        'A10',
        '580.97',
        '2026-04-14T11:30:00Z',
        '2026-04-14T12:10:00Z',
        pci=('01',),
    ),
    'nx-1000-cudnn-algorithm-failure-masking-oom-exla-memory-fraction': Backdrop(
        'exla-cuda118-ws',
        'A10',
        '520.61.05',
        '2022-12-09T11:30:00Z',
        '2022-12-09T12:10:00Z',
        pci=('01',),
    ),
    'inferencex-2128-sglang-init-crash-h200-tp8-mem-fraction-static-too-small': Backdrop(
        'h200-tp8-sglang',
        'H200',
        '580.105.08',
        '2026-07-09T11:30:00Z',
        '2026-07-09T12:10:00Z'
    ),
    'paddle-models-2680-ctrl-c-leaves-processes-holding-gpu-memory': Backdrop(
        'paddle-ctcn-train',
        'A10',
        '418.67',
        '2019-07-02T11:30:00Z',
        '2019-07-02T12:10:00Z',
        pci=('01',),
    ),
    'oneflow-6967-gpu-memory-held-after-crash-process-not-exited': Backdrop(
        'oneflow-2080ti-ws',
        'A10',
        '440.64',
        '2021-12-08T11:30:00Z',
        '2021-12-08T12:10:00Z',
        pci=('01',),
    ),
    'pytorch-53788-memory-not-freed-after-empty-cache-is-cuda-context-benign': Backdrop(
        'libtorch-ws',
        'A10',
        '460.39',
        '2021-03-11T11:30:00Z',
        '2021-03-11T12:10:00Z',
        pci=('01',),
    ),
    'theano-5176-nvidia-smi-and-cuda-gpu-numbers-differ-enumeration-order-benign': Backdrop(
        'theano-lab-multi-gpu',
        'A10',
        '367.57',
        '2016-11-03T11:30:00Z',
        '2016-11-03T12:10:00Z',
        pci=('01', '02',),
    ),
    'deepmedic-34-using-gpu-device-0-cnmem-disabled-message-is-not-an-error-benign': Backdrop(
        'deepmedic-gtx960-ws',
        'A10',
        '375.26',
        '2017-01-03T11:30:00Z',
        '2017-01-03T12:10:00Z',
        pci=('01',),
    ),
    'tensorflow-5986-could-not-identify-numa-node-message-on-windows-benign': Backdrop(
        'win-tf012-ws',
        'A10',
        '375.20',
        '2016-11-30T11:30:00Z',
        '2016-11-30T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
