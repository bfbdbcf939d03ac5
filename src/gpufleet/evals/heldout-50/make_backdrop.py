"""heldout-public-50's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-50/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
sku is one of the allowed SKUs; most are stand-ins (see each case's description); pci omitted = the
stand-in 8-GPU HGX bus layout. No case uses extra:
no report quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'gpuoperator-348-dcgm-exporter-memory-used-too-high-driver-510-counts-reserved-memory-as-used-benign': Backdrop(
        'k8s-gpu-worker-dcgm',
        'A100',
        '510.47.03',
        '2022-05-05T11:30:00Z',
        '2022-05-05T12:10:00Z',
        pci=('07',),
    ),
    'pytorch-102715-torch-cuda-device-count-shows-one-gpu-on-mig-a100-one-mig-instance-per-process-expected-benign': Backdrop(
        'a100-mig-host',
        'A100',
        '525.105.17',
        '2023-06-01T11:30:00Z',
        '2023-06-01T12:10:00Z',
        pci=('07',),
    ),
    'gpuoperator-707-nvidia-smi-not-found-in-pod-right-after-node-reboot-gpu-stack-not-ready-yet-expected-benign': Backdrop(
        'k8s-gpu-node-rebooted',
        'A100',
        '535.129.03',
        '2024-05-17T11:30:00Z',
        '2024-05-17T12:10:00Z',
        pci=('07',),
    ),
    'dali-2896-video-pipeline-gpu-util-20-40pct-nvdec-decoder-load-not-counted-in-gpu-utilization-benign': Backdrop(
        'dali-video-workstation',
        'A10',
        '460.56',
        '2021-04-23T11:30:00Z',
        '2021-04-23T12:10:00Z',
        pci=('01',),
    ),
    'pytorch-131650-internal-assert-device-num-gpus-on-mig-host-cuda-visible-devices-must-name-the-mig-slice': Backdrop(
        'mig-shared-node',
        'A100',
        '550.54.15',
        '2024-07-24T11:30:00Z',
        '2024-07-24T12:10:00Z',
        pci=('07',),
    ),
    'nvidiadocker-723-nvidia-container-cli-driver-error-timed-out-with-persistence-mode-disabled-azure-vm': Backdrop(
        'azure-nc-vm-rh74',
        'A100',
        '390.46',
        '2018-05-03T11:30:00Z',
        '2018-05-03T12:10:00Z',
        pci=('07',),
    ),
    'nccl-342-nccl-2-7-shared-memory-segment-fails-in-docker-default-64mb-dev-shm-too-small': Backdrop(
        'docker-4x2080-host',
        'A10',
        '440.64',
        '2020-06-20T11:30:00Z',
        '2020-06-20T12:10:00Z',
        pci=('01', '02', '81', '82'),
    ),
    'torchtitan-853-ci-container-dev-shm-16mb-nccl-shared-memory-segment-error-on-8x-h100-shm-size-1g-fixes': Backdrop(
        'torchtitan-ci-8xh100',
        'H100',
        '550.144.03',
        '2025-02-17T11:30:00Z',
        '2025-02-17T12:10:00Z',
    ),
    'pyxis-110-slurm-pyxis-container-gets-no-gpus-nvidia-container-cli-command-not-found': Backdrop(
        'slurm-gpu-partition-node',
        'A100',
        '525.105.17',
        '2023-04-26T11:30:00Z',
        '2023-04-26T12:10:00Z',
        pci=('07',),
    ),
    'darknet-2807-training-on-3-4-gpus-stops-randomly-two-gpus-on-riser-cards-in-slow-pcie-slots': Backdrop(
        'asrock-h110-btc-rig',
        'A10',
        '418.56',
        '2019-04-17T11:30:00Z',
        '2019-04-17T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'pytorch-8805-dataloader-workers-survive-terminated-process-and-keep-gpu-memory-pytorch-0-4-fixed-in-0-5': Backdrop(
        'ubuntu1604-train-box',
        'A10',
        '390.48',
        '2018-06-22T11:30:00Z',
        '2018-06-22T12:10:00Z',
        pci=('01',),
    ),
    'raylightning-87-ray-lightning-dataloader-workers-stay-alive-holding-gpu-memory-persistent-workers-workaround': Backdrop(
        'ray-tune-gpu-node',
        'A10',
        '470.57.02',
        '2021-09-08T11:30:00Z',
        '2021-09-08T12:10:00Z',
        pci=('01',),
    ),
    'gpuoperator-106-gfd-labels-missing-nfd-master-rejects-nvidia-com-namespace-extra-label-ns-fix': Backdrop(
        'k8s-gfd-worker',
        'A100',
        '450.80.02',
        '2020-11-24T11:30:00Z',
        '2020-11-24T12:10:00Z',
        pci=('07',),
    ),
    'k8sdeviceplugin-788-kubernetes-node-does-not-see-gpu-containerd-default-runtime-name-not-nvidia': Backdrop(
        'containerd-gpu-node',
        'A100',
        '550.90.07',
        '2024-06-30T11:30:00Z',
        '2024-06-30T12:10:00Z',
        pci=('07',),
    ),
    'hivemind-509-one-of-two-gpus-lost-during-training-not-detected-by-nvidia-smi-hardware-or-driver-xid-79': Backdrop(
        'hivemind-2gpu-box',
        'A10',
        '515.65.01',
        '2022-09-22T11:30:00Z',
        '2022-09-22T12:10:00Z',
        pci=('01', '02'),
    ),
    'gdrcopy-30-gdrdrv-nvidia-p2p-get-pages-einval-on-k20m-driver-and-cuda-combination-not-compatible': Backdrop(
        'gdrcopy-k20m-host',
        'V100',
        '367.27',
        '2018-03-07T11:30:00Z',
        '2018-03-07T12:10:00Z',
        pci=('07',),
    ),
    'caffe-pr-3319-p2p-between-gpus-on-different-ioh-over-qpi-runs-at-hundreds-of-mb-s-disable-peer-access': Backdrop(
        'hp-dual-ioh-server',
        'A100',
        '352.55',
        '2015-11-12T11:30:00Z',
        '2015-11-12T12:10:00Z',
        pci=('07', '87'),
    ),
    'horde-349-error-804-forward-compatibility-host-driver-older-than-container-cuda-12-4-requirement': Backdrop(
        'horde-worker-docker-host',
        'A10',
        '535.183.01',
        '2024-11-16T11:30:00Z',
        '2024-11-16T12:10:00Z',
        pci=('01',),
    ),
    'nccl-651-random-nccl-slowdowns-on-gcp-were-gcs-data-storage-access-time-variation-not-nccl': Backdrop(
        'gcp-a2-training-vm',
        'A100',
        '470.103.01',
        '2022-04-20T11:30:00Z',
        '2022-04-20T12:10:00Z',
    ),
    'pytorch-64586-gpu-memory-grows-every-epoch-until-oom-loss-tensors-accumulated-item-missing': Backdrop(
        'autograd-train-node',
        'A10',
        '470.57.02',
        '2021-09-09T11:30:00Z',
        '2021-09-09T12:10:00Z',
        pci=('01',),
    ),
    'vllm-pr-41268-startup-oom-on-2xh100-from-allocator-fragmentation-after-pytorch-2-10-max-split-size-mb-20': Backdrop(
        'vllm-2xh100-server',
        'H100',
        '580.126.09',
        '2026-04-29T11:30:00Z',
        '2026-04-29T12:10:00Z',
        pci=('18', '2a'),
    ),
    'nemo-8141-asr-hybrid-models-ignore-omp-num-threads-cpu-oversubscription-halves-8-gpu-training-speed': Backdrop(
        'slurm-nemo-8gpu-node',
        'A100',
        '535.129.03',
        '2024-01-09T11:30:00Z',
        '2024-01-09T12:10:00Z',
    ),
    'nccl-352-nccl-fails-on-dgx-k8s-worker-firewall-rules-block-eth0-socket-interface': Backdrop(
        'dgx-k8s-worker',
        'A100',
        '450.51.06',
        '2020-07-10T11:30:00Z',
        '2020-07-10T12:10:00Z',
    ),
    'pyfasterrcnn-64-machine-restarts-at-first-forward-pass-on-titan-x-solved-by-higher-watt-power-supply': Backdrop(
        'titanx-caffe-workstation',
        'A10',
        '352.63',
        '2016-02-03T11:30:00Z',
        '2016-02-03T12:10:00Z',
        pci=('01',),
    ),
    'mmdetection-1207-computer-restarts-on-every-train-run-on-2x-titan-xp-fixed-by-changing-motherboard-bios': Backdrop(
        'x299-sage-2xtitanxp',
        'A10',
        '430.40',
        '2019-08-20T11:30:00Z',
        '2019-08-20T12:10:00Z',
        pci=('17', '65'),
    ),
    'glmsglang-1-recurring-xid-13-are-teardown-artefacts-real-fault-illegal-memory-access-in-draft-extend-embed': Backdrop(
        'sglang-sm120-4gpu',
        'A10',
        '595.71.05',
        '2026-09-16T11:30:00Z',
        '2026-09-16T12:10:00Z',
        pci=('01', '21', '41', '61'),
    ),
    'cntk-3183-resnet-cifar10-example-on-alienware-gtx-1080-laptop-burns-motherboard-laptop-thermal-design': Backdrop(
        'alienware-17r4-laptop',
        'A10',
        '391.35',
        '2018-05-04T11:30:00Z',
        '2018-05-04T12:10:00Z',
        pci=('01',),
    ),
    'trtllmbackend-351-several-model-instances-per-gpu-crash-server-on-driver-535-fixed-by-driver-550': Backdrop(
        'triton-trtllm-server',
        'A100',
        '535.129.03',
        '2024-07-01T11:30:00Z',
        '2024-07-01T12:10:00Z',
        pci=('07',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
