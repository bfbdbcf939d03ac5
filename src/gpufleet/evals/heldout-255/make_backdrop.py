"""heldout-public-255's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-255/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts, bus numbers (no source prints one: 01 for one GPU, 01 and 02 for two) and the driver (550.144.03, the same
for every case) are stand-ins. No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'immich-14519-gt710-ml-cuda-no-device-gpu-not-cuda-capable-compute-below-5-2': Backdrop(
        'immich-gt710',
        'A10',
        '550.144.03',
        '2024-12-06T11:30:00Z',
        '2024-12-06T12:10:00Z',
        pci=('01',),
    ),
    'immich-28583-rtx5060ti-blackwell-ml-silently-on-cpu-cuda-12-2-base-image': Backdrop(
        'immich-rtx5060ti',
        'A10',
        '550.144.03',
        '2026-05-24T11:30:00Z',
        '2026-05-24T12:10:00Z',
        pci=('01',),
    ),
    'docker-immich-505-quadro-p2000-unraid-ml-falls-back-to-cpu-after-1-130-1-image-update': Backdrop(
        'unraid-immich-p2000',
        'A10',
        '550.144.03',
        '2025-03-26T11:30:00Z',
        '2025-03-26T12:10:00Z',
        pci=('01',),
    ),
    'frigate-7457-tensorrt-detector-fails-stable-image-lacks-tensorrt-needs-tensorrt-image': Backdrop(
        'frigate-nvr-nvidia',
        'A10',
        '550.144.03',
        '2023-08-12T11:30:00Z',
        '2023-08-12T12:10:00Z',
        pci=('01',),
    ),
    'wyoming-whisper-gpu-5-cudnn9-not-loadable-after-image-update-old-cudnn8-bind-mounts': Backdrop(
        'whisper-gpu-host',
        'A10',
        '550.144.03',
        '2025-01-15T11:30:00Z',
        '2025-01-15T12:10:00Z',
        pci=('01',),
    ),
    'avideo-4185-quadro-k420-nvenc-openencodesessionex-out-of-memory-concurrent-session-limit': Backdrop(
        'avideo-encoder-k420',
        'A10',
        '550.144.03',
        '2020-12-18T11:30:00Z',
        '2020-12-18T12:10:00Z',
        pci=('01',),
    ),
    'auto-bilibili-recorder-9-docker-gpu-nvenc-fails-too-many-concurrent-sessions': Backdrop(
        'bilibili-recorder-gpu',
        'A10',
        '550.144.03',
        '2021-08-15T11:30:00Z',
        '2021-08-15T12:10:00Z',
        pci=('01',),
    ),
    'go-transcode-42-gtx1050-1070-nvenc-openencodesessionex-out-of-memory-over-session-limit': Backdrop(
        'go-transcode-nvenc',
        'A10',
        '550.144.03',
        '2022-12-08T14:02:09Z',
        '2022-12-08T14:42:09Z',
        pci=('01', '02',),
    ),
    'mediabox-89-plex-container-no-gpu-portainer-cannot-pass-gpus-to-container': Backdrop(
        'mediabox-plex',
        'A10',
        '550.144.03',
        '2020-06-14T11:30:00Z',
        '2020-06-14T12:10:00Z',
        pci=('01',),
    ),
    'jrottenberg-ffmpeg-317-4-3-nvidia-image-update-needs-nvenc-api-11-1-driver-has-11-0': Backdrop(
        'ffmpeg-nvenc-host',
        'A10',
        '550.144.03',
        '2021-09-20T11:30:00Z',
        '2021-09-20T12:10:00Z',
        pci=('01',),
    ),
    'tdarr-666-docker-node-cuda-error-no-device-intermittent-downgrade-libnvidia-container-tools': Backdrop(
        'tdarr-node-docker',
        'A10',
        '550.144.03',
        '2022-08-31T11:30:00Z',
        '2022-08-31T12:10:00Z',
        pci=('01',),
    ),
    'sd-webui-docker-575-container-killed-exit-137-sdxl-host-ram-docker-wsl-limit': Backdrop(
        'sd-webui-docker',
        'A10',
        '550.144.03',
        '2023-09-01T11:30:00Z',
        '2023-09-01T12:10:00Z',
        pci=('01',),
    ),
    'microwakeword-trainer-1-onnx-cuda-provider-missing-warning-benign-training-uses-torch-on-gpu': Backdrop(
        'wakeword-trainer-4060ti',
        'A10',
        '550.144.03',
        '2025-10-15T11:30:00Z',
        '2025-10-15T12:10:00Z',
        pci=('01',),
    ),
    'vsgan-tensorrt-docker-42-hevc-nvenc-cannot-load-libnvidia-encode-driver-capabilities-missing': Backdrop(
        'vsgan-docker-host',
        'A10',
        '550.144.03',
        '2023-08-26T11:30:00Z',
        '2023-08-26T12:10:00Z',
        pci=('01',),
    ),
    'compreface-884-gpu-build-fails-to-start-nvidia-container-runtime-missing-on-host': Backdrop(
        'compreface-gpu-host',
        'A10',
        '550.144.03',
        '2022-09-06T11:30:00Z',
        '2022-09-06T12:10:00Z',
        pci=('01',),
    ),
    'comfyui-7277-vram-not-released-after-ipadapter-workflow-custom-node-outside-memory-management': Backdrop(
        'comfyui-host',
        'A10',
        '550.144.03',
        '2025-03-17T11:30:00Z',
        '2025-03-17T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
