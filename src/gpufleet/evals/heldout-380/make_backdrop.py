"""heldout-public-380's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-380/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts, GPU counts, bus numbers (01..N in index order) and the driver (550.144.03, the same for every case) are stand-ins
(no kept excerpt prints a usable host name). No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'bgfx-1908-d3d11-device-hung-tdr-heavy-cubemap-convolution-shader-takes-too-long-on-gpu': Backdrop(
        'win-dev-pc',
        'A10',
        '550.144.03',
        '2019-10-09T11:30:00Z',
        '2019-10-09T12:10:00Z',
        pci=('01',),
    ),
    'localcolabfold-2-tensorflow-error-on-4x-1080ti-centos7-cuda-9-2-too-old-for-tensorflow-cuda-11': Backdrop(
        'centos7-gpu-server',
        'A10',
        '550.144.03',
        '2021-09-13T11:30:00Z',
        '2021-09-13T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'faceswappg-283-faceswap-training-critical-crash-oom-on-3gb-card-lower-batch-size': Backdrop(
        'faceswap-win-pc',
        'A10',
        '550.144.03',
        '2019-05-07T11:30:00Z',
        '2019-05-07T12:10:00Z',
        pci=('01',),
    ),
    'rvc-9-voice-conversion-10x-slower-pip-package-pulled-cpu-build-of-torch-instead-of-cuda': Backdrop(
        'rvc-pc',
        'A10',
        '550.144.03',
        '2024-01-27T11:30:00Z',
        '2024-01-27T12:10:00Z',
        pci=('01',),
    ),
    'deeplivecam-948-cuda-path-set-but-cuda-not-loaded-onnxruntime-wrong-cudnn-for-cuda-11-8': Backdrop(
        'deeplivecam-pc',
        'A10',
        '550.144.03',
        '2025-02-20T11:30:00Z',
        '2025-02-20T12:10:00Z',
        pci=('01',),
    ),
    'kohya-2100-lora-training-150-hours-4gb-laptop-gpu-spills-into-shared-system-memory': Backdrop(
        'kohya-laptop',
        'A10',
        '550.144.03',
        '2024-03-14T11:30:00Z',
        '2024-03-14T12:10:00Z',
        pci=('01',),
    ),
    'kohya-2474-dreambooth-100s-per-it-on-5gb-vram-nvidia-sysmem-fallback-lora-2s-per-it': Backdrop(
        'kohya-pc',
        'A10',
        '550.144.03',
        '2024-06-03T11:30:00Z',
        '2024-06-03T12:10:00Z',
        pci=('01',),
    ),
    'nvflashk-18-gpu-z-shows-752-w-power-on-rtx-3050-mobile-reading-glitch-benign': Backdrop(
        'rtx3050-laptop',
        'A10',
        '550.144.03',
        '2023-11-06T11:30:00Z',
        '2023-11-06T12:10:00Z',
        pci=('01',),
    ),
    'freon-107-nvidia-sensor-list-shows-nan-when-prime-intel-profile-leaves-driver-unloaded-benign': Backdrop(
        'prime-laptop',
        'A10',
        '550.144.03',
        '2018-10-18T11:30:00Z',
        '2018-10-18T12:10:00Z',
        pci=('01',),
    ),
    'lact-908-random-rtx-3090-idles-at-30w-instead-of-15w-caused-by-locked-clocks-benign': Backdrop(
        'quad-3090-rig',
        'A10',
        '550.144.03',
        '2026-02-12T11:30:00Z',
        '2026-02-12T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'wan2gp-113-vram-oom-after-update-when-switching-t2v-to-i2v-stale-reference-to-unused-transformer': Backdrop(
        'wan2gp-pc',
        'A10',
        '550.144.03',
        '2025-03-24T11:30:00Z',
        '2025-03-24T12:10:00Z',
        pci=('01',),
    ),
    'deepemhancer-4-cuda-driver-version-insufficient-driver-410-79-below-cuda-10-1-minimum-418-39': Backdrop(
        'cryoem-workstation',
        'A10',
        '550.144.03',
        '2020-09-08T11:30:00Z',
        '2020-09-08T12:10:00Z',
        pci=('01',),
    ),
    'eman2-457-gpu-too-old-nvidia-kernel-module-not-loaded-reinstalled-driver-fixed': Backdrop(
        'eman2-workstation',
        'A10',
        '550.144.03',
        '2020-04-02T11:30:00Z',
        '2020-04-02T12:10:00Z',
        pci=('01',),
    ),
    'bazzite-3810-dx12-vkd3d-games-crash-every-few-minutes-after-nvidia-580-to-590-driver-upgrade': Backdrop(
        'bazzite-desktop',
        'A10',
        '550.144.03',
        '2026-01-03T11:30:00Z',
        '2026-01-03T12:10:00Z',
        pci=('01',),
    ),
    'bazzite-5086-image-update-nvidia-610-43-02-libnvidia-ml-so-1-missing-lact-nvml-vlc-glx-fail': Backdrop(
        'bazzite-pc',
        'A10',
        '550.144.03',
        '2026-06-12T11:30:00Z',
        '2026-06-12T12:10:00Z',
        pci=('01',),
    ),
    'comfyui-3294-reliable-vram-oom-after-update-to-d64e217-workflow-fine-at-0a03009': Backdrop(
        'comfyui-pc',
        'A10',
        '550.144.03',
        '2024-04-18T11:30:00Z',
        '2024-04-18T12:10:00Z',
        pci=('01',),
    ),
    'comfyui-12618-windows-out-of-memory-python-holds-60pct-of-64gb-ram-at-idle-after-update': Backdrop(
        'comfyui-win-pc',
        'A10',
        '550.144.03',
        '2026-02-24T11:30:00Z',
        '2026-02-24T12:10:00Z',
        pci=('01',),
    ),
    'bazzite-608-nvidia-545-driver-update-ghosting-flicker-in-wayland-games-request-to-revert-to-535': Backdrop(
        'bazzite-wayland-pc',
        'A10',
        '550.144.03',
        '2023-12-09T11:30:00Z',
        '2023-12-09T12:10:00Z',
        pci=('01',),
    ),
    'kohya-1608-after-update-torch-2-0-1-cpu-cuda-not-available-training-cannot-use-gpu': Backdrop(
        'kohya-win-pc',
        'A10',
        '550.144.03',
        '2023-10-15T11:30:00Z',
        '2023-10-15T12:10:00Z',
        pci=('01',),
    ),
    'ogkm-1162-blackwell-laptop-gpu-held-at-25w-with-65w-usb-c-adapter-undersized-adapter-policy-benign': Backdrop(
        'omen-slim-16',
        'A10',
        '550.144.03',
        '2026-09-15T11:30:00Z',
        '2026-09-15T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
