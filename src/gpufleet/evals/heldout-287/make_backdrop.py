"""heldout-public-287's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-287/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description).
Each node has one GPU (no source gives a count for the affected node); bus 01 and driver 550.144.03 are stand-ins,
the same for every case. Hosts are stand-ins except titan and C.47644853, which the evidence prints.
No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'truenas-mw-15339-plex-apps-list-no-nvidia-gpus-nvidia-drm-module-not-loaded': Backdrop(
        'truenas-scale-01',
        'A10',
        '550.144.03',
        '2025-01-08T11:30:00Z',
        '2025-01-08T12:10:00Z',
        pci=('01',),
    ),
    'localai-586-cublas-build-still-runs-on-cpu-gpu-layers-not-set-in-model-yaml': Backdrop(
        'localai-host',
        'A10',
        '550.144.03',
        '2023-06-13T11:30:00Z',
        '2023-06-13T12:10:00Z',
        pci=('01',),
    ),
    'invokeai-42-cuda-oom-gpu0-4gib-card-too-little-vram-for-stable-diffusion': Backdrop(
        'invokeai-desktop',
        'A10',
        '550.144.03',
        '2022-08-23T11:30:00Z',
        '2022-08-23T12:10:00Z',
        pci=('01',),
    ),
    'nvidia-docker-288-container-restart-after-reboot-fails-nvidia-uvm-tools-missing-driver-not-loaded': Backdrop(
        'titan',
        'A10',
        '550.144.03',
        '2017-01-10T11:30:00Z',
        '2017-01-10T12:10:00Z',
        pci=('01',),
    ),
    'docker-kasm-105-workspace-containers-start-as-plain-runc-no-nvidia-runtime-default-no-cdi': Backdrop(
        'kasm-host',
        'A10',
        '550.144.03',
        '2026-08-07T11:30:00Z',
        '2026-08-07T12:10:00Z',
        pci=('01',),
    ),
    'nvcodec-python-5-rtsp-decoder-cuda-memory-grows-until-oom-missing-cumemfree-nv12frame': Backdrop(
        'rtsp-decode-host',
        'A10',
        '550.144.03',
        '2022-01-28T11:30:00Z',
        '2022-01-28T12:10:00Z',
        pci=('01',),
    ),
    'jetson-ffmpeg-16-nvbuffers-not-destroyed-memory-leak-fixed': Backdrop(
        'jetson-host',
        'A10',
        '550.144.03',
        '2019-11-22T11:30:00Z',
        '2019-11-22T12:10:00Z',
        pci=('01',),
    ),
    'whispercpp-3989-cuda-container-compat-ld-library-path-shadows-host-driver-falls-back-to-cpu': Backdrop(
        'C.47644853',
        'A10',
        '550.144.03',
        '2026-08-13T11:30:00Z',
        '2026-08-13T12:10:00Z',
        pci=('01',),
    ),
    'arm-1092-ripping-container-lacks-libnvidia-encode-nvenc-unavailable-installed-driver-matching-lib': Backdrop(
        'arm-host',
        'A10',
        '550.144.03',
        '2024-03-26T11:30:00Z',
        '2024-03-26T12:10:00Z',
        pci=('01',),
    ),
    'restreamer-798-nvenc-transcode-raises-cpu-and-gpu-vs-passthrough-wrong-expectations-benign': Backdrop(
        'restreamer-lxc',
        'A10',
        '550.144.03',
        '2024-08-06T11:30:00Z',
        '2024-08-06T12:10:00Z',
        pci=('01',),
    ),
    'vidcoder-958-nvenc-no-faster-than-x264-resize-filter-bottlenecks-on-cpu': Backdrop(
        'tuf-laptop',
        'A10',
        '550.144.03',
        '2022-01-07T11:30:00Z',
        '2022-01-07T12:10:00Z',
        pci=('01',),
    ),
    'vidcoder-1133-nvenc-av1-gpu-underused-cpu-70-percent-cpu-filter-or-framerate-interpolation': Backdrop(
        'vidcoder-pc',
        'A10',
        '550.144.03',
        '2023-04-07T11:30:00Z',
        '2023-04-07T12:10:00Z',
        pci=('01',),
    ),
    'kokoro-fastapi-213-gpu-image-requires-cuda-12-8-hosts-on-535-550-565-drivers-cannot-run': Backdrop(
        'kokoro-host',
        'A10',
        '550.144.03',
        '2025-03-05T11:30:00Z',
        '2025-03-05T12:10:00Z',
        pci=('01',),
    ),
    'kokoro-local-17-requirements-install-cpu-only-torch-cuda-unavailable-cu128-wheel-fixes': Backdrop(
        'kokoro-local-pc',
        'A10',
        '550.144.03',
        '2025-05-11T11:30:00Z',
        '2025-05-11T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
