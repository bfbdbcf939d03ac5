"""heldout-public-196's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-196/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list or not named by the source); hosts and bus
numbers are stand-ins; drivers are stand-ins except where a case description says the report prints one. No case
uses extra: no source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'nemo-11303-lhotse-dataloader-host-ram-grows-until-oom-after-epochs': Backdrop(
        'nemo-asr-ddp-node',
        'A10',
        '550.127.05',
        '2024-11-15T11:30:00Z',
        '2024-11-15T12:10:00Z',
        pci=('01', '21', '41', '61', '81', 'a1', 'c1', 'e1'),
    ),
    'nemo-3009-transcribe-dataloader-num-workers-0-leaves-gpu-underused': Backdrop(
        'nemo-transcribe-node',
        'A10',
        '470.57.02',
        '2021-10-15T11:30:00Z',
        '2021-10-15T12:10:00Z',
        pci=('01',),
    ),
    'ogkm-934-rtx2080ti-not-detected-after-570-gsp-fails-bar1-too-small-rebar': Backdrop(
        'ws-2080ti-4x3090',
        'A10',
        '580.76.05',
        '2025-09-15T11:30:00Z',
        '2025-09-15T12:10:00Z',
        pci=('01', '21', '41', '61', '81'),
    ),
    'spark-10703-low-gpu-utilization-spark-rapids-not-a-problem-benign': Backdrop(
        'spark-rapids-worker',
        'A10',
        '535.161.08',
        '2024-04-16T11:30:00Z',
        '2024-04-16T12:10:00Z',
        pci=('01',),
    ),
    'spark-605-spark-ml-lr-app-given-gpus-but-mllib-not-accelerated-runs-on-cpu': Backdrop(
        'spark-gpu-worker',
        'A10',
        '450.51.06',
        '2020-08-25T11:30:00Z',
        '2020-08-25T12:10:00Z',
        pci=('01',),
    ),
    'spark-2004-executors-die-cudf-jar-and-rapids-jar-mismatch-cuda-runtime-too-new': Backdrop(
        'spark-rapids-vm',
        'A10',
        '460.32.03',
        '2021-03-23T11:30:00Z',
        '2021-03-23T12:10:00Z',
        pci=('01',),
    ),
    'spark-559-ucx-shuffle-gpu-oom-rmm-pool-fragmentation-ptds-and-shuffle-cache': Backdrop(
        'spark-ucx-worker',
        'A10',
        '450.51.06',
        '2020-08-29T11:30:00Z',
        '2020-08-29T12:10:00Z',
        pci=('01',),
    ),
    'spark-7934-gpuoutofcoresort-rmm-maximum-pool-size-exceeded-fixed-by-more-partitions': Backdrop(
        'spark-customer-worker',
        'A10',
        '525.85.12',
        '2023-03-24T11:30:00Z',
        '2023-03-24T12:10:00Z',
        pci=('01',),
    ),
    'igym-45-physx-illegal-memory-access-random-during-training-buffers-too-small-for-envs': Backdrop(
        'isaacgym-train-ws',
        'A10',
        '510.85.02',
        '2022-10-24T11:30:00Z',
        '2022-10-24T12:10:00Z',
        pci=('01',),
    ),
    'pnemo-691-graphcast-nccl-timeout-on-24gb-gpus-config-needs-80gb-gpu-memory': Backdrop(
        'graphcast-4x24g',
        'A10',
        '550.90.07',
        '2024-10-17T11:30:00Z',
        '2024-10-17T12:10:00Z',
        pci=('01', '21', '41', '61'),
    ),
    'spark-3794-yarn-gpu-isolation-executors-die-cgroup-devices-controller-not-set-up': Backdrop(
        'yarn-gpu-nm01',
        'A10',
        '470.57.02',
        '2021-10-14T11:30:00Z',
        '2021-10-14T12:10:00Z',
        pci=('01', '21', '41', '61'),
    ),
    'gr00t-410-agx-orin-inference-latency-338ms-preprocessing-tokenizer-on-cpu': Backdrop(
        'agx-orin-64g',
        'A10',
        '540.4.0',
        '2025-10-21T11:30:00Z',
        '2025-10-21T12:10:00Z',
        pci=('01',),
    ),
    'ogkm-1333-h100nvl-uvm-unregister-warning-orphans-gpu-lock-nvml-calls-hang-d-state': Backdrop(
        'gpuwaste01',
        'A10',
        '595.71.05',
        '2026-09-02T11:30:00Z',
        '2026-09-02T12:10:00Z',
        pci=('01', '21'),
    ),
    'ogkm-1223-rtxpro4500-uvm-hmm-oversubscription-eviction-kthread-spins-unkillable-reboot': Backdrop(
        'ub123-S2600STB',
        'A10',
        '595.71.05',
        '2026-07-01T11:30:00Z',
        '2026-07-01T12:10:00Z',
        pci=('01',),
    ),
    'gonvml-152-h200-device-plugin-nvml-init-hangs-after-hours-570x-driver-issue-downgrade': Backdrop(
        'h200-k8s-node',
        'A10',
        '570.148.08',
        '2025-06-26T11:30:00Z',
        '2025-06-26T12:10:00Z',
        pci=('01', '21', '41', '61', '81', 'a1', 'c1', 'e1'),
    ),
    'trtllm-4238-llama70b-tp2-two-nodes-nccl-allgather-cuda-invalid-argument-nccl-2251-fixed-2262': Backdrop(
        'trtllm-2node-job',
        'A10',
        '575.51.03',
        '2025-05-12T11:30:00Z',
        '2025-05-12T12:10:00Z',
        pci=('01', '21'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
