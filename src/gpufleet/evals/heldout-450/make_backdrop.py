"""heldout-public-450's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-450/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description); hosts are
stand-ins except HGX-H100-11 (NVIDIA/nccl#1634), which the evidence prints; GPU counts follow the source (8 for the
8-rank HGX node of nccl#1634, 8 for the multi-node job of MagicDrive-V2#34 and the V100x8 report in pytorch#22259, 2 for
the "multiple cards" server of ultralytics#4810) and are one GPU otherwise; bus numbers are stand-ins 01..N (no source
prints a bus id); the driver (550.144.03) is the same stand-in for every case. No case uses extra: no source quotes an
exporter value as a metric sample. The backdrop never points at the cause (flat, healthy metrics for every case).
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'nccl-1634-nccl-tests-hang-between-node-groups-nccl-net-plugin-present-on-only-part-of-nodes': Backdrop(
        'HGX-H100-11',
        'A10',
        '550.144.03',
        '2025-03-09T11:30:00Z',
        '2025-03-09T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'magicdrive-v2-34-reduce-scatter-hangs-until-nccl-timeout-fixed-by-nccl-buffsize': Backdrop(
        'magicdrive-node-01',
        'A10',
        '550.144.03',
        '2025-02-18T11:30:00Z',
        '2025-02-18T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'ultralytics-4810-multi-gpu-training-stalls-after-amp-check-pcie-acs-not-disabled': Backdrop(
        'yolo-srv-01',
        'A10',
        '550.144.03',
        '2023-09-15T11:30:00Z',
        '2023-09-15T12:10:00Z',
        pci=('01', '02'),
    ),
    'nnunet-976-training-hangs-every-few-hundred-epochs-host-ram-full-suspected': Backdrop(
        'nnunet-ws-01',
        'A10',
        '550.144.03',
        '2022-03-14T11:30:00Z',
        '2022-03-14T12:10:00Z',
        pci=('01',),
    ),
    'concept-demo-selection-5-a100-training-crawls-driver-too-old-warning-cuda-build-mismatch': Backdrop(
        'a100-ws-01',
        'A10',
        '550.144.03',
        '2024-03-01T11:30:00Z',
        '2024-03-01T12:10:00Z',
        pci=('01',),
    ),
    'pytorch-22259-gpu-stuck-at-100-percent-pytorch-vs-system-nccl-version-mismatch': Backdrop(
        'pt-srv-22259',
        'A10',
        '550.144.03',
        '2022-02-21T11:30:00Z',
        '2022-02-21T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'mlcommons-training-816-training-stuck-at-first-epoch-dev-shm-full-host-memory': Backdrop(
        'igbh-node-01',
        'A10',
        '550.144.03',
        '2025-08-21T11:30:00Z',
        '2025-08-21T12:10:00Z',
        pci=('01',),
    ),
    'pytorch-22671-training-freezes-after-some-epochs-dataloader-shared-memory-exhausted': Backdrop(
        'pt-ws-22671',
        'A10',
        '550.144.03',
        '2020-12-29T11:30:00Z',
        '2020-12-29T12:10:00Z',
        pci=('01',),
    ),
    'pointnext-66-training-stops-periodically-gpu-idle-data-loading-cpu-bound': Backdrop(
        'pointnext-ws-01',
        'A10',
        '550.144.03',
        '2022-10-21T11:30:00Z',
        '2022-10-21T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
