"""heldout-public-412's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-412/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU -- H100, H200, H200 NVL, H20, H20-3e -- is named in each description);
hosts, GPU counts, bus numbers (01..N in index order) and the driver (550.144.03, the same for every case) are stand-ins.
No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'tileops-1587-h200-runner-cannot-hold-locked-1830mhz-under-700w-power-cap-expected-benign': Backdrop(
        'h200-ci-runner',
        'A10',
        '550.144.03',
        '2026-06-16T11:30:00Z',
        '2026-06-16T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'vllm-9838-causal-conv1d-illegal-memory-access-only-on-h100-kernel-out-of-bounds-shared-load': Backdrop(
        'h100-kernel-test',
        'A10',
        '550.144.03',
        '2024-10-30T11:30:00Z',
        '2024-10-30T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'diffpipe-50-8x-h20-multi-gpu-training-fails-to-start-fabric-manager-needed-for-nvlink': Backdrop(
        'h20-8gpu-node',
        'A10',
        '550.144.03',
        '2024-12-31T11:30:00Z',
        '2024-12-31T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'gpustack-4862-h20-3e-kernel-panic-spinlock-and-nvml-segfaults-blamed-on-driver-590-44-01': Backdrop(
        'h3c-r5500-g6',
        'A10',
        '550.144.03',
        '2026-03-11T11:30:00Z',
        '2026-03-11T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'sglang-37633-h200-nvl-illegal-memory-access-in-qsa-extend-overlap-schedule-workaround': Backdrop(
        'h200nvl-2gpu',
        'A10',
        '550.144.03',
        '2026-09-07T11:30:00Z',
        '2026-09-07T12:10:00Z',
        pci=('01', '02',),
    ),
    'triton-11366-h20-wgmma-illegal-memory-access-triton-3-7-1-regression-clean-on-3-5-1': Backdrop(
        'h20-dev-node',
        'A10',
        '550.144.03',
        '2026-08-19T11:30:00Z',
        '2026-08-19T12:10:00Z',
        pci=('01',),
    ),
    'gitcode-2d6dd3f8-lightllm-8x-h200-nccl-unhandled-cuda-error-cleared-by-rebooting-node': Backdrop(
        'h200-8gpu-node',
        'A10',
        '550.144.03',
        '2025-06-26T11:30:00Z',
        '2025-06-26T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
