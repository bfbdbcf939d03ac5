"""heldout-public-102's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-102/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); hosts, bus numbers and most drivers are
stand-ins (see each case's description). No case uses extra: no report quotes an exporter value as a metric
sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'localcolabfold-126-xla-disables-parallel-compilation-driver-older-than-ptxas-old-driver': Backdrop(
        'ws-colabfold-1gpu',
        'A10',
        '450.80.02',
        '2022-12-17T11:30:00Z',
        '2022-12-17T12:10:00Z',
        pci=('01',),
    ),
    'hardnet-19-training-killed-by-oom-killer-lack-of-host-memory': Backdrop(
        'ws-hardnet-1gpu',
        'A10',
        '390.67',
        '2018-06-13T11:30:00Z',
        '2018-06-13T12:10:00Z',
        pci=('01',),
    ),
    'fastmaskrcnn-172-training-killed-host-memory-exhausted-suspected': Backdrop(
        'ws-fastmaskrcnn-1gpu',
        'A10',
        '384.98',
        '2017-12-14T11:30:00Z',
        '2017-12-14T12:10:00Z',
        pci=('01',),
    ),
    'l2p-24-loss-nan-on-gpu-convolution-mismatch-fixed-by-reinstalling-cudnn': Backdrop(
        'ws-l2p-1gpu',
        'A10',
        '515.65.01',
        '2022-09-23T11:30:00Z',
        '2022-09-23T12:10:00Z',
        pci=('01',),
    ),
    'convmesh-8-gan-loss-nan-on-3-gpus-resolved-by-pytorch-1-7-to-1-6-downgrade': Backdrop(
        'ws-convmesh-3gpu',
        'A10',
        '418.87.00',
        '2021-10-28T11:30:00Z',
        '2021-10-28T12:10:00Z',
        pci=('01', '02', '03',),
    ),
    'py-r-fcn-multigpu-15-gpu-memory-held-after-ctrl-c-zombie-process-reboot': Backdrop(
        'ws-rfcn-2gpu',
        'A10',
        '375.66',
        '2017-08-24T11:30:00Z',
        '2017-08-24T12:10:00Z',
        pci=('01', '02',),
    ),
    'self-critical-pytorch-183-killed-nohup-training-leaves-zombie-nvidia-smi-hangs-multi-gpu-suspected': Backdrop(
        'ws-captioning-2gpu',
        'A10',
        '440.64',
        '2020-04-20T11:30:00Z',
        '2020-04-20T12:10:00Z',
        pci=('01', '02',),
    ),
    'horovod-1078-8-gpu-tensorflow-training-hangs-after-190k-steps-known-tf-1-13-1-issue': Backdrop(
        'srv-horovod-8gpu',
        'A10',
        '410.79',
        '2019-05-15T11:30:00Z',
        '2019-05-15T12:10:00Z',
        pci=('1a', '1b', '3d', '3e', '88', '89', 'b1', 'b2',),
    ),
    'neuraltalk2-127-unspecified-launch-failure-gpu-used-for-compute-and-display': Backdrop(
        'ws-neuraltalk2-1gpu',
        'A10',
        '367.35',
        '2016-08-25T11:30:00Z',
        '2016-08-25T12:10:00Z',
        pci=('01',),
    ),
    'tensorflow-41169-titan-v-cuda-launch-failed-cudnn-errors-after-nvidia-driver-update-suspected': Backdrop(
        'ws-titanv-1gpu',
        'A10',
        '450.66',
        '2020-08-13T11:30:00Z',
        '2020-08-13T12:10:00Z',
        pci=('01',),
    ),
    'kwyk-17-container-sees-rtx2080ti-as-device-0-not-1-wrong-gpu-selected': Backdrop(
        'beast',
        'A10',
        '418.74',
        '2019-12-04T11:30:00Z',
        '2019-12-04T12:10:00Z',
        pci=('3b', 'd8',),
    ),
    'detectron2-512-no-kernel-image-gpu-compute-capability-3-5-not-in-pytorch-build': Backdrop(
        'ws-detectron2-1gpu',
        'A10',
        '440.33.01',
        '2019-12-12T11:30:00Z',
        '2019-12-12T12:10:00Z',
        pci=('01',),
    ),
    'petals-205-anaconda-install-commands-installed-cpu-only-pytorch': Backdrop(
        'ws-petals-1gpu',
        'A10',
        '525.60.13',
        '2023-01-11T11:30:00Z',
        '2023-01-11T12:10:00Z',
        pci=('01',),
    ),
    'segnet-tutorial-107-machine-reboots-when-training-psu-wattage-suspected': Backdrop(
        'ws-segnet-1gpu',
        'A10',
        '375.66',
        '2017-06-14T11:30:00Z',
        '2017-06-14T12:10:00Z',
        pci=('01',),
    ),
    'caffe-6128-8x1080ti-server-crashes-randomly-in-multi-gpu-training-high-temperature-suspected': Backdrop(
        'srv-caffe-8gpu',
        'A10',
        '375.26',
        '2017-12-24T11:30:00Z',
        '2017-12-24T12:10:00Z',
        pci=('04', '05', '08', '09', '84', '85', '88', '89',),
    ),
    'action-detection-41-training-slow-data-on-hdd-reading-speed-bound': Backdrop(
        'ws-ssn-1gpu',
        'A10',
        '384.111',
        '2018-02-21T11:30:00Z',
        '2018-02-21T12:10:00Z',
        pci=('01',),
    ),
    'zscar-c2c-6-dataset-loading-very-slow-fixed-by-moving-data-to-local-ssd': Backdrop(
        'ws-zscar-1gpu',
        'A10',
        '550.127.05',
        '2024-12-13T11:30:00Z',
        '2024-12-13T12:10:00Z',
        pci=('01',),
    ),
    'distiller-202-imagenet-loading-sluggish-hdd-io-100-percent-too-many-loaders-suspected': Backdrop(
        'ws-distiller-2gpu',
        'A10',
        '418.43',
        '2019-03-25T11:30:00Z',
        '2019-03-25T12:10:00Z',
        pci=('01', '02',),
    ),
    'flash-attention-121-illegal-memory-access-gone-after-updating-flash-attn-and-pytorch': Backdrop(
        'ws-flashattn-1gpu',
        'A10',
        '515.65.01',
        '2023-02-10T11:30:00Z',
        '2023-02-10T12:10:00Z',
        pci=('01',),
    ),
    'flash-attention-72-illegal-memory-access-in-tts-evaluation-memory-bug-fixed-upstream': Backdrop(
        'ws-fairseq-tts-1gpu',
        'A10',
        '470.141.03',
        '2022-11-12T11:30:00Z',
        '2022-11-12T12:10:00Z',
        pci=('01',),
    ),
    'flash-linear-attention-186-rwkv7-illegal-memory-access-kernel-bug-fixed-in-commit': Backdrop(
        'laptop-rtx3060-fla',
        'A10',
        '570.86.16',
        '2025-03-01T11:30:00Z',
        '2025-03-01T12:10:00Z',
        pci=('01',),
    ),
    'lora-vit-6-cuda-oom-on-16gb-gpu-batch-too-large-for-lora-training': Backdrop(
        'ws-lora-vit-1gpu',
        'A10',
        '525.105.17',
        '2023-07-07T11:30:00Z',
        '2023-07-07T12:10:00Z',
        pci=('01',),
    ),
    'lmflow-106-multi-gpu-evaluation-looks-hung-zero3-slow-inference-fake-stuck-benign': Backdrop(
        'ws-lmflow-2gpu',
        'A10',
        '525.89.02',
        '2023-04-04T11:30:00Z',
        '2023-04-04T12:10:00Z',
        pci=('01', '02',),
    ),
    'tensorflow-58428-numa-node-read-negative-value-message-firmware-leaves-numa-node-unset-benign': Backdrop(
        'ws-tf-numa-1gpu',
        'A10',
        '520.61.05',
        '2022-11-03T11:30:00Z',
        '2022-11-03T12:10:00Z',
        pci=('01',),
    ),
    'tensorflow-53184-numa-node-negative-value-warning-in-docker-non-fatal-benign': Backdrop(
        'gpu-esparig',
        'A10',
        '470.82.01',
        '2021-11-24T11:30:00Z',
        '2021-11-24T12:10:00Z',
        pci=('01',),
    ),
    'handson-ml2-419-gpu-memory-near-6gb-tensorflow-reserves-almost-all-by-default-benign': Backdrop(
        'ws-handson-ml2-1gpu',
        'A10',
        '465.19.01',
        '2021-05-27T11:30:00Z',
        '2021-05-27T12:10:00Z',
        pci=('01',),
    ),
    'cnocr-137-gpu-memory-not-fully-freed-cuda-runtime-reserves-few-hundred-mb-benign': Backdrop(
        'ws-cnocr-1gpu',
        'A10',
        '460.32.03',
        '2021-01-07T11:30:00Z',
        '2021-01-07T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
