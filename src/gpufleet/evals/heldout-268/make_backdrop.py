"""heldout-public-268's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-268/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts, bus numbers (no source prints one: 01, 02, ... in index order) and the driver (550.144.03, the same for
every case) are stand-ins. No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'tramac-188-geforce-920m-cuda-oom-gpu0-not-enough-vram-reduce-batch': Backdrop(
        'laptop-gf920m',
        'A10',
        '550.144.03',
        '2021-11-24T11:30:00Z',
        '2021-11-24T12:10:00Z',
        pci=('01',),
    ),
    'airush-104-nsml-resources-shown-allocated-with-no-session-leftover-session-killed': Backdrop(
        'nsml-airush-node',
        'A10',
        '550.144.03',
        '2020-07-30T11:30:00Z',
        '2020-07-30T12:10:00Z',
        pci=('01',),
    ),
    'sjtu-dl-20-a100-slurm-cgroup-oom-kill-images-loaded-into-ram': Backdrop(
        'sjtu-a100-node',
        'A10',
        '550.144.03',
        '2022-05-20T11:30:00Z',
        '2022-05-20T12:10:00Z',
        pci=('01',),
    ),
    'dasr-53-low-gpu-utilization-first-100-epochs-encoder-only-benign': Backdrop(
        'dasr-train-box',
        'A10',
        '550.144.03',
        '2021-11-17T11:30:00Z',
        '2021-11-17T12:10:00Z',
        pci=('01',),
    ),
    'dbnet-13-gpu-utilization-zero-slow-cpu-preprocessing-use-multiprocess': Backdrop(
        'dbnet-train-box',
        'A10',
        '550.144.03',
        '2020-12-11T11:30:00Z',
        '2020-12-11T12:10:00Z',
        pci=('01',),
    ),
    'ktrans-789-log-shows-weights-on-first-card-with-cuda-visible-devices-normal-benign': Backdrop(
        'ktrans-server',
        'A10',
        '550.144.03',
        '2025-03-04T11:30:00Z',
        '2025-03-04T12:10:00Z',
        pci=('01', '02'),
    ),
    'ppdet-3100-paddle-out-of-memory-on-gpu0-batch-8-to-4-fixed': Backdrop(
        'win-ppdet-box',
        'A10',
        '550.144.03',
        '2021-05-21T11:30:00Z',
        '2021-05-21T12:10:00Z',
        pci=('01',),
    ),
    'ppmodels-1260-paddle-insufficient-gpu-memory-10gb-request-reduce-batch-size': Backdrop(
        'paddle-p40-box',
        'A10',
        '550.144.03',
        '2018-09-18T11:30:00Z',
        '2018-09-18T12:10:00Z',
        pci=('01',),
    ),
    'apiopenllm-23-cuda-visible-devices-set-after-torch-import-wrong-gpu-fixed': Backdrop(
        'llm-api-server',
        'A10',
        '550.144.03',
        '2023-06-01T11:30:00Z',
        '2023-06-01T12:10:00Z',
        pci=('01', '02'),
    ),
    'ppseg-891-gpu-utilization-drops-to-zero-fixed-by-multiprocess-reader': Backdrop(
        'ppseg-train-box',
        'A10',
        '550.144.03',
        '2021-03-16T11:30:00Z',
        '2021-03-16T12:10:00Z',
        pci=('01',),
    ),
    'ppmodels-4579-four-v100-under-1pct-utilization-async-reader-single-thread-bottleneck': Backdrop(
        'ds2-v100-node',
        'A10',
        '550.144.03',
        '2020-04-28T11:30:00Z',
        '2020-04-28T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'ppdet-3002-cudnn-status-bad-param-batch-norm-wrong-cudnn-version': Backdrop(
        'ppdet-cuda10-server',
        'A10',
        '550.144.03',
        '2021-05-16T11:30:00Z',
        '2021-05-16T12:10:00Z',
        pci=('01',),
    ),
    'chatglmtune-3-each-gpu-16g-in-data-parallel-finetune-expected-benign': Backdrop(
        'chatglm-tune-box',
        'A10',
        '550.144.03',
        '2023-06-05T11:30:00Z',
        '2023-06-05T12:10:00Z',
        pci=('01', '02'),
    ),
    'tfasr-17-training-hangs-after-checkpoint-save-gpu-held-save-interval-workaround': Backdrop(
        'asr-train-node',
        'A10',
        '550.144.03',
        '2020-11-17T11:30:00Z',
        '2020-11-17T12:10:00Z',
        pci=('01', '02'),
    ),
    'aispeech-56-nsml-zombie-sessions-no-gpu-use-holding-team-quota': Backdrop(
        'nsml-speech-node',
        'A10',
        '550.144.03',
        '2019-09-23T11:30:00Z',
        '2019-09-23T12:10:00Z',
        pci=('01',),
    ),
    'keris-75-angry-emoticon-gpu-percent-on-ended-sessions-low-utilization-flag-benign': Backdrop(
        'nsml-keris-node',
        'A10',
        '550.144.03',
        '2020-11-09T11:30:00Z',
        '2020-11-09T12:10:00Z',
        pci=('01',),
    ),
    'fleetx-1054-multi-node-training-hangs-after-init-nccl-fixed-by-nccl-socket-ifname': Backdrop(
        'fleetx-node-a',
        'A10',
        '550.144.03',
        '2023-03-07T11:30:00Z',
        '2023-03-07T12:10:00Z',
        pci=('01', '02'),
    ),
    'ppseg-1585-dataloader-bus-error-after-16-epochs-dev-shm-shared-memory-full': Backdrop(
        'ppseg-modnet-box',
        'A10',
        '550.144.03',
        '2021-12-02T11:30:00Z',
        '2021-12-02T12:10:00Z',
        pci=('01',),
    ),
    'ppclas-3289-rtx-4090-gpu-memory-grows-every-epoch-paddle-3-0-beta1-leak-fixed-in-beta2': Backdrop(
        'win-4090-box',
        'A10',
        '550.144.03',
        '2024-11-07T11:30:00Z',
        '2024-11-07T12:10:00Z',
        pci=('01',),
    ),
    'fastdeploy-6925-fastdeploy-1x-fails-on-rtx-50-series-no-support-for-newer-gpu-architecture': Backdrop(
        'rtx50-infer-box',
        'A10',
        '550.144.03',
        '2026-03-19T11:30:00Z',
        '2026-03-19T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
