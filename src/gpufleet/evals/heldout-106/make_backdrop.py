"""heldout-public-106's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-106/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); hosts, bus numbers and most drivers are
stand-ins (see each case's description). No case uses extra: no report quotes an exporter value as a metric
sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'apex-1592-no-kernel-image-apex-built-for-another-gpu-architecture': Backdrop(
        'ws-apex-build',
        'A10',
        '525.85.12',
        '2023-02-16T11:30:00Z',
        '2023-02-16T12:10:00Z',
        pci=('01',),
    ),
    'tensorrt-1469-illegal-memory-access-trt-8-0-fixed-by-upgrading-to-8-2': Backdrop(
        'ws-2060super-trt',
        'A10',
        '470.86',
        '2021-12-30T11:30:00Z',
        '2021-12-30T12:10:00Z',
        pci=('01',),
    ),
    'torch2trt-438-illegal-memory-access-calibration-data-not-moved-to-gpu': Backdrop(
        'edge-torch2trt',
        'A10',
        '525.60.13',
        '2023-01-11T11:30:00Z',
        '2023-01-11T12:10:00Z',
        pci=('01',),
    ),
    'svraster-7-training-killed-host-ram-starvation-800-4k-images': Backdrop(
        'ws-3090-svraster',
        'A10',
        '570.86.15',
        '2025-03-05T11:30:00Z',
        '2025-03-05T12:10:00Z',
        pci=('01',),
    ),
    'tensorrt-564-engine-plan-built-on-incompatible-device-compute-7-5-vs-6-1': Backdrop(
        'laptop-1060-trt',
        'A10',
        '440.64',
        '2020-06-03T11:30:00Z',
        '2020-06-03T12:10:00Z',
        pci=('01',),
    ),
    'tensorrt-93-bert-demo-cuda-failure-209-sample-built-only-for-sm70-sm75': Backdrop(
        'ws-titanxp-bert',
        'A10',
        '418.87.00',
        '2019-09-05T11:30:00Z',
        '2019-09-05T12:10:00Z',
        pci=('01',),
    ),
    'instant-ngp-554-cudamalloc-out-of-memory-534-full-hd-images-on-laptop-3060': Backdrop(
        'laptop-3060-ngp',
        'A10',
        '512.59',
        '2022-04-30T11:30:00Z',
        '2022-04-30T12:10:00Z',
        pci=('01',),
    ),
    'instant-ngp-210-cumemcreate-oom-allocation-size-overflow-fixed-in-code': Backdrop(
        'ws-a6000-ngp',
        'A10',
        '511.65',
        '2022-02-22T11:30:00Z',
        '2022-02-22T12:10:00Z',
        pci=('01',),
    ),
    'instant-ngp-36-nerf-needs-10-8-gb-vram-8-gb-card-reduce-gui-resolution-images': Backdrop(
        'srv-3070-ngp',
        'A10',
        '495.46',
        '2022-01-18T11:30:00Z',
        '2022-01-18T12:10:00Z',
        pci=('01',),
    ),
    'open-gpu-kernel-modules-1237-frozen-bogus-power-reading-permanent-sw-power-cap-610-43': Backdrop(
        'laptop-ada2000-610',
        'A10',
        '610.43.03',
        '2026-07-10T11:30:00Z',
        '2026-07-10T12:10:00Z',
        pci=('01',),
    ),
    'enroot-205-pyxis-container-found-no-nvidia-driver-nvidia-visible-devices-not-set': Backdrop(
        'slurm-gpu-enroot',
        'A10',
        '550.90.07',
        '2024-08-21T11:30:00Z',
        '2024-08-21T12:10:00Z',
        pci=('01', '02',),
    ),
    'merlin-dataloader-84-oom-loading-large-parquet-on-24gb-gpu-row-group-size': Backdrop(
        'ws-24gb-merlin',
        'A10',
        '520.61.05',
        '2022-12-11T11:30:00Z',
        '2022-12-11T12:10:00Z',
        pci=('01',),
    ),
    'tensorrt-llm-pr-18678-illegal-memory-access-warp-mmu-fault-cublas-tma-kernel-sm120': Backdrop(
        'ci-sm120-4gpu',
        'A10',
        '580.95.05',
        '2026-09-03T11:30:00Z',
        '2026-09-03T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'tensorrt-1776-first-executev2-call-takes-1s-driver-initialization-benign': Backdrop(
        'ws-trt-firstcall',
        'A10',
        '510.47.03',
        '2022-02-03T11:30:00Z',
        '2022-02-03T12:10:00Z',
        pci=('01',),
    ),
    'tensorrt-llm-2773-gpu-memory-use-is-kv-cache-allocation-by-fraction-benign': Backdrop(
        'srv-trtllm-kv',
        'A10',
        '580.95.05',
        '2026-08-20T11:30:00Z',
        '2026-08-20T12:10:00Z',
        pci=('01',),
    ),
    'tensorrt-llm-1188-high-gpu-memory-default-kv-cache-fraction-0-9-benign': Backdrop(
        'ws-a4000-trtllm',
        'A10',
        '560.35.03',
        '2024-11-21T11:30:00Z',
        '2024-11-21T12:10:00Z',
        pci=('01',),
    ),
    'nemo-rl-917-gpus-idle-between-sft-steps-empty-cache-and-ray-synchronization': Backdrop(
        'dgx-nemo-rl-node0',
        'A10',
        '570.148.08',
        '2025-09-02T11:30:00Z',
        '2025-09-02T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'open-gpu-kernel-modules-395-520-56-06-regression-fan-cannot-be-stopped-1660ti': Backdrop(
        'ws-1660ti-fedora',
        'A10',
        '520.56.06',
        '2022-10-20T11:30:00Z',
        '2022-10-20T12:10:00Z',
        pci=('01',),
    ),
    'digits-1130-torch-trains-on-the-other-gpu-cuda-visible-devices-not-mapped': Backdrop(
        'ws-digits-2gpu',
        'A10',
        '367.48',
        '2016-09-30T11:30:00Z',
        '2016-09-30T12:10:00Z',
        pci=('01', '02',),
    ),
    'digits-659-torch-lmdb-loader-not-enough-memory-data-loader-footprint': Backdrop(
        'ws-digits-torch',
        'A10',
        '361.42',
        '2016-03-27T11:30:00Z',
        '2016-03-27T12:10:00Z',
        pci=('01',),
    ),
    'digits-1103-cpu-only-script-holds-106-mib-on-gpu0-cuda-context-benign': Backdrop(
        'ws-digits-gpu0',
        'A10',
        '367.48',
        '2016-09-21T11:30:00Z',
        '2016-09-21T12:10:00Z',
        pci=('01',),
    ),
    'digits-646-digits-runs-cpu-only-cuda-environment-not-set': Backdrop(
        'ws-digits-cpuonly',
        'A10',
        '361.28',
        '2016-03-23T11:30:00Z',
        '2016-03-23T12:10:00Z',
        pci=('01',),
    ),
    'transformerengine-966-tp-overlap-init-nccl-error-comm-gemm-overlap-assumes-tp-equals-world': Backdrop(
        'node-te-tpoverlap',
        'A10',
        '550.54.15',
        '2024-07-01T11:30:00Z',
        '2024-07-01T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'jetbot-24-jetson-nano-powers-off-after-30s-on-battery-micro-usb-cable-suspected': Backdrop(
        'jetbot-nano-battery',
        'A10',
        '32.1.0',
        '2019-04-04T11:30:00Z',
        '2019-04-04T12:10:00Z',
        pci=('01',),
    ),
    'gpu-monitoring-tools-166-dcgm-exporter-util-metrics-missing-on-mig-a100-benign': Backdrop(
        'a100-dcgm-exporter',
        'A10',
        '460.32.03',
        '2021-03-18T11:30:00Z',
        '2021-03-18T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
