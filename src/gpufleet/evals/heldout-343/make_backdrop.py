"""heldout-public-343's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-343/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every case is one GPU shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
all host names, the bus number (01) and the driver (550.144.03, the same for every case) are stand-ins: no source prints
a host name, bus id or UUID for the GPU concerned. No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'immichlxc-32-immich-ml-onnxruntime-cuda-provider-fails-libcudnn-so-9-missing-install-cudnn-and-cublas': Backdrop(
        'immich-lxc-host',
        'A10',
        '550.144.03',
        '2024-09-16T11:30:00Z',
        '2024-09-16T12:10:00Z',
        pci=('01',),
    ),
    'viktor-infra-immich-ml-onnxruntime-arena-holds-10-7gb-on-shared-t4-starves-llama-swap-cudamalloc-oom': Backdrop(
        'homelab-gpu-node1',
        'A10',
        '550.144.03',
        '2026-06-02T14:11:00Z',
        '2026-06-02T14:51:00Z',
        pci=('01',),
    ),
    'whisperwebui-102-cublas64-12-dll-not-found-faster-whisper-incompatible-with-cuda-below-12-pin-0-10-1': Backdrop(
        'whisper-webui-pc',
        'A10',
        '550.144.03',
        '2024-03-01T11:30:00Z',
        '2024-03-01T12:10:00Z',
        pci=('01',),
    ),
    'tdarr-479-tdarr-node-docker-cannot-load-libnvcuvid-gpu-not-passed-into-container-nvidia-runtime': Backdrop(
        'tdarr-node-host',
        'A10',
        '550.144.03',
        '2021-08-21T11:30:00Z',
        '2021-08-21T12:10:00Z',
        pci=('01',),
    ),
    'handbrake-199-truecharts-handbrake-nvidia-container-cli-ldcache-error-image-has-no-nvidia-support-use-nvenc-fork': Backdrop(
        'truenas-scale',
        'A10',
        '550.144.03',
        '2021-12-18T11:30:00Z',
        '2021-12-18T12:10:00Z',
        pci=('01',),
    ),
    'facefusion-9-facefusion-cuda-container-libcudnn-cnn-infer-cannot-load-libnvrtc-so-exit-139-symlink-fix': Backdrop(
        'facefusion-docker-host',
        'A10',
        '550.144.03',
        '2023-10-12T11:30:00Z',
        '2023-10-12T12:10:00Z',
        pci=('01',),
    ),
    'jellyfinorg-1093-jellyfin-podman-nvidia-transcoding-needs-cdi-nvidia-com-gpu-device-and-selinux-label-disable': Backdrop(
        'bazzite-podman-host',
        'A10',
        '550.144.03',
        '2024-09-02T11:30:00Z',
        '2024-09-02T12:10:00Z',
        pci=('01',),
    ),
    'sdwebuidocker-612-sd-auto-68-image-host-ram-grows-1-5gb-per-image-until-oomkilled-67-fine': Backdrop(
        'sd-webui-docker-host',
        'A10',
        '550.144.03',
        '2023-11-14T11:30:00Z',
        '2023-11-14T12:10:00Z',
        pci=('01',),
    ),
    'comfyexamples-30-loading-in-lowvram-mode-on-12gb-3080-ti-is-normal-flux-does-not-fit-benign': Backdrop(
        'comfyui-desktop',
        'A10',
        '550.144.03',
        '2024-08-03T11:30:00Z',
        '2024-08-03T12:10:00Z',
        pci=('01',),
    ),
    'comfyui-5185-defaultcpuallocator-not-enough-memory-13gb-host-ram-flux-on-gtx-1650-too-large': Backdrop(
        'comfyui-gtx1650-pc',
        'A10',
        '550.144.03',
        '2024-10-08T11:30:00Z',
        '2024-10-08T12:10:00Z',
        pci=('01',),
    ),
    'ollama-3009-vram-held-by-idle-ollama-model-is-the-keep-alive-cache-unloads-after-inactivity-benign': Backdrop(
        'ollama-host',
        'A10',
        '550.144.03',
        '2024-03-08T11:30:00Z',
        '2024-03-08T12:10:00Z',
        pci=('01',),
    ),
    'jellyfinffmpeg-740-jellyfin-ffmpeg-8-1-cuda-tonemap-unsupported-input-format-yuv420p10le-release-regression': Backdrop(
        'jellyfin-host',
        'A10',
        '550.144.03',
        '2026-07-15T11:30:00Z',
        '2026-07-15T12:10:00Z',
        pci=('01',),
    ),
    'ollama-5821-gemma-2-slow-ollama-offloads-42-of-43-layers-free-vram-below-full-offload-need-rest-on-cpu': Backdrop(
        'ollama-windows-pc',
        'A10',
        '550.144.03',
        '2024-07-21T01:02:24Z',
        '2024-07-21T01:42:24Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
