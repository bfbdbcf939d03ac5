"""heldout-public-473's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-473/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
host names are the printed ones where the evidence prints one (1de1c28a7548, sphinx1, k-1a5e56fa0001,
gke-zutils-x3-gpu-n1-highmem-8-t4-non-a60edc7f-7lpz) and stand-ins otherwise; GPU counts follow the source's
machine where it says (8 per node for 8-GPU nodes, 4 for the 4-GPU workers, 2 or 1 where the report says) and are
stand-ins otherwise; no evidence prints a GPU bus id, so bus numbers are stand-ins 01..N; the driver (550.144.03)
is the same stand-in for every case, so the version carries no signal. No case uses extra: no source quotes an
exporter value as a metric sample. The backdrop never points at the cause: flat, healthy metrics for every case.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'jax-4950-dual-2080ti-flax-training-nccl-init-oom-preallocation-mem-fraction': Backdrop(
        '1de1c28a7548',
        'A10',
        '550.144.03',
        '2020-11-19T11:30:00Z',
        '2020-11-19T12:10:00Z',
        pci=('01', '02'),
    ),
    'deepspeed-2852-4x8-a100-100b-gpt2-zero2-exit-9-cpu-oom-fixed-tensor-parallel': Backdrop(
        'a100-node0',
        'A10',
        '550.144.03',
        '2023-02-18T11:30:00Z',
        '2023-02-18T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'selfrag-83-torchrun-finetune-exitcode-9-sigkill-memory-not-enough': Backdrop(
        'selfrag-gpu',
        'A10',
        '550.144.03',
        '2024-06-15T11:30:00Z',
        '2024-06-15T12:10:00Z',
        pci=('01',),
    ),
    'jax-13559-levanter-multinode-slurm-nccl-hang-fixed-by-jax-cuda-upgrade': Backdrop(
        'sphinx1',
        'A10',
        '550.144.03',
        '2022-12-08T11:30:00Z',
        '2022-12-08T12:10:00Z',
        pci=('01', '02'),
    ),
    'bigscience-tr11-prequel-jean-zay-320-a100-megatron-deepspeed-hang-heavy-nccl-traffic': Backdrop(
        'jz-a100-node0',
        'A10',
        '550.144.03',
        '2022-03-03T11:30:00Z',
        '2022-03-03T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'ace-1438-8gpu-training-preemption-nccl-abort-mid-nvlink-transfer-nvswitch-sxid-12028-node-cordoned': Backdrop(
        'beaker-ace-8gpu',
        'A10',
        '550.144.03',
        '2026-08-13T11:30:00Z',
        '2026-08-13T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'ace-1398-preempted-multigpu-training-sigkill-open-nccl-comms-peer-nvlink-fault-gpus-need-reboot': Backdrop(
        'beaker-ace-node',
        'A10',
        '550.144.03',
        '2026-07-29T11:30:00Z',
        '2026-07-29T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'skyrl-1688-k8s-pod-eviction-preemption-mid-nccl-collective-peers-block-until-600s-watchdog': Backdrop(
        'k-1a5e56fa0001',
        'A10',
        '550.144.03',
        '2026-05-18T11:30:00Z',
        '2026-05-18T12:10:00Z',
        pci=('01', '02'),
    ),
    'zetta-524-gke-t4-lightning-training-node-ran-out-of-memory-pod-evicted-job-deleted': Backdrop(
        'gke-zutils-x3-gpu-n1-highmem-8-t4-non-a60edc7f-7lpz',
        'A10',
        '550.144.03',
        '2023-10-12T19:31:00Z',
        '2023-10-12T20:11:00Z',
        pci=('01',),
    ),
    'moz-translations-1143-train-tasks-nvml-driver-library-mismatch-release-branch-missed-dependency': Backdrop(
        'translations-gpu-worker',
        'A10',
        '550.144.03',
        '2025-06-09T00:55:00Z',
        '2025-06-09T01:35:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'moz-translations-1002-marian-backward-model-training-cuda-error-999-suspected-cuda-toolkit-mismatch': Backdrop(
        'translations-v100-gpu-4',
        'A10',
        '550.144.03',
        '2025-01-21T16:00:00Z',
        '2025-01-21T16:40:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'nemo-8153-distributed-checkpoint-dir-invisible-to-other-ranks-nfs-caching': Backdrop(
        'nemo-train-node0',
        'A10',
        '550.144.03',
        '2024-01-11T11:30:00Z',
        '2024-01-11T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'colossalai-3501-coati-sft-nccl-operations-timed-out-first-time-dataset-tokenize': Backdrop(
        'coati-sft-gpu',
        'A10',
        '550.144.03',
        '2023-04-09T11:30:00Z',
        '2023-04-09T12:10:00Z',
        pci=('01', '02'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
