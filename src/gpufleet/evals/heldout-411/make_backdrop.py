"""heldout-public-411's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-411/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts, GPU counts, bus numbers (01..N in index order, except 41 for the one case whose evidence prints bus
00000000:41:00.0) and the driver (550.144.03, the same for every case) are stand-ins. No case uses extra: no source
quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'belle-136-four-a100-40gb-docker-nccl-system-error-then-cuda-oom-7b-needs-80gb': Backdrop(
        'a100-40g-docker-01',
        'A10',
        '550.144.03',
        '2023-04-09T11:30:00Z',
        '2023-04-09T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'gst-5-gpustresstest-int8-fails-on-second-a100-only-when-both-run-tool-multi-gpu-bug-benign': Backdrop(
        'a100-2gpu-01',
        'A10',
        '550.144.03',
        '2023-01-20T11:30:00Z',
        '2023-01-20T12:10:00Z',
        pci=('01', '02',),
    ),
    'crypten-410-a40-no-kernel-image-available-cuda-too-old-for-sm86': Backdrop(
        'a40-node-01',
        'A10',
        '550.144.03',
        '2022-10-01T11:30:00Z',
        '2022-10-01T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'ubudrv-92-azure-nvadsa10v5-a10-non-grid-535-driver-instance-fails-to-boot': Backdrop(
        'nvadsa10v5-vm-01',
        'A10',
        '550.144.03',
        '2024-01-26T11:30:00Z',
        '2024-01-26T12:10:00Z',
        pci=('01',),
    ),
    'nnfusion-450-a30-stuck-in-cuda-init-cudnncreate-binary-lacks-sm80': Backdrop(
        'a30-node-01',
        'A10',
        '550.144.03',
        '2022-07-13T11:30:00Z',
        '2022-07-13T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'qwencoder-398-a100-40gb-sft-7b-cuda-oom-resolved-by-smaller-batch': Backdrop(
        'a100-40g-ws-01',
        'A10',
        '550.144.03',
        '2025-03-29T11:30:00Z',
        '2025-03-29T12:10:00Z',
        pci=('01',),
    ),
    'tfmq-3-a100-40gb-quantization-out-of-memory-reduce-batch-size': Backdrop(
        'a100-40g-2gpu-01',
        'A10',
        '550.144.03',
        '2024-07-06T11:30:00Z',
        '2024-07-06T12:10:00Z',
        pci=('01', '02',),
    ),
    'colibri-82-four-a100-80gb-host-0-03-tps-numa-placement-hypothesis': Backdrop(
        'a100-80g-4tb-01',
        'A10',
        '550.144.03',
        '2026-07-13T11:30:00Z',
        '2026-07-13T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'ogkm-874-a40-stays-p0-110w-idle-with-resident-process-open-kernel-module-only': Backdrop(
        'talos-a40-01',
        'A10',
        '550.144.03',
        '2025-06-04T11:30:00Z',
        '2025-06-04T12:10:00Z',
        pci=('41',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
