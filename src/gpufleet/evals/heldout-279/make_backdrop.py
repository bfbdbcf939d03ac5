"""heldout-public-279's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-279/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every case has one GPU, shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
host names, bus numbers (01, except 03 for the Tesla P4 whose bus the source prints) and the driver (550.144.03, the same
for every case) are stand-ins. No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'photoprism-5202-nvenc-transcode-fails-container-cannot-see-nvidia-libs-gpu-passthrough-inactive': Backdrop(
        'photoprism-host',
        'A10',
        '550.144.03',
        '2025-09-06T11:30:00Z',
        '2025-09-06T12:10:00Z',
        pci=('01',),
    ),
    'stash-s6-23-unraid-hwaccel-not-used-downloaded-ffmpeg-without-nvenc-deleted': Backdrop(
        'unraid-stash',
        'A10',
        '550.144.03',
        '2025-01-30T11:30:00Z',
        '2025-01-30T12:10:00Z',
        pci=('01',),
    ),
    'unraid-vgpu-8-emby-cannot-use-tesla-p4-vgpu-docker-hangs-start-vm-before-docker': Backdrop(
        'unraid-p4',
        'A10',
        '550.144.03',
        '2023-05-29T11:30:00Z',
        '2023-05-29T12:10:00Z',
        pci=('03',),
    ),
    'invokeai-2686-cuda-oom-on-2gb-gpu-gpu-too-low-spec-for-model': Backdrop(
        'invokeai-host',
        'A10',
        '550.144.03',
        '2023-02-16T11:30:00Z',
        '2023-02-16T12:10:00Z',
        pci=('01',),
    ),
    'ecosystem-webui-231-onnxruntime-nodes-not-assigned-warning-while-cuda-works-benign': Backdrop(
        'webui-host',
        'A10',
        '550.144.03',
        '2026-03-11T03:23:19Z',
        '2026-03-11T04:03:19Z',
        pci=('01',),
    ),
    'frigate-5570-ffmpeg-crashes-cuda-out-of-memory-with-104-cameras-on-8gb-gpu': Backdrop(
        'frigate-nvr',
        'A10',
        '550.144.03',
        '2023-02-23T11:30:00Z',
        '2023-02-23T12:10:00Z',
        pci=('01',),
    ),
    'immich-vmg-936-nvenc-probe-fails-k8s-job-lacks-nvidia-video-capability': Backdrop(
        'k8s-gpu-node',
        'A10',
        '550.144.03',
        '2026-09-14T11:30:00Z',
        '2026-09-14T12:10:00Z',
        pci=('01',),
    ),
    'docker-handbrake-351-nvenc-missing-alpine-image-never-supported-nvidia-libraries': Backdrop(
        'unraid-handbrake',
        'A10',
        '550.144.03',
        '2024-05-26T11:30:00Z',
        '2024-05-26T12:10:00Z',
        pci=('01',),
    ),
    'handbrake-nvenc-9-no-nvenc-in-container-driver-not-from-official-installer': Backdrop(
        'omv-handbrake',
        'A10',
        '550.144.03',
        '2022-02-18T11:30:00Z',
        '2022-02-18T12:10:00Z',
        pci=('01',),
    ),
    'zm-ml-139-zoneminder-cuda-hwaccel-fails-old-libav-libraries-without-cuda': Backdrop(
        'zm-host',
        'A10',
        '550.144.03',
        '2020-11-26T11:30:00Z',
        '2020-11-26T12:10:00Z',
        pci=('01',),
    ),
    'open-webui-12469-cuda-image-no-kernel-image-for-device-rebuild-with-use-cuda-ver': Backdrop(
        'openwebui-win',
        'A10',
        '550.144.03',
        '2025-04-04T11:30:00Z',
        '2025-04-04T12:10:00Z',
        pci=('01',),
    ),
    'open-webui-6379-rag-embedding-models-never-release-vram-until-container-restart': Backdrop(
        'openwebui-wsl',
        'A10',
        '550.144.03',
        '2024-10-24T11:30:00Z',
        '2024-10-24T12:10:00Z',
        pci=('01',),
    ),
    'local-ollama-rag-214-rag-worker-cuda-oom-ollama-keeps-generator-resident-8gb': Backdrop(
        'rag-laptop',
        'A10',
        '550.144.03',
        '2026-09-10T11:30:00Z',
        '2026-09-10T12:10:00Z',
        pci=('01',),
    ),
    'ollama-5406-vram-still-held-after-prompt-exit-model-keep-alive-timeout-benign': Backdrop(
        'ollama-host',
        'A10',
        '550.144.03',
        '2024-07-01T11:30:00Z',
        '2024-07-01T12:10:00Z',
        pci=('01',),
    ),
    'ramalama-1159-model-runs-on-cpu-nvidia-cdi-spec-not-generated': Backdrop(
        'ramalama-host',
        'A10',
        '550.144.03',
        '2025-04-09T11:30:00Z',
        '2025-04-09T12:10:00Z',
        pci=('01',),
    ),
    'syno-nvidia-41-plex-hw-transcoding-degraded-on-driver-550-reverted-to-535': Backdrop(
        'ds918',
        'A10',
        '550.144.03',
        '2025-08-19T11:30:00Z',
        '2025-08-19T12:10:00Z',
        pci=('01',),
    ),
    'immich-30530-onnxruntime-no-registered-plugin-ep-warning-cuda-falls-back-to-builtin-benign': Backdrop(
        'immich-ml',
        'A10',
        '550.144.03',
        '2026-08-03T11:30:00Z',
        '2026-08-03T12:10:00Z',
        pci=('01',),
    ),
    'jellyfin-ffmpeg-85-nvenc-mosaic-on-vgpu-vm-new-ffmpeg-reverting-to-4-3-2-fixes': Backdrop(
        'jellyfin-vm',
        'A10',
        '550.144.03',
        '2022-01-24T11:30:00Z',
        '2022-01-24T12:10:00Z',
        pci=('01',),
    ),
    'frigate-22392-gpu-stats-panel-empty-with-hwaccel-cuda-while-gpu-decodes-benign': Backdrop(
        'frigate-fedora',
        'A10',
        '550.144.03',
        '2026-03-12T11:30:00Z',
        '2026-03-12T12:10:00Z',
        pci=('01',),
    ),
    'recognize-67-nextcloud-recognize-gpu-mode-runs-on-cpu-gpu-support-not-implemented': Backdrop(
        'nextcloud-host',
        'A10',
        '550.144.03',
        '2021-08-26T11:30:00Z',
        '2021-08-26T12:10:00Z',
        pci=('01',),
    ),
    'dispatcharr-489-ffmpeg-streams-linger-on-gpu-after-clients-stop-respawned-by-app': Backdrop(
        'dispatcharr-host',
        'A10',
        '550.144.03',
        '2025-09-28T12:08:00Z',
        '2025-09-28T12:48:00Z',
        pci=('01',),
    ),
    'stremio-2-hls-ffmpeg-transcodes-keep-running-on-gpu-after-client-crash': Backdrop(
        'stremio-lxc',
        'A10',
        '550.144.03',
        '2026-09-08T11:30:00Z',
        '2026-09-08T12:10:00Z',
        pci=('01',),
    ),
    'club-3090-90-llama-server-container-uses-one-cpu-core-full-gpu-offload-expected-benign': Backdrop(
        'club3090-host',
        'A10',
        '550.144.03',
        '2026-05-07T11:30:00Z',
        '2026-05-07T12:10:00Z',
        pci=('01',),
    ),
    'ollama-2038-gpu-23-percent-cpu-100-model-does-not-fit-vram-10-of-33-layers-offloaded': Backdrop(
        'ollama-docker-win',
        'A10',
        '550.144.03',
        '2024-01-18T11:30:00Z',
        '2024-01-18T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
