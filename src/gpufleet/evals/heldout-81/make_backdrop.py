"""heldout-public-81's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-81/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
GPUs outside the SKU list are shown as A10 (the template's stand-in); hosts, bus numbers and most drivers are
stand-ins (see each case's description). No case uses extra: no report quotes an exporter value as a metric
sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'triton-server-4540-ec2-gpu-uncorrectable-ecc-error-hardware-issue-suspected': Backdrop(
        'ec2-gpu-triton',
        'A10',
        '515.48.07',
        '2022-06-28T11:30:00Z',
        '2022-06-28T12:10:00Z',
        pci=('01',),
    ),
    'transformerengine-3474-gb200-illegal-memory-access-mxfp8-kernel-regression-fixed-by-pr': Backdrop(
        'gb200-tray-te-moe',
        'GB200',
        '580.95.05',
        '2026-09-22T11:30:00Z',
        '2026-09-22T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'tensorrt-llm-186-wheel-build-killed-by-host-oom-reduce-jobs-fixed': Backdrop(
        't4-trtllm-build',
        'A10',
        '535.113.01',
        '2023-10-30T11:30:00Z',
        '2023-10-30T12:10:00Z',
        pci=('01',),
    ),
    'libnvidia-container-103-cuda-error-unknown-at-container-start-driver-install-error-reboot-fixed': Backdrop(
        'docker-gpu-host-libnvc',
        'A10',
        '450.57',
        '2020-08-26T11:30:00Z',
        '2020-08-26T12:10:00Z',
        pci=('01',),
    ),
    'dra-driver-524-imex-channel-pod-fails-host-nvidia-imex-service-conflicts': Backdrop(
        'k8s-imex-node',
        'A10',
        '580.82.07',
        '2025-09-02T11:30:00Z',
        '2025-09-02T12:10:00Z',
        pci=('01',),
    ),
    'nemo-4083-asr-training-7x-slower-many-small-files-on-network-storage-tarred-fixed': Backdrop(
        'cloud-vm-nemo-asr',
        'A10',
        '510.47.03',
        '2022-05-21T11:30:00Z',
        '2022-05-21T12:10:00Z',
        pci=('01',),
    ),
    'tensorrt-llm-486-gpu-memory-fully-booked-at-startup-kv-cache-preallocation-benign': Backdrop(
        'a100-trtllm-serving',
        'A100',
        '535.129.03',
        '2023-12-02T11:30:00Z',
        '2023-12-02T12:10:00Z',
        pci=('01',),
    ),
    'dali-4653-gpu-memory-not-freed-after-iterator-memory-pool-by-design-benign': Backdrop(
        'dali-train-ws',
        'A10',
        '525.85.12',
        '2023-02-13T11:30:00Z',
        '2023-02-13T12:10:00Z',
        pci=('01',),
    ),
    'triton-dali-backend-165-device-memory-kept-after-model-unload-pool-by-design-benign': Backdrop(
        'triton-dali-server',
        'A10',
        '525.60.13',
        '2022-12-21T11:30:00Z',
        '2022-12-21T12:10:00Z',
        pci=('01',),
    ),
    'triton-server-3460-gpu-memory-metrics-disagree-with-nvidia-smi-dcgm-bug-fixed-benign': Backdrop(
        't4-triton-metrics',
        'A10',
        '470.57.02',
        '2021-11-12T11:30:00Z',
        '2021-11-12T12:10:00Z',
        pci=('01',),
    ),
    'tensorrt-3416-a10-illegal-memory-access-in-trtexec-driver-too-old': Backdrop(
        'a10-trtexec',
        'A10',
        '470.129.06',
        '2023-11-04T11:30:00Z',
        '2023-11-04T12:10:00Z',
        pci=('01',),
    ),
    'nvbandwidth-50-six-a6000-26gbs-p2p-without-nvlink-looks-normal-benign': Backdrop(
        'ws-6xa6000',
        'A10',
        '580.95.05',
        '2025-11-09T11:30:00Z',
        '2025-11-09T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06'),
    ),
    'tensorrt-llm-1601-mixtral-tp-hang-with-co-located-process-custom-all-reduce-disabled-fixed': Backdrop(
        'trtllm-mixtral-tp',
        'A10',
        '550.54.15',
        '2024-11-18T11:30:00Z',
        '2024-11-18T12:10:00Z',
        pci=('01', '02'),
    ),
    'tensorrt-llm-1034-peer-access-not-supported-pcie-gpus-without-nvlink-custom-all-reduce-off': Backdrop(
        'g5-a10g-trtllm',
        'A10',
        '535.104.05',
        '2024-02-02T11:30:00Z',
        '2024-02-02T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'isaac-ros-64-jetson-orin-nano-dev-container-fails-docker-runtime-setup-skipped': Backdrop(
        'jetson-orin-nano-dev',
        'A10',
        '35.3.1',
        '2023-04-22T11:30:00Z',
        '2023-04-22T12:10:00Z',
        pci=('01',),
    ),
    'nvidia-container-toolkit-33-nvml-insufficient-permissions-in-container-selinux-setsebool-fix': Backdrop(
        'fedora36-docker-gpu',
        'A10',
        '515.65.01',
        '2022-09-16T11:30:00Z',
        '2022-09-16T12:10:00Z',
        pci=('01',),
    ),
    'nemo-13996-multi-node-nccl-could-not-find-net-in-new-containers-nccl-upgrade-fixed': Backdrop(
        'hpc-ib-node-nemo',
        'A10',
        '570.124.06',
        '2025-06-24T11:30:00Z',
        '2025-06-24T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'cudf-spark-7496-nds-q67-runs-out-of-host-memory-on-32gb-workers': Backdrop(
        'g4dn-2xlarge-worker',
        'A10',
        '515.65.01',
        '2023-01-10T11:30:00Z',
        '2023-01-10T12:10:00Z',
        pci=('01',),
    ),
    'dali-3084-nvjpeg-jpeg-not-supported-on-a100-dali-bug-fixed-in-pr': Backdrop(
        'gcp-a100-dali',
        'A100',
        '450.80.02',
        '2021-06-24T11:30:00Z',
        '2021-06-24T12:10:00Z',
        pci=('01',),
    ),
    'dali-3159-nvjpeg-invalid-parameter-on-v100-very-old-driver': Backdrop(
        'v100-dali-train',
        'V100',
        '418.87.01',
        '2021-07-20T11:30:00Z',
        '2021-07-20T12:10:00Z',
        pci=('01',),
    ),
    'tensorrt-llm-743-engine-build-always-killed-insufficient-cpu-memory': Backdrop(
        'trtllm-llama7b-build',
        'A10',
        '535.129.03',
        '2023-12-26T11:30:00Z',
        '2023-12-26T12:10:00Z',
        pci=('01',),
    ),
    'tensorrt-753-int8-build-driver-error-after-trt7-upgrade-update-driver': Backdrop(
        'jetson-agx-trt7-int8',
        'A10',
        '32.4.3',
        '2020-09-07T11:30:00Z',
        '2020-09-07T12:10:00Z',
        pci=('01',),
    ),
    'nvbandwidth-48-h20-device-local-copy-1tbs-counts-read-plus-write-benign': Backdrop(
        'h20-3e-8gpu',
        'A10',
        '550.127.08',
        '2025-09-18T11:30:00Z',
        '2025-09-18T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'dali-1812-pipeline-slow-one-cpu-core-busy-externalsource-suspected': Backdrop(
        'dali-nrrd-ws',
        'A10',
        '440.64',
        '2020-03-11T11:30:00Z',
        '2020-03-11T12:10:00Z',
        pci=('01',),
    ),
    'apex-1654-h100-fusedadam-illegal-memory-access-int32-indexing-overflow': Backdrop(
        'hgx-h100-apex',
        'H100',
        '525.105.17',
        '2023-05-04T11:30:00Z',
        '2023-05-04T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'dra-driver-1380-first-gpu-pod-has-no-device-nodes-cdi-spec-generated-before-dev-nvidia': Backdrop(
        'k8s-dra-fresh-node',
        'A10',
        '580.95.05',
        '2026-08-24T11:30:00Z',
        '2026-08-24T12:10:00Z',
        pci=('01',),
    ),
    'warp-1118-rtx-pro-6000-blackwell-failed-tests-nvrtc-regression-in-cuda-13-1-to-13-3': Backdrop(
        'rtx-pro-6000-warp-ci',
        'RTX-PRO-6000',
        '580.95.05',
        '2026-09-14T11:30:00Z',
        '2026-09-14T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
