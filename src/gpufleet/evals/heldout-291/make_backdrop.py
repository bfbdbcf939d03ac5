"""heldout-public-291's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-291/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except those the evidence prints, named in each description), bus numbers (01..N in index order unless a
case's evidence prints one) and the driver (550.144.03, the same for every case) are stand-ins.
No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'yuzu-2433-rtx-cards-endless-launching-loop-after-shader-compile-nvidia-driver-issue': Backdrop(
        'yuzu-rtx-desktop',
        'A10',
        '550.144.03',
        '2019-04-25T11:30:00Z',
        '2019-04-25T12:10:00Z',
        pci=('01',),
    ),
    'citra-5908-system-crash-on-game-launch-after-nvidia-470-86-update-470-82-works': Backdrop(
        'popos-gtx1650-laptop',
        'A10',
        '550.144.03',
        '2021-12-21T11:30:00Z',
        '2021-12-21T12:10:00Z',
        pci=('01',),
    ),
    'openmm-1638-9800gt-compute-capability-1-1-not-seen-by-openmm-cuda-platform-needs-2-0': Backdrop(
        'legacy-9800gt-desktop',
        'A10',
        '550.144.03',
        '2016-10-17T11:30:00Z',
        '2016-10-17T12:10:00Z',
        pci=('01',),
    ),
    'libgpuarray-289-cuda-error-no-binary-for-gpu-missing-libnvidia-ptxjitcompiler': Backdrop(
        'libgpuarray-dev-host',
        'A10',
        '550.144.03',
        '2016-11-22T11:30:00Z',
        '2016-11-22T12:10:00Z',
        pci=('01',),
    ),
    'boinc-5417-einstein-app-ignores-boinc-gpu-assignment-both-tasks-on-one-gpu': Backdrop(
        'boinc-ubuntu-2gpu',
        'A10',
        '550.144.03',
        '2023-11-06T11:30:00Z',
        '2023-11-06T12:10:00Z',
        pci=('01', '02'),
    ),
    'gpustat-164-nvidia-smi-cuda-version-read-as-installed-runtime-is-max-supported-benign': Backdrop(
        'gpustat-gpu-server',
        'A10',
        '550.144.03',
        '2023-10-21T11:30:00Z',
        '2023-10-21T12:10:00Z',
        pci=('01',),
    ),
    'ccminer-msvc2015-18-gtx-1060-power-usage-stuck-at-52-percent-mining-zcoin-expected-benign': Backdrop(
        'zcoin-mining-rig',
        'A10',
        '550.144.03',
        '2017-10-06T11:30:00Z',
        '2017-10-06T12:10:00Z',
        pci=('01',),
    ),
    'multidiffusion-upscaler-10-rtx2060s-gpu0-cuda-oom-2x-upscale-tiled-vae-not-enabled': Backdrop(
        'sd-webui-rtx2060s',
        'A10',
        '550.144.03',
        '2023-03-09T11:30:00Z',
        '2023-03-09T12:10:00Z',
        pci=('01',),
    ),
    'real-video-enhancer-99-rtx3060-laptop-vkallocatememory-failed-lower-tiling-to-128': Backdrop(
        'rve-rtx3060-laptop',
        'A10',
        '550.144.03',
        '2025-04-05T11:30:00Z',
        '2025-04-05T12:10:00Z',
        pci=('01',),
    ),
    'stb-vmm-10-video-motion-magnification-cuda-oom-gpu-vram-too-small-for-resolution': Backdrop(
        'stb-vmm-workstation',
        'A10',
        '550.144.03',
        '2024-01-25T11:30:00Z',
        '2024-01-25T12:10:00Z',
        pci=('01',),
    ),
    'vanillafixes-2-gt-650m-dxvk-crash-driver-updates-ended-2019-legacy-dxvk-works': Backdrop(
        'win10-gt650m-laptop',
        'A10',
        '550.144.03',
        '2022-12-22T11:30:00Z',
        '2022-12-22T12:10:00Z',
        pci=('01',),
    ),
    'dxvk-1791-ffxiv-vk-error-device-lost-nvidia-450-66-never-on-440-100-driver-issue': Backdrop(
        'lutris-gtx960-desktop',
        'A10',
        '550.144.03',
        '2020-10-14T11:30:00Z',
        '2020-10-14T12:10:00Z',
        pci=('01',),
    ),
    'dxvk-2401-warframe-vk-error-device-lost-every-30-min-gone-after-adding-16gb-ram': Backdrop(
        'wine-gtx960-desktop',
        'A10',
        '550.144.03',
        '2021-12-15T11:30:00Z',
        '2021-12-15T12:10:00Z',
        pci=('01',),
    ),
    'different-name-blog-repairing-my-pc-shutdown-under-cpu-plus-gpu-load-failing-650w-psu-replaced': Backdrop(
        'nixos-4000-series-desktop',
        'A10',
        '550.144.03',
        '2024-09-10T11:30:00Z',
        '2024-09-10T12:10:00Z',
        pci=('01',),
    ),
    'different-name-blog-lian-li-dan-a3-gpu-80c-clocks-drop-psu-shroud-and-glass-panels-choke-airflow-new-case': Backdrop(
        'nixos-matx-desktop',
        'A10',
        '550.144.03',
        '2024-11-02T11:30:00Z',
        '2024-11-02T12:10:00Z',
        pci=('01',),
    ),
    'fauxfaux-blog-6800gt-idles-at-105c-overheats-to-bluescreen-dust-removed-card-reseated': Backdrop(
        'winxp-6800gt-desktop',
        'A10',
        '550.144.03',
        '2006-06-04T11:30:00Z',
        '2006-06-04T12:10:00Z',
        pci=('01',),
    ),
    'roytang-blog-gtx460-artifacts-and-reboots-at-login-card-died-replaced-with-gtx650': Backdrop(
        'win7-gtx460-desktop',
        'A10',
        '550.144.03',
        '2012-12-12T11:30:00Z',
        '2012-12-12T12:10:00Z',
        pci=('01',),
    ),
    'linux-idle-freeze-guard-desktop-freezes-at-idle-gpu-stuck-in-d3cold-driver-cannot-wake-udev-fix': Backdrop(
        'hybrid-nvidia-linux-laptop',
        'A10',
        '550.144.03',
        '2026-02-08T11:30:00Z',
        '2026-02-08T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
