"""heldout-public-116's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-116/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); hosts, bus numbers and most drivers are
stand-ins (see each case's description). No case uses extra: no report quotes an exporter value as a metric
sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'hugectr-30-dlrm-terabyte-oom-embedding-table-larger-than-one-gpu': Backdrop(
        'hugectr-dlrm-1gpu',
        'A10',
        '450.51.06',
        '2020-08-27T11:30:00Z',
        '2020-08-27T12:10:00Z',
        pci=('01',),
    ),
    'stylegan2-ada-9-training-crashes-silently-host-cache-memory-filling-leak-suspected': Backdrop(
        'ws-2080ti-stylegan',
        'A10',
        '455.23.04',
        '2020-10-24T11:30:00Z',
        '2020-10-24T12:10:00Z',
        pci=('01',),
    ),
    'instant-ngp-576-nerf-cuda-oom-on-6gb-gtx1060-too-little-vram': Backdrop(
        'ws-gtx1060-ngp',
        'A10',
        '510.73.05',
        '2022-05-05T11:30:00Z',
        '2022-05-05T12:10:00Z',
        pci=('01',),
    ),
    'deeplearningexamples-600-dlrm-throughput-below-published-io-bound-storage-suspected': Backdrop(
        'dgx-v100-dlrm',
        'A10',
        '450.51.06',
        '2020-07-22T11:30:00Z',
        '2020-07-22T12:10:00Z',
        pci=('01',),
    ),
    'torch2trt-188-jetson-nano-resnet18-75fps-not-90-fixed-by-jetson-clocks': Backdrop(
        'jetson-nano-trt',
        'A10',
        '440.33.01',
        '2019-12-12T11:30:00Z',
        '2019-12-12T12:10:00Z',
        pci=('01',),
    ),
    'trt-pose-44-xavier-30fps-vs-251fps-benchmark-counts-inference-only-benign': Backdrop(
        'jetson-xavier-trtpose',
        'A10',
        '440.33.01',
        '2020-05-19T11:30:00Z',
        '2020-05-19T12:10:00Z',
        pci=('01',),
    ),
    'tensorrt-llm-538-llama70b-build-host-oom-four-full-model-copies-in-256gb-ram': Backdrop(
        'trtllm-build-4gpu',
        'A10',
        '535.129.03',
        '2023-12-04T11:30:00Z',
        '2023-12-04T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'tensorrt-llm-217-baichuan-build-killed-64gb-host-memory-too-small-suspected': Backdrop(
        'trtllm-build-64gb',
        'A10',
        '535.104.05',
        '2023-10-31T11:30:00Z',
        '2023-10-31T12:10:00Z',
        pci=('01',),
    ),
    'tensorrt-llm-23-container-needs-driver-535-86-host-has-510-85-compatibility-unavailable': Backdrop(
        'trtllm-dev-510',
        'A10',
        '510.85.02',
        '2023-10-20T11:30:00Z',
        '2023-10-20T12:10:00Z',
        pci=('01',),
    ),
    'gdrcopy-269-device-to-host-copy-slow-bar-not-prefetchable-by-design-benign': Backdrop(
        'gdrcopy-node',
        'A10',
        '535.54.03',
        '2023-07-07T11:30:00Z',
        '2023-07-07T12:10:00Z',
        pci=('01',),
    ),
    'isaac-gr00t-362-finetune-gpu-util-20-30-percent-dataloader-cpu-bottleneck': Backdrop(
        'h100x8-gr00t',
        'A10',
        '580.82.07',
        '2025-09-10T11:30:00Z',
        '2025-09-10T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'nemo-rl-2937-moe-ep-nccl-hang-across-two-nvl72-racks-fixed-by-pxn-disable': Backdrop(
        'nvl72-rack-a-tray01',
        'A10',
        '580.95.05',
        '2026-06-28T11:30:00Z',
        '2026-06-28T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'odise-29-demo-cuda-oom-on-12gb-rtx3060-needs-13gb-vram': Backdrop(
        'ws-rtx3060-odise',
        'A10',
        '535.86.10',
        '2023-08-07T11:30:00Z',
        '2023-08-07T12:10:00Z',
        pci=('01',),
    ),
    'tensorrt-llm-1400-73gb-gpu-memory-used-kv-cache-preallocation-benign': Backdrop(
        'a100-trtllm-serve',
        'A10',
        '550.54.15',
        '2024-04-04T11:30:00Z',
        '2024-04-04T12:10:00Z',
        pci=('01',),
    ),
    'k8s-driver-manager-217-dra-node-driver-install-deadlock-evicted-pods-stuck-terminating': Backdrop(
        'k8s-dra-gpu-node',
        'A10',
        '580.95.05',
        '2026-07-28T11:30:00Z',
        '2026-07-28T12:10:00Z',
        pci=('01',),
    ),
    'tensorrt-2229-windows-inference-time-fluctuates-on-511-512-drivers-stable-on-473': Backdrop(
        'win-rtx3060-trt',
        'A10',
        '512.96',
        '2022-08-10T11:30:00Z',
        '2022-08-10T12:10:00Z',
        pci=('01',),
    ),
    'tensorrt-2289-windows-inference-16-200ms-jitter-new-driver-bug-or-wddm-suspected': Backdrop(
        'win-gpu-trt-jitter',
        'A10',
        '527.56',
        '2022-12-02T11:30:00Z',
        '2022-12-02T12:10:00Z',
        pci=('01',),
    ),
    'tensorrt-llm-548-nvidia-smi-shows-500mb-more-than-engine-pytorch-pool-workspace-benign': Backdrop(
        'a100-40g-trtllm',
        'A10',
        '535.129.03',
        '2023-12-04T11:30:00Z',
        '2023-12-04T12:10:00Z',
        pci=('01',),
    ),
    'megatron-bridge-6055-b300-throughput-down-7-percent-numactl-core-pinning-dropped': Backdrop(
        'b300x8-node01',
        'A10',
        '580.95.05',
        '2026-09-10T11:30:00Z',
        '2026-09-10T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'tensorrt-llm-18117-mgmn-workers-unbound-numa-22-percent-memory-on-remote-socket': Backdrop(
        'grace-2s-trtllm',
        'A10',
        '580.95.05',
        '2026-08-24T11:30:00Z',
        '2026-08-24T12:10:00Z',
        pci=('01', '02',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
