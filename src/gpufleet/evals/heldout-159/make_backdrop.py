"""heldout-public-159's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-159/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
GPUs the SKU list does not hold are shown as A10; the A100 and H100 cases use the card their source names.
Hosts, bus numbers and drivers are stand-ins (see each case's description). No case uses extra: no source quotes an
exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'areal-reasoning4gpufix-runpod-4x-a40-gpu0-busy-or-unavailable-zombie-state': Backdrop(
        'runpod-4xa40',
        'A10',
        '570.133.20',
        '2025-11-03T11:30:00Z',
        '2025-11-03T12:10:00Z',
        pci=('01', '41', '81', 'c1'),
    ),
    'bitspec-cudafix-torch-scatter-not-compiled-with-cuda-support-cpu-wheels': Backdrop(
        'devbox-rtx50',
        'A10',
        '575.57.08',
        '2025-11-22T11:30:00Z',
        '2025-11-22T12:10:00Z',
        pci=('01',),
    ),
    'deepseekocr-cudaerrorfix-device-side-assert-some-images-non-square-feature-map-reshape': Backdrop(
        'ocr-infer-1',
        'A10',
        '570.133.20',
        '2025-10-28T11:30:00Z',
        '2025-10-28T12:10:00Z',
        pci=('01',),
    ),
    'dotsboxes-oomfix-cuda-oom-arena-after-selfplay-residual-memory-too-many-processes': Backdrop(
        'ws-alphazero',
        'A10',
        '570.133.20',
        '2025-11-10T11:30:00Z',
        '2025-11-10T12:10:00Z',
        pci=('01',),
    ),
    'drchaffee-oomfix-rtx5080-cuda-oom-vram-96pct-held-by-asr-models': Backdrop(
        'ws-rtx5080',
        'A10',
        '580.88',
        '2025-10-10T11:30:00Z',
        '2025-10-10T12:10:00Z',
        pci=('01',),
    ),
    'esanmt2-cudaerrorfix-device-side-assert-old-checkpoints-num-emotions-8-vs-4': Backdrop(
        'colab-vm',
        'A10',
        '550.54.15',
        '2025-10-27T11:30:00Z',
        '2025-10-27T12:10:00Z',
        pci=('04',),
    ),
    'haip-oomfix-training-killed-by-oom-killer-system-ram-buffer-generator-threads': Backdrop(
        'ws-16gb-ram',
        'A10',
        '570.133.20',
        '2026-02-09T11:30:00Z',
        '2026-02-09T12:10:00Z',
        pci=('01',),
    ),
    'hrldesktop-hangfix-training-hangs-loading-clip-model-download-connection-timeout': Backdrop(
        'lab-gpu-ws',
        'A10',
        '570.133.20',
        '2025-11-27T11:30:00Z',
        '2025-11-27T12:10:00Z',
        pci=('01',),
    ),
    'lee101-kernelparams-gpu-82-00-0-msix-enable-failed-under-load-pcie-aspm': Backdrop(
        'train-box-82',
        'A10',
        '575.51.02',
        '2025-11-12T11:30:00Z',
        '2025-11-12T12:10:00Z',
        pci=('82',),
    ),
    'llavanext-cudaerrorfix-8x-h100-cuda-initialization-error-torch-compile-context': Backdrop(
        'h100-train-1',
        'H100',
        '550.127.05',
        '2025-06-27T11:30:00Z',
        '2025-06-27T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'neuralpulse-oomfix-a100-80gb-gpu0-cuda-oom-three-models-ten-parallel-attacks': Backdrop(
        'k8s-gpu-a100-1',
        'A100',
        '570.133.20',
        '2026-01-14T11:30:00Z',
        '2026-01-14T12:10:00Z',
        pci=('4b',),
    ),
    'optstop-gpufix-4x-a10g-zero-util-workers-hardcoded-cpu-only': Backdrop(
        'g5-12xlarge-1',
        'A10',
        '525.105.17',
        '2025-06-02T11:30:00Z',
        '2025-06-02T12:10:00Z',
        pci=('00:1e', '00:1f', '00:20', '00:21'),
    ),
    'rl3dbinpacking-hangfix-kamp-server-training-stops-at-step-999-evaluation-callback': Backdrop(
        'kamp-gpu-01',
        'A10',
        '550.127.05',
        '2025-06-19T11:30:00Z',
        '2025-06-19T12:10:00Z',
        pci=('01',),
    ),
    'runpodimage-gpufix-rtx-a5000-worker-0pct-gpu-runs-on-cpu-stale-docker-image': Backdrop(
        'runpod-worker-a5000',
        'A10',
        '570.133.20',
        '2026-02-23T11:30:00Z',
        '2026-02-23T12:10:00Z',
        pci=('01',),
    ),
    'seguimiento-memleakfix-rtx5080-vram-2-3-to-11-4gb-cudamalloc-per-frame-and-unfreed-buffer': Backdrop(
        'win-vib-capture',
        'A10',
        '581.57',
        '2026-04-21T11:30:00Z',
        '2026-04-21T12:10:00Z',
        pci=('01',),
    ),
    'sparsediff-cudaerrorfix-8gpu-device-side-assert-index-out-of-bounds-concurrent-training-jobs': Backdrop(
        'gpu8-node',
        'A10',
        '570.133.20',
        '2026-01-23T11:30:00Z',
        '2026-01-23T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'stasmle-undrain-slurm-nodes-drained-kill-task-failed-slow-gpu-process-exit': Backdrop(
        'node-17',
        'H100',
        '535.154.05',
        '2024-01-23T11:30:00Z',
        '2024-01-23T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'tomshw-4079-gtx980-sli-30pct-slow-pcie-gen1-x8-left-in-uefi': Backdrop(
        'ws-gtx980-sli',
        'A10',
        '350.12',
        '2015-04-27T11:30:00Z',
        '2015-04-27T12:10:00Z',
        pci=('01', '02'),
    ),
    'tradingbot-hangfix-benign-training-appeared-frozen-no-progress-output-buffered': Backdrop(
        'trading-gpu-1',
        'A10',
        '570.133.20',
        '2025-11-22T11:30:00Z',
        '2025-11-22T12:10:00Z',
        pci=('01',),
    ),
    'voicepipeline-gpufix-gtx750ti-gtx1050-cuda-unusable-pytorch-2-10-drops-cc-below-7': Backdrop(
        'morwintar',
        'A10',
        '535.247.01',
        '2026-02-21T11:30:00Z',
        '2026-02-21T12:10:00Z',
        pci=('01', '02'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
