"""heldout-public-273's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-273/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts, bus numbers (no source prints one for the affected node: 01 for one GPU, 01 and 02 for two, and so on) and the driver
(550.144.03, the same for every case) are stand-ins. No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'whispercpp-1502-cuda-illegal-memory-access-on-cc-6x-gpus-whisper-cpp-1-5-cuda-backend-bug': Backdrop(
        'whisper-gtx1060',
        'A10',
        '550.144.03',
        '2023-12-05T11:30:00Z',
        '2023-12-05T12:10:00Z',
        pci=('01',),
    ),
    'ctranslate2-690-cuda-oom-at-model-load-on-empty-a100-after-cuda-allocator-default-change': Backdrop(
        'ct2-a100',
        'A10',
        '550.144.03',
        '2022-01-18T11:30:00Z',
        '2022-01-18T12:10:00Z',
        pci=('01',),
    ),
    'sdcpp-1352-cuda-container-fails-libcuda-so-1-missing-run-without-gpus-all': Backdrop(
        'sdcpp-docker-host',
        'A10',
        '550.144.03',
        '2026-03-17T11:30:00Z',
        '2026-03-17T12:10:00Z',
        pci=('01',),
    ),
    'aime-mlc-9-gpu-containers-will-not-start-could-not-select-device-driver-container-toolkit-removed': Backdrop(
        'aime-3090-box',
        'A10',
        '550.144.03',
        '2024-04-19T11:30:00Z',
        '2024-04-19T12:10:00Z',
        pci=('01', '02'),
    ),
    'lightning-5041-ddp-starts-processes-on-gpus-not-assigned-to-the-trainer-rank-indexes-visible-gpus': Backdrop(
        'pl-4x2080ti',
        'A10',
        '550.144.03',
        '2020-12-09T11:30:00Z',
        '2020-12-09T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'tensorrt-2176-engine-plan-built-for-compute-7-5-fails-to-deserialize-on-rtx-3080-rebuild-on-target': Backdrop(
        'trt-2x3080',
        'A10',
        '550.144.03',
        '2022-07-22T11:30:00Z',
        '2022-07-22T12:10:00Z',
        pci=('01', '02'),
    ),
    'torch2trt-371-serialized-engine-fails-to-deserialize-tensorrt-version-incompatibility': Backdrop(
        'torch2trt-host',
        'A10',
        '550.144.03',
        '2020-07-26T11:30:00Z',
        '2020-07-26T12:10:00Z',
        pci=('01',),
    ),
    'pointpillar-trt-7-cached-trt-engine-for-compute-7-2-fails-on-orin-8-7-delete-cache': Backdrop(
        'orin-agx',
        'A10',
        '550.144.03',
        '2024-04-17T11:30:00Z',
        '2024-04-17T12:10:00Z',
        pci=('01',),
    ),
    'dnabert-95-example-training-runs-a-day-without-gpu-cuda-unavailable-cudatoolkit-reinstall': Backdrop(
        'dnabert-2xv100',
        'A10',
        '550.144.03',
        '2023-02-24T11:30:00Z',
        '2023-02-24T12:10:00Z',
        pci=('01', '02'),
    ),
    'diffusion-pipe-33-training-exits-return-code-11-likely-host-ram-exhausted-loading-models': Backdrop(
        'dpipe-trainer',
        'A10',
        '550.144.03',
        '2024-12-24T11:30:00Z',
        '2024-12-24T12:10:00Z',
        pci=('01',),
    ),
    'qwen38-rtx3090-39-engine-dies-loading-shards-on-16-gb-host-reclaim-thrash-under-memory-cap': Backdrop(
        'rtx3090-ref',
        'A10',
        '550.144.03',
        '2026-08-31T11:30:00Z',
        '2026-08-31T12:10:00Z',
        pci=('01',),
    ),
    'roboflow-inference-2635-orin-nx-server-oom-killed-caching-allocator-never-releases-unified-memory': Backdrop(
        'orin-nx',
        'A10',
        '550.144.03',
        '2026-07-10T11:30:00Z',
        '2026-07-10T12:10:00Z',
        pci=('01',),
    ),
    'immich-31675-face-recognition-vram-grows-until-cublas-alloc-failed-onnxruntime-bfc-arena-growth': Backdrop(
        'immich-ml',
        'A10',
        '550.144.03',
        '2026-09-19T11:30:00Z',
        '2026-09-19T12:10:00Z',
        pci=('01',),
    ),
    'llamacpp-3717-idle-llama-server-keeps-gpus-at-50-w-no-compute-power-state-behaviour-benign': Backdrop(
        'p40-server',
        'A10',
        '550.144.03',
        '2023-10-21T11:30:00Z',
        '2023-10-21T12:10:00Z',
        pci=('01', '02', '03'),
    ),
    'gppm-2-tesla-p40-does-not-drop-to-p8-when-idle-even-with-persistence-mode-benign': Backdrop(
        'gppm-p40',
        'A10',
        '550.144.03',
        '2024-06-23T11:30:00Z',
        '2024-06-23T12:10:00Z',
        pci=('01',),
    ),
    'sdwebui-docker-5-host-ram-climbs-when-switching-models-expected-webui-behaviour-benign': Backdrop(
        'sd-webui-vm',
        'A10',
        '550.144.03',
        '2023-05-02T11:30:00Z',
        '2023-05-02T12:10:00Z',
        pci=('01',),
    ),
    'chatlm-mini-47-nccl-allgather-watchdog-timeout-after-first-epoch-suspected-evaluation-desync': Backdrop(
        'chatlm-2gpu',
        'A10',
        '550.144.03',
        '2024-04-18T11:30:00Z',
        '2024-04-18T12:10:00Z',
        pci=('01', '02'),
    ),
    'pytorch-45198-dataloader-workers-deadlock-opencv-with-gnu-openmp-after-fork': Backdrop(
        'dl-worker',
        'A10',
        '550.144.03',
        '2020-12-07T11:30:00Z',
        '2020-12-07T12:10:00Z',
        pci=('01',),
    ),
    'homr-128-opencv-threads-in-12-dataloader-workers-oversubscribe-host-cpu': Backdrop(
        'homr-trainer',
        'A10',
        '550.144.03',
        '2026-07-22T11:30:00Z',
        '2026-07-22T12:10:00Z',
        pci=('01',),
    ),
    'rhai-demo-9-inferenceservices-stuck-pending-tolerations-for-model-specific-gpu-taint': Backdrop(
        'ocp-gpu-worker',
        'A10',
        '550.144.03',
        '2025-09-18T11:30:00Z',
        '2025-09-18T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
