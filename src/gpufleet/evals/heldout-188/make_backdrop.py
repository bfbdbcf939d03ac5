"""heldout-public-188's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-188/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Hosts, bus numbers and most drivers are stand-ins (see each case's description; 595.58.03 and 595.71.05 are
the drivers the Isaac Sim sources name). GPUs outside the SKU table are shown as A10. No case uses extra: no
source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'automodel-2673-llama70b-sft-oom-h200-sized-recipe-run-on-h100-hardware-mismatch': Backdrop(
        'eos-h100-sft-n01',
        'H100-SXM5-80GB',
        '575.57.08',
        '2026-06-20T11:30:00Z',
        '2026-06-20T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'automodel-3420-kimi-k3-sft-oom-gb200-validated-recipe-scheduled-on-h100-nodes': Backdrop(
        'release-ci-h100-n07',
        'H100-SXM5-80GB',
        '575.57.08',
        '2026-08-05T11:30:00Z',
        '2026-08-05T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'nctk-152-cuda-11-8-container-refuses-to-start-unsatisfied-condition-image-needs-newer-driver': Backdrop(
        'docker-gpu-host-152',
        'A10',
        '520.61.05',
        '2023-11-17T11:30:00Z',
        '2023-11-17T12:10:00Z',
        pci=('01',),
    ),
    'isaacsim-568-isaac-sim-5-1-crashes-after-app-ready-driver-595-58-not-validated': Backdrop(
        'ws-isaac-568',
        'A10',
        '595.58.03',
        '2026-04-08T11:30:00Z',
        '2026-04-08T12:10:00Z',
        pci=('01',),
    ),
    'isaacsim-671-isaac-sim-4-5-segfault-rtx-pro-5000-blackwell-cc12-unsupported-by-renderer': Backdrop(
        'ws-isaac-671',
        'A10',
        '595.71.05',
        '2026-06-12T11:30:00Z',
        '2026-06-12T12:10:00Z',
        pci=('01', '02'),
    ),
    'megatron-bridge-924-gb300-training-bug-found-numa-mapping-was-wrong': Backdrop(
        'gb300-tray-924',
        'A10',
        '580.95.05',
        '2025-10-11T11:30:00Z',
        '2025-10-11T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'srt-slurm-248-gb200-trtllm-workers-remote-numa-memory-latency-no-numa-binding': Backdrop(
        'gb200-tray-248',
        'A10',
        '580.95.05',
        '2026-07-06T11:30:00Z',
        '2026-07-06T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'trtllm-15302-nvls-multicast-bind-fails-nvlink-fabric-imex-plane-not-provisioned': Backdrop(
        'nvl-tray-15302',
        'A10',
        '580.95.05',
        '2026-06-12T11:30:00Z',
        '2026-06-12T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'trtllm-11962-eplb-startup-host-oom-deepseek-r1-wide-ep-171gb-cpu-tensors-per-rank': Backdrop(
        'wide-ep-node-11962',
        'A10',
        '580.95.05',
        '2026-03-05T11:30:00Z',
        '2026-03-05T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'trtllm-15296-qwen35-397b-pytorch-backend-exhausts-host-ram-loader-accumulates': Backdrop(
        'h200-serve-15296',
        'H200',
        '580.95.05',
        '2026-06-12T11:30:00Z',
        '2026-06-12T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'trtllm-102-llama-34b-engine-build-killed-host-ram-exhausted-at-128gb': Backdrop(
        'ws-trtllm-102',
        'A10',
        '535.113.01',
        '2023-10-24T11:30:00Z',
        '2023-10-24T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'dcgm-47-p100-dcgm-profiling-fields-error-33-dcp-metrics-not-supported-on-pascal': Backdrop(
        'ibm-ac1-p100',
        'A10',
        '515.65.01',
        '2022-08-04T11:30:00Z',
        '2022-08-04T12:10:00Z',
        pci=('01',),
    ),
    'dcgm-exporter-147-mem-copy-util-not-fb-used-ratio-read-write-activity-vs-allocation': Backdrop(
        'k8s-gpu-147',
        'A10',
        '525.85.12',
        '2023-03-21T11:30:00Z',
        '2023-03-21T12:10:00Z',
        pci=('01',),
    ),
    'dcgm-exporter-485-h20-nvlink-tx-bytes-zero-or-missing-exporter-not-privileged': Backdrop(
        'h20-node-485',
        'A10',
        '550.127.08',
        '2025-04-25T11:30:00Z',
        '2025-04-25T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
