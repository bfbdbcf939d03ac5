"""heldout-public-494's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-494/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; only nccl-1683 names its GPU, RTX 5090, in words); host names are
stand-ins (no evidence prints one); multi-GPU training nodes with no GPU count in the source use the
backdrop's default 8-GPU layout (pci omitted); the 4-GPU hosts get stand-in bus numbers 01..04.
The driver (550.144.03) is the same stand-in for every case, so the version carries no signal. No case uses
extra: no source quotes an exporter value as a metric sample. The backdrop never points at the cause: flat,
healthy metrics for every case. start/end are each case's time_range (onset - 30 min, onset + 10 min).
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'mosaicml-streaming-307-nccl-timeout-blamed-mds-calls-init-process-group-twice-second-init-hangs': Backdrop(
        'mds-train-node',
        'A10',
        '550.144.03',
        '2025-05-15T11:30:00Z',
        '2025-05-15T12:10:00Z',
    ),
    'horovod-221-benign-multi-server-slowdown-blamed-on-network-cable-10gbe-latency-limits-small-lstm': Backdrop(
        'hvd-server-1',
        'A10',
        '550.144.03',
        '2018-03-23T11:30:00Z',
        '2018-03-23T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'sichek-71-nccltest-unhandled-cuda-error-gpu-memory-held-by-other-processes-not-the-fabric': Backdrop(
        'sichek-node',
        'A10',
        '550.144.03',
        '2026-03-05T11:30:00Z',
        '2026-03-05T12:10:00Z',
    ),
    'nnabla-ext-cuda-273-ncclcomminitrank-failed-over-2-gpus-no-space-left-creating-shared-memory-segment': Backdrop(
        'nnabla-node',
        'A10',
        '550.144.03',
        '2021-01-27T11:30:00Z',
        '2021-01-27T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'slime-1086-nccl-failed-to-calloc-torch-caching-allocator-reserves-too-much-memory-margin-flag': Backdrop(
        'slime-train-node',
        'A10',
        '550.144.03',
        '2025-12-11T11:30:00Z',
        '2025-12-11T12:10:00Z',
    ),
    'nccl-1683-nccl-error-blamed-on-nccl-4x-rtx5090-failing-to-create-shared-memory-segment-container-shm': Backdrop(
        'nccl-5090-host',
        'A10',
        '550.144.03',
        '2025-04-16T11:30:00Z',
        '2025-04-16T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
