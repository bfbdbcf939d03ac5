"""heldout-public-162's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-162/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); hosts and bus numbers are stand-ins, and
so are the drivers no report names (see each case's description). No case uses extra: no report quotes an
exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'babkorea-103-shared-t4-other-teams-process-running-outside-its-time-slot-killed': Backdrop(
        'contest-gpu-server',
        'A10',
        '535.129.03',
        '2023-12-15T11:30:00Z',
        '2023-12-15T12:10:00Z',
        pci=('01',),
    ),
    'babkorea-71-one-16gb-t4-shared-by-five-teams-one-job-takes-all-memory': Backdrop(
        'contest-gpu-server-t4',
        'A10',
        '535.129.03',
        '2023-12-13T11:30:00Z',
        '2023-12-13T12:10:00Z',
        pci=('01',),
    ),
    'babkorea-89-benign-cannot-reconnect-to-gpu-server-announced-by-notice-sms': Backdrop(
        'contest-gpu-server-2',
        'A10',
        '535.129.03',
        '2023-12-15T11:30:00Z',
        '2023-12-15T12:10:00Z',
        pci=('01',),
    ),
    'bitspec-finetuning-speed-swings-6-to-47-its-dataloader-workers-restart-each-epoch': Backdrop(
        'ws-bitspec-ft',
        'A10',
        '570.195.03',
        '2025-11-13T11:30:00Z',
        '2025-11-13T12:10:00Z',
        pci=('01',),
    ),
    'bostoncool-lstm-gpu-low-utilization-no-prefetch-small-batch-small-model': Backdrop(
        'ws-lstm-beijing',
        'A10',
        '550.90.07',
        '2025-11-20T11:30:00Z',
        '2025-11-20T12:10:00Z',
        pci=('01',),
    ),
    'cpm-18-device-side-assert-participant-fixed-by-reinstalling-driver-and-cuda': Backdrop(
        'ws-cpm-1080ti',
        'A10',
        '515.65.01',
        '2022-12-04T11:30:00Z',
        '2022-12-04T12:10:00Z',
        pci=('01',),
    ),
    'dotsboxes-oomfix-alphazero-arena-oom-leftover-selfplay-and-training-memory': Backdrop(
        'ws-alphazero-dots',
        'A10',
        '570.86.15',
        '2025-11-10T11:30:00Z',
        '2025-11-10T12:10:00Z',
        pci=('01',),
    ),
    'gpushare-80-pod-unknown-device-id-no-gpu-has-10mib-scheduler-extender-not-configured': Backdrop(
        'k8s-node-titanx',
        'A10',
        '410.48',
        '2019-12-01T11:30:00Z',
        '2019-12-01T12:10:00Z',
        pci=('01',),
    ),
    'lolahsvit-optimization-gpu-util-9-90-percent-periodic-dataloader-no-prefetch': Backdrop(
        'train-lola-hsvit',
        'A10',
        '570.124.06',
        '2026-02-21T11:30:00Z',
        '2026-02-21T12:10:00Z',
        pci=('01', '21', '41', '61'),
    ),
    'manycoresoft-gpustresstest-4x-titan-rtx-air-cooled-87c-15-to-13-tflops-thermal-clock-cut': Backdrop(
        'air-cooled-4x-titanrtx',
        'A10',
        '440.64',
        '2020-05-26T11:30:00Z',
        '2020-05-26T12:10:00Z',
        pci=('01', '21', '41', '61'),
    ),
    'mcwgem-trainnode4-two-node-torchrun-hang-pcie-p2p-deadlock-p2p-disabled': Backdrop(
        'gem-train-node-4',
        'A10',
        '580.82.07',
        '2026-01-24T11:30:00Z',
        '2026-01-24T12:10:00Z',
        pci=('01', '21', '41', '61', '81', 'a1', 'c1', 'e1'),
    ),
    'mino-youtube-rtx5060ti-sm120-no-kernel-image-pytorch-240-cu121': Backdrop(
        'win-rtx5060ti-youtube',
        'A10',
        '576.52',
        '2025-12-09T11:30:00Z',
        '2025-12-09T12:10:00Z',
        pci=('01',),
    ),
    'paddledetection-176-gpu-memory-not-released-after-training-stopped-hung-processes': Backdrop(
        'paddledet-train',
        'A10',
        '440.33.01',
        '2020-01-12T11:30:00Z',
        '2020-01-12T12:10:00Z',
        pci=('01',),
    ),
    'paddlemodels-2170-killed-training-leaves-gpu-memory-held-by-leftover-processes': Backdrop(
        'paddle-video-train',
        'A10',
        '418.56',
        '2019-04-29T11:30:00Z',
        '2019-04-29T12:10:00Z',
        pci=('01',),
    ),
    'paddleocr-10546-finetune-stuck-epoch-37-one-gpu-100-percent-maybe-stuck-in-eval': Backdrop(
        'ocr-finetune-node',
        'A10',
        '535.171.04',
        '2024-05-22T11:30:00Z',
        '2024-05-22T12:10:00Z',
        pci=('01', '02'),
    ),
    'qixuema-envs-4-nvidia-smi-cannot-communicate-driver-module-not-built-dkms-reinstall': Backdrop(
        'ubuntu-ws-qixuema',
        'A10',
        '470.141.03',
        '2022-11-04T11:30:00Z',
        '2022-11-04T12:10:00Z',
        pci=('01',),
    ),
    'radar-fixmemoryerror-dgx-logbert-cuda-oom-batch-128-too-large': Backdrop(
        'dgx-radar-logbert',
        'A10',
        '550.127.05',
        '2026-01-08T11:30:00Z',
        '2026-01-08T12:10:00Z',
        pci=('01',),
    ),
    'resnetbk-gemini-training-slow-after-checkpoint-save-page-cache-evicted': Backdrop(
        'train-resnetbk-phase8',
        'A10',
        '570.172.08',
        '2025-12-16T11:30:00Z',
        '2025-12-16T12:10:00Z',
        pci=('01',),
    ),
    'seukseok-blog-cuda-oom-with-memory-left-allocator-fragmentation-variable-resolution': Backdrop(
        'ws-seukseok-train',
        'A10',
        '560.35.05',
        '2026-01-11T11:30:00Z',
        '2026-01-11T12:10:00Z',
        pci=('01',),
    ),
    'transformercpp-bottleneck-cpu-wait-gpu-idle-sentencepiece-tokenizing-in-collate': Backdrop(
        'ws-transformer-cpp',
        'A10',
        '566.36',
        '2026-01-01T11:30:00Z',
        '2026-01-01T12:10:00Z',
        pci=('01',),
    ),
    'waifu2xgui-739-benign-task-manager-shows-no-gpu-load-gpuz-100-percent-windows-bug': Backdrop(
        'win10-gtx970-waifu2x',
        'A10',
        '581.29',
        '2026-08-03T11:30:00Z',
        '2026-08-03T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
