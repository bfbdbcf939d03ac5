"""heldout-public-431's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-431/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description); hosts are
as printed where the evidence prints one (C.6837846, from a shell prompt) and stand-ins otherwise; GPU counts are as the
source states them (two for the candle-636 host, one elsewhere); bus numbers are as printed where the evidence prints them
(03 for nvhtop-23, 01 for nvidiaoc-22) and stand-ins otherwise; the driver (550.144.03) is the same stand-in for every case.
No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'cudajl-2896-julia-ptx-compile-fails-gtx1080-on-cuda13-only-driver-downgrade-driver': Backdrop(
        'gtx1080-win',
        'A10',
        '550.144.03',
        '2025-09-16T11:30:00Z',
        '2025-09-16T12:10:00Z',
        pci=('01',),
    ),
    'jittor-194-jittor-cuda-unsupported-ptx-version-cuda-11-2-on-driver-450-mismatch': Backdrop(
        'jittor-gpu-01',
        'A10',
        '550.144.03',
        '2021-04-09T11:30:00Z',
        '2021-04-09T12:10:00Z',
        pci=('01',),
    ),
    'whispernet-83-whisper-net-cublas-cuda-driver-insufficient-for-runtime-downgrade-cuda-12-to-11': Backdrop(
        'whispernet-win',
        'A10',
        '550.144.03',
        '2023-06-23T11:30:00Z',
        '2023-06-23T12:10:00Z',
        pci=('01',),
    ),
    'gpuexp-13-gonvml-gpu-exporter-pod-cannot-load-nvml-docker-daemon-json-wrong': Backdrop(
        'gpu-exporter-node',
        'A10',
        '550.144.03',
        '2019-07-31T11:30:00Z',
        '2019-07-31T12:10:00Z',
        pci=('01',),
    ),
    'nvhtop-23-nvidia-htop-nvidia-smi-missing-gpu-bound-to-nouveau-no-nvidia-driver': Backdrop(
        'proxmox64',
        'A10',
        '550.144.03',
        '2024-01-15T11:30:00Z',
        '2024-01-15T12:10:00Z',
        pci=('03',),
    ),
    'qclifford-164-julia-cuda-pool-holds-gpu-memory-oom-on-rerun-reclaim-not-leak': Backdrop(
        'qclifford-ws',
        'A10',
        '550.144.03',
        '2023-08-16T11:30:00Z',
        '2023-08-16T12:10:00Z',
        pci=('01',),
    ),
    'mxnetjl-85-mxnet-julia-gpu-memory-not-released-after-gc-internal-memory-pool': Backdrop(
        'mxnet-style-ws',
        'A10',
        '550.144.03',
        '2016-04-24T11:30:00Z',
        '2016-04-24T12:10:00Z',
        pci=('01',),
    ),
    'nvidiaoc-22-rust-nvml-power-management-limit-not-supported-on-rtx4080-mobile-benign': Backdrop(
        'rtx4080m-laptop',
        'A10',
        '550.144.03',
        '2025-04-23T11:30:00Z',
        '2025-04-23T12:10:00Z',
        pci=('01',),
    ),
    'kerneltuner-86-pynvml-clock-queries-not-supported-on-gtx1070-benign': Backdrop(
        'gtx1070-ws',
        'A10',
        '550.144.03',
        '2019-10-10T11:30:00Z',
        '2019-10-10T12:10:00Z',
        pci=('01',),
    ),
    'py3nvml-12-nvml-memory-reads-16mb-vs-11gb-bar1-queried-instead-of-framebuffer-benign': Backdrop(
        'py3nvml-ws',
        'A10',
        '550.144.03',
        '2019-12-03T11:30:00Z',
        '2019-12-03T12:10:00Z',
        pci=('01',),
    ),
    'cudajl-3060-julia-cuda-sync-massive-slowdown-slurm-one-cpu-thread-oversubscription': Backdrop(
        'slurm-gpu-node',
        'A10',
        '550.144.03',
        '2026-03-24T11:30:00Z',
        '2026-03-24T12:10:00Z',
        pci=('01',),
    ),
    'nccljl-66-nccl-jl-finalizers-desynchronize-ranks-distributed-job-hangs': Backdrop(
        'dmog-node01',
        'A10',
        '550.144.03',
        '2026-01-09T11:30:00Z',
        '2026-01-09T12:10:00Z',
        pci=('01',),
    ),
    'tornadovm-195-tornadovm-ptx-culaunchkernel-701-on-driver-510-60-argument-size-check': Backdrop(
        'rtx3070-ws',
        'A10',
        '550.144.03',
        '2022-07-20T11:30:00Z',
        '2022-07-20T12:10:00Z',
        pci=('01',),
    ),
    'candle-636-candle-quantized-example-slow-runs-on-cpu-only-gpu-unused': Backdrop(
        'C.6837846',
        'A10',
        '550.144.03',
        '2023-08-28T11:30:00Z',
        '2023-08-28T12:10:00Z',
        pci=('01', '02'),
    ),
    'candle-540-candle-wasm-llama2-example-gpu-not-used-runs-on-cpu': Backdrop(
        'candle-ws',
        'A10',
        '550.144.03',
        '2023-08-21T11:30:00Z',
        '2023-08-21T12:10:00Z',
        pci=('01',),
    ),
    'mojo-6896-mojo-gpu-not-present-in-mig-slice-container-nvml-parent-memory-query-denied': Backdrop(
        'mig-k8s-node',
        'A10',
        '550.144.03',
        '2026-08-15T11:30:00Z',
        '2026-08-15T12:10:00Z',
        pci=('01',),
    ),
    'mlverse-112-torch-for-r-gpu-memory-grows-until-oom-in-loop-r-gc-unaware-of-gpu-memory': Backdrop(
        'r-torch-gis',
        'A10',
        '550.144.03',
        '2020-09-17T11:30:00Z',
        '2020-09-17T12:10:00Z',
        pci=('01',),
    ),
    'torch7-196-lua-torch-picks-wrong-gpu-nvml-order-differs-from-cuda-order': Backdrop(
        'torch7-multigpu',
        'A10',
        '550.144.03',
        '2013-11-10T11:30:00Z',
        '2013-11-10T12:10:00Z',
        pci=('01', '02', '03'),
    ),
    'fluxtraining-47-flux-gpu-training-no-faster-than-cpu-data-loaders-reading-from-disk': Backdrop(
        'flux-ws',
        'A10',
        '550.144.03',
        '2020-12-16T11:30:00Z',
        '2020-12-16T12:10:00Z',
        pci=('01',),
    ),
    'gorgoniacu-2-go-cuda-binding-cu-init-unknown-error-nvidia-uvm-module-not-loaded': Backdrop(
        'gorgonia-cu-host',
        'A10',
        '550.144.03',
        '2017-03-19T11:30:00Z',
        '2017-03-19T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
