"""heldout-public-151's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-151/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list or not named); hosts, bus numbers and drivers
are stand-ins (see each case's description). No case uses extra: no source quotes an exporter value as a metric
sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'askubuntu-a1009726-kernel-4-4-0-116-update-breaks-nvidia-module-gcc-without-retpoline': Backdrop(
        'u1604-gpu-ws',
        'A10',
        '390.30',
        '2018-02-23T11:30:00Z',
        '2018-02-23T12:10:00Z',
        pci=('01',),
    ),
    'aws-parallelcluster-wiki-3-1-1-prolog-bug-drains-shared-nodes-isolated-networks': Backdrop(
        'compute-st-gpu-1',
        'A10',
        '510.47.03',
        '2022-03-01T11:30:00Z',
        '2022-03-01T12:10:00Z',
    ),
    'nvidia-cosmos-framework-posttrain-job-hangs-gpus-0pct-two-ucx-copies-segfault-frozen': Backdrop(
        'cosmos-node-01',
        'A10',
        '570.133.20',
        '2026-06-01T11:30:00Z',
        '2026-06-01T12:10:00Z',
    ),
    'marcoc2-nvhelper-nvidia-smi-fails-after-suspend-resume-xid31-preservevideomemory-unset': Backdrop(
        'hybrid-laptop',
        'A10',
        '580.95.05',
        '2026-02-01T11:30:00Z',
        '2026-02-01T12:10:00Z',
        pci=('01',),
    ),
    'myxttsmodel-gpu-util-4pct-python-functions-in-tf-data-pipeline-cpu-bound': Backdrop(
        'xtts-train-01',
        'A10',
        '570.133.20',
        '2025-09-01T11:30:00Z',
        '2025-09-01T12:10:00Z',
        pci=('01',),
    ),
    'kktsuji-ai-gen-image-stats-gpu-util-40-50pct-single-threaded-dataloader': Backdrop(
        'i7-8700k-ws',
        'A10',
        '580.95.05',
        '2025-11-01T11:30:00Z',
        '2025-11-01T12:10:00Z',
        pci=('01',),
    ),
    'renhaiyang-paper-gpu0-3158mb-0pct-76s-per-step-cpu-preprocessing-bottleneck': Backdrop(
        'marl-train-01',
        'A10',
        '570.172.08',
        '2025-10-23T11:30:00Z',
        '2025-10-23T12:10:00Z',
        pci=('01',),
    ),
    'timholds-manim-gpu-is-lost-at-process-exit-unsloth-4bit-driver-575-context-cleanup-bug': Backdrop(
        'a4500-ws',
        'A10',
        '575.57.08',
        '2025-06-27T11:30:00Z',
        '2025-06-27T12:10:00Z',
        pci=('01',),
    ),
    'pua-pfn-illegal-memory-access-after-50-150-epochs-driver-incompatibility-suspected': Backdrop(
        'pfn-ws',
        'A10',
        '570.124.06',
        '2026-02-21T11:30:00Z',
        '2026-02-21T12:10:00Z',
        pci=('01',),
    ),
    'qwen-classify-nccl-watchdog-allreduce-timeout-during-eval-third-epoch': Backdrop(
        'qwen-train-01',
        'A10',
        '550.90.07',
        '2025-07-17T11:30:00Z',
        '2025-07-17T12:10:00Z',
    ),
    'flow-rtpo-nccl-timeouterror-in-sampling-ddp-sync-not-needed-at-inference': Backdrop(
        'rtpo-node-01',
        'A10',
        '550.90.07',
        '2025-08-25T11:30:00Z',
        '2025-08-25T12:10:00Z',
    ),
    'spiral-new-watchdog-allreduce-1h-hardcoded-deepspeed-timeout-long-evaluation': Backdrop(
        'spiral-node-01',
        'A10',
        '570.133.20',
        '2025-09-15T11:30:00Z',
        '2025-09-15T12:10:00Z',
    ),
    'veoery-cmu16825-nccl-error-nvmldevicegethandlebyindex-unknown-error-driver-suspected': Backdrop(
        'cmu-gpu-01',
        'A10',
        '570.172.08',
        '2025-11-30T11:30:00Z',
        '2025-11-30T12:10:00Z',
        pci=('01', '21', '41', '61'),
    ),
    'rlinf-sglang-worker-cuda-error-invalid-argument-forced-weight-offload-at-init': Backdrop(
        'rlinf-node-01',
        'A10',
        '570.133.20',
        '2025-10-15T11:30:00Z',
        '2025-10-15T12:10:00Z',
    ),
    'areal-cuda-oom-staleness-manager-created-without-dp-scaling-4x-rollouts': Backdrop(
        'areal-node-01',
        'A10',
        '570.133.20',
        '2025-10-24T11:30:00Z',
        '2025-10-24T12:10:00Z',
        pci=('01', '21', '41', '61'),
    ),
    'yunzhu-mae-aortic-valve-cuda-oom-batch-64-on-10-57gib-gpu': Backdrop(
        'valve-ws',
        'A10',
        '570.172.08',
        '2025-10-01T11:30:00Z',
        '2025-10-01T12:10:00Z',
        pci=('01',),
    ),
    'cellmap-segmentation-3d-jobs-host-ram-oom-killed-unbounded-tensorstore-caches': Backdrop(
        'l40s-node-01',
        'A10',
        '570.133.20',
        '2026-02-24T11:30:00Z',
        '2026-02-24T12:10:00Z',
    ),
    'paralleliq-piqc-benign-low-gpu-util-low-traffic-healthy-underloaded-no-action': Backdrop(
        'llm-serve-01',
        'A10',
        '570.133.20',
        '2025-12-01T11:30:00Z',
        '2025-12-01T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
