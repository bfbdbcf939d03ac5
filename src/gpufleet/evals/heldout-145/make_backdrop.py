"""heldout-public-145's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-145/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list, and the real SKU of one case); hosts and bus
numbers are stand-ins except where a case's description says the source names them, and so are the drivers no
report names (see each case's description). Cases without ``pci`` use the eight default bus numbers. No case uses
extra: no report quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'wopr-risers-1-7x4090-pcie-aer-errors-at-boot-cheap-risers-signal-attenuation': Backdrop(
        'wopr',
        'A10',
        '550.90.07',
        '2024-07-15T11:30:00Z',
        '2024-07-15T12:10:00Z',
        pci=('01', '21', '41', '61', '81', 'c1', 'e1'),
    ),
    'feeder75-20251128-two-t4-err-unknown-error-persistent-hardware-error-state-reboot': Backdrop(
        'freqai-vm',
        'A10',
        '550.90.07',
        '2025-11-28T15:43:00Z',
        '2025-11-28T16:23:00Z',
        pci=('00:05', '00:06'),
    ),
    'reasoning360-1-vllm-no-memory-for-kv-cache-blocks-fragmentation-actor-rollout-share-gpus': Backdrop(
        'grpo-node01',
        'A10',
        '570.133.20',
        '2025-08-05T11:30:00Z',
        '2025-08-05T12:10:00Z',
    ),
    'rdf-1-7b-model-oom-on-16gb-card-vram-budget-mismatch-inference-server-default': Backdrop(
        'soho-ai-server',
        'A10',
        '570.133.20',
        '2025-09-01T11:30:00Z',
        '2025-09-01T12:10:00Z',
        pci=('01',),
    ),
    'mmml-1-slurm-job-cuda-error-not-initialized-falls-back-to-cpu-jax-without-cuda': Backdrop(
        'titan-gpu01',
        'A10',
        '550.54.15',
        '2025-10-15T11:30:00Z',
        '2025-10-15T12:10:00Z',
        pci=('3b',),
    ),
    'fewshot-1-cuda-oom-backward-pass-15-89gib-gpu-allocator-fragmentation': Backdrop(
        'fewshot-train01',
        'A10',
        '550.54.15',
        '2025-10-20T11:30:00Z',
        '2025-10-20T12:10:00Z',
        pci=('04',),
    ),
    'gpu-checkpoint-benchmarks-1-benign-a10-90pct-vram-reserved-by-vllm-kv-cache-preallocation': Backdrop(
        'a10-vllm01',
        'A10',
        '550.127.05',
        '2025-09-15T11:30:00Z',
        '2025-09-15T12:10:00Z',
        pci=('00:1e',),
    ),
    'awmundy-ml-1-benign-tf-numa-node-negative-value-warning-single-gpu-no-impact': Backdrop(
        'rtx2070-ws',
        'A10',
        '510.73.05',
        '2022-06-01T11:30:00Z',
        '2022-06-01T12:10:00Z',
        pci=('01',),
    ),
    'berkeley-scf-20260130-feanor-cannot-detect-a-gpu-hardware-problem-gpu-replaced': Backdrop(
        'feanor',
        'A10',
        '570.133.20',
        '2026-01-30T11:30:00Z',
        '2026-01-30T12:10:00Z',
    ),
    'berkeley-scf-20260206-hyperplane04-rebooted-no-gpus-detected-suspected-bad-power-supply': Backdrop(
        'lambda-hyperplane04',
        'A10',
        '570.133.20',
        '2026-02-05T11:30:00Z',
        '2026-02-05T12:10:00Z',
    ),
    'berkeley-scf-20260206-lorax-gpu-maintenance-pcie-bus-system-messages': Backdrop(
        'lorax',
        'A10',
        '570.133.20',
        '2026-02-06T11:30:00Z',
        '2026-02-06T12:10:00Z',
    ),
    'alderaan-20250816-datacenter-overheating-partitions-down-jobs-suspended-nodes-off': Backdrop(
        'math-alderaan-h01',
        'A10',
        '575.57.08',
        '2025-08-16T11:30:00Z',
        '2025-08-16T12:10:00Z',
        pci=('41', 'c1'),
    ),
    'berkeley-scf-20250104-campus-power-outage-all-systems-down': Backdrop(
        'scf-gpu-a',
        'A10',
        '550.127.05',
        '2025-01-04T08:57:00Z',
        '2025-01-04T09:37:00Z',
    ),
    'ai-stanbul-1-rtx-a5000-19gb-held-only-4-67gb-free-previous-vllm-instances': Backdrop(
        'runpod-a5000',
        'A10',
        '550.127.05',
        '2025-11-01T11:30:00Z',
        '2025-11-01T12:10:00Z',
        pci=('81',),
    ),
    'aiprod-20260211-gpu-90c-at-81pct-util-thermal-throttling-likely-clock-too-high': Backdrop(
        'aiprod-ws',
        'A10',
        '580.95.05',
        '2026-02-11T11:30:00Z',
        '2026-02-11T12:10:00Z',
        pci=('01',),
    ),
    'berkeley-scf-20250321-benign-planned-os-upgrade-nodes-reserved-and-rebooted-in-batches': Backdrop(
        'scf-gpu-b',
        'A10',
        '550.127.05',
        '2025-03-24T08:00:00Z',
        '2025-03-24T08:40:00Z',
    ),
    'siboehm-bench-1-benign-a6000-gpu2-nvlink-links-inactive-no-bridge-topo-node': Backdrop(
        'a6000-box',
        'A10',
        '525.85.12',
        '2023-03-02T11:30:00Z',
        '2023-03-02T12:10:00Z',
        pci=('01', '41', '81'),
    ),
    'chatlm-mini-chinese-1-nccl-shm-attach-error-dev-shm-full-or-stale-nccl-files': Backdrop(
        'chatlm-2gpu',
        'A10',
        '570.133.20',
        '2025-11-01T11:30:00Z',
        '2025-11-01T12:10:00Z',
        pci=('01', '02'),
    ),
    'sicoreai-nemo-1-device-side-assert-embedding-oob-decoder-length-exceeds-max-sequence-length': Backdrop(
        'nemo-train01',
        'A10',
        '570.133.20',
        '2025-12-01T11:30:00Z',
        '2025-12-01T12:10:00Z',
    ),
    'vien-translator-1-device-side-assert-index-out-of-bounds-token-ids-exceed-vocab-size': Backdrop(
        'colab-gpu',
        'A10',
        '550.54.15',
        '2025-10-01T11:30:00Z',
        '2025-10-01T12:10:00Z',
        pci=('00:04',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
