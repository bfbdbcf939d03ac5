"""heldout-public-367's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-367/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except f9711481abd6, which the evidence prints), GPU counts, bus numbers (01..N in index order) and the
driver (550.144.03, the same for every case) are stand-ins. No case uses extra: no source quotes an exporter value
as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'recognize-1491-nextcloud-recognize-gpu-mode-fails-docker-image-missing-cuda-runtime-libcudart': Backdrop(
        'f9711481abd6',
        'A10',
        '550.144.03',
        '2026-07-07T11:30:00Z',
        '2026-07-07T12:10:00Z',
        pci=('01',),
    ),
    'ollama-1881-dual-rtx3090-output-only-hashes-after-update-driver-downgrade-to-535-suspected': Backdrop(
        'popos-3090',
        'A10',
        '550.144.03',
        '2024-01-10T11:30:00Z',
        '2024-01-10T12:10:00Z',
        pci=('01', '02',),
    ),
    'sdnext-1638-hires-fix-very-slow-after-upgrade-newer-driver-swaps-vram-to-system-ram': Backdrop(
        'sdnext-pc',
        'A10',
        '550.144.03',
        '2023-07-11T11:30:00Z',
        '2023-07-11T12:10:00Z',
        pci=('01',),
    ),
    'invokeai-3431-a100-generation-takes-minutes-most-likely-running-on-cpu-not-gpu': Backdrop(
        'invokeai-a100',
        'A10',
        '550.144.03',
        '2023-05-18T11:30:00Z',
        '2023-05-18T12:10:00Z',
        pci=('01',),
    ),
    'immich-28032-ml-silently-on-cpu-cuda-12-2-image-lacks-blackwell-support-cuda-failure-35': Backdrop(
        'immich-ml',
        'A10',
        '550.144.03',
        '2026-04-22T11:30:00Z',
        '2026-04-22T12:10:00Z',
        pci=('01',),
    ),
    'frigate-5166-nvdec-hwaccel-fails-libnvcuvid-so-1-missing-in-container': Backdrop(
        'frigate-nvr',
        'A10',
        '550.144.03',
        '2023-01-19T11:30:00Z',
        '2023-01-19T12:10:00Z',
        pci=('01',),
    ),
    'frigate-22842-nvidia-gpu-missing-from-system-stats-detector-only-setup-stats-gap-benign': Backdrop(
        'frigate-split',
        'A10',
        '550.144.03',
        '2026-04-11T11:30:00Z',
        '2026-04-11T12:10:00Z',
        pci=('01',),
    ),
    'ollama-6529-gpu-utilization-0pct-model-split-gpu-cpu-gpu-waits-for-cpu-by-design-benign': Backdrop(
        'ollama-win',
        'A10',
        '550.144.03',
        '2024-08-27T11:30:00Z',
        '2024-08-27T12:10:00Z',
        pci=('01',),
    ),
    'ollama-10810-qwen3-235b-low-gpu-utilization-layered-moe-model-expected-benign': Backdrop(
        'ollama-moe',
        'A10',
        '550.144.03',
        '2025-05-22T11:30:00Z',
        '2025-05-22T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'homelab-232-jellyfin-buffering-no-gpu-for-jellyfin-device-plugin-time-slicing-added': Backdrop(
        'talos-gpu',
        'A10',
        '550.144.03',
        '2026-05-03T11:30:00Z',
        '2026-05-03T12:10:00Z',
        pci=('01',),
    ),
    'comfyui-5000-oom-after-update-bisected-to-controlnet-model-options-commit': Backdrop(
        'comfy-4090',
        'A10',
        '550.144.03',
        '2024-09-20T11:30:00Z',
        '2024-09-20T12:10:00Z',
        pci=('01',),
    ),
    'nvpatch-13-nvenc-createbitstreambuffer-out-of-memory-too-many-surfaces': Backdrop(
        'nvenc-host',
        'A10',
        '550.144.03',
        '2018-12-18T11:30:00Z',
        '2018-12-18T12:10:00Z',
        pci=('01',),
    ),
    'sunshine-299-nvenc-stream-cannot-start-cuda-oom-game-uses-all-vram': Backdrop(
        'sunshine-host',
        'A10',
        '550.144.03',
        '2022-08-05T11:30:00Z',
        '2022-08-05T12:10:00Z',
        pci=('01',),
    ),
    'localai-1729-cuda-memory-fills-each-chat-request-starts-new-grpc-backend-never-unloaded': Backdrop(
        'localai-docker',
        'A10',
        '550.144.03',
        '2024-02-20T11:30:00Z',
        '2024-02-20T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
