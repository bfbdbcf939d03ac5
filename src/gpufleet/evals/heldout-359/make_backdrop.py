"""heldout-public-359's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-359/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every case is one node with one GPU shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each
description); host names, the bus number (01) and the driver (550.144.03, the same for every case) are stand-ins: no
stored excerpt prints a host name, bus id or GPU index. No case uses extra: no source quotes an exporter value as a
metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'a1111-13871-gpu-memory-not-released-after-oom-in-api-path-leak-fix-only-covered-webui': Backdrop(
        'sdwebui-api01',
        'A10',
        '550.144.03',
        '2023-11-06T11:30:00Z',
        '2023-11-06T12:10:00Z',
        pci=('01',),
    ),
    'fooocus-447-process-killed-during-encoding-swap-disabled-full-host-memory': Backdrop(
        'fooocus-pc01',
        'A10',
        '550.144.03',
        '2023-09-20T11:30:00Z',
        '2023-09-20T12:10:00Z',
        pci=('01',),
    ),
    'go2rtc-152-cuda-filter-format-error-rotation-unsupported-with-hw-accel-software-fallback': Backdrop(
        'go2rtc-docker01',
        'A10',
        '550.144.03',
        '2023-02-19T11:30:00Z',
        '2023-02-19T12:10:00Z',
        pci=('01',),
    ),
    'go2rtc-24-camera-decode-on-cpu-80-percent-nvidia-libraries-missing-in-container': Backdrop(
        'go2rtc-vm01',
        'A10',
        '550.144.03',
        '2022-08-30T11:30:00Z',
        '2022-08-30T12:10:00Z',
        pci=('01',),
    ),
    'gpustatunraid-37-unraid-gpu-stats-tdarr-icon-missing-browser-cache-benign': Backdrop(
        'unraid-tdarr01',
        'A10',
        '550.144.03',
        '2022-03-31T11:30:00Z',
        '2022-03-31T12:10:00Z',
        pci=('01',),
    ),
    'gpustatunraid-73-unraid-gpu-stats-power-limit-always-na-plugin-read-wrong-field-benign': Backdrop(
        'unraid-tower01',
        'A10',
        '550.144.03',
        '2025-10-18T11:30:00Z',
        '2025-10-18T12:10:00Z',
        pci=('01',),
    ),
    'koboldai-381-kobold-507-cuda-error-out-of-memory-model-does-not-fit-gpu': Backdrop(
        'kobold-pc01',
        'A10',
        '550.144.03',
        '2023-06-27T11:30:00Z',
        '2023-06-27T12:10:00Z',
        pci=('01',),
    ),
    'memories-306-nextcloud-image-ffmpeg-without-nvenc-gpu-unused-build-ffmpeg-from-source': Backdrop(
        'nextcloud01',
        'A10',
        '550.144.03',
        '2022-12-22T11:30:00Z',
        '2022-12-22T12:10:00Z',
        pci=('01',),
    ),
    'nvdocker-766-emby-cannot-load-libnvcuvid-runtime-not-triggered-without-nvidia-visible-devices': Backdrop(
        'emby-docker01',
        'A10',
        '550.144.03',
        '2018-06-15T11:30:00Z',
        '2018-06-15T12:10:00Z',
        pci=('01',),
    ),
    'nvtop-62-enc-meter-near-100-percent-during-nvenc-encode-is-encoder-usage-benign': Backdrop(
        'nvenc-box01',
        'A10',
        '550.144.03',
        '2020-03-26T11:30:00Z',
        '2020-03-26T12:10:00Z',
        pci=('01',),
    ),
    'openwebui-1165-bundled-ollama-no-gpu-default-runtime-not-nvidia-run-with-gpus-all': Backdrop(
        'openwebui-pc01',
        'A10',
        '550.144.03',
        '2024-03-22T11:30:00Z',
        '2024-03-22T12:10:00Z',
        pci=('01',),
    ),
    'privategpt-121-gpu-idle-high-ram-during-inference-app-is-cpu-only-by-design-benign': Backdrop(
        'privategpt-pc01',
        'A10',
        '550.144.03',
        '2023-05-14T11:30:00Z',
        '2023-05-14T12:10:00Z',
        pci=('01',),
    ),
    'sma-1242-ffmpeg-cannot-load-libcuda-cuvid-hwaccel-settings-blanked-fixed': Backdrop(
        'sab-docker01',
        'A10',
        '550.144.03',
        '2020-05-13T11:30:00Z',
        '2020-05-13T12:10:00Z',
        pci=('01',),
    ),
    'stash-4934-nvenc-provided-device-doesnt-support-required-features-driver-ffmpeg-incompatibility': Backdrop(
        'stash-win01',
        'A10',
        '550.144.03',
        '2024-06-05T11:30:00Z',
        '2024-06-05T12:10:00Z',
        pci=('01',),
    ),
    'textgen-522-cuda-out-of-memory-rtx3060-loading-fp32-model-load-bf16-or-8bit': Backdrop(
        'textgen-pc01',
        'A10',
        '550.144.03',
        '2023-03-23T11:30:00Z',
        '2023-03-23T12:10:00Z',
        pci=('01',),
    ),
    'truecharts-17253-truenas-scale-no-gpu-resource-after-reboot-until-gpu-support-toggled': Backdrop(
        'truenas-scale01',
        'A10',
        '550.144.03',
        '2024-01-15T11:30:00Z',
        '2024-01-15T12:10:00Z',
        pci=('01',),
    ),
    'whisperasr-44-nvidia-container-cli-libnvidia-ml-not-found-docker-on-macos-has-no-gpu-passthrough': Backdrop(
        'mac-docker01',
        'A10',
        '550.144.03',
        '2022-11-20T11:30:00Z',
        '2022-11-20T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
