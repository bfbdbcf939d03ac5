"""heldout-public-430's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-430/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description); hosts are
as printed where the evidence prints one and stand-ins otherwise; GPU counts and bus numbers are as printed where the
evidence prints them and a single GPU at bus 01 otherwise; the driver (550.144.03) is the same stand-in for every case.
No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'mlqt-682-moonlight-stream-freezes-after-nvidia-496-driver-hardware-gpu-scheduling-regression': Backdrop(
        'moonlight-win-host',
        'A10',
        '550.144.03',
        '2021-11-28T11:30:00Z',
        '2021-11-28T12:10:00Z',
        pci=('01',),
    ),
    'sfl-12639-steam-remote-play-nvenc-no-cuda-support-32-bit-cuda-dropped-for-newer-gpus': Backdrop(
        'remoteplay-linux-host',
        'A10',
        '550.144.03',
        '2026-05-18T11:30:00Z',
        '2026-05-18T12:10:00Z',
        pci=('01',),
    ),
    'metategra-157-qt-wayland-compositor-on-jetson-tx2-nvgpu-mmu-fault-notifier-31-threaded-render-loop': Backdrop(
        'jetson-tx2',
        'A10',
        '550.144.03',
        '2019-07-24T12:35:58Z',
        '2019-07-24T13:15:58Z',
        pci=('01',),
    ),
    'proton-7302-battle-net-dxvk-cannot-create-vulkan-instance-32-bit-nvidia-userspace-missing': Backdrop(
        'zorin-gaming-pc',
        'A10',
        '550.144.03',
        '2026-05-07T11:30:00Z',
        '2026-05-07T12:10:00Z',
        pci=('01',),
    ),
    'dxvk-1282-battle-net-dxvk-fails-nvidia-module-unused-secure-boot-mok-not-enrolled-igpu-used': Backdrop(
        'ubuntu-optimus-laptop',
        'A10',
        '550.144.03',
        '2020-02-21T11:30:00Z',
        '2020-02-21T12:10:00Z',
        pci=('01',),
    ),
    'vscode-105236-vscode-chromium-blank-canvas-after-suspend-fixed-by-nvidia-450-66-driver': Backdrop(
        'linux-dev-desktop',
        'A10',
        '550.144.03',
        '2020-08-24T11:30:00Z',
        '2020-08-24T12:10:00Z',
        pci=('01',),
    ),
    'bumblebee-687-optirun-powermizer-stuck-at-level-0-driver-holds-low-perf-on-battery': Backdrop(
        'manjaro-optimus-laptop',
        'A10',
        '550.144.03',
        '2015-09-21T11:30:00Z',
        '2015-09-21T12:10:00Z',
        pci=('01',),
    ),
    'ogkm-693-mutter-animations-choppy-after-idle-until-gpu-ramps-driver-idles-display-engine': Backdrop(
        'gnome-desktop',
        'A10',
        '550.144.03',
        '2025-02-01T11:30:00Z',
        '2025-02-01T12:10:00Z',
        pci=('01',),
    ),
    'yuzu-3586-yuzu-vulkan-out-of-device-memory-on-nvidia-emulator-never-frees-unused-textures': Backdrop(
        'yuzu-linux-desktop',
        'A10',
        '550.144.03',
        '2020-03-30T11:30:00Z',
        '2020-03-30T12:10:00Z',
        pci=('01',),
    ),
    'ryujinx-4677-ryujinx-erroroutofdevicememory-2gb-quadro-p600-not-enough-vram-for-game': Backdrop(
        'ryujinx-win-pc',
        'A10',
        '550.144.03',
        '2023-04-14T11:30:00Z',
        '2023-04-14T12:10:00Z',
        pci=('01',),
    ),
    'omarchy-9011-sunshine-on-hyprland-nvidia-wlr-capture-fails-nvenc-probe-falls-back-to-libx264': Backdrop(
        'hyprland-sunshine-host',
        'A10',
        '550.144.03',
        '2026-08-29T11:30:00Z',
        '2026-08-29T12:10:00Z',
        pci=('01',),
    ),
    'ogkm-1167-sway-dpms-off-atomic-modeset-hangs-nvidia-modeset-deadlock-task-blocked': Backdrop(
        'sway-laptop',
        'A10',
        '550.144.03',
        '2026-06-01T11:30:00Z',
        '2026-06-01T12:10:00Z',
        pci=('01',),
    ),
    'bottles-2800-bottles-flatpak-cannot-load-libglx-nvidia-gl-runtime-does-not-match-host-driver': Backdrop(
        'pc3',
        'A10',
        '550.144.03',
        '2023-03-16T11:30:00Z',
        '2023-03-16T12:10:00Z',
        pci=('01',),
    ),
    'dxvk-1758-heroes-of-the-storm-device-lost-fermi-gpu-unsupported-by-driver-never-loads': Backdrop(
        'ubuntu',
        'A10',
        '550.144.03',
        '2020-09-07T11:30:00Z',
        '2020-09-07T12:10:00Z',
        pci=('01',),
    ),
    'nvvaapi-41-firefox-vaapi-nvidia-drm-failed-to-grab-modeset-ownership-error-is-harmless-benign': Backdrop(
        'firefox-desktop',
        'A10',
        '550.144.03',
        '2022-01-22T11:30:00Z',
        '2022-01-22T12:10:00Z',
        pci=('0a',),
    ),
    'bbswitch-108-optimus-laptop-acpi-dsm-argument-type-mismatch-warning-is-harmless-benign': Backdrop(
        'optimus-laptop',
        'A10',
        '550.144.03',
        '2015-12-27T11:30:00Z',
        '2015-12-27T12:10:00Z',
        pci=('01',),
    ),
    'ogkm-161-gnome-wayland-hybrid-nvidia-dgpu-secondary-gpu-init-fails-renders-on-igpu-mutter-limitation': Backdrop(
        'hybrid-gnome-laptop',
        'A10',
        '550.144.03',
        '2022-05-13T11:30:00Z',
        '2022-05-13T12:10:00Z',
        pci=('01',),
    ),
    'mpv-3496-mpv-hevc-cuvid-cuda-error-no-device-gtx-970-has-no-hevc-decoder-software-fallback-benign': Backdrop(
        'mpv-gentoo-desktop',
        'A10',
        '550.144.03',
        '2016-09-13T11:30:00Z',
        '2016-09-13T12:10:00Z',
        pci=('01',),
    ),
    'fossilize-84-steam-shader-precache-fossilize-replay-fills-host-ram-oom-killer-gpu-driver-allocations': Backdrop(
        'steam-linux-desktop',
        'A10',
        '550.144.03',
        '2020-11-27T11:30:00Z',
        '2020-11-27T12:10:00Z',
        pci=('01',),
    ),
    'dxvk-1027-overwatch-freezes-xid-31-mmu-fault-newer-nvidia-430-40-driver-430-26-stable': Backdrop(
        'overwatch-linux-desktop',
        'A10',
        '550.144.03',
        '2019-08-03T11:30:00Z',
        '2019-08-03T12:10:00Z',
        pci=('01',),
    ),
    'sfl-6256-steam-client-update-system-stutters-xid-31-mmu-fault-suspected-nvidia-driver-bug': Backdrop(
        'guilmon',
        'A10',
        '550.144.03',
        '2019-05-02T15:38:39Z',
        '2019-05-02T16:18:39Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
