"""heldout-public-247's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-247/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts, bus numbers where the source prints none, and the driver (550.144.03, the same for every case) are stand-ins.
No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'kyoo-647-compose-gpu-reservation-without-driver-key-cannot-load-libcuda-in-transcoder': Backdrop(
        'kyoo-docker-host',
        'A10',
        '550.144.03',
        '2024-10-19T11:30:00Z',
        '2024-10-19T12:10:00Z',
        pci=('01',),
    ),
    'jrottenberg-ffmpeg-233-nvidia-ffmpeg-image-cannot-load-libcuda-compose-passed-no-gpu': Backdrop(
        'ffmpeg-nvenc-host',
        'A10',
        '550.144.03',
        '2020-05-01T11:30:00Z',
        '2020-05-01T12:10:00Z',
        pci=('01',),
    ),
    'jellyfin-srgan-plugin-nvml-unknown-error-during-docker-build-gpu-not-accessible-at-build-time': Backdrop(
        'jellyfin-srgan-host',
        'A10',
        '550.144.03',
        '2026-02-03T11:30:00Z',
        '2026-02-03T12:10:00Z',
        pci=('01',),
    ),
    'sygil-webui-490-docker-compose-1-17-rejects-gpu-device-reservation-needs-compose-1-28': Backdrop(
        'sd-webui-ubuntu1804',
        'A10',
        '550.144.03',
        '2022-09-02T11:30:00Z',
        '2022-09-02T12:10:00Z',
        pci=('01',),
    ),
    'nixpkgs-141298-jellyfin-service-nvenc-no-cuda-device-systemd-sandboxing-hides-gpu-devices': Backdrop(
        'nixos-jellyfin',
        'A10',
        '550.144.03',
        '2021-10-11T11:30:00Z',
        '2021-10-11T12:10:00Z',
        pci=('01',),
    ),
    'nixpkgs-149715-jellyfin-in-systemd-nspawn-cuinit-no-device-bind-mounts-and-allowed-devices-missing': Backdrop(
        'nspawn-jellyfin',
        'A10',
        '550.144.03',
        '2023-02-19T11:30:00Z',
        '2023-02-19T12:10:00Z',
        pci=('01',),
    ),
    'frigate-15646-tensorrt-23-12-libraries-need-driver-545-debian-bookworm-driver-too-old-reinstalled-570': Backdrop(
        'frigate-bookworm',
        'A10',
        '550.144.03',
        '2025-02-12T11:30:00Z',
        '2025-02-12T12:10:00Z',
        pci=('01',),
    ),
    'viseron-360-kepler-650m-opencv-dnn-not-built-for-compute-3-0-unsupported-by-cuda-11': Backdrop(
        'viseron-laptop',
        'A10',
        '550.144.03',
        '2022-08-16T11:30:00Z',
        '2022-08-16T12:10:00Z',
        pci=('01',),
    ),
    'syno-nvidia-gpu-driver-45-dsm-7-3-vgpudaemon-nvml-driver-not-loaded-fixed-by-reinstalling-package': Backdrop(
        'ds1825-nas',
        'A10',
        '550.144.03',
        '2025-10-20T11:30:00Z',
        '2025-10-20T12:10:00Z',
        pci=('01',),
    ),
    'greentilden-proxmox-homelab-plex-rtx-5070-ti-rminitadapter-failed-driver-570-said-to-lack-blackwell-support': Backdrop(
        'proxmox-plex-host',
        'A10',
        '550.144.03',
        '2025-08-25T11:30:00Z',
        '2025-08-25T12:10:00Z',
        pci=('01',),
    ),
    'searge-llm-54-comfyui-llm-node-runs-on-cpu-llama-cpp-python-installed-without-cuda': Backdrop(
        'comfyui-blackwell',
        'A10',
        '550.144.03',
        '2025-12-10T11:30:00Z',
        '2025-12-10T12:10:00Z',
        pci=('01',),
    ),
    '3x3cut0r-docker-4-llama-cpp-python-container-ignores-n-gpu-layers-image-has-no-gpu-support': Backdrop(
        'llama-cpp-docker',
        'A10',
        '550.144.03',
        '2024-01-13T11:30:00Z',
        '2024-01-13T12:10:00Z',
        pci=('01', '02'),
    ),
    'ollama-11676-home-server-gpu-shared-with-frigate-and-tdarr-vram-oversubscribed-model-not-on-gpu': Backdrop(
        'homeserver-ollama',
        'A10',
        '550.144.03',
        '2025-10-07T11:30:00Z',
        '2025-10-07T12:10:00Z',
        pci=('01',),
    ),
    'club-3090-96-vllm-dual-3090-oom-in-verify-stress-until-max-model-len-reduced-to-188000': Backdrop(
        'dual-3090-rig',
        'A10',
        '550.144.03',
        '2026-05-07T01:08:00Z',
        '2026-05-07T01:48:00Z',
        pci=('01', '02'),
    ),
    'immich-11979-ml-cuda-failed-to-allocate-memory-on-4gib-vgpu-under-concurrent-jobs': Backdrop(
        'esxi-immich-vm',
        'A10',
        '550.144.03',
        '2024-08-22T11:30:00Z',
        '2024-08-22T12:10:00Z',
        pci=('01',),
    ),
    'coursia-11650-tts-container-loads-model-on-display-gpu0-cuda-fastest-first-order-fixed-pci-bus-id': Backdrop(
        'myia-po-2023',
        'A10',
        '550.144.03',
        '2026-08-18T11:30:00Z',
        '2026-08-18T12:10:00Z',
        pci=('01', '02'),
    ),
    'faster-whisper-42-wyoming-whisper-2-4-0-gpu-image-cannot-load-libcudnn-ops-9-downgrade-to-2-3-0-works': Backdrop(
        'ha-whisper-host',
        'A10',
        '550.144.03',
        '2025-05-04T11:30:00Z',
        '2025-05-04T12:10:00Z',
        pci=('01',),
    ),
    'codeproject-ai-24-face-recognition-loads-on-cpu-after-1-6-6-gpu-disabled-in-docker-module-settings': Backdrop(
        'cpai-docker-host',
        'A10',
        '550.144.03',
        '2022-10-13T11:30:00Z',
        '2022-10-13T12:10:00Z',
        pci=('01',),
    ),
    'codeproject-ai-154-cuda-not-detected-only-cpu-on-ubuntu-24-04-secure-boot-blocked-nvidia-driver': Backdrop(
        'cpai-ubuntu2404',
        'A10',
        '550.144.03',
        '2024-11-08T11:30:00Z',
        '2024-11-08T12:10:00Z',
        pci=('01',),
    ),
    'jailmaker-264-truenas-25-10-open-kernel-driver-moved-nvidia-libraries-jail-gpu-bind-mounts-break': Backdrop(
        'truenas-jail-host',
        'A10',
        '550.144.03',
        '2026-02-17T11:30:00Z',
        '2026-02-17T12:10:00Z',
        pci=('01',),
    ),
    '1panel-9504-gpu-monitor-says-no-nvidia-smi-on-geforce-410m-old-driver-output-not-parsed-benign': Backdrop(
        'xoserver',
        'A10',
        '550.144.03',
        '2025-07-13T11:30:00Z',
        '2025-07-13T12:10:00Z',
        pci=('01',),
    ),
    '1panel-5770-gpu-monitor-says-no-nvidia-smi-on-working-gpu-server-command-detection-logic-fixed-benign': Backdrop(
        'tencent-gpu-server',
        'A10',
        '550.144.03',
        '2024-07-11T11:30:00Z',
        '2024-07-11T12:10:00Z',
        pci=('01',),
    ),
    '1panel-12889-gpu-monitor-rejects-nvidia-smi-schema-v13-of-driver-580-compatibility-benign': Backdrop(
        'ubuntu-thinkpad-e470',
        'A10',
        '550.144.03',
        '2026-05-28T06:37:00Z',
        '2026-05-28T07:17:00Z',
        pci=('01',),
    ),
    'nvidia-smi2ha-2-home-assistant-gpu-sensor-empty-nvidia-smi-535-output-format-differs-benign': Backdrop(
        'ha-gpu-host',
        'A10',
        '550.144.03',
        '2025-03-02T11:30:00Z',
        '2025-03-02T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
