"""heldout-public-117's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-117/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); hosts, bus numbers and most drivers are
stand-ins (see each case's description). No case uses extra: no report quotes an exporter value as a metric
sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'maskrcnn-benchmark-58-four-titan-xp-multi-gpu-training-error-driver-390-87-predates-fix': Backdrop(
        'ws-4xtitanxp-maskrcnn',
        'A10',
        '390.87',
        '2018-11-12T11:30:00Z',
        '2018-11-12T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'slaug-2-gpu-utilization-extremely-low-cpu-computation-insufficient-for-augmentation': Backdrop(
        'ws-slaug-train',
        'A10',
        '525.78.01',
        '2023-01-11T11:30:00Z',
        '2023-01-11T12:10:00Z',
        pci=('01',),
    ),
    'dali-pytorch-demo-6-cpu-usage-low-while-gpu-near-100-percent-gpu-is-the-bottleneck-benign': Backdrop(
        'ws-dali-resnet50',
        'A10',
        '450.66',
        '2020-09-04T11:30:00Z',
        '2020-09-04T12:10:00Z',
        pci=('01', '02'),
    ),
    'ray-lightning-94-dataloader-worker-killed-by-signal-ray-workers-not-enough-memory': Backdrop(
        'ray-worker-gpu-node',
        'A10',
        '470.63.01',
        '2021-09-23T11:30:00Z',
        '2021-09-23T12:10:00Z',
        pci=('01',),
    ),
    'jax-dataloader-22-dataloader-slows-training-loop-fixed-in-main-branch': Backdrop(
        'ws-jax-train',
        'A10',
        '545.29.06',
        '2024-01-28T11:30:00Z',
        '2024-01-28T12:10:00Z',
        pci=('01',),
    ),
    'pytorch-17108-windows-cuda-runtime-error-30-cudart-linking-change': Backdrop(
        'win10-pytorch-ws',
        'A10',
        '430.64',
        '2019-05-29T11:30:00Z',
        '2019-05-29T12:10:00Z',
        pci=('01',),
    ),
    'labelmodels-4-gpu-out-of-memory-running-loss-keeps-graph-memory-leak': Backdrop(
        'ws-labelmodels-train',
        'A10',
        '460.80',
        '2021-06-09T11:30:00Z',
        '2021-06-09T12:10:00Z',
        pci=('01',),
    ),
    'packnet-sfm-47-memory-grows-21g-to-38g-per-epoch-outputs-hold-loss': Backdrop(
        'ws-packnet-sfm',
        'A10',
        '440.100',
        '2020-07-15T11:30:00Z',
        '2020-07-15T12:10:00Z',
        pci=('01',),
    ),
    'maskrcnn-benchmark-585-local-rank-1-still-runs-on-gpu-0-use-cuda-visible-devices': Backdrop(
        'lab-gpu-server-maskrcnn',
        'A10',
        '410.104',
        '2019-03-21T11:30:00Z',
        '2019-03-21T12:10:00Z',
        pci=('01', '02'),
    ),
    'torchtitan-423-invalid-device-ordinal-with-cuda-visible-devices-2-3-ngpu-not-set': Backdrop(
        'devgpu-torchtitan',
        'A10',
        '535.154.05',
        '2024-06-25T11:30:00Z',
        '2024-06-25T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'mmaudio-57-all-processes-use-cuda-0-on-multi-gpu-device-assignment-fix': Backdrop(
        'ws-mmaudio-multigpu',
        'A10',
        '570.124.06',
        '2025-03-12T11:30:00Z',
        '2025-03-12T12:10:00Z',
        pci=('01', '02'),
    ),
    'cntk-2442-extra-process-on-gpu0-with-mpi-communication-buffers-benign': Backdrop(
        'cntk-mpi-node',
        'A10',
        '384.90',
        '2017-10-05T11:30:00Z',
        '2017-10-05T12:10:00Z',
        pci=('01', '02'),
    ),
    'xformers-719-memory-efficient-attention-nans-seqlen-over-32768-int16-cast': Backdrop(
        'colab-t4-xformers',
        'A10',
        '525.85.12',
        '2023-04-05T11:30:00Z',
        '2023-04-05T12:10:00Z',
        pci=('01',),
    ),
    'petals-357-bitsandbytes-cuda-lookup-errors-fixed-by-pinning-0-40-1-post1': Backdrop(
        'petals-server-gpu',
        'A10',
        '535.54.03',
        '2023-07-15T11:30:00Z',
        '2023-07-15T12:10:00Z',
        pci=('01',),
    ),
    'bmpc-jax-2-training-holds-70-percent-gpu-memory-jax-preallocation-benign': Backdrop(
        'ws-bmpc-jax-4090',
        'A10',
        '570.124.06',
        '2025-03-10T11:30:00Z',
        '2025-03-10T12:10:00Z',
        pci=('01',),
    ),
    'club-3090-58-rtx3090-at-388w-power-ceiling-during-decode-normal-benign': Backdrop(
        'ws-1x3090-llm-serve',
        'A10',
        '580.95.05',
        '2026-05-06T11:30:00Z',
        '2026-05-06T12:10:00Z',
        pci=('01',),
    ),
    'ever-training-7-illegal-memory-access-on-one-scene-fixed-in-ever-submodule': Backdrop(
        'ws-ever-train',
        'A10',
        '550.144.03',
        '2025-02-20T11:30:00Z',
        '2025-02-20T12:10:00Z',
        pci=('01',),
    ),
    'ray-12511-gcp-gpu-worker-nodes-not-registering-nvidia-driver-install-prompt': Backdrop(
        'gcp-ray-gpu-worker',
        'A10',
        '450.80.02',
        '2020-12-02T11:30:00Z',
        '2020-12-02T12:10:00Z',
        pci=('01',),
    ),
    'sglang-1427-multi-node-all-reduce-over-tcp-libibverbs-missing-in-container': Backdrop(
        'sglang-ib-node-1',
        'A10',
        '550.90.07',
        '2024-09-15T11:30:00Z',
        '2024-09-15T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'transfuser-154-gpu-utilization-0-percent-dataloader-disk-io-bound': Backdrop(
        'ws-transfuser-train',
        'A10',
        '525.89.02',
        '2023-04-11T11:30:00Z',
        '2023-04-11T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
