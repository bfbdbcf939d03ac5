"""heldout-public-476's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-476/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
host names are stand-ins (no evidence prints a host name); GPU counts follow the source's machine (4 for the
SOCA DCV node with 4x M60, 1 otherwise); bus numbers are the printed one where the evidence prints it (01 in
vkd3d-proton#1317) and stand-ins 01..N otherwise; the driver (550.144.03) is the same stand-in for every case, so
the version carries no signal. No case uses extra: no source quotes an exporter value as a metric sample. The
backdrop never points at the cause: flat, healthy metrics for every case.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'vkd3d-proton-1317-gtx1660ti-prime-dx12-device-lost-xid32-driver-525-60-present-wait-bug': Backdrop(
        'prime-laptop',
        'A10',
        '550.144.03',
        '2022-12-02T11:30:00Z',
        '2022-12-02T12:10:00Z',
        pci=('01',),
    ),
    'vkd3d-proton-1389-dx12-games-black-screen-nvidia-525-present-wait-driver-bug-update-525-85': Backdrop(
        'fedora-gamer',
        'A10',
        '550.144.03',
        '2023-01-24T11:30:00Z',
        '2023-01-24T12:10:00Z',
        pci=('01',),
    ),
    'sbox-issues-7485-gtx970-editor-vulkan-crash-on-driver-572-16-rollback-to-565-90-fixes': Backdrop(
        'sbox-dev-pc',
        'A10',
        '550.144.03',
        '2025-01-31T11:07:00Z',
        '2025-01-31T11:47:00Z',
        pci=('01',),
    ),
    'nvisii-40-optix-init-7801-driver-too-old-for-optix-build-nvisii-1-0-72-needs-460': Backdrop(
        'nvisii-render-ws',
        'A10',
        '550.144.03',
        '2021-02-18T11:30:00Z',
        '2021-02-18T12:10:00Z',
        pci=('01',),
    ),
    'accelerad-11-optix6-runtime-fails-on-driver-591-74-support-dropped-in-590-branch-rollback-581-57': Backdrop(
        'accelerad-ws',
        'A10',
        '550.144.03',
        '2026-01-15T11:30:00Z',
        '2026-01-15T12:10:00Z',
        pci=('01',),
    ),
    'trse-844-opengl-qt-failure-on-start-after-nvidia-driver-update-until-reboot': Backdrop(
        'trse-desktop',
        'A10',
        '550.144.03',
        '2024-03-02T11:30:00Z',
        '2024-03-02T12:10:00Z',
        pci=('01',),
    ),
    'pbrt-v4-scenes-8-rtx3060-cuda-out-of-memory-hair-scene-needs-about-12gb': Backdrop(
        'pbrt-win-ws',
        'A10',
        '550.144.03',
        '2022-05-07T11:30:00Z',
        '2022-05-07T12:10:00Z',
        pci=('01',),
    ),
    'omarchy-10626-rtx4060-laptop-hyprland-blocked-in-nvidia-modeset-after-s3-resume-driver-610': Backdrop(
        'legion-y7000p',
        'A10',
        '550.144.03',
        '2026-09-07T04:10:00Z',
        '2026-09-07T04:50:00Z',
        pci=('01',),
    ),
    'engineering-development-hub-23-dcv-3d-desktop-no-gpu-gl-missing-xorg-rpms-bad-xorg-conf': Backdrop(
        'soca-dcv-node',
        'A10',
        '550.144.03',
        '2020-06-12T11:30:00Z',
        '2020-06-12T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'flathub-steam-16-benign-optimus-steam-ui-on-intel-games-on-nvidia-by-design': Backdrop(
        'optimus-laptop',
        'A10',
        '550.144.03',
        '2017-07-05T11:30:00Z',
        '2017-07-05T12:10:00Z',
        pci=('01',),
    ),
    'mangohud-1656-benign-game-gpu-power-reads-absurdly-high-or-0-08w-nvml-reading-bug': Backdrop(
        'mangohud-desktop',
        'A10',
        '550.144.03',
        '2025-04-19T11:30:00Z',
        '2025-04-19T12:10:00Z',
        pci=('01',),
    ),
    'bazzite-1253-benign-xorg-process-on-dgpu-with-nvidia-prime-expected-not-a-bug': Backdrop(
        'bazzite-optimus',
        'A10',
        '550.144.03',
        '2024-06-21T11:30:00Z',
        '2024-06-21T12:10:00Z',
        pci=('01',),
    ),
    'hyprland-4036-nvidia-compositor-vram-leak-on-window-close-fixed-in-hyprland': Backdrop(
        'hyprland-desktop',
        'A10',
        '550.144.03',
        '2023-12-04T11:30:00Z',
        '2023-12-04T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
