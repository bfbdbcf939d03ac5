"""heldout-public-225's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-225/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts, bus numbers (none is printed by the sources; 01..04 for small hosts, the default HGX numbers for the
8-GPU nodes) and the driver (550.144.03, the same for every case) are stand-ins.
No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'mlcommons-529-gpu-not-found-warnings-misleading-gpu-hidden-on-purpose-benign': Backdrop(
        'algoperf-bench-01',
        'A10',
        '550.144.03',
        '2023-10-03T11:30:00Z',
        '2023-10-03T12:10:00Z',
        pci=('01',),
    ),
    'deepvariant-722-cuda-error-not-initialized-messages-but-snp-calling-finished-fine-benign': Backdrop(
        'deepvariant-gpu-01',
        'A10',
        '550.144.03',
        '2023-10-30T00:00:00Z',
        '2023-10-30T00:40:00Z',
        pci=('01',),
    ),
    'deepvariant-1076-cpu-image-prints-gpu-warnings-on-steps-that-never-use-gpu-benign': Backdrop(
        'deepvariant-cpu-01',
        'A10',
        '550.144.03',
        '2026-05-15T11:17:00Z',
        '2026-05-15T11:57:00Z',
        pci=('01',),
    ),
    'wyoming-faster-whisper-30-libcublas-so-12-not-found-ctranslate2-needs-cuda-12-host-has-11-8': Backdrop(
        'wyoming-whisper-01',
        'A10',
        '550.144.03',
        '2024-03-24T11:30:00Z',
        '2024-03-24T12:10:00Z',
        pci=('01',),
    ),
    'faster-whisper-263-libcublas-so-11-not-found-on-cuda-12-host-needs-cuda-11-or-rebuild': Backdrop(
        'arch-whisper-01',
        'A10',
        '550.144.03',
        '2023-05-26T11:30:00Z',
        '2023-05-26T12:10:00Z',
        pci=('01',),
    ),
    'occlusionfusion-14-demo-cuda-oom-gradients-accumulate-every-iteration-linear-memory-growth': Backdrop(
        'occlusionfusion-01',
        'A10',
        '550.144.03',
        '2022-11-11T11:30:00Z',
        '2022-11-11T12:10:00Z',
        pci=('01',),
    ),
    'manga-image-translator-210-requirements-install-cpu-torch-cuda-unavailable-use-cuda-fails': Backdrop(
        'manga-translator-01',
        'A10',
        '550.144.03',
        '2023-02-06T11:30:00Z',
        '2023-02-06T12:10:00Z',
        pci=('01',),
    ),
    'panelcleaner-22-cannot-run-on-cuda-torch-without-cuda-build-reinstall-cu118-wheels': Backdrop(
        'panelcleaner-01',
        'A10',
        '550.144.03',
        '2023-10-05T11:30:00Z',
        '2023-10-05T12:10:00Z',
        pci=('01',),
    ),
    'spd-536-144-gpu-run-nccl-watchdog-at-first-checkpoint-rank0-alone-reads-partials-10min-subgroup-timeout': Backdrop(
        'spd-pool-node-00',
        'A10',
        '550.144.03',
        '2026-05-29T11:30:00Z',
        '2026-05-29T12:10:00Z',
    ),
    'habitat-sim-193-every-process-loads-cuda-runtime-on-gpu0-as-well-as-its-own-gpu-set-device': Backdrop(
        'habitat-sim-01',
        'A10',
        '550.144.03',
        '2019-09-05T11:30:00Z',
        '2019-09-05T12:10:00Z',
        pci=('01', '02'),
    ),
    'modded-nanogpt-161-every-rank-creates-cuda-context-on-gpu0-device-cuda-defaults-to-cuda0': Backdrop(
        'nanogpt-8gpu-01',
        'A10',
        '550.144.03',
        '2025-11-23T11:30:00Z',
        '2025-11-23T12:10:00Z',
    ),
    'mask-rcnn-1449-gpu-workload-too-small-cpu-threads-too-many-capped-tf-threads-and-workers': Backdrop(
        'maskrcnn-train-01',
        'A10',
        '550.144.03',
        '2019-06-19T11:30:00Z',
        '2019-06-19T12:10:00Z',
        pci=('01',),
    ),
    'areal-622-vllm-and-ray-processes-orphaned-after-launcher-kills-tasks-gpu-memory-not-released': Backdrop(
        'areal-grpo-01',
        'A10',
        '550.144.03',
        '2025-11-25T11:30:00Z',
        '2025-11-25T12:10:00Z',
    ),
    'ray-54364-oom-killer-kills-ray-data-worker-vllm-gpu-process-lingers-on-its-gpu': Backdrop(
        'ray-data-vllm-01',
        'A10',
        '550.144.03',
        '2025-07-07T11:30:00Z',
        '2025-07-07T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'production-stack-44-vllm-stack-fails-to-launch-nccl-shared-memory-dev-shm-too-small': Backdrop(
        'vllm-stack-pod-01',
        'A10',
        '550.144.03',
        '2025-01-30T11:30:00Z',
        '2025-01-30T12:10:00Z',
        pci=('01',),
    ),
    'openclaude-1016-client-v0-5-extra-requests-keep-rtx4090-llama-server-loaded-overheating-throttling': Backdrop(
        'llama-server-4090',
        'A10',
        '550.144.03',
        '2026-05-06T11:30:00Z',
        '2026-05-06T12:10:00Z',
        pci=('01',),
    ),
    'apex-19-ddp-deadlock-collectives-issued-in-random-dict-order-non-matching-calls': Backdrop(
        'apex-ddp-01',
        'A10',
        '550.144.03',
        '2018-06-26T11:30:00Z',
        '2018-06-26T12:10:00Z',
        pci=('01', '02'),
    ),
    'ldif-4-io-bound-training-gpu-below-100-percent-fixed-by-sharded-compressed-tfrecords': Backdrop(
        'ldif-train-01',
        'A10',
        '550.144.03',
        '2020-08-01T11:30:00Z',
        '2020-08-01T12:10:00Z',
        pci=('01',),
    ),
    'image-captioning-53-gpu-util-1-2-percent-memory-8gb-slow-hdf5-dataloading-starves-gpu': Backdrop(
        'captioning-train-01',
        'A10',
        '550.144.03',
        '2019-03-26T11:30:00Z',
        '2019-03-26T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
