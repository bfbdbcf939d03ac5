"""heldout-public-289's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-289/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (<key>-host), bus numbers (no source prints one: 01..N in index order) and the driver (550.144.03, the same
for every case) are stand-ins. No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'sglang-1986-default-docker-shm-size-causes-nccl-errors-at-70b-tp8-set-shm-size': Backdrop(
        'sglang-1986-host',
        'A10',
        '550.144.03',
        '2024-11-10T11:30:00Z',
        '2024-11-10T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'llamafactory-3230-qwen-72b-deepspeed-z3-host-ram-oom-killed-by-system-not-cuda-oom': Backdrop(
        'llamafactory-3230-host',
        'A10',
        '550.144.03',
        '2024-04-11T11:30:00Z',
        '2024-04-11T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'alma-42-a100-40g-oom-with-zero2-large-vocab-llama3-stated-by-maintainer': Backdrop(
        'alma-42-host',
        'A10',
        '550.144.03',
        '2024-05-08T11:30:00Z',
        '2024-05-08T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'open-r1-653-deepspeed-0-16-7-oom-qwen3-8b-on-8xh100-fixed-by-bump-to-0-16-8': Backdrop(
        'open-r1-653-host',
        'A10',
        '550.144.03',
        '2025-05-21T11:30:00Z',
        '2025-05-21T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'tensorflow-45590-hundreds-of-sm-86-gpu-name-warnings-on-rtx-3090-ignorable-benign': Backdrop(
        'tensorflow-45590-host',
        'A10',
        '550.144.03',
        '2020-12-11T11:30:00Z',
        '2020-12-11T12:10:00Z',
        pci=('01',),
    ),
    'bminf-29-p100-cc-6-0-no-kernel-image-library-requires-compute-capability-6-1': Backdrop(
        'bminf-29-host',
        'A10',
        '550.144.03',
        '2021-12-24T11:30:00Z',
        '2021-12-24T12:10:00Z',
        pci=('01',),
    ),
    'pytorch-31285-no-kernel-image-available-binaries-only-for-cc-3-7-and-up': Backdrop(
        'pytorch-31285-host',
        'A10',
        '550.144.03',
        '2020-04-06T11:30:00Z',
        '2020-04-06T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'ollama-6008-70b-model-partly-offloaded-42-of-81-layers-runs-on-cpu-gpu-util-10-percent': Backdrop(
        'ollama-6008-host',
        'A10',
        '550.144.03',
        '2024-07-28T11:30:00Z',
        '2024-07-28T12:10:00Z',
        pci=('01',),
    ),
    'nequix-29-validation-without-distributed-barrier-nccl-timeout-fixed-by-barrier': Backdrop(
        'nequix-29-host',
        'A10',
        '550.144.03',
        '2026-02-24T11:30:00Z',
        '2026-02-24T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'pytorch-49481-every-rank-creates-cuda-context-on-gpu0-871mib-each-device-not-set': Backdrop(
        'pytorch-49481-host',
        'A10',
        '550.144.03',
        '2020-12-16T11:30:00Z',
        '2020-12-16T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'olmo-720-gpu0-higher-memory-fixed-by-setting-cuda-device-before-process-group-init': Backdrop(
        'olmo-720-host',
        'A10',
        '550.144.03',
        '2024-09-12T11:30:00Z',
        '2024-09-12T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'tutel-254-destroy-process-group-warning-at-exit-only-an-alert-benign': Backdrop(
        'tutel-254-host',
        'A10',
        '550.144.03',
        '2025-01-01T11:30:00Z',
        '2025-01-01T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'tgi-1300-quantize-does-not-reduce-gpu-memory-tgi-reserves-rest-for-kv-cache-benign': Backdrop(
        'tgi-1300-host',
        'A10',
        '550.144.03',
        '2023-11-30T11:30:00Z',
        '2023-11-30T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'tgi-1863-mistral-7b-uses-67gb-on-a100-kv-cache-allocated-at-warmup-benign': Backdrop(
        'tgi-1863-host',
        'A10',
        '550.144.03',
        '2024-05-12T11:30:00Z',
        '2024-05-12T12:10:00Z',
        pci=('01',),
    ),
    'atoma-infer-107-kv-cache-blocks-sized-before-model-load-over-allocates-gpu-memory': Backdrop(
        'atoma-107-host',
        'A10',
        '550.144.03',
        '2024-10-06T11:30:00Z',
        '2024-10-06T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'pytorch-173953-flash-attention-2-8-3-upgrade-illegal-memory-access-on-b200-head-dim-160-kernels-removed': Backdrop(
        'pytorch-173953-host',
        'A10',
        '550.144.03',
        '2026-01-30T11:30:00Z',
        '2026-01-30T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'flash-attention-1749-flash-attn-2-8-1-device-kernel-image-invalid-reverting-to-2-8-0-fixes': Backdrop(
        'flash-attention-1749-host',
        'A10',
        '550.144.03',
        '2025-07-11T11:30:00Z',
        '2025-07-11T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'transformers-47926-continuous-batching-switches-to-flash-attention-3-on-t4-crash-regression-5-15': Backdrop(
        'transformers-47926-host',
        'A10',
        '550.144.03',
        '2026-08-13T11:30:00Z',
        '2026-08-13T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
