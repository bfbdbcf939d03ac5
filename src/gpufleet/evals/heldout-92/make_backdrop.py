"""heldout-public-92's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-92/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); hosts, bus numbers and most drivers are
stand-ins (see each case's description). No case uses extra: no report quotes an exporter value as a metric
sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'mxnet-3486-cuda-driver-insufficient-for-runtime-fixed-by-clean-cuda8-install': Backdrop(
        'centos7-mxnet-train',
        'A10',
        '367.44',
        '2016-10-09T11:30:00Z',
        '2016-10-09T12:10:00Z',
        pci=('01',),
    ),
    'caffe-4041-cublas-internal-error-on-gpu0-only-driver-mismatch-suspected': Backdrop(
        'ws-gtx780ti-caffe',
        'A10',
        '352.79',
        '2016-12-13T11:30:00Z',
        '2016-12-13T12:10:00Z',
        pci=('01', '02'),
    ),
    'keras-6445-keras2-training-slow-like-cpu-tf-install-not-using-gpu': Backdrop(
        'ws-keras2-tf',
        'A10',
        '375.66',
        '2017-04-29T11:30:00Z',
        '2017-04-29T12:10:00Z',
        pci=('01',),
    ),
    'ssd-keras-250-slow-training-low-gpu-util-tensorflow-running-on-cpu': Backdrop(
        'ws-i5-6500-ssd-keras',
        'A10',
        '418.56',
        '2019-05-06T11:30:00Z',
        '2019-05-06T12:10:00Z',
        pci=('01',),
    ),
    'keras-yolo2-25-slow-training-cpu-maxed-gpu-idle-cpu-tensorflow-installed': Backdrop(
        'ws-keras-yolo2',
        'A10',
        '384.90',
        '2017-10-16T11:30:00Z',
        '2017-10-16T12:10:00Z',
        pci=('01',),
    ),
    'ssd-keras-216-three-gtx1080-gpu-util-zero-cpu-preprocessing-bottleneck': Backdrop(
        'ws-3x1080-ssd-keras',
        'A10',
        '410.78',
        '2019-01-17T11:30:00Z',
        '2019-01-17T12:10:00Z',
        pci=('01', '02', '03'),
    ),
    'tensorflow-13530-pandas-input-fn-starves-gpu-low-utilization-input-pipeline': Backdrop(
        'ws-tf-estimator',
        'A10',
        '410.79',
        '2019-02-20T11:30:00Z',
        '2019-02-20T12:10:00Z',
        pci=('01',),
    ),
    'simpletransformers-1027-multi-gpu-avg-util-7-percent-gpus-data-starved-batch-too-small': Backdrop(
        'srv-simpletransformers',
        'A10',
        '460.32.03',
        '2021-03-13T11:30:00Z',
        '2021-03-13T12:10:00Z',
        pci=('01', '02'),
    ),
    'gpt4all-1522-accelerate-training-sigkill-9-host-ram-exhausted': Backdrop(
        'azure-vm-gpt4all-train',
        'A10',
        '535.104.05',
        '2023-10-18T11:30:00Z',
        '2023-10-18T12:10:00Z',
        pci=('01',),
    ),
    'vllm-2057-wsl2-inference-28-percent-slower-after-driver-536-upgrade': Backdrop(
        'win-wsl2-vllm',
        'A10',
        '536.23',
        '2023-12-12T11:30:00Z',
        '2023-12-12T12:10:00Z',
        pci=('01',),
    ),
    'icefall-1764-zipformer-illegal-memory-access-bad-gpu-hardware': Backdrop(
        'ws-icefall-asr',
        'A10',
        '550.90.07',
        '2024-10-08T11:30:00Z',
        '2024-10-08T12:10:00Z',
        pci=('01', '02'),
    ),
    'cxxnet-169-inception-bn-illegal-memory-access-on-k520-fixed-in-recent-commit': Backdrop(
        'ec2-g2-8xlarge-cxxnet',
        'A10',
        '346.46',
        '2015-06-03T11:30:00Z',
        '2015-06-03T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'caffe-6012-2mb-gpu-memory-not-released-after-del-net-cuda-context-benign': Backdrop(
        'ws-caffe-pycaffe',
        'A10',
        '375.66',
        '2017-11-03T11:30:00Z',
        '2017-11-03T12:10:00Z',
        pci=('01',),
    ),
    'tensorflow-4706-tf-0-11-allocates-all-gpu-memory-working-as-intended-benign': Backdrop(
        'ws-tf011-2gpu',
        'A10',
        '367.48',
        '2016-10-23T11:30:00Z',
        '2016-10-23T12:10:00Z',
        pci=('01', '02'),
    ),
    'pytorch-28113-ghost-memory-at-cuda-start-is-cuda-context-benign': Backdrop(
        'centos7-2xk40c-torch',
        'A10',
        '418.43',
        '2019-10-16T11:30:00Z',
        '2019-10-16T12:10:00Z',
        pci=('01', '02'),
    ),
    'wav2lip-29-high-memory-low-fluctuating-gpu-util-expected-benign': Backdrop(
        'ws-wav2lip-train',
        'A10',
        '450.66',
        '2020-09-09T11:30:00Z',
        '2020-09-09T12:10:00Z',
        pci=('01',),
    ),
    'veomni-1164-checkpoint-to-fuse-network-fs-blocks-11-min-nccl-watchdog-kills-job': Backdrop(
        'gpu-node-veomni-01',
        'A10',
        '580.95.05',
        '2026-09-07T11:30:00Z',
        '2026-09-07T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'pytorch-52142-dataparallel-deadlock-amd-cpu-iommu-suspected': Backdrop(
        'ws-amd-2gpu-dp',
        'A10',
        '460.56',
        '2021-03-31T11:30:00Z',
        '2021-03-31T12:10:00Z',
        pci=('01', '02'),
    ),
    'lightning-13605-slurm-gpu-bind-closest-subset-visible-devices-misdetected': Backdrop(
        'slurm-gpu-node-4gpu',
        'A10',
        '515.48.07',
        '2022-07-12T11:30:00Z',
        '2022-07-12T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'lightning-16828-slurm-gpus-per-task-isolation-lightning-sees-one-gpu': Backdrop(
        'slurm-gpu-node-8gpu',
        'A10',
        '525.85.12',
        '2023-02-21T11:30:00Z',
        '2023-02-21T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'llm-d-deployer-273-vllm-pod-no-platform-detected-missing-nvidia-runtime-class': Backdrop(
        'k8s-baremetal-gpu-node',
        'A10',
        '570.133.20',
        '2025-05-20T11:30:00Z',
        '2025-05-20T12:10:00Z',
        pci=('01',),
    ),
    'gpustack-5122-k8s-inference-pods-miss-nvidia-runtime-injection-libcuda-missing': Backdrop(
        'k8s-l40s-gpustack-worker',
        'A10',
        '580.95.05',
        '2026-04-12T11:30:00Z',
        '2026-04-12T12:10:00Z',
        pci=('01',),
    ),
    'xgboost-7477-gpu-hist-kernel-dies-wide-sparse-matrix-gpu-memory': Backdrop(
        'ws-rtx3080-xgboost',
        'A10',
        '450.80.02',
        '2021-11-23T11:30:00Z',
        '2021-11-23T12:10:00Z',
        pci=('01',),
    ),
    'mxnet-990-16-k80-training-slow-48-cpus-busy-small-batch-cpu-kvstore': Backdrop(
        'srv-8xk80-mxnet',
        'A10',
        '352.63',
        '2015-12-21T11:30:00Z',
        '2015-12-21T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08', '09', '0a', '0b', '0c', '0d', '0e', '0f', '10'),
    ),
    'detectron-29-8-titanx-server-powers-off-training-cooling-or-overclock-guess': Backdrop(
        'srv-8xtitanx-detectron',
        'A10',
        '384.111',
        '2018-01-25T11:30:00Z',
        '2018-01-25T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'studiogan-170-4-v100-ddp-syncbn-low-util-no-full-nvlink-mesh': Backdrop(
        'srv-4xv100-studiogan',
        'A10',
        '470.141.03',
        '2022-10-14T11:30:00Z',
        '2022-10-14T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
