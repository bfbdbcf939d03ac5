"""heldout-public-321's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-321/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
every host name is a stand-in (no kept excerpt prints one); bus numbers are 01..N in index order (jax-5181's bus 01
is the one its nvidia-smi row prints) and the driver (550.144.03, the same for every case) is a stand-in.
No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'windows-ml-331-winml-inference-slower-after-idle-gaps-power-management-benign': Backdrop(
        'winml-ws01',
        'A10',
        '550.144.03',
        '2020-07-22T11:30:00Z',
        '2020-07-22T12:10:00Z',
        pci=('01',),
    ),
    'onnxruntime-9068-jetson-memory-fills-during-inference-onnxruntime-gpu-1-8-0-regression-downgrade-1-7-0': Backdrop(
        'jetson-node01',
        'A10',
        '550.144.03',
        '2021-09-15T11:30:00Z',
        '2021-09-15T12:10:00Z',
        pci=('01',),
    ),
    'iree-wave-466-sglang-wave-attention-backend-gpu-memory-access-fault-nan-query-inputs-app-bug': Backdrop(
        'wave-node01',
        'A10',
        '550.144.03',
        '2025-11-21T11:30:00Z',
        '2025-11-21T12:10:00Z',
        pci=('01',),
    ),
    'mmdetection-4535-vfnet-dist-train-hangs-gpu-util-100-different-graphs-empty-gt-images': Backdrop(
        'mmdet-node01',
        'A10',
        '550.144.03',
        '2021-01-26T11:30:00Z',
        '2021-01-26T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'mmdetection-6169-multi-gpu-training-stuck-at-start-gpu-util-100-ranks-miss-sync-point': Backdrop(
        'mmdet-node02',
        'A10',
        '550.144.03',
        '2021-09-27T11:30:00Z',
        '2021-09-27T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'toshllm-25-sd15-2048x1152-vram-overload-hard-system-crash-w6800x': Backdrop(
        'toshllm-mac01',
        'A10',
        '550.144.03',
        '2026-07-08T11:30:00Z',
        '2026-07-08T12:10:00Z',
        pci=('01', '02',),
    ),
    'timm-1491-resnet50-a100-throughput-drops-input-pipeline-bottleneck-pillow-simd': Backdrop(
        'timm-node01',
        'A10',
        '550.144.03',
        '2022-10-10T11:30:00Z',
        '2022-10-10T12:10:00Z',
        pci=('01',),
    ),
    'fbcunn-21-imagenet-alexnet-titan-1-2-second-stalls-slow-disk-data-loading': Backdrop(
        'fbcunn-node01',
        'A10',
        '550.144.03',
        '2015-02-10T11:30:00Z',
        '2015-02-10T12:10:00Z',
        pci=('01',),
    ),
    'jax-5181-prngkey-shows-3685mib-of-4040mib-gpu0-jax-preallocates-90-percent-benign': Backdrop(
        'jax-ws01',
        'A10',
        '550.144.03',
        '2020-12-13T11:30:00Z',
        '2020-12-13T12:10:00Z',
        pci=('01',),
    ),
    'unsloth-6339-llama-server-silently-runs-gguf-on-cpu-when-gpu-backend-fails-to-initialize': Backdrop(
        'unsloth-node01',
        'A10',
        '550.144.03',
        '2026-06-15T11:30:00Z',
        '2026-06-15T12:10:00Z',
        pci=('01',),
    ),
    'genienlp-181-server-keeps-running-after-cuda-error-device-side-assert-must-restart-process': Backdrop(
        'genienlp-node01',
        'A10',
        '550.144.03',
        '2021-07-26T11:30:00Z',
        '2021-07-26T12:10:00Z',
        pci=('01',),
    ),
    'comfyui-5177-oom-killer-kills-comfyui-loading-checkpoint-after-update': Backdrop(
        'comfyui-ws01',
        'A10',
        '550.144.03',
        '2024-10-07T11:30:00Z',
        '2024-10-07T12:10:00Z',
        pci=('01',),
    ),
    'propos-9-imagenet-10-slow-dataloader-low-gpu-utilization-4x-rtx3090-use-ssd': Backdrop(
        'propos-node01',
        'A10',
        '550.144.03',
        '2023-05-06T11:30:00Z',
        '2023-05-06T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'sglang-13224-frequent-crashes-illegal-memory-access-after-recent-sglang-updates': Backdrop(
        'sglang-node01',
        'A10',
        '550.144.03',
        '2025-11-13T11:30:00Z',
        '2025-11-13T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'gpustack-1633-cuda-vs-nvidia-smi-gpu-index-mismatch-mixed-gpus-scheduling-errors-cuda-device-order': Backdrop(
        'gpustack-node01',
        'A10',
        '550.144.03',
        '2025-04-03T11:30:00Z',
        '2025-04-03T12:10:00Z',
        pci=('01', '02',),
    ),
    'mmdetection-1979-mask-rcnn-dist-train-stuck-for-hours-uninitialized-bbox-loss-ranks-diverge': Backdrop(
        'mmdet-node03',
        'A10',
        '550.144.03',
        '2020-01-14T11:30:00Z',
        '2020-01-14T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
