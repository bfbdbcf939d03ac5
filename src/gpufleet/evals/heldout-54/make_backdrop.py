"""heldout-public-54's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-54/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
sku is one of the allowed SKUs; most are stand-ins (see each case's description). No case uses extra:
no report quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'dcgmexporter-22-profiling-metrics-not-collected-on-geforce-dcp-not-supported-benign': Backdrop(
        'geforce-dcgm-exporter-host',
        'A10',
        '550.54.15',
        '2024-05-17T11:30:00Z',
        '2024-05-17T12:10:00Z',
        pci=('01',),
    ),
    'verifiers-208-nccl-failure-with-deepspeed-gpus-not-p2p-connected-nccl-p2p-disable': Backdrop(
        'verifiers-rl-node',
        'A100',
        '570.133.20',
        '2025-08-26T11:30:00Z',
        '2025-08-26T12:10:00Z',
        pci=('07', '08'),
    ),
    'openinstruct-pr-1311-deepspeed-0-17-3-device-id-in-init-process-group-causes-nccl-hang-at-weight-sync': Backdrop(
        'open-instruct-train-node',
        'A100',
        '570.172.08',
        '2025-12-26T11:30:00Z',
        '2025-12-26T12:10:00Z',
        pci=('07', '08'),
    ),
    'pytorch-130181-internal-assert-on-two-a100-mig-slices-one-mig-device-per-process-set-cuda-visible-devices': Backdrop(
        'a100-mig-host',
        'A100',
        '550.90.07',
        '2024-07-24T11:30:00Z',
        '2024-07-24T12:10:00Z',
        pci=('07', '08'),
    ),
    'mosaicstreaming-493-bus-error-in-dataloader-worker-insufficient-shared-memory-in-container': Backdrop(
        'a100x8-streaming-host',
        'A100',
        '535.104.05',
        '2023-10-31T11:30:00Z',
        '2023-10-31T12:10:00Z',
        pci=('07', '08', '09', '0a', '0b', '0c', '0d', '0e'),
    ),
    'darknet-5547-cuda-error-and-nan-loss-with-three-gpus-hardware-pcie-extender-cables-suspected': Backdrop(
        'darknet-3gpu-riser-rig',
        'A10',
        '440.82',
        '2020-05-11T11:30:00Z',
        '2020-05-11T12:10:00Z',
        pci=('01', '02', '03'),
    ),
    'vllm-4238-tensor-parallel-no-speedup-gpu-to-gpu-traffic-through-cpu-no-common-pcie-bridge': Backdrop(
        'vllm-tp2-server',
        'A100',
        '535.161.07',
        '2024-04-22T11:30:00Z',
        '2024-04-22T12:10:00Z',
        pci=('07', '08'),
    ),
    'tensorflow-526-context-in-use-error-gpu-compute-mode-exclusive-thread': Backdrop(
        'tf-shared-gpu-host',
        'A10',
        '367.35',
        '2016-07-29T11:30:00Z',
        '2016-07-29T12:10:00Z',
        pci=('01',),
    ),
    'dcgm-272-dcgm-4-5-0-nvbandwidth-fails-mcutil-right-after-gpuburn-idle-h100-benign': Backdrop(
        'h100x8-nvswitch-node',
        'H100',
        '580.95.05',
        '2026-01-19T11:30:00Z',
        '2026-01-19T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'gpuoperator-322-gpu-feature-discovery-insufficient-permissions-with-mig-on-dgx-a100-mig-monitor-devices': Backdrop(
        'dgx-a100-80gb-microk8s',
        'A100',
        '470.103.01',
        '2022-03-28T11:30:00Z',
        '2022-03-28T12:10:00Z',
        pci=('07', '0f', '47', '4e', '87', '90', 'b7', 'bd'),
    ),
    'triton-3078-misaligned-address-crash-bisected-to-triton-commit-convert-layout': Backdrop(
        'triton-ci-gpu-host',
        'A100',
        '535.154.05',
        '2024-02-05T11:30:00Z',
        '2024-02-05T12:10:00Z',
        pci=('07',),
    ),
    'imagenetmultigpu-59-four-gpus-slower-than-one-pcie-acs-enabled-on-motherboard': Backdrop(
        'torch-4gpu-workstation',
        'A10',
        '361.42',
        '2016-08-21T11:30:00Z',
        '2016-08-21T12:10:00Z',
        pci=('02', '03', '82', '83'),
    ),
    'jax-7816-cuda-error-illegal-address-known-ptxas-bugs-cuda-below-11-1-upgrade': Backdrop(
        'jax-cuda10-workstation',
        'A10',
        '470.57.02',
        '2021-09-04T11:30:00Z',
        '2021-09-04T12:10:00Z',
        pci=('01',),
    ),
    'xla-2800-t5x-on-h100-illegal-memory-access-in-triton-gemm-disable-xla-triton-gemm': Backdrop(
        't5x-h100-host',
        'H100',
        '525.105.17',
        '2023-05-04T11:30:00Z',
        '2023-05-04T12:10:00Z',
        pci=('07',),
    ),
    'tensorflow-5777-gpu-unavailable-after-wake-fixed-with-preserve-video-memory-and-suspend-services': Backdrop(
        'rtx2060-mobile-laptop',
        'A10',
        '460.80',
        '2021-06-04T11:30:00Z',
        '2021-06-04T12:10:00Z',
        pci=('01',),
    ),
    'ultralytics-7716-unspecified-launch-failure-after-suspend-driver-state-corrupted-reload-nvidia-uvm': Backdrop(
        'yolo-desktop-suspend',
        'A10',
        '570.169',
        '2025-07-20T11:30:00Z',
        '2025-07-20T12:10:00Z',
        pci=('01',),
    ),
    'mxnet-111-mxnet-hangs-at-first-batch-until-broken-gpu0-removed': Backdrop(
        'mxnet-4gpu-box',
        'A10',
        '352.39',
        '2015-09-24T11:30:00Z',
        '2015-09-24T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'pytorch-119638-p2p-copy-broken-on-driver-545-downgrade-to-535-disables-p2p': Backdrop(
        'pcie-p2p-dual-gpu',
        'A10',
        '545.23.08',
        '2024-02-18T11:30:00Z',
        '2024-02-18T12:10:00Z',
        pci=('01', '02'),
    ),
    'nccl-897-gdrdma-used-on-one-node-only-nvidia-peermem-not-loaded': Backdrop(
        'gdr-node-1',
        'A100',
        '525.105.17',
        '2023-07-05T11:30:00Z',
        '2023-07-05T12:10:00Z',
        pci=('1a', '3d', '4c', '6b', '9c', 'bd', 'cc', 'e1'),
    ),
    'ultralytics-8378-rtx-a6000-at-87c-during-yolo-training-within-spec-benign': Backdrop(
        'rtx-a6000-workstation',
        'A10',
        '535.154.05',
        '2024-02-22T11:30:00Z',
        '2024-02-22T12:10:00Z',
        pci=('01',),
    ),
    'pytorchbenchmark-1425-four-rtx-4090-machine-goes-down-cpu-turbo-boost-suspected': Backdrop(
        'rtx4090x4-bench',
        'A10',
        '525.89.02',
        '2023-02-22T11:30:00Z',
        '2023-02-22T12:10:00Z',
        pci=('01', '21', '41', '61'),
    ),
    'ultralytics-9844-gpu-utilization-zero-during-yolo-training-torch-without-cuda': Backdrop(
        'yolo-train-workstation',
        'A10',
        '550.54.15',
        '2024-04-07T11:30:00Z',
        '2024-04-07T12:10:00Z',
        pci=('01',),
    ),
    'nnunet-413-gpu-utilization-1pct-with-500-cases-io-bottleneck-hdd-to-ssd': Backdrop(
        'nnunet-hdd-workstation',
        'A10',
        '455.45.01',
        '2020-12-02T11:30:00Z',
        '2020-12-02T12:10:00Z',
        pci=('01',),
    ),
    'darknet-2731-pc-restarts-with-two-rtx-2080ti-training-hardware-or-driver-most-likely': Backdrop(
        'win7-2080ti-x2',
        'A10',
        '419.35',
        '2019-03-26T11:30:00Z',
        '2019-03-26T12:10:00Z',
        pci=('01', '02'),
    ),
    'lightning-16849-system-shuts-down-during-multi-gpu-training-psu-or-overheating-suspected': Backdrop(
        'lightning-4gpu-box',
        'A10',
        '525.85.12',
        '2023-02-24T11:30:00Z',
        '2023-02-24T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'nvidiadocker-1279-docker-run-slow-to-start-reboot-fixed-persistence-mode-advice': Backdrop(
        'nvidia-docker-host',
        'A10',
        '440.82',
        '2020-05-19T11:30:00Z',
        '2020-05-19T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
