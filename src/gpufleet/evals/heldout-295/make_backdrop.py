"""heldout-public-295's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-295/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
host names are stand-ins (no kept excerpt prints the affected host's name), bus numbers are stand-ins (01..N in
index order) except 42 for frigate-3884, whose evidence prints 00000000:42:00.0, and the driver (550.144.03, the same
for every case) is a stand-in. No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'easydiffusion-154-sd-ui-cuda-no-kernel-image-gpu-not-supported-by-build': Backdrop(
        'sd-ui-host',
        'A10',
        '550.144.03',
        '2022-09-12T11:30:00Z',
        '2022-09-12T12:10:00Z',
        pci=('01',),
    ),
    'comfyui-docker-72-flux-unet-workflow-exhausts-34-gb-host-ram-while-gpu-vram-half-used': Backdrop(
        'comfyui-docker-host',
        'A10',
        '550.144.03',
        '2024-12-13T11:30:00Z',
        '2024-12-13T12:10:00Z',
        pci=('01', '02'),
    ),
    'nvidia-powersave-1-nvrm-persistence-mode-deprecated-warning-from-unraid-powersave-script-benign': Backdrop(
        'unraid-server',
        'A10',
        '550.144.03',
        '2022-05-02T11:30:00Z',
        '2022-05-02T12:10:00Z',
        pci=('01',),
    ),
    'jellyfin-7944-nvenc-preset-p4-rejected-after-upgrade-nixos-ffmpeg-ffnvcodec-header-outdated': Backdrop(
        'nixos-jellyfin',
        'A10',
        '550.144.03',
        '2022-06-15T11:30:00Z',
        '2022-06-15T12:10:00Z',
        pci=('01',),
    ),
    'steam-headless-161-tesla-p40-no-display-after-newer-driver-last-working-535-183-01': Backdrop(
        'unraid-steam-headless',
        'A10',
        '550.144.03',
        '2024-08-21T11:30:00Z',
        '2024-08-21T12:10:00Z',
        pci=('01',),
    ),
    'whisper-gui-49-docker-image-lacks-cudnn-libcudnn-ops-infer-so-8-gpu-unusable-cpu-only': Backdrop(
        'whisper-gui-host',
        'A10',
        '550.144.03',
        '2025-08-04T11:30:00Z',
        '2025-08-04T12:10:00Z',
        pci=('01',),
    ),
    'faster-whisper-1259-k8s-faster-whisper-gpu-cuda-driver-insufficient-gpu-not-attached-needs-resource-requests': Backdrop(
        'k8s-gpu-node',
        'A10',
        '550.144.03',
        '2025-02-27T11:30:00Z',
        '2025-02-27T12:10:00Z',
        pci=('01',),
    ),
    'tavernai-15-koboldai-cuda-oom-after-chat-grows-context-too-large-for-vram': Backdrop(
        'koboldai-colab',
        'A10',
        '550.144.03',
        '2023-01-25T11:30:00Z',
        '2023-01-25T12:10:00Z',
        pci=('01',),
    ),
    'secureai-tools-10-ollama-inference-container-cuda-error-2-out-of-memory-no-chat-replies': Backdrop(
        'secureai-tools-host',
        'A10',
        '550.144.03',
        '2023-12-01T11:30:00Z',
        '2023-12-01T12:10:00Z',
        pci=('01',),
    ),
    'ollama-4726-ollama-docker-no-gpu-555-driver-container-runtime-incompatibility-downgrade-or-reload-uvm': Backdrop(
        'ollama-docker-host',
        'A10',
        '550.144.03',
        '2024-06-04T11:30:00Z',
        '2024-06-04T12:10:00Z',
        pci=('01',),
    ),
    'proxmox-nvidia-lxc-1-lxc-102-fails-to-start-mount-hooks-privileged-container-with-nvidia-runtime': Backdrop(
        'pve',
        'A10',
        '550.144.03',
        '2021-02-16T11:30:00Z',
        '2021-02-16T12:10:00Z',
        pci=('01',),
    ),
    'frigate-3884-nvidia-smi-in-container-shows-no-processes-host-shows-frigate-ffmpeg-benign': Backdrop(
        'frigate-host',
        'A10',
        '550.144.03',
        '2022-09-23T11:30:00Z',
        '2022-09-23T12:10:00Z',
        pci=('42',),
    ),
    'immich-10334-ml-container-no-cuda-device-after-systemctl-daemon-reload-on-model-reload': Backdrop(
        'immich-host',
        'A10',
        '550.144.03',
        '2024-06-14T11:30:00Z',
        '2024-06-14T12:10:00Z',
        pci=('01',),
    ),
    'omarchy-12054-sunshine-package-nvenc-couldnt-scale-frame-falls-back-to-x264-build-not-machine': Backdrop(
        'omarchy-desktop',
        'A10',
        '550.144.03',
        '2026-09-16T11:30:00Z',
        '2026-09-16T12:10:00Z',
        pci=('01',),
    ),
    'jellyfin-5900-subtitle-codec-not-supported-transcode-runs-on-cpu-gpu-at-2-percent': Backdrop(
        'unraid-jellyfin',
        'A10',
        '550.144.03',
        '2021-04-24T11:30:00Z',
        '2021-04-24T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
