"""heldout-public-496's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-496/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
host names are stand-ins (no evidence prints one); the single-GPU stress-test host gets stand-in bus 01; the
multi-node NCCL case uses the backdrop's default 8-GPU layout (pci omitted). The driver (550.144.03) is the same
stand-in for every case, so the version carries no signal. No case uses extra: no source quotes an exporter value
as a metric sample. The backdrop never points at the cause: flat, healthy metrics for every case. start/end are
each case's time_range (onset - 30 min, onset + 10 min).
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'gpu-burn-130-no-clients-alive-asked-kernel-image-invalid-ptx-unsupported-toolchain': Backdrop(
        'burn-host-01',
        'A10',
        '550.144.03',
        '2025-07-26T11:30:00Z',
        '2025-07-26T12:10:00Z',
        pci=('01',),
    ),
    'nccl-tests-160-four-node-allreduce-80gbs-asked-if-reasonable-20gbs-per-nic-not-too-bad': Backdrop(
        'nccl-node-01',
        'A10',
        '550.144.03',
        '2023-08-01T11:30:00Z',
        '2023-08-01T12:10:00Z',
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
