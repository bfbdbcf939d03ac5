"""heldout-public-445's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-445/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description); hosts are
stand-ins except test-esc8000a-e11 (printed, lower-cased, by the vllm-7576 evidence) and cdr2584 (printed by the
pytorch-lightning-4420 NCCL log); GPU counts follow what the source names (a command's device list, a tensor-parallel size,
an --nproc_per_node, "8 x A100", "4 x RTX 3090") and are one GPU otherwise (two where a wrong-device or peer-to-peer case needs
more than one); bus numbers are stand-ins 01..N except pytorch-lightning-4420, whose NCCL log prints busId 18000 and af000
(bus numbers 18 and af); the driver (550.144.03) is the same stand-in for every case. No case uses extra: no source quotes an
exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'dsdp-16-redock-core-dump-gpu-memory-held-by-another-program-ran-after-release': Backdrop(
        'dsdp-ws-01',
        'A10',
        '550.144.03',
        '2025-01-09T11:30:00Z',
        '2025-01-09T12:10:00Z',
        pci=('01',),
    ),
    'deep-person-reid-556-cuda-oom-gpu0-almost-no-free-memory-excluding-device-0-worked': Backdrop(
        'reid-node-01',
        'A10',
        '550.144.03',
        '2023-10-04T11:30:00Z',
        '2023-10-04T12:10:00Z',
        pci=('01', '02', '03', '04', '05'),
    ),
    'tinygrad-17406-cancelled-ci-jobs-leave-gpu-processes-kill-stale-nvidia-pids-at-start': Backdrop(
        'tinygrad-bench-01',
        'A10',
        '550.144.03',
        '2026-08-05T11:30:00Z',
        '2026-08-05T12:10:00Z',
        pci=('01',),
    ),
    'compactbilinearpooling-5-cuda-oom-on-20g-gpu-wrong-cuda-visible-devices-setting': Backdrop(
        'cbp-ws-01',
        'A10',
        '550.144.03',
        '2018-04-20T11:30:00Z',
        '2018-04-20T12:10:00Z',
        pci=('01', '02'),
    ),
    'dcgan-torch-65-out-of-memory-at-init-with-11gb-free-multi-gpu-set-cuda-visible-devices': Backdrop(
        'dcgan-ws-01',
        'A10',
        '550.144.03',
        '2017-02-20T11:30:00Z',
        '2017-02-20T12:10:00Z',
        pci=('01', '02'),
    ),
    'qanything-202-specified-gpu-ignored-job-runs-on-4gb-card-0-oom-removed-small-card': Backdrop(
        'qanything-ws-01',
        'A10',
        '550.144.03',
        '2024-05-20T11:30:00Z',
        '2024-05-20T12:10:00Z',
        pci=('01', '02'),
    ),
    'vllm-7576-tensor-parallel-4-server-hangs-at-startup-nccl-p2p-disable-is-the-key': Backdrop(
        'test-esc8000a-e11',
        'A10',
        '550.144.03',
        '2024-08-16T11:30:00Z',
        '2024-08-16T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'vllm-2466-tp4-on-4x-rtx3090-stuck-at-startup-nccl-p2p-disable-worked': Backdrop(
        'rtx3090-x4-01',
        'A10',
        '550.144.03',
        '2024-01-17T11:30:00Z',
        '2024-01-17T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'matcha-tts-57-multi-gpu-training-does-not-progress-nccl-p2p-level-nvl-fixed': Backdrop(
        'matcha-ws-01',
        'A10',
        '550.144.03',
        '2024-02-14T11:30:00Z',
        '2024-02-14T12:10:00Z',
        pci=('01', '02'),
    ),
    'radik-1-topk-test-illegal-memory-access-on-sm80-gpu-oom-use-smaller-batch': Backdrop(
        'radik-a100-01',
        'A10',
        '550.144.03',
        '2024-03-03T11:30:00Z',
        '2024-03-03T12:10:00Z',
        pci=('01',),
    ),
    'fcgf-7-cuda-oom-on-gtx-1050-ti-smaller-batch-size-worked': Backdrop(
        'fcgf-ws-01',
        'A10',
        '550.144.03',
        '2019-11-03T11:30:00Z',
        '2019-11-03T12:10:00Z',
        pci=('01',),
    ),
    'ssd-pytorch-257-cuda-error-out-of-memory-batch-size-4-solved': Backdrop(
        'ssd-ws-01',
        'A10',
        '550.144.03',
        '2019-03-05T11:30:00Z',
        '2019-03-05T12:10:00Z',
        pci=('01',),
    ),
    'tsn-pytorch-17-dataloader-runtime-errors-lack-of-shared-memory-increased-shm': Backdrop(
        'tsn-node-01',
        'A10',
        '550.144.03',
        '2017-10-03T11:30:00Z',
        '2017-10-03T12:10:00Z',
        pci=('01',),
    ),
    'detectron2-384-dataloader-worker-exited-unexpectedly-in-docker-shm-size-8g': Backdrop(
        'd2-docker-01',
        'A10',
        '550.144.03',
        '2019-11-23T11:30:00Z',
        '2019-11-23T12:10:00Z',
        pci=('01',),
    ),
    'stark-7-dataloader-randomly-crashes-8-gpu-training-docker-memory-limit-raised': Backdrop(
        'stark-node-01',
        'A10',
        '550.144.03',
        '2021-05-27T11:30:00Z',
        '2021-05-27T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'langchain-chatchat-1526-cuda-visible-devices-5-ran-on-cpu-real-available-index-2': Backdrop(
        'chatchat-srv-01',
        'A10',
        '550.144.03',
        '2023-09-19T11:30:00Z',
        '2023-09-19T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06'),
    ),
    'deepspeech-1457-cuda-visible-devices-2-3-uses-only-cpu-modified-gpu-detection': Backdrop(
        'ds-train-01',
        'A10',
        '550.144.03',
        '2018-07-17T11:30:00Z',
        '2018-07-17T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'numba-8985-cuinit-unknown-cuda-error-stub-libcuda-on-ld-library-path-reset-fixed': Backdrop(
        'numba-node-01',
        'A10',
        '550.144.03',
        '2023-05-26T11:30:00Z',
        '2023-05-26T12:10:00Z',
        pci=('01',),
    ),
    '1-stage-wseg-25-8x-a100-cuda-false-in-config-conda-env-cuda-mismatch': Backdrop(
        'wseg-a100-01',
        'A10',
        '550.144.03',
        '2021-09-29T11:30:00Z',
        '2021-09-29T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'pytorch-lightning-4420-ddp-nccl-error-on-2-v100-node-cdr2584-solved-by-nccl-ib-disable': Backdrop(
        'cdr2584',
        'A10',
        '550.144.03',
        '2024-02-06T11:30:00Z',
        '2024-02-06T12:10:00Z',
        pci=('18', 'af'),
    ),
    'fms-fsdp-19-70b-model-init-on-rank0-exceeds-30-min-nccl-timeout-raise-to-60-min': Backdrop(
        'fms-node-01',
        'A10',
        '550.144.03',
        '2024-02-20T11:30:00Z',
        '2024-02-20T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'nvidia-docker-757-tensorflow-container-2x-slower-with-half-cpu-quota-cpu-bottleneck': Backdrop(
        'tftest-host-01',
        'A10',
        '550.144.03',
        '2018-06-07T11:30:00Z',
        '2018-06-07T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
