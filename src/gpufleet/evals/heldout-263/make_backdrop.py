"""heldout-public-263's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-263/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts, bus numbers (no source prints one: 01 for one GPU, 01, 02 and 03 for the three-GPU stand-in) and the driver
(550.144.03, the same for every case) are stand-ins. No case uses extra: no source quotes an exporter value as a
metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'tdarr-745-windows-node-hevc-nvenc-no-capable-devices-custom-ffmpeg-binary-fixed-by-bundled-ffmpeg': Backdrop(
        'tdarr-node-gtx1650',
        'A10',
        '550.144.03',
        '2023-02-27T11:30:00Z',
        '2023-02-27T12:10:00Z',
        pci=('01',),
    ),
    'immich-23462-ml-container-ocr-gpu-runs-out-of-memory-vram-held-until-container-restart': Backdrop(
        'immich-ml-rtx5050',
        'A10',
        '550.144.03',
        '2026-04-29T11:30:00Z',
        '2026-04-29T12:10:00Z',
        pci=('01',),
    ),
    'frigate-8278-nvr-high-cpu-no-accelerated-detector-wrong-hwaccel-args-gpu-unused': Backdrop(
        'frigate-nvr-nvidia',
        'A10',
        '550.144.03',
        '2023-10-23T11:30:00Z',
        '2023-10-23T12:10:00Z',
        pci=('01',),
    ),
    'ersatztv-1116-nvenc-fails-container-cuda-11-8-host-cuda-11-4-driver-470-no-forward-compat': Backdrop(
        'ersatztv-docker-470',
        'A10',
        '550.144.03',
        '2023-01-17T11:30:00Z',
        '2023-01-17T12:10:00Z',
        pci=('01',),
    ),
    'sd-nvidia-docker-1-cuda-unknown-error-during-inference-container-cuda-older-than-driver': Backdrop(
        'sd-docker-rtx2070s',
        'A10',
        '550.144.03',
        '2022-08-29T11:30:00Z',
        '2022-08-29T12:10:00Z',
        pci=('01',),
    ),
    'sd-webui-docker-130-could-not-select-device-driver-nvidia-gpu-container-toolkit-not-installed': Backdrop(
        'sd-homeserver-a4000',
        'A10',
        '550.144.03',
        '2022-10-12T11:30:00Z',
        '2022-10-12T12:10:00Z',
        pci=('01',),
    ),
    'sd-webui-docker-434-nvidia-container-cli-cannot-load-libnvidia-ml-reinstall-container-toolkit': Backdrop(
        'sd-docker-host',
        'A10',
        '550.144.03',
        '2023-05-01T11:30:00Z',
        '2023-05-01T12:10:00Z',
        pci=('01',),
    ),
    'ffmpeg-builds-656-nvenc-shows-50pct-gpu-utilisation-video-engines-have-own-utilization-benign': Backdrop(
        'ffmpeg-win-rtx5080',
        'A10',
        '550.144.03',
        '2026-09-05T11:30:00Z',
        '2026-09-05T12:10:00Z',
        pci=('01',),
    ),
    'brushnet-127-comfyui-vram-grows-when-switching-models-stabilises-not-a-leak-benign': Backdrop(
        'comfyui-brushnet',
        'A10',
        '550.144.03',
        '2024-07-22T11:30:00Z',
        '2024-07-22T12:10:00Z',
        pci=('01',),
    ),
    'impact-pack-1138-comfyui-models-cached-in-host-ram-not-released-intended-not-a-leak-benign': Backdrop(
        'comfyui-host',
        'A10',
        '550.144.03',
        '2025-11-01T11:30:00Z',
        '2025-11-01T12:10:00Z',
        pci=('01',),
    ),
    'immich-3706-hevc-nvenc-transcode-falls-back-to-software-pascal-no-b-frame-support': Backdrop(
        'immich-nvenc-host',
        'A10',
        '550.144.03',
        '2023-08-16T11:30:00Z',
        '2023-08-16T12:10:00Z',
        pci=('01',),
    ),
    'fireshare-363-nvenc-h264-fails-av1-cpu-fallback-looks-hung-slow-not-a-bug-benign': Backdrop(
        'fireshare-nvidia',
        'A10',
        '550.144.03',
        '2025-12-05T11:30:00Z',
        '2025-12-05T12:10:00Z',
        pci=('01',),
    ),
    'syno-gpu-53-synology-nvidia-driver-package-1-2-5-1227-device-not-detected-fixed-in-next-release': Backdrop(
        'ds923-nvidia',
        'A10',
        '550.144.03',
        '2026-01-14T11:30:00Z',
        '2026-01-14T12:10:00Z',
        pci=('01',),
    ),
    'frigate-8252-vainfo-error-on-nvidia-host-expected-not-used-for-nvidia-hwaccel-works-benign': Backdrop(
        'frigate-gt730',
        'A10',
        '550.144.03',
        '2023-10-20T11:30:00Z',
        '2023-10-20T12:10:00Z',
        pci=('01',),
    ),
    'unmanic-154-hevc-nvenc-container-killed-by-memory-cgroup-oom-on-unraid-after-upgrade': Backdrop(
        'unraid-unmanic',
        'A10',
        '550.144.03',
        '2021-03-25T11:30:00Z',
        '2021-03-25T12:10:00Z',
        pci=('01',),
    ),
    'sd-klms-gui-11-docker-container-crashes-on-image-generation-failing-power-supply': Backdrop(
        'sd-arch-rtx3060ti',
        'A10',
        '550.144.03',
        '2022-09-13T11:30:00Z',
        '2022-09-13T12:10:00Z',
        pci=('01',),
    ),
    'ollama-1385-cuda-oom-loading-models-layer-offload-ignores-context-size': Backdrop(
        'ollama-homelab',
        'A10',
        '550.144.03',
        '2023-12-05T11:30:00Z',
        '2023-12-05T12:10:00Z',
        pci=('01',),
    ),
    'wolf-298-gstreamer-encoder-uses-first-gpu-not-configured-render-node-pin-by-uuid': Backdrop(
        'wolf-multi-gpu',
        'A10',
        '550.144.03',
        '2025-11-23T11:30:00Z',
        '2025-11-23T12:10:00Z',
        pci=('01', '02', '03'),
    ),
    'tdarr-1223-4k-hevc-files-transcode-on-cpu-flow-sets-bitrate-without-encoder-default-cpu-encoder': Backdrop(
        'tdarr-node-cuda',
        'A10',
        '550.144.03',
        '2025-06-10T11:30:00Z',
        '2025-06-10T12:10:00Z',
        pci=('01',),
    ),
    'jellyfin-7036-container-cannot-load-libcuda-nvidia-runtime-parameters-missing': Backdrop(
        'jellyfin-docker-cn',
        'A10',
        '550.144.03',
        '2021-12-22T11:30:00Z',
        '2021-12-22T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
