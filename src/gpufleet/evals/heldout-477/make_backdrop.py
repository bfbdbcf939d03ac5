"""heldout-public-477's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-477/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
host names are the printed one where the evidence prints one (nullstone) and stand-ins otherwise; one GPU per
case (every source is a single-GPU workstation, server, container host or Jetson board); bus number 01 is a
stand-in everywhere (no evidence prints a bus id); the driver (550.144.03) is the same stand-in for every case,
so the version carries no signal. No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause: flat, healthy metrics for every case.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'vpf-473-pynvdecoder-cuda-system-driver-mismatch-driver-520-below-required-525': Backdrop(
        'vpf-docker-host',
        'A10',
        '550.144.03',
        '2023-04-28T11:30:00Z',
        '2023-04-28T12:10:00Z',
        pci=('01',),
    ),
    'vpf-364-nvenc-encoder-fails-driver-450-too-old-for-nvencodeapi-version': Backdrop(
        'vpf-450-host',
        'A10',
        '550.144.03',
        '2022-08-02T11:30:00Z',
        '2022-08-02T12:10:00Z',
        pci=('01',),
    ),
    'arrflix-13-nullstone-jellyfin-gpu-transcode-dead-nvidia-module-not-loaded-cpu-fallback': Backdrop(
        'nullstone',
        'A10',
        '550.144.03',
        '2026-05-08T11:30:00Z',
        '2026-05-08T12:10:00Z',
        pci=('01',),
    ),
    'vali-59-pydecoder-vram-grows-per-instance-until-oom-decoder-leak-fixed-3-2-4': Backdrop(
        'vali-gradio-host',
        'A10',
        '550.144.03',
        '2024-07-15T11:30:00Z',
        '2024-07-15T12:10:00Z',
        pci=('01',),
    ),
    'ovni-1-pynvvideocodec-gpu-memory-not-freed-encoder-caps-probe-never-destroyed': Backdrop(
        'ovni-render-host',
        'A10',
        '550.144.03',
        '2025-06-26T11:30:00Z',
        '2025-06-26T12:10:00Z',
        pci=('01',),
    ),
    'ocvc-2380-cudacodec-videoreader-leaks-when-decoder-reconfigured-1080-vs-1088': Backdrop(
        'opencv-cuda-host',
        'A10',
        '550.144.03',
        '2019-12-06T11:30:00Z',
        '2019-12-06T12:10:00Z',
        pci=('01',),
    ),
    'ovt-210-benign-nvenc-slowdown-after-driver-566-update-was-nic-glitch-false-alarm': Backdrop(
        'ovt-encode-pc',
        'A10',
        '550.144.03',
        '2024-11-09T11:30:00Z',
        '2024-11-09T12:10:00Z',
        pci=('01',),
    ),
    'nvenc-474-benign-rtx4090-dual-nvenc-each-50-percent-single-session-by-design': Backdrop(
        'rtx4090-encode-pc',
        'A10',
        '550.144.03',
        '2023-03-18T11:30:00Z',
        '2023-03-18T12:10:00Z',
        pci=('01',),
    ),
    'nvenc-549-benign-gtx970-gpu-at-50-percent-one-session-cannot-use-both-nvencs': Backdrop(
        'gtx970-encode-pc',
        'A10',
        '550.144.03',
        '2024-01-17T11:30:00Z',
        '2024-01-17T12:10:00Z',
        pci=('01',),
    ),
    'jetffmpeg-18-benign-jetson-4x720p-decode-high-cpu-low-gpu-display-issue-decoder-ok': Backdrop(
        'jetson-decode',
        'A10',
        '550.144.03',
        '2019-12-10T11:30:00Z',
        '2019-12-10T12:10:00Z',
        pci=('01',),
    ),
    'ivmg-772-rtx5060ti-nvenc-works-but-probe-false-negative-selects-cpu-encoding': Backdrop(
        'unraid-immich',
        'A10',
        '550.144.03',
        '2026-08-26T11:30:00Z',
        '2026-08-26T12:10:00Z',
        pci=('01',),
    ),
    'darknetros-124-jetson-tx1-yolov3-camera-detector-memory-grows-fills-swap-process-dies': Backdrop(
        'jetson-tx1',
        'A10',
        '550.144.03',
        '2018-10-17T11:30:00Z',
        '2018-10-17T12:10:00Z',
        pci=('01',),
    ),
    'nvpatch-235-rtx2080ti-20-ffmpeg-rtsp-transcodes-host-hangs-every-10-15-days-psu-suspected': Backdrop(
        'rtsp-transcode-01',
        'A10',
        '550.144.03',
        '2020-02-20T11:30:00Z',
        '2020-02-20T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
