"""heldout-public-351's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-351/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (no kept excerpt prints a host name), bus numbers (01..N in index order) and the driver (550.144.03, the same
for every case) are stand-ins. No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'atinoda-62-tgwebui-unraid-two-gpus-nvidia-visible-devices-ignored-runtime-overriding-device-options-hedged': Backdrop(
        'unraid-tgw',
        'A10',
        '550.144.03',
        '2025-02-27T11:30:00Z',
        '2025-02-27T12:10:00Z',
        pci=('01', '02',),
    ),
    'jellyfin-14977-unraid-second-gpu-cuda-error-no-device-container-renumbers-gpu1-to-0-hardcoded-cuda-device-0': Backdrop(
        'unraid-jellyfin',
        'A10',
        '550.144.03',
        '2025-10-10T11:30:00Z',
        '2025-10-10T12:10:00Z',
        pci=('01', '02',),
    ),
    'jim60105-7-sd-webui-docker-rtx5090-generates-nothing-cuda-build-in-image-does-not-support-new-card': Backdrop(
        'sdwebui-5090',
        'A10',
        '550.144.03',
        '2025-02-15T11:30:00Z',
        '2025-02-15T12:10:00Z',
        pci=('01',),
    ),
    'localai-2394-gpu-acceleration-lost-after-driver-update-auto-detection-does-not-build-llama-cpp-cuda-backend': Backdrop(
        'localai-node',
        'A10',
        '550.144.03',
        '2024-06-19T11:30:00Z',
        '2024-06-19T12:10:00Z',
        pci=('01',),
    ),
    'lsio-jellyfin-152-podman-nvidia-gpus-not-visible-in-container-nvidia-visible-devices-not-set-see-readme': Backdrop(
        'podman-jellyfin',
        'A10',
        '550.144.03',
        '2022-04-03T11:30:00Z',
        '2022-04-03T12:10:00Z',
        pci=('01',),
    ),
    'lsio-plex-391-plex-compose-runtime-nvidia-alone-passes-no-gpu-gpus-all-or-deploy-devices-needed': Backdrop(
        'plex-docker',
        'A10',
        '550.144.03',
        '2024-04-03T11:30:00Z',
        '2024-04-03T12:10:00Z',
        pci=('01',),
    ),
    'memories-582-nextcloud-memories-go-vod-nvenc-docker-latest-ffmpeg-requires-newer-driver-reverted-to-5-1-2': Backdrop(
        'nextcloud-vod',
        'A10',
        '550.144.03',
        '2023-11-18T11:30:00Z',
        '2023-11-18T12:10:00Z',
        pci=('01',),
    ),
    'ollama-2809-ollama-docker-wsl-does-not-use-nvidia-gpu-model-bigger-than-gpu-unconfirmed': Backdrop(
        'wsl-ollama',
        'A10',
        '550.144.03',
        '2024-02-28T11:30:00Z',
        '2024-02-28T12:10:00Z',
        pci=('01',),
    ),
    'owui-helm-17-open-webui-helm-cuda-image-ollama-gpu-not-detected-runtimeclassname-nvidia-suggested': Backdrop(
        'k8s-openwebui',
        'A10',
        '550.144.03',
        '2024-05-10T11:30:00Z',
        '2024-05-10T12:10:00Z',
        pci=('01',),
    ),
    'sickbeard-1380-mp4-automator-ffmpeg-could-not-dynamically-load-cuda-hwaccel-requested-without-working-cuda': Backdrop(
        'media-automator',
        'A10',
        '550.144.03',
        '2020-12-12T11:30:00Z',
        '2020-12-12T12:10:00Z',
        pci=('01',),
    ),
    'powersave-6-benign-plex-holding-nvidia-device-files-at-idle-powersave-script-kills-plex-gpu-idles-anyway': Backdrop(
        'unraid-plex',
        'A10',
        '550.144.03',
        '2025-03-12T11:30:00Z',
        '2025-03-12T12:10:00Z',
        pci=('01',),
    ),
    'gpustat-79-benign-low-gpu-util-while-nvenc-encoder-near-100-percent-enc-dec-counted-separately': Backdrop(
        'encode-box',
        'A10',
        '550.144.03',
        '2020-03-18T11:30:00Z',
        '2020-03-18T12:10:00Z',
        pci=('01',),
    ),
    'tdarr-895-800-transcodes-fail-cuinit-cuda-error-no-device-concurrent-nvenc-limit-reached-fewer-gpu-workers': Backdrop(
        'tdarr-node',
        'A10',
        '550.144.03',
        '2023-10-25T11:30:00Z',
        '2023-10-25T12:10:00Z',
        pci=('01',),
    ),
    'jellyfin-6327-cuda-transcode-no-decoder-surfaces-left-frame-pool-too-small-for-h264-b-frames-raise-extra-hw-frames': Backdrop(
        'jellyfin-cuda',
        'A10',
        '550.144.03',
        '2021-08-05T11:30:00Z',
        '2021-08-05T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
