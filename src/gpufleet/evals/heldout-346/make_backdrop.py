"""heldout-public-346's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-346/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
host names, GPU counts, bus numbers (01..N in index order) and the driver (550.144.03, the same for every case)
are stand-ins. No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'vllm-3812-v100-cuda-11-4-host-cannot-install-or-build-vllm-driver-and-toolkit-too-old': Backdrop(
        'v100-cuda114-host',
        'A10',
        '550.144.03',
        '2024-04-03T11:30:00Z',
        '2024-04-03T12:10:00Z',
        pci=('01',),
    ),
    'tgi-446-download-process-signaled-signal-7-shm-volume-not-mounted': Backdrop(
        'tgi-docker-host',
        'A10',
        '550.144.03',
        '2023-06-13T11:30:00Z',
        '2023-06-13T12:10:00Z',
        pci=('01',),
    ),
    'lmdeploy-1750-official-image-fails-on-rtx-4090-cuda-12-3-nccl-p2p-disable-workaround': Backdrop(
        'lmdeploy-4090-host',
        'A10',
        '550.144.03',
        '2024-06-12T11:30:00Z',
        '2024-06-12T12:10:00Z',
        pci=('01', '02',),
    ),
    'sglang-531-custom-allreduce-peer-access-not-supported-rtx-4090-disable-p2p-regression': Backdrop(
        'sglang-4090-host',
        'A10',
        '550.144.03',
        '2024-06-11T11:30:00Z',
        '2024-06-11T12:10:00Z',
        pci=('01', '02',),
    ),
    'qwenvl-447-rtx-4000-series-finetune-error-no-p2p-or-ib-set-nccl-p2p-and-ib-disable': Backdrop(
        'qwenvl-40series-host',
        'A10',
        '550.144.03',
        '2024-08-07T11:30:00Z',
        '2024-08-07T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'cosmos-22-gb10-dgx-spark-nvml-memory-info-not-supported-unified-memory-benign': Backdrop(
        'dgx-spark-gb10',
        'A10',
        '550.144.03',
        '2026-06-06T11:30:00Z',
        '2026-06-06T12:10:00Z',
        pci=('01',),
    ),
    'xrai-462-dgx-spark-vllm-cold-start-fails-page-cache-counted-as-non-torch-memory': Backdrop(
        'dgx-spark-gb10',
        'A10',
        '550.144.03',
        '2026-09-02T11:30:00Z',
        '2026-09-02T12:10:00Z',
        pci=('01',),
    ),
    'sparkvllm-286-dgx-spark-kv-cache-starved-transient-compiler-memory-counted-as-non-torch': Backdrop(
        'dgx-spark-gb10',
        'A10',
        '550.144.03',
        '2026-06-12T11:30:00Z',
        '2026-06-12T12:10:00Z',
        pci=('01',),
    ),
    'triton-7547-stub-process-not-healthy-only-in-kserve-pod-empty-resources-limits-fixed': Backdrop(
        'kserve-gpu-node',
        'A10',
        '550.144.03',
        '2024-08-20T11:30:00Z',
        '2024-08-20T12:10:00Z',
        pci=('01',),
    ),
    'jax-28194-slurm-gpus-per-task-breaks-jax-distributed-gpu-visibility-use-gres': Backdrop(
        'slurm-gpu-node',
        'A10',
        '550.144.03',
        '2025-04-23T11:30:00Z',
        '2025-04-23T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'lightningpose-220-multi-gpu-under-slurm-needs-ntasks-per-node-and-srun-local-rank': Backdrop(
        'slurm-gpu-node',
        'A10',
        '550.144.03',
        '2024-11-12T11:30:00Z',
        '2024-11-12T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'pippy-595-ci-nvidia-driver-install-fails-510-60-02-present-instead-of-515-57-shared-runner': Backdrop(
        'pytorch-ci-runner',
        'A10',
        '550.144.03',
        '2022-11-03T11:30:00Z',
        '2022-11-03T12:10:00Z',
        pci=('01',),
    ),
    'pytorch-163531-ci-legacy-driver-downgrade-nvidia-smi-no-devices-were-found-status-6': Backdrop(
        'pytorch-ci-runner',
        'A10',
        '550.144.03',
        '2025-09-22T11:30:00Z',
        '2025-09-22T12:10:00Z',
        pci=('01',),
    ),
    'vllm-39874-mig-nvml-no-permission-full-gpu-memory-reported-kv-cache-over-allocated': Backdrop(
        'h200-mig-host',
        'A10',
        '550.144.03',
        '2026-04-15T11:30:00Z',
        '2026-04-15T12:10:00Z',
        pci=('01',),
    ),
    'vss-25-mig-on-h200-dgx-nvidia-smi-memory-query-insufficient-permissions-script-errors-benign': Backdrop(
        'h200-dgx-mig',
        'A10',
        '550.144.03',
        '2025-06-15T11:30:00Z',
        '2025-06-15T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'codegeex-158-v100-32g-cannot-run-inference-host-ram-too-small-process-killed': Backdrop(
        'v100-32g-host',
        'A10',
        '550.144.03',
        '2023-05-26T11:30:00Z',
        '2023-05-26T12:10:00Z',
        pci=('01',),
    ),
    'vllm-661-generate-stuck-at-zero-progress-gpu-memory-insufficient-for-1024-tokens': Backdrop(
        'rtx8000-host',
        'A10',
        '550.144.03',
        '2023-08-03T11:30:00Z',
        '2023-08-03T12:10:00Z',
        pci=('01',),
    ),
    'daskcuda-318-cuml-solvers-no-kernel-image-on-p100-cumlprims-compiled-for-newer-gpus': Backdrop(
        'p100-dask-host',
        'A10',
        '550.144.03',
        '2020-06-16T11:30:00Z',
        '2020-06-16T12:10:00Z',
        pci=('01', '02',),
    ),
    'ollama-12316-release-no-kernel-image-on-gtx-1080-pascal-fixed-in-next-release-downgrade-works': Backdrop(
        'ollama-gtx1080-pc',
        'A10',
        '550.144.03',
        '2025-09-17T11:30:00Z',
        '2025-09-17T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
