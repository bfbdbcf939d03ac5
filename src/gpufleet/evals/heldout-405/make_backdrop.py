"""heldout-public-405's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-405/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except gaia and h100-novita-host3-gpu-2, which the evidence prints), GPU counts, bus numbers (01..N in index order)
and the driver (550.144.03, the same for every case) are stand-ins. No case uses extra: no source quotes an exporter value
as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'pytorch-71616-intermittent-cuda-oom-allocated-far-below-reserved-caching-allocator-head-of-line-blocking': Backdrop(
        'train-node-01',
        'A10',
        '550.144.03',
        '2022-01-21T11:30:00Z',
        '2022-01-21T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'dorado-272-basecaller-cuda-oom-on-3090-and-a6000-nodes-gpu-memory-fragmented': Backdrop(
        'dorado-3090-node',
        'A10',
        '550.144.03',
        '2023-06-28T11:30:00Z',
        '2023-06-28T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'cubecl-1401-stale-page-panics-were-oom-fallout-genuine-vram-exhaustion-not-fragmentation': Backdrop(
        'rtx4090-workstation',
        'A10',
        '550.144.03',
        '2026-07-18T11:30:00Z',
        '2026-07-18T12:10:00Z',
        pci=('01',),
    ),
    'sglang-6914-scheduler-rss-grows-per-request-killed-by-oom-in-kubernetes-memory-leak': Backdrop(
        'k8s-sglang-node',
        'A10',
        '550.144.03',
        '2025-06-06T11:30:00Z',
        '2025-06-06T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'parallelwavegan-314-dataloader-worker-bus-error-after-35k-steps-docker-shared-memory-too-small': Backdrop(
        'pwg-train-node',
        'A10',
        '550.144.03',
        '2021-12-13T11:30:00Z',
        '2021-12-13T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'pytorch-5247-bus-error-core-dump-when-dev-shm-runs-out-of-space-shared-memory-oom': Backdrop(
        'fair-train-node',
        'A10',
        '550.144.03',
        '2018-02-14T11:30:00Z',
        '2018-02-14T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'mars-1677-kubernetes-worker-pods-sigbus-fixed-by-mounting-host-dev-shm': Backdrop(
        'k8s-mars-worker',
        'A10',
        '550.144.03',
        '2020-11-04T11:30:00Z',
        '2020-11-04T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'torchx-428-docker-k8s-default-dev-shm-64mb-too-small-for-dataloader-workers': Backdrop(
        'k8s-torchx-node',
        'A10',
        '550.144.03',
        '2022-03-21T11:30:00Z',
        '2022-03-21T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'maru-64-cudahostregister-512gib-fails-cudaerrormemoryallocation-on-r580-drivers-page-table-cap': Backdrop(
        'gaia',
        'A10',
        '550.144.03',
        '2026-07-14T11:30:00Z',
        '2026-07-14T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'tensorflow-directml-294-gpu-oom-after-sustained-run-memory-leak-fixed-in-next-release': Backdrop(
        'dml-workstation',
        'A10',
        '550.144.03',
        '2021-08-04T11:30:00Z',
        '2021-08-04T12:10:00Z',
        pci=('01',),
    ),
    'gpustack-2048-llama-box-rpc-server-vram-not-released-after-stop-oom-on-restart': Backdrop(
        'gpustack-rpc-worker',
        'A10',
        '550.144.03',
        '2025-05-15T11:30:00Z',
        '2025-05-15T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'comfyui-sam3-20-vram-grows-2gb-per-video-tracking-run-never-released-oom': Backdrop(
        'comfyui-workstation',
        'A10',
        '550.144.03',
        '2025-11-23T11:30:00Z',
        '2025-11-23T12:10:00Z',
        pci=('01',),
    ),
    'practical-ml-vision-book-6-vertex-notebook-t4-bfc-allocator-oom-other-notebook-kernels-held-gpu': Backdrop(
        'vertex-notebook-t4',
        'A10',
        '550.144.03',
        '2021-12-03T11:30:00Z',
        '2021-12-03T12:10:00Z',
        pci=('01',),
    ),
    'sglang-28089-ci-runner-dev-shm-full-of-leaked-segments-from-sigkilled-jobs-scheduler-bus-error': Backdrop(
        'h100-novita-host3-gpu-2',
        'A10',
        '550.144.03',
        '2026-06-12T11:30:00Z',
        '2026-06-12T12:10:00Z',
        pci=('01',),
    ),
    'suite3d-51-notebook-kernel-crashes-after-gpu-oom-crash-stale-dev-shm-segment-still-loaded': Backdrop(
        'suite3d-gpu-host',
        'A10',
        '550.144.03',
        '2023-11-02T11:30:00Z',
        '2023-11-02T12:10:00Z',
        pci=('01',),
    ),
    'nvtop-86-running-processes-not-displayed-nvml-lacks-support-for-old-gpu-benign': Backdrop(
        'kubuntu-desktop',
        'A10',
        '550.144.03',
        '2020-12-23T11:30:00Z',
        '2020-12-23T12:10:00Z',
        pci=('01',),
    ),
    'vllm-11550-vllm-occupies-almost-all-gpu-memory-after-init-preallocation-by-design-benign': Backdrop(
        'vllm-server-01',
        'A10',
        '550.144.03',
        '2024-12-27T11:30:00Z',
        '2024-12-27T12:10:00Z',
        pci=('01',),
    ),
    'vllm-10637-memory-above-gpu-memory-utilization-cuda-graphs-fragmentation-overhead-benign': Backdrop(
        'vllm-server-02',
        'A10',
        '550.144.03',
        '2024-12-23T11:30:00Z',
        '2024-12-23T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'speechbrain-68-gpu-memory-rises-to-max-then-drops-back-dataloader-caching-not-a-problem-benign': Backdrop(
        'speechbrain-workstation',
        'A10',
        '550.144.03',
        '2020-05-13T11:30:00Z',
        '2020-05-13T12:10:00Z',
        pci=('01',),
    ),
    'alphafold3-393-cluster-jobs-appear-to-use-over-40gb-gpu-memory-xla-preallocates-95-percent-benign': Backdrop(
        'a100-node-01',
        'A10',
        '550.144.03',
        '2025-04-25T11:30:00Z',
        '2025-04-25T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
