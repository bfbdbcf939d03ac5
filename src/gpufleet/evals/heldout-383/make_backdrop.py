"""heldout-public-383's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-383/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except echdxtv1kig0001, which the evidence prints), GPU counts, bus numbers (01..N in index order) and the
driver (550.144.03, the same for every case) are stand-ins. No case uses extra: no source quotes an exporter value
as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'libnvidia-container-241-plex-jellyfin-nvenc-failed-locking-bitstream-buffer-driver-550-54-14-regression': Backdrop(
        'unraid-test',
        'A10',
        '550.144.03',
        '2024-02-26T11:30:00Z',
        '2024-02-26T12:10:00Z',
        pci=('01',),
    ),
    'jasna-225-system-reboots-like-powercut-during-video-processing-weak-psu-suspected': Backdrop(
        'jasna-pc',
        'A10',
        '550.144.03',
        '2026-07-13T11:30:00Z',
        '2026-07-13T12:10:00Z',
        pci=('01',),
    ),
    'sd-webui-2202-no-kernel-image-after-git-pull-xformers-wheel-mismatch': Backdrop(
        'sdwebui-1660s',
        'A10',
        '550.144.03',
        '2022-10-10T11:30:00Z',
        '2022-10-10T12:10:00Z',
        pci=('01',),
    ),
    'recognize-550-cudnn-alloc-failed-on-2gb-gpu-images-too-large-for-vram': Backdrop(
        'nextcloud-gpu',
        'A10',
        '550.144.03',
        '2022-12-12T11:30:00Z',
        '2022-12-12T12:10:00Z',
        pci=('01',),
    ),
    'tabby-685-chat-model-fails-in-docker-cuda-runtime-version-mismatch': Backdrop(
        'tabby-host',
        'A10',
        '550.144.03',
        '2023-11-04T11:30:00Z',
        '2023-11-04T12:10:00Z',
        pci=('01',),
    ),
    'tabby-2507-llama-server-exit-127-libcuda-so-1-not-found-in-container-ld-library-path': Backdrop(
        'tabby-docker',
        'A10',
        '550.144.03',
        '2024-06-26T11:30:00Z',
        '2024-06-26T12:10:00Z',
        pci=('01',),
    ),
    'ollama-17832-model-always-loads-on-gpu1-cuda-visible-devices-exported-in-shell-not-server': Backdrop(
        'ollama-h200',
        'A10',
        '550.144.03',
        '2026-08-17T11:30:00Z',
        '2026-08-17T12:10:00Z',
        pci=('01', '02', '03',),
    ),
    'gpubench-8-six-rtx-4090-slower-than-one-token-generation-memory-bandwidth-bound-benign': Backdrop(
        'llm-bench',
        'A10',
        '550.144.03',
        '2024-04-22T11:30:00Z',
        '2024-04-22T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06',),
    ),
    'ollama-9209-llama-runner-start-timeout-slow-model-load-nas-storage-suspected': Backdrop(
        'echdxtv1kig0001',
        'A10',
        '550.144.03',
        '2025-02-19T11:30:00Z',
        '2025-02-19T12:10:00Z',
        pci=('01',),
    ),
    'prathamesh-blackwell-rtx-pro-6000-no-devices-found-proprietary-driver-lacks-gb202-gsp-firmware': Backdrop(
        'llm-server',
        'A10',
        '550.144.03',
        '2026-06-04T11:30:00Z',
        '2026-06-04T12:10:00Z',
        pci=('01',),
    ),
    'llama-swap-75-llama-server-crashes-after-minutes-host-ram-too-small': Backdrop(
        'llamaswap-host',
        'A10',
        '550.144.03',
        '2025-03-21T11:30:00Z',
        '2025-03-21T12:10:00Z',
        pci=('01',),
    ),
    'llama-swap-97-vram-still-held-after-model-swap-zombie-child-process': Backdrop(
        'llamaswap-podman',
        'A10',
        '550.144.03',
        '2025-04-22T11:30:00Z',
        '2025-04-22T12:10:00Z',
        pci=('01',),
    ),
    'sdnext-886-vram-stays-allocated-after-generation-memory-leak': Backdrop(
        'sdnext-3080',
        'A10',
        '550.144.03',
        '2023-05-11T11:30:00Z',
        '2023-05-11T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
