"""heldout-public-311's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-311/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
every host name is a stand-in (no source prints one); each home-lab host gets one GPU; bus numbers are stand-ins
(01), except truenas-apps-785, whose evidence prints slot 0000:02:00.0 (bus 02), and frigate-7295 (bus 08, a stand-in
taken from another stored excerpt of the same thread); the driver (550.144.03) is the same for every case.
No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'xpra-3819-nvenc-cuda-error-34-stub-libcuda-on-library-path-not-real-driver': Backdrop(
        'xpra-server',
        'A10',
        '550.144.03',
        '2023-04-11T11:30:00Z',
        '2023-04-11T12:10:00Z',
        pci=('01',),
    ),
    'rvc-webgui-fork-21-rtx-5070-sm-120-unsupported-dockerfile-cuda-12-2-base-image': Backdrop(
        'rvc-webgui-host',
        'A10',
        '550.144.03',
        '2026-04-27T11:30:00Z',
        '2026-04-27T12:10:00Z',
        pci=('01',),
    ),
    'frigate-7295-cuda-error-not-supported-truenas-vm-cpu-mode-custom-host-passthrough-fix': Backdrop(
        'frigate-vm',
        'A10',
        '550.144.03',
        '2023-07-27T11:30:00Z',
        '2023-07-27T12:10:00Z',
        pci=('08',),
    ),
    'sunshine-95-could-not-open-codec-h264-nvenc-misleading-10-bit-probe-benign': Backdrop(
        'sunshine-host',
        'A10',
        '550.144.03',
        '2022-03-14T11:30:00Z',
        '2022-03-14T12:10:00Z',
        pci=('01',),
    ),
    'gpu-hot-52-overall-gpu-utilization-negligible-while-nvenc-encoder-pegged-benign': Backdrop(
        'unraid-media',
        'A10',
        '550.144.03',
        '2026-01-31T11:30:00Z',
        '2026-01-31T12:10:00Z',
        pci=('01',),
    ),
    'ollamavision-10-vram-not-freed-extension-did-not-send-keep-alive-0': Backdrop(
        'swarmui-desktop',
        'A10',
        '550.144.03',
        '2025-01-14T11:30:00Z',
        '2025-01-14T12:10:00Z',
        pci=('01',),
    ),
    'comfyui-14938-docker-oom-killed-cache-ram-sized-from-host-memory-not-cgroup-limit': Backdrop(
        'comfyui-docker',
        'A10',
        '550.144.03',
        '2026-07-15T11:30:00Z',
        '2026-07-15T12:10:00Z',
        pci=('01',),
    ),
    'truecharts-7955-jellyfin-chart-loads-nvidia-runtime-with-legacy-gt530-no-driver-container-not-starting': Backdrop(
        'truenas-scale',
        'A10',
        '550.144.03',
        '2023-04-12T11:30:00Z',
        '2023-04-12T12:10:00Z',
        pci=('01',),
    ),
    'truenas-apps-785-frigate-gpu-selection-missing-uuid-after-electriceel-24-10-upgrade': Backdrop(
        'truenas-ee',
        'A10',
        '550.144.03',
        '2024-11-02T11:30:00Z',
        '2024-11-02T12:10:00Z',
        pci=('02',),
    ),
    'nvidia-patch-100-nvenc-session-limit-back-at-2-after-430-patch-tested-against-418': Backdrop(
        'proxmox-plex-lxc',
        'A10',
        '550.144.03',
        '2019-05-07T11:30:00Z',
        '2019-05-07T12:10:00Z',
        pci=('01',),
    ),
    'mediadash-47-transcodefixer-never-sets-hwaccel-nvdec-idle-decode-on-cpu': Backdrop(
        'mediadash-host',
        'A10',
        '550.144.03',
        '2026-09-04T11:30:00Z',
        '2026-09-04T12:10:00Z',
        pci=('01',),
    ),
    'addaxai-7-camera-trap-detection-cuda-oom-model-loaded-twice-on-gpu': Backdrop(
        'addaxai-station',
        'A10',
        '550.144.03',
        '2023-05-10T11:30:00Z',
        '2023-05-10T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
