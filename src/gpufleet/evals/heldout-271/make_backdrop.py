"""heldout-public-271's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-271/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts, bus numbers (01: one GPU per case; only one source prints a bus, and it is 01) and the driver (550.144.03, the
same for every case) are stand-ins. No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'b4mad-ollama-rtx4090-80b-model-42pct-spills-to-cpu-timeouts': Backdrop(
        'ollama-wsl',
        'A10',
        '550.144.03',
        '2026-02-01T11:30:00Z',
        '2026-02-01T12:10:00Z',
        pci=('01',),
    ),
    'comfyui-3278-rtx3090-oom-allocation-on-device-0-other-apps-hold-vram': Backdrop(
        'comfyui-ws',
        'A10',
        '550.144.03',
        '2024-04-17T11:30:00Z',
        '2024-04-17T12:10:00Z',
        pci=('01',),
    ),
    'compreface-751-docker-desktop-unknown-runtime-nvidia-toolkit-not-installed': Backdrop(
        'compreface-desktop',
        'A10',
        '550.144.03',
        '2022-03-11T11:30:00Z',
        '2022-03-11T12:10:00Z',
        pci=('01',),
    ),
    'dizquetv-218-unknown-encoder-h264-nvenc-non-nvidia-image-used': Backdrop(
        'dizquetv-server',
        'A10',
        '550.144.03',
        '2021-01-03T11:30:00Z',
        '2021-01-03T12:10:00Z',
        pci=('01',),
    ),
    'ersatztv-206-nvidia-image-transcodes-on-cpu-ffmpeg-profile-not-set-to-nvenc': Backdrop(
        'ersatztv-server',
        'A10',
        '550.144.03',
        '2021-05-24T11:30:00Z',
        '2021-05-24T12:10:00Z',
        pci=('01',),
    ),
    'frigate-9580-record-panel-cpu-misread-as-transcoding-benign': Backdrop(
        'frigate-nvr',
        'A10',
        '550.144.03',
        '2024-02-01T11:30:00Z',
        '2024-02-01T12:10:00Z',
        pci=('01',),
    ),
    'gladlabs-rtx5090-vram-95pct-driver-spills-to-system-ram-desktop-wedges': Backdrop(
        'local-llm-ws',
        'A10',
        '550.144.03',
        '2026-06-01T11:30:00Z',
        '2026-06-01T12:10:00Z',
        pci=('01',),
    ),
    'jellyfin-12161-nvenc-driver-too-old-for-required-nvenc-api-version': Backdrop(
        'jellyfin-media-server',
        'A10',
        '550.144.03',
        '2024-06-24T11:30:00Z',
        '2024-06-24T12:10:00Z',
        pci=('01',),
    ),
    'jellyfin-8719-transcode-crash-over-3-sessions-geforce-nvenc-session-limit': Backdrop(
        'jellyfin-nvenc',
        'A10',
        '550.144.03',
        '2022-11-09T11:30:00Z',
        '2022-11-09T12:10:00Z',
        pci=('01',),
    ),
    'ollama-4668-low-gpu-high-cpu-model-does-not-fit-43pct-on-cpu': Backdrop(
        'ollama-ubuntu',
        'A10',
        '550.144.03',
        '2024-05-27T11:30:00Z',
        '2024-05-27T12:10:00Z',
        pci=('01',),
    ),
    'ollama-9908-gemma3-27b-runner-killed-docker-8g-memory-limit-oom': Backdrop(
        'ollama-docker',
        'A10',
        '550.144.03',
        '2025-03-20T11:30:00Z',
        '2025-03-20T12:10:00Z',
        pci=('01',),
    ),
    'openedai-speech-49-gpu-not-detected-until-runtime-nvidia-set': Backdrop(
        'openedai-speech',
        'A10',
        '550.144.03',
        '2024-08-23T11:30:00Z',
        '2024-08-23T12:10:00Z',
        pci=('01',),
    ),
    'selkies-146-unraid-nvenc-init-fails-on-590-driver-presets-updated': Backdrop(
        'unraid-selkies',
        'A10',
        '550.144.03',
        '2026-04-15T11:30:00Z',
        '2026-04-15T12:10:00Z',
        pci=('01',),
    ),
    'shutter-278-rtx3090-nvdec-missing-after-app-update-driver-too-old': Backdrop(
        'shutter-encoder-ws',
        'A10',
        '550.144.03',
        '2025-04-01T11:30:00Z',
        '2025-04-01T12:10:00Z',
        pci=('01',),
    ),
    'stl-vgpu-13-unraid-tesla-p4-no-driver-build-for-kernel-plugin-fails': Backdrop(
        'unraid-tower',
        'A10',
        '550.144.03',
        '2023-09-08T11:30:00Z',
        '2023-09-08T12:10:00Z',
        pci=('01',),
    ),
    'tdarr-704-nvenc-task-scheduled-on-cpu-only-workers-transcode-errors': Backdrop(
        'tdarr-node-cpu',
        'A10',
        '550.144.03',
        '2022-11-17T11:30:00Z',
        '2022-11-17T12:10:00Z',
        pci=('01',),
    ),
    'viseron-624-cuda-insufficient-container-started-without-gpu-reservation-toolkit': Backdrop(
        'viseron-nvr',
        'A10',
        '550.144.03',
        '2023-06-29T11:30:00Z',
        '2023-06-29T12:10:00Z',
        pci=('01',),
    ),
    'warptechlab-homelab-rtx3090-whisperx-plus-llm-26gb-on-24gb-cuda-oom': Backdrop(
        'homelab-gpu',
        'A10',
        '550.144.03',
        '2026-06-01T11:30:00Z',
        '2026-06-01T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
