"""heldout-public-315's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-315/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
host names (except css-host-yz-20, which the evidence of stencil-21 prints), bus numbers (01..N in index order;
buses 03 and 04 of fah-issues-1246 as its log prints them) and the driver (550.144.03, the same for every case)
are stand-ins. No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never
points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'active-exploration-2-oom-previewing-on-rtx2070-8gb-scene-sized-for-rtx3090': Backdrop(
        'rtx2070-desktop',
        'A10',
        '550.144.03',
        '2022-05-17T11:30:00Z',
        '2022-05-17T12:10:00Z',
        pci=('01',),
    ),
    'archinstoo-244-nvidia-probe-fails-bar0-0m-asus-tuf-a16-needs-pci-realloc': Backdrop(
        'asus-tuf-a16',
        'A10',
        '550.144.03',
        '2026-09-20T11:30:00Z',
        '2026-09-20T12:10:00Z',
        pci=('01',),
    ),
    'bumblebee-557-primusrun-fps-drops-to-2-after-10-minutes-laptop-gpu-hot': Backdrop(
        'lenovo-y510p',
        'A10',
        '550.144.03',
        '2014-03-11T11:30:00Z',
        '2014-03-11T12:10:00Z',
        pci=('01',),
    ),
    'bumblebee-724-primusrun-glxspheres-capped-near-60fps-by-vsync-expected-benign': Backdrop(
        'geforce-840m-laptop',
        'A10',
        '550.144.03',
        '2016-01-03T11:30:00Z',
        '2016-01-03T12:10:00Z',
        pci=('01',),
    ),
    'bumblebee-946-dgpu-wakes-after-suspend-taskbar-widget-polling-nvidia-smi-benign': Backdrop(
        'optimus-laptop',
        'A10',
        '550.144.03',
        '2018-02-07T11:30:00Z',
        '2018-02-07T12:10:00Z',
        pci=('01',),
    ),
    'citra-3445-emulator-and-video-driver-crash-after-10-15-min-gtx560ti-card-itself-at-fault': Backdrop(
        'gtx560ti-desktop',
        'A10',
        '550.144.03',
        '2018-02-17T11:30:00Z',
        '2018-02-17T12:10:00Z',
        pci=('01',),
    ),
    'colmap-3514-patch-match-ptx-rejected-cuda-13-3-toolkit-newer-than-595-driver': Backdrop(
        'rtx5060ti-ubuntu',
        'A10',
        '550.144.03',
        '2026-08-12T11:30:00Z',
        '2026-08-12T12:10:00Z',
        pci=('01',),
    ),
    'dorado-644-m6a-mod-basecalling-2x-slower-cpu-load-10-of-16-cores-gpus-underused': Backdrop(
        'dorado-2x3080ti',
        'A10',
        '550.144.03',
        '2024-02-21T11:30:00Z',
        '2024-02-21T12:10:00Z',
        pci=('01', '02',),
    ),
    'fah-client-bastet-250-cuda-not-supported-libcuda-warning-on-all-amd-system-cosmetic-benign': Backdrop(
        'all-amd-desktop',
        'A10',
        '550.144.03',
        '2024-06-08T13:51:54Z',
        '2024-06-08T14:31:54Z',
        pci=('01',),
    ),
    'fah-issues-1246-libopencl-missing-gpu-slot-dumps-work-units-gtx750ti-gtx960': Backdrop(
        'fah-two-gpu-box',
        'A10',
        '550.144.03',
        '2018-07-09T00:15:57Z',
        '2018-07-09T00:55:57Z',
        pci=('03', '04',),
    ),
    'gminer-566-task-manager-shows-100pct-gpu-util-for-gminer-not-other-miners-monitoring-benign': Backdrop(
        'gminer-win-rig',
        'A10',
        '550.144.03',
        '2021-12-16T11:30:00Z',
        '2021-12-16T12:10:00Z',
        pci=('01',),
    ),
    'hot-step-cpp-44-engine-silently-falls-back-to-cpu-backend-cuda-runtime-dlls-missing': Backdrop(
        'hotstep-win-standalone',
        'A10',
        '550.144.03',
        '2026-05-21T11:30:00Z',
        '2026-05-21T12:10:00Z',
        pci=('01',),
    ),
    'hot-step-cpp-53-engine-runs-on-smaller-rtx4060-not-rtx5060ti-oom-set-cuda-visible-devices': Backdrop(
        'hotstep-win10-2gpu',
        'A10',
        '550.144.03',
        '2026-06-02T11:30:00Z',
        '2026-06-02T12:10:00Z',
        pci=('01', '02',),
    ),
    'lc0-329-cudnn-out-of-memory-gt650m-macos-fixed-with-max-batch-256': Backdrop(
        'macbook-gt650m',
        'A10',
        '550.144.03',
        '2018-09-01T11:30:00Z',
        '2018-09-01T12:10:00Z',
        pci=('01',),
    ),
    'obs-studio-13689-nvenc-encoders-missing-on-dual-gpu-legacy-gtx1050ti-update-driver': Backdrop(
        'obs-dual-gpu-desktop',
        'A10',
        '550.144.03',
        '2026-07-23T11:30:00Z',
        '2026-07-23T12:10:00Z',
        pci=('01', '02',),
    ),
    'rpcs3-10696-vk-error-device-lost-rtx2060-471-series-driver-broken-for-vulkan': Backdrop(
        'rtx2060-desktop',
        'A10',
        '550.144.03',
        '2021-08-11T11:30:00Z',
        '2021-08-11T12:10:00Z',
        pci=('01',),
    ),
    'stencil-21-cuda-memcheck-reports-peer-access-already-enabled-error-704-not-an-error-benign': Backdrop(
        'css-host-yz-20',
        'A10',
        '550.144.03',
        '2020-06-11T11:30:00Z',
        '2020-06-11T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'wallpaper-engine-kde-plugin-453-gpu-held-in-p2-lower-memory-clock-driver-forces-p2-for-nvdec-benign': Backdrop(
        'kde-wallpaper-desktop',
        'A10',
        '550.144.03',
        '2025-01-04T11:30:00Z',
        '2025-01-04T12:10:00Z',
        pci=('01',),
    ),
    'xmrig-nvidia-203-unspecified-launch-failure-quadro-m620-gpu0-raise-bfactor-kernel-timeout': Backdrop(
        'm620-win10',
        'A10',
        '550.144.03',
        '2018-10-11T11:30:00Z',
        '2018-10-11T12:10:00Z',
        pci=('01',),
    ),
    'zjazz-cuda-miner-1-exceeding-gpu-memory-3gb-gtx1060-rig-lower-thread-count': Backdrop(
        'gtx1060-12gpu-rig',
        'A10',
        '550.144.03',
        '2018-08-29T11:30:00Z',
        '2018-08-29T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08', '09', '0a', '0b', '0c',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
