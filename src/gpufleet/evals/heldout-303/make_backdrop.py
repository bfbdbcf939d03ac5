"""heldout-public-303's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-303/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every case is a single-GPU host; every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source
names one, is in each description). Hosts (except architect, Test, sarah and OpenELEC, which the evidence prints),
the bus number (01; ollama-7130 prints 00000000:01:00.0) and the driver (550.144.03, the same for every case) are
stand-ins. No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'handbrake-8055-docker-nvenc-cuda-error-no-device-on-1-11-branch-works-on-1-10-release-regression': Backdrop(
        'handbrake-docker-host',
        'A10',
        '550.144.03',
        '2026-08-22T11:30:00Z',
        '2026-08-22T12:10:00Z',
        pci=('01',),
    ),
    'arm-803-docker-handbrake-cannot-load-libnvidia-encode-missing-nvenc-library-in-container': Backdrop(
        'arm-docker-host',
        'A10',
        '550.144.03',
        '2023-03-25T11:30:00Z',
        '2023-03-25T12:10:00Z',
        pci=('01',),
    ),
    'jellyfin-3087-nvenc-driver-does-not-support-required-nvenc-api-9-1-after-10-5-5-regression': Backdrop(
        'jellyfin-buster',
        'A10',
        '550.144.03',
        '2020-05-10T11:30:00Z',
        '2020-05-10T12:10:00Z',
        pci=('01',),
    ),
    'lsio-faster-whisper-15-gpu-image-cannot-load-libcudnn-ops-infer-so-8-missing-cudnn': Backdrop(
        'whisper-docker-host',
        'A10',
        '550.144.03',
        '2024-04-14T11:30:00Z',
        '2024-04-14T12:10:00Z',
        pci=('01',),
    ),
    'nixpkgs-363601-wyoming-faster-whisper-ctranslate2-not-compiled-with-cuda-support': Backdrop(
        'architect',
        'A10',
        '550.144.03',
        '2024-12-09T14:20:29Z',
        '2024-12-09T15:00:29Z',
        pci=('01',),
    ),
    'jetson-inference-507-jetson-nano-shuts-down-seconds-into-detection-power-supply-suspected': Backdrop(
        'jetson-nano',
        'A10',
        '550.144.03',
        '2020-02-18T11:30:00Z',
        '2020-02-18T12:10:00Z',
        pci=('01',),
    ),
    'ollama-7130-gpu-vram-usage-timeout-warnings-on-embeddings-model-load-prediction-too-high-benign': Backdrop(
        'ollama-gt1030',
        'A10',
        '550.144.03',
        '2024-10-08T22:02:17Z',
        '2024-10-08T22:42:17Z',
        pci=('01',),
    ),
    'codeproject-ai-26-gpu-not-used-use-cuda-false-cuda-11-8-instead-of-11-7': Backdrop(
        'cpai-host',
        'A10',
        '550.144.03',
        '2022-10-21T11:55:35Z',
        '2022-10-21T12:35:35Z',
        pci=('01',),
    ),
    'sma-1455-hevc-nvenc-failed-locking-bitstream-buffer-nightly-ffmpeg-build-downgrade-fixed': Backdrop(
        'sma-host',
        'A10',
        '550.144.03',
        '2021-07-09T11:30:00Z',
        '2021-07-09T12:10:00Z',
        pci=('01',),
    ),
    'open-gpu-kernel-modules-601-driver-550-54-14-docker-transcoding-broken-unraid-jellyfin-plex': Backdrop(
        'Test',
        'A10',
        '550.144.03',
        '2024-02-27T11:30:00Z',
        '2024-02-27T12:10:00Z',
        pci=('01',),
    ),
    'imagegenius-immich-507-cpu-100-percent-during-uploads-with-gpu-thumbnails-are-cpu-only-benign': Backdrop(
        'unraid-immich',
        'A10',
        '550.144.03',
        '2025-03-27T11:30:00Z',
        '2025-03-27T12:10:00Z',
        pci=('01',),
    ),
    'project-nomad-713-ai-assistant-on-cpu-total-vram-0-docker-gpu-runtime-not-reattached-after-reboot': Backdrop(
        'nomad-host',
        'A10',
        '550.144.03',
        '2026-04-12T20:06:55Z',
        '2026-04-12T20:46:55Z',
        pci=('01',),
    ),
    'textgen-791-torch-cuda-is-available-false-cpu-build-of-torch-2-0-0-plus-cpu-installed': Backdrop(
        'textgen-win10',
        'A10',
        '550.144.03',
        '2023-04-05T11:30:00Z',
        '2023-04-05T12:10:00Z',
        pci=('01',),
    ),
    'loki-sunshine-95-fatal-no-encoder-matching-nvenc-nvenc-not-supported-on-linux': Backdrop(
        'sarah',
        'A10',
        '550.144.03',
        '2021-06-08T11:37:58Z',
        '2021-06-08T12:17:58Z',
        pci=('01',),
    ),
    'apollo-1162-video-decoder-failed-to-initialize-client-decoder-errors-not-host-nvenc-benign': Backdrop(
        'apollo-host',
        'A10',
        '550.144.03',
        '2026-07-16T11:30:00Z',
        '2026-07-16T12:10:00Z',
        pci=('01',),
    ),
    'truecharts-5647-jellyfin-will-not-start-without-nvidia-gpu-assigned-nvml-driver-not-loaded': Backdrop(
        'truenas-scale',
        'A10',
        '550.144.03',
        '2022-12-23T11:30:00Z',
        '2022-12-23T12:10:00Z',
        pci=('01',),
    ),
    'ollama-2270-gpu-used-but-cpu-100-percent-other-python-process-holds-vram-few-layers-offloaded': Backdrop(
        'ollama-host',
        'A10',
        '550.144.03',
        '2024-01-30T11:30:00Z',
        '2024-01-30T12:10:00Z',
        pci=('01',),
    ),
    'openelec-3369-gputemp-prints-na-threshold-lines-with-driver-340-script-parsing-benign': Backdrop(
        'OpenELEC',
        'A10',
        '550.144.03',
        '2014-07-14T11:30:00Z',
        '2014-07-14T12:10:00Z',
        pci=('01',),
    ),
    'memories-806-nvenc-transcode-returned-408-gt710-does-not-support-nvenc-encoding': Backdrop(
        'nextcloud-gt710',
        'A10',
        '550.144.03',
        '2023-09-06T11:30:00Z',
        '2023-09-06T12:10:00Z',
        pci=('01',),
    ),
    'ollama-1674-cuda-error-2-out-of-memory-gpu0-at-v0-1-17-revert-to-v0-1-14-context-size': Backdrop(
        'ollama-gtx1650',
        'A10',
        '550.144.03',
        '2024-01-05T10:08:07Z',
        '2024-01-05T10:48:07Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
