"""heldout-public-472's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-472/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
host names are the printed ones where the evidence prints one (node, rack1-93-slot7, spark-397a, motoko, ubuntu01)
and stand-ins otherwise; GPU counts follow the source's machine (4 for a GB200 / GB300 compute tray, 1 otherwise);
bus numbers are the printed ones where the evidence prints them (16, 01, 02, 01) and stand-ins 01..N otherwise; the
driver (550.144.03) is the same stand-in for every case, so the version carries no signal. No case uses extra: no
source quotes an exporter value as a metric sample. The backdrop never points at the cause: flat, healthy metrics
for every case.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'rppg-toolbox-409-rtx5080-wsl-no-kernel-image-host-driver-pytorch-mismatch': Backdrop(
        'wsl-rtx5080',
        'A10',
        '550.144.03',
        '2025-12-09T11:30:00Z',
        '2025-12-09T12:10:00Z',
        pci=('01',),
    ),
    'nccl-tests-291-rtx5090-alltoall-errors-nccl-2-25-lacks-5090-support-fixed-2-26-2': Backdrop(
        'node',
        'A10',
        '550.144.03',
        '2025-03-06T11:30:00Z',
        '2025-03-06T12:10:00Z',
        pci=('16',),
    ),
    'nccl-1611-gb200-10-node-nccl-tests-abort-nccl-2-21-predates-gb200-support': Backdrop(
        'rack1-93-slot7',
        'A10',
        '550.144.03',
        '2025-02-22T11:30:00Z',
        '2025-02-22T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'hyde-532-rtx5090-black-screen-after-reboot-needs-nvidia-open-kernel-module': Backdrop(
        'arch-rtx5090',
        'A10',
        '550.144.03',
        '2025-04-27T11:30:00Z',
        '2025-04-27T12:10:00Z',
        pci=('01',),
    ),
    'nvtop-426-benign-gb10-pcie-gen1-x1-and-mem-na-soc-link-not-a-downtrain': Backdrop(
        'gb10-workstation',
        'A10',
        '550.144.03',
        '2025-12-05T11:30:00Z',
        '2025-12-05T12:10:00Z',
        pci=('01',),
    ),
    'nvgpu-37-benign-dgx-spark-gb10-nvml-gives-no-memory-info-unified-memory': Backdrop(
        'dgx-spark-01',
        'A10',
        '550.144.03',
        '2026-01-04T11:30:00Z',
        '2026-01-04T12:10:00Z',
        pci=('01',),
    ),
    'marimo-6822-benign-dgx-spark-nvidia-smi-memory-not-supported-breaks-health-check': Backdrop(
        'spark-397a',
        'A10',
        '550.144.03',
        '2025-10-16T11:30:00Z',
        '2025-10-16T12:10:00Z',
        pci=('01',),
    ),
    'cbaoth-dotfiles-motoko-xid79-gpu-fell-off-bus-single-overloaded-12v-psu-rail': Backdrop(
        'motoko',
        'A10',
        '550.144.03',
        '2026-07-12T11:30:00Z',
        '2026-07-12T12:10:00Z',
        pci=('01',),
    ),
    'capstone-ubuntu01-rtx3090-xid79-four-times-in-four-days-hardware-check-requested-ko': Backdrop(
        'ubuntu01',
        'A10',
        '550.144.03',
        '2026-09-11T09:17:00Z',
        '2026-09-11T09:57:00Z',
        pci=('02',),
    ),
    'bazzite-fixes-space-marine-2-rtx50-xid109-ctx-switch-timeout-driver-spirv-bug-es': Backdrop(
        'bazzite-rtx5070ti',
        'A10',
        '550.144.03',
        '2026-06-29T11:30:00Z',
        '2026-06-29T12:10:00Z',
        pci=('01',),
    ),
    'exemplar-performance-38-gb300-training-ranks-all-bound-to-numa0-old-megatron-bridge': Backdrop(
        'gb300-node-01',
        'A10',
        '550.144.03',
        '2026-03-09T11:30:00Z',
        '2026-03-09T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'vllm-43969-dgx-spark-gb10-gpt-oss-mxfp4-load-host-oom-killed-unified-memory': Backdrop(
        'dgx-spark-gb10',
        'A10',
        '550.144.03',
        '2026-05-29T11:30:00Z',
        '2026-05-29T12:10:00Z',
        pci=('01',),
    ),
    'megatron-bridge-3767-gb300-qwen3-next-oom-at-first-forward-allocator-fragmentation': Backdrop(
        'lyris-gb300-13',
        'A10',
        '550.144.03',
        '2026-05-10T11:30:00Z',
        '2026-05-10T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
