"""heldout-public-240's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-240/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts, bus numbers where the source prints none, and the driver (550.144.03, the same for every case) are stand-ins.
No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'truecharts-1991-truenas-jellyfin-nvenc-cannot-load-libnvcuvid-driver-capabilities-not-injected': Backdrop(
        'truenas-scale-jellyfin',
        'A10',
        '550.144.03',
        '2022-03-02T11:30:00Z',
        '2022-03-02T12:10:00Z',
        pci=('01',),
    ),
    'docker-plex-238-plex-1-20-2-hw-encode-stops-needs-driver-450-66-debian-buster-older-driver': Backdrop(
        'pve-plex-docker',
        'A10',
        '550.144.03',
        '2020-10-09T11:30:00Z',
        '2020-10-09T12:10:00Z',
        pci=('01',),
    ),
    'jellyfin-1118-docker-10-2-2-nvenc-nvdec-cannot-load-libnvcuvid-libraries-missing-in-container': Backdrop(
        'ubuntu-jellyfin-docker',
        'A10',
        '550.144.03',
        '2019-03-15T11:30:00Z',
        '2019-03-15T12:10:00Z',
        pci=('01',),
    ),
    'tdarr-679-unraid-tdarr-node-cuda-libs-missing-fixed-by-runtime-nvidia-extra-parameter': Backdrop(
        'unraid-tdarr',
        'A10',
        '550.144.03',
        '2023-03-15T11:30:00Z',
        '2023-03-15T12:10:00Z',
        pci=('01',),
    ),
    'joepitt91-comfyui-docker-26-comfyui-0-20-needs-libcudart-image-lacked-it': Backdrop(
        'comfyui-docker-host',
        'A10',
        '550.144.03',
        '2026-07-19T11:30:00Z',
        '2026-07-19T12:10:00Z',
        pci=('01',),
    ),
    'codeproject-ai-8-gpu-image-face-processing-runs-on-cpu-module-sets-use-cuda-false': Backdrop(
        'codeproject-ai-docker',
        'A10',
        '550.144.03',
        '2022-09-03T11:30:00Z',
        '2022-09-03T12:10:00Z',
        pci=('01',),
    ),
    'a1111-17199-rtx-5060-ti-no-kernel-image-needs-pytorch-2-7': Backdrop(
        'sd-webui-rtx5060ti',
        'A10',
        '550.144.03',
        '2025-12-07T11:30:00Z',
        '2025-12-07T12:10:00Z',
        pci=('01',),
    ),
    'whisperx-865-docker-libcudnn-ops-infer-so-8-missing-torch-2-4-cudnn-9-pin-torch-2-3-1': Backdrop(
        'ec2-g5-2xlarge-whisperx',
        'A10',
        '550.144.03',
        '2024-08-22T11:30:00Z',
        '2024-08-22T12:10:00Z',
        pci=('01',),
    ),
    'voicestreamai-17-docker-whisper-server-libcudnn-ops-infer-missing-image-without-cudnn': Backdrop(
        'voicestreamai-docker',
        'A10',
        '550.144.03',
        '2024-05-20T08:08:00Z',
        '2024-05-20T08:48:00Z',
        pci=('01',),
    ),
    'deepstack-85-jetson-jetpack-4-5-container-start-nvidia-container-cli-mount-file-exists-new-release': Backdrop(
        'jetson-deepstack',
        'A10',
        '550.144.03',
        '2021-02-02T11:30:00Z',
        '2021-02-02T12:10:00Z',
        pci=('01',),
    ),
    'frigate-528-bus-error-camera-processes-docker-shm-too-small-set-shm-size': Backdrop(
        'frigate-docker',
        'A10',
        '550.144.03',
        '2021-01-18T11:30:00Z',
        '2021-01-18T12:10:00Z',
        pci=('01',),
    ),
    'frigate-285-addon-zombie-after-hours-out-of-shm-space-shm-size-256mb-fixed': Backdrop(
        'ha-frigate-addon',
        'A10',
        '550.144.03',
        '2020-11-04T11:30:00Z',
        '2020-11-04T12:10:00Z',
        pci=('01',),
    ),
    'mmartial-comfyui-nvidia-docker-56-container-restarts-custom-node-exhausts-system-ram': Backdrop(
        'comfyui-nvidia-docker-vm',
        'A10',
        '550.144.03',
        '2025-06-28T11:30:00Z',
        '2025-06-28T12:10:00Z',
        pci=('01',),
    ),
    'a1111-4442-cuda-oom-6gb-gpu-reserved-memory-fragmentation-restart-clears': Backdrop(
        'w10-sd-webui',
        'A10',
        '550.144.03',
        '2022-11-07T11:30:00Z',
        '2022-11-07T12:10:00Z',
        pci=('01',),
    ),
    'comfyui-2652-nvidia-smi-shows-40-percent-vram-while-comfyui-hits-limit-sampling-too-slow-benign': Backdrop(
        'comfyui-workstation',
        'A10',
        '550.144.03',
        '2024-01-28T11:30:00Z',
        '2024-01-28T12:10:00Z',
        pci=('01',),
    ),
    'docker-jellyfin-103-unraid-tone-mapping-fails-after-update-image-missing-nvidia-opencl-icd': Backdrop(
        'unraid-jellyfin',
        'A10',
        '550.144.03',
        '2021-04-21T11:30:00Z',
        '2021-04-21T12:10:00Z',
        pci=('01',),
    ),
    'imagegenius-immich-349-unraid-immich-ml-cuda-failure-35-whitespace-before-container-variable': Backdrop(
        'unraid-immich',
        'A10',
        '550.144.03',
        '2024-04-26T11:30:00Z',
        '2024-04-26T12:10:00Z',
        pci=('01',),
    ),
    'frigate-23107-cpu-detector-warning-applies-only-to-default-tflite-cpu-detector-nothing-to-change-benign': Backdrop(
        'frigate-nvr',
        'A10',
        '550.144.03',
        '2026-05-04T11:30:00Z',
        '2026-05-04T12:10:00Z',
        pci=('01',),
    ),
    'handbrake-6812-flatpak-nvenc-no-capable-devices-mx150-has-no-nvenc-menu-misreports-benign': Backdrop(
        'fedora-optimus-laptop',
        'A10',
        '550.144.03',
        '2025-04-18T17:49:00Z',
        '2025-04-18T18:29:00Z',
        pci=('01',),
    ),
    'speaches-72-whisper-server-gpu-draws-40w-idle-while-model-stays-loaded-expected-benign': Backdrop(
        'speaches-whisper-server',
        'A10',
        '550.144.03',
        '2024-09-04T11:30:00Z',
        '2024-09-04T12:10:00Z',
        pci=('01',),
    ),
    'comfyui-2427-torch-not-compiled-with-cuda-update-replaced-pytorch-with-cpu-build': Backdrop(
        'win-comfyui-portable',
        'A10',
        '550.144.03',
        '2024-01-01T11:30:00Z',
        '2024-01-01T12:10:00Z',
        pci=('01',),
    ),
    'a1111-5613-a100-gradient-gpu-usage-stays-0-percent-usage-panel-does-not-track-gpu-benign': Backdrop(
        'gradient-a100-notebook',
        'A10',
        '550.144.03',
        '2022-12-11T11:30:00Z',
        '2022-12-11T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
