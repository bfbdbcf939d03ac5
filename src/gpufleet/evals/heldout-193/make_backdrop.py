"""heldout-public-193's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-193/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); host names are stand-ins; bus numbers
are stand-ins except where a source prints one (nicehash-164: 01; vdpau-va-driver-vp9-2: 00:06); drivers are
stand-ins except where a source names one (see each case's description). No case uses extra: no source quotes
an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'nicehash-164-p2-performance-state-on-pascal-looks-like-failed-p0-lock-expected-behaviour': Backdrop(
        'nhm-pascal-rig',
        'A10',
        '384.94',
        '2017-08-16T11:30:00Z',
        '2017-08-16T12:10:00Z',
        pci=('01',),
    ),
    'colmap-1793-gpu-utilization-near-zero-during-mapping-stage-is-cpu-only-by-design': Backdrop(
        'colmap-workstation',
        'A10',
        '525.85.05',
        '2023-02-04T11:30:00Z',
        '2023-02-04T12:10:00Z',
        pci=('01',),
    ),
    'shadered-80-gtx1050-high-utilization-and-fans-uncapped-fps-normal': Backdrop(
        'manjaro-gtx1050',
        'A10',
        '440.64',
        '2020-03-07T11:30:00Z',
        '2020-03-07T12:10:00Z',
        pci=('01',),
    ),
    'openhardwaremonitor-1153-rtx2080-fan-sensor-missing-nvapi-unsupported-telemetry-gap': Backdrop(
        'win-rtx2080',
        'A10',
        '417.22',
        '2018-12-06T11:30:00Z',
        '2018-12-06T12:10:00Z',
        pci=('01',),
    ),
    'librediagnostics-27-power-draw-sensor-missing-since-591-44-buggy-nvapi-telemetry-gap': Backdrop(
        'win-rtx5090-suprim',
        'A10',
        '591.44',
        '2026-03-09T11:30:00Z',
        '2026-03-09T12:10:00Z',
        pci=('01',),
    ),
    'katago-909-nonfinite-policy-sum-gpu-malfunctions-under-sustained-load-heat-or-power': Backdrop(
        'katago-contrib-dgpu',
        'A10',
        '545.29.06',
        '2024-03-09T11:30:00Z',
        '2024-03-09T12:10:00Z',
        pci=('01',),
    ),
    'bazzite-4384-rtx3070-laptop-stuck-55w-p3-nvidia-powerd-crash-failsafe-power-limit': Backdrop(
        'bazzite-rtx3070-laptop',
        'A10',
        '580.95.05',
        '2026-03-14T11:30:00Z',
        '2026-03-14T12:10:00Z',
        pci=('01',),
    ),
    'omarchy-9678-rtx5060-laptop-hard-capped-50w-default-tgp-nvidia-powerd-not-enabled': Backdrop(
        'omarchy-strix-g16',
        'A10',
        '610.57.04',
        '2026-09-01T11:30:00Z',
        '2026-09-01T12:10:00Z',
        pci=('01',),
    ),
    'cudakdtree-18-rtx4090-wsl2-no-kernel-image-binary-built-for-wrong-cuda-arch': Backdrop(
        'wsl2-rtx4090',
        'A10',
        '546.33',
        '2024-01-29T11:30:00Z',
        '2024-01-29T12:10:00Z',
        pci=('01',),
    ),
    'librediagnostics-24-geforce-595-59-pulled-fan-control-bug-roll-back-to-591-86': Backdrop(
        'win-geforce-59559',
        'A10',
        '595.59',
        '2026-03-01T11:30:00Z',
        '2026-03-01T12:10:00Z',
        pci=('01',),
    ),
    'cachyos-378-nvidia-595-severe-performance-lag-downgrade-to-590': Backdrop(
        'cachyos-desktop-595',
        'A10',
        '595.58.03',
        '2026-05-01T11:30:00Z',
        '2026-05-01T12:10:00Z',
        pci=('01',),
    ),
    'dsda-doom-525-rtx4090-stutter-with-565-90-566-03-revert-561-09': Backdrop(
        'win-rtx4090-dsda',
        'A10',
        '566.03',
        '2024-10-26T11:30:00Z',
        '2024-10-26T12:10:00Z',
        pci=('01',),
    ),
    'deepemhancer-3-k80-out-of-memory-512-cube-volume-batch-size-too-large': Backdrop(
        'cryoem-k80-node',
        'A10',
        '450.80.02',
        '2020-09-04T11:30:00Z',
        '2020-09-04T12:10:00Z',
        pci=('04', '05'),
    ),
    'lolminer-1197-rtx3080ti-gpu-lost-at-high-clocks-suspected-psu-power-spikes': Backdrop(
        'gaming-pc-3080ti',
        'A10',
        '511.65',
        '2022-02-10T11:30:00Z',
        '2022-02-10T12:10:00Z',
        pci=('01', '02'),
    ),
    'alphafold3-423-cuinit-unknown-error-docker-build-installs-cpu-only-jaxlib': Backdrop(
        'af3-docker-host',
        'A10',
        '550.144.03',
        '2025-05-20T11:30:00Z',
        '2025-05-20T12:10:00Z',
        pci=('01',),
    ),
    'alphafold3-141-rtx-a5000-container-requires-cuda-12-6-driver-555-too-old': Backdrop(
        'af3-rtxa5000',
        'A10',
        '555.42.06',
        '2024-12-03T11:30:00Z',
        '2024-12-03T12:10:00Z',
        pci=('01',),
    ),
    'mace-496-lammps-kokkos-cuda-initialize-mismatch-of-architecture-built-for-a100': Backdrop(
        'lammps-mace-v100',
        'A10',
        '535.161.08',
        '2024-07-01T11:30:00Z',
        '2024-07-01T12:10:00Z',
        pci=('3b',),
    ),
    'optifine-7475-vram-grows-until-full-with-render-distance-vanilla-minecraft-leak': Backdrop(
        'minecraft-gaming-pc',
        'A10',
        '536.40',
        '2023-07-09T11:30:00Z',
        '2023-07-09T12:10:00Z',
        pci=('01',),
    ),
    'picongpu-2992-v100-cudaerrorlaunchfailure-pinned-host-memory-bug-app-side': Backdrop(
        'taurusml-v100',
        'A10',
        '418.67',
        '2019-06-27T11:30:00Z',
        '2019-06-27T12:10:00Z',
        pci=('04', '05', '35', '36'),
    ),
    'vdpau-va-driver-vp9-2-xid31-nvdec-mmu-fault-invalid-vp9-structure-definition': Backdrop(
        'linux-desktop-nvdec',
        'A10',
        '440.44',
        '2019-12-21T11:30:00Z',
        '2019-12-21T12:10:00Z',
        pci=('00:06',),
    ),
    'nvidia-kvm-patcher-20-gtx680-passthrough-error-43-vbios-lacks-uefi-support-flash-firmware': Backdrop(
        'unraid-gtx680',
        'A10',
        '391.24',
        '2018-05-26T11:30:00Z',
        '2018-05-26T12:10:00Z',
        pci=('03',),
    ),
    'ryujinx-2278-egpu-gtx1050ti-gpu-waiting-on-cpu-mobile-cpu-too-slow-for-emulation': Backdrop(
        'xps15-egpu-1050ti',
        'A10',
        '466.27',
        '2021-05-09T11:30:00Z',
        '2021-05-09T12:10:00Z',
        pci=('3c',),
    ),
    'world-of-claudecraft-1990-optimus-laptop-app-renders-on-integrated-gpu-rtx3070-never-used': Backdrop(
        'optimus-laptop-rtx3070',
        'A10',
        '577.00',
        '2026-07-15T11:30:00Z',
        '2026-07-15T12:10:00Z',
        pci=('01',),
    ),
    'netdata-nv-plugin-7-gpu-util-1pct-while-nvenc-encoding-encoder-load-reported-separately': Backdrop(
        'homeserver-nvenc',
        'A10',
        '396.24',
        '2018-10-31T11:30:00Z',
        '2018-10-31T12:10:00Z',
        pci=('08',),
    ),
    'ryujinx-6464-gtx1050-2gb-vulkan-erroroutofdevicememory-vram-exhausted': Backdrop(
        'win-gtx1050-ryujinx',
        'A10',
        '551.76',
        '2024-03-12T11:30:00Z',
        '2024-03-12T12:10:00Z',
        pci=('01',),
    ),
    'ryujinx-1915-rtx3090-vram-grows-until-crash-emulator-leak-fixed-by-pr-2001': Backdrop(
        'win-rtx3090-ryujinx',
        'A10',
        '461.09',
        '2021-01-14T11:30:00Z',
        '2021-01-14T12:10:00Z',
        pci=('01',),
    ),
    'ryujinx-6776-gtx1650-slowdown-rendering-errors-crashes-out-of-vram-resolution-scale': Backdrop(
        'win-gtx1650-ryujinx',
        'A10',
        '552.22',
        '2024-05-05T11:30:00Z',
        '2024-05-05T12:10:00Z',
        pci=('01',),
    ),
    'steamos-405-gtx680-runs-very-hot-in-game-fan-fixed-at-20pct-no-dynamic-fan-control': Backdrop(
        'steamos-gtx680',
        'A10',
        '352.55',
        '2015-10-30T11:30:00Z',
        '2015-10-30T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
