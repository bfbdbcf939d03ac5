"""heldout-public-420's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-420/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the GPU the source names, if any, is in each description); hosts, GPU counts,
bus numbers (01..N in index order) and the driver (550.144.03, the same for every case) are stand-ins. No case uses extra:
no source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'a1111-14053-gtx1650-4gb-cuda-oom-on-linux-no-sysmem-fallback-vram-oversubscribed': Backdrop(
        'gtx1650-linux-pc',
        'A10',
        '550.144.03',
        '2023-11-25T11:30:00Z',
        '2023-11-25T12:10:00Z',
        pci=('01',),
    ),
    'kjnodes-632-runpod-comfyui-dies-silently-loading-second-wan-model-host-ram-oom-killer': Backdrop(
        'runpod-pod-24gb',
        'A10',
        '550.144.03',
        '2026-05-19T11:30:00Z',
        '2026-05-19T12:10:00Z',
        pci=('01',),
    ),
    'rtvc-673-voice-cloning-cuda-no-kernel-image-gpu-too-old-for-pytorch-build': Backdrop(
        'rtvc-desktop',
        'A10',
        '550.144.03',
        '2021-02-19T11:30:00Z',
        '2021-02-19T12:10:00Z',
        pci=('01',),
    ),
    'sdnext-3913-titan-rtx-30-minutes-per-image-not-using-gpu-torch-cpu': Backdrop(
        'titan-rtx-ws',
        'A10',
        '550.144.03',
        '2025-05-06T11:30:00Z',
        '2025-05-06T12:10:00Z',
        pci=('01',),
    ),
    'dreamtex-337-task-manager-shows-no-gpu-usage-while-generating-cuda-graph-not-selected-benign': Backdrop(
        'p2000-blender-ws',
        'A10',
        '550.144.03',
        '2022-10-20T11:30:00Z',
        '2022-10-20T12:10:00Z',
        pci=('01',),
    ),
    'kjnodes-372-30gb-ram-held-after-wan-generation-looks-like-leak-model-cache-by-design-benign': Backdrop(
        'wan-comfy-ws',
        'A10',
        '550.144.03',
        '2025-08-22T11:30:00Z',
        '2025-08-22T12:10:00Z',
        pci=('01',),
    ),
    'sovits-59-training-cuda-oom-on-gpu0-4gib-card-batch-size-1-vram-too-small': Backdrop(
        'sovits-train-pc',
        'A10',
        '550.144.03',
        '2023-02-08T11:30:00Z',
        '2023-02-08T12:10:00Z',
        pci=('01',),
    ),
    'vca-74-voice-cloning-training-cuda-oom-after-10-iterations-batch-size-too-large': Backdrop(
        'vca-train-pc',
        'A10',
        '550.144.03',
        '2021-09-21T11:30:00Z',
        '2021-09-21T12:10:00Z',
        pci=('01',),
    ),
    'bark-620-bark-15-minutes-per-line-gpu-unused-torch-without-cuda-reinstalled': Backdrop(
        'bark-tts-pc',
        'A10',
        '550.144.03',
        '2025-01-13T11:30:00Z',
        '2025-01-13T12:10:00Z',
        pci=('01',),
    ),
    'comfy-4617-model-load-too-slow-from-cloud-drive-4k-reads-10mb-s': Backdrop(
        'comfy-cloud-node',
        'A10',
        '550.144.03',
        '2024-08-26T11:30:00Z',
        '2024-08-26T12:10:00Z',
        pci=('01',),
    ),
    'easydiff-134-error-803-unsupported-display-driver-cuda-combination-gtx1080ti-new-driver-fixed': Backdrop(
        'popos-1080ti-pc',
        'A10',
        '550.144.03',
        '2022-09-10T11:30:00Z',
        '2022-09-10T12:10:00Z',
        pci=('01',),
    ),
    'chainner-2929-upscaler-vram-looks-in-use-after-run-pytorch-cache-by-design-benign': Backdrop(
        'chainner-upscale-ws',
        'A10',
        '550.144.03',
        '2024-06-02T11:30:00Z',
        '2024-06-02T12:10:00Z',
        pci=('01',),
    ),
    'fooocus-2071-nvidia-driver-too-old-found-version-11010-driver-update-fixed': Backdrop(
        'fooocus-laptop',
        'A10',
        '550.144.03',
        '2024-01-28T11:30:00Z',
        '2024-01-28T12:10:00Z',
        pci=('01',),
    ),
    'framepack-377-bsod-memory-management-16gb-ram-models-loaded-to-ram-pagefile-increased': Backdrop(
        'framepack-3060-pc',
        'A10',
        '550.144.03',
        '2025-04-27T11:30:00Z',
        '2025-04-27T12:10:00Z',
        pci=('01',),
    ),
    'comfy-15737-windows-two-gpus-generation-crashes-cuda-bug-with-multiple-gpus-limit-to-first-gpu': Backdrop(
        'win-5080-5060-ws',
        'A10',
        '550.144.03',
        '2026-08-19T11:30:00Z',
        '2026-08-19T12:10:00Z',
        pci=('01', '02',),
    ),
    'comfymcp-107-runpod-blackwell-pod-on-host-with-stale-driver-comfyui-crash-loops-driver-preflight': Backdrop(
        'runpod-blackwell-pod',
        'A10',
        '550.144.03',
        '2026-07-01T11:30:00Z',
        '2026-07-01T12:10:00Z',
        pci=('01',),
    ),
    'rpbase-18-runpod-comfyui-cuda13-image-on-cuda-12-4-host-deploy-with-cuda-filter': Backdrop(
        'runpod-comfy-cuda13-pod',
        'A10',
        '550.144.03',
        '2026-04-15T11:30:00Z',
        '2026-04-15T12:10:00Z',
        pci=('01',),
    ),
    'ecomtree-runpod-comfyui-container-crash-loop-host-cuda-below-12-8-use-compatible-gpus': Backdrop(
        'runpod-comfy-h200-pod',
        'A10',
        '550.144.03',
        '2025-09-18T17:27:40Z',
        '2025-09-18T18:07:40Z',
        pci=('01',),
    ),
    'controlnet-1735-rtx3090-tiled-upscale-very-slow-after-nvidia-536-driver-update-downgrade-driver': Backdrop(
        'rtx3090-webui-pc',
        'A10',
        '550.144.03',
        '2023-06-30T11:30:00Z',
        '2023-06-30T12:10:00Z',
        pci=('01',),
    ),
    'multidiff-250-generation-very-slow-after-update-nvidia-driver-spills-vram-to-system-memory-rollback-531': Backdrop(
        'multidiff-webui-pc',
        'A10',
        '550.144.03',
        '2023-06-19T11:30:00Z',
        '2023-06-19T12:10:00Z',
        pci=('01',),
    ),
    'latentsync-100-lip-sync-node-gpu-memory-rises-rapidly-momentary-spike-no-oom-benign': Backdrop(
        'latentsync-3090-pc',
        'A10',
        '550.144.03',
        '2025-02-16T11:30:00Z',
        '2025-02-16T12:10:00Z',
        pci=('01',),
    ),
    'comfy-1864-rtx3060-pc-freezes-reboots-on-any-workflow-hardware-or-driver-cuda-toolkit-removed': Backdrop(
        'rtx3060-win11-pc',
        'A10',
        '550.144.03',
        '2023-10-29T11:30:00Z',
        '2023-10-29T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
