"""heldout-public-201's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-201/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list: the sources name consumer, workstation and
laptop cards); hosts, bus numbers and most drivers are stand-ins (where a source prints a driver version, that
version is used; see each case's description). No case uses extra: no source quotes an exporter value as a metric
sample. The backdrop never points at the cause: flat, healthy values only.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'freon-27-gtx965m-optimus-temperature-na-dgpu-powered-off-benign': Backdrop(
        'freon-gtx965m-laptop',
        'A10',
        '361.28',
        '2016-03-13T11:30:00Z',
        '2016-03-13T12:10:00Z',
        pci=('01',),
    ),
    'freon-15-bumblebee-nvidia-temperature-na-card-inactive-benign': Backdrop(
        'freon-bumblebee-laptop',
        'A10',
        '355.11',
        '2015-10-09T11:30:00Z',
        '2015-10-09T12:10:00Z',
        pci=('01',),
    ),
    'ghelper-176-rtx3080ti-laptop-temperature-differs-asus-bios-sensor-benign': Backdrop(
        'ghelper-zephyrus-m16',
        'A10',
        '531.41',
        '2023-03-31T11:30:00Z',
        '2023-03-31T12:10:00Z',
        pci=('01',),
    ),
    'excavator-17-gtx1080ti-rig-only-80pct-power-limit-used-normal-benign': Backdrop(
        'excavator-1080ti-rig',
        'A10',
        '382.53',
        '2017-06-28T11:30:00Z',
        '2017-06-28T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'colabfold-524-titanx-oom-unified-memory-enabled-on-old-gpu': Backdrop(
        'colabfold-titanx-ws',
        'A10',
        '545.29.02',
        '2023-11-20T11:30:00Z',
        '2023-11-20T12:10:00Z',
        pci=('01',),
    ),
    'localcolabfold-22-oom-2500aa-sequence-3gib-alloc-device0-gpu-too-small': Backdrop(
        'localcolabfold-8gpu',
        'A10',
        '470.74',
        '2021-10-20T11:30:00Z',
        '2021-10-20T12:10:00Z',
        pci=('1a', '1b', '3d', '3e', '88', '89', 'b1', 'b2'),
    ),
    'alphafold-33-12gb-gpu-cuda-oom-model-needs-more-vram': Backdrop(
        'alphafold-12gb-ws',
        'A10',
        '470.42.01',
        '2021-07-22T11:30:00Z',
        '2021-07-22T12:10:00Z',
        pci=('01',),
    ),
    'omenmon-11-hp-omen-laptop-gpu-locked-40w-weak-200w-adapter': Backdrop(
        'omen-laptop-200w',
        'A10',
        '580.97',
        '2026-05-05T11:30:00Z',
        '2026-05-05T12:10:00Z',
        pci=('01',),
    ),
    'mangohud-748-legion5-laptop-gpu-always-power-throttling-vbios-80w-limit': Backdrop(
        'mangohud-legion5-laptop',
        'A10',
        '535.113.01',
        '2023-10-13T11:30:00Z',
        '2023-10-13T12:10:00Z',
        pci=('01',),
    ),
    'colabdesign-66-rtx3090-jax-no-gpu-found-falling-back-to-cpu-cuda-upgrade': Backdrop(
        'colabdesign-rtx3090-ws',
        'A10',
        '515.65.01',
        '2022-08-17T11:30:00Z',
        '2022-08-17T12:10:00Z',
        pci=('01',),
    ),
    'hoomd-542-unsupported-display-driver-cuda-combination-runs-on-cpu': Backdrop(
        'hoomd-ubuntu16-ws',
        'A10',
        '440.33.01',
        '2019-11-30T11:30:00Z',
        '2019-11-30T12:10:00Z',
        pci=('01',),
    ),
    'void-40235-kde-wayland-laggy-nvidia-515-not-on-470': Backdrop(
        'void-kde-wayland-desktop',
        'A10',
        '515.65.01',
        '2022-10-30T11:30:00Z',
        '2022-10-30T12:10:00Z',
        pci=('01',),
    ),
    'eglwayland-40-egl-wayland-1-1-8-breaks-plasma-wayland-qtquick-downgrade': Backdrop(
        'fedora35-plasma-wayland',
        'A10',
        '495.29.05',
        '2021-11-12T11:30:00Z',
        '2021-11-12T12:10:00Z',
        pci=('01',),
    ),
    'lichtfeld-1196-gaussian-splatting-studio-vram-grows-on-ply-export-leak': Backdrop(
        'lichtfeld-splat-ws',
        'A10',
        '580.97',
        '2026-05-09T11:30:00Z',
        '2026-05-09T12:10:00Z',
        pci=('01',),
    ),
    'dlss5-48-vram-fills-on-slider-moves-ngx-feature-never-released': Backdrop(
        'dlss5-gaming-pc',
        'A10',
        '580.97',
        '2026-09-12T11:30:00Z',
        '2026-09-12T12:10:00Z',
        pci=('01',),
    ),
    'drakeblender-62-blender-server-cycles-renders-cpu-bound-gpu-not-enabled': Backdrop(
        'drake-blender-render',
        'A10',
        '535.86.05',
        '2023-08-15T11:30:00Z',
        '2023-08-15T12:10:00Z',
        pci=('01',),
    ),
    'cube2sphere-11-blender-cubemap-conversion-not-using-gpu-devices-not-enabled': Backdrop(
        'cube2sphere-ws',
        'A10',
        '550.67',
        '2024-04-11T11:30:00Z',
        '2024-04-11T12:10:00Z',
        pci=('01',),
    ),
    'nodeodm-231-odm-gpu-image-mostly-cpu-not-all-steps-use-gpu-benign': Backdrop(
        'nodeodm-wsl-gpu',
        'A10',
        '566.36',
        '2025-02-26T11:30:00Z',
        '2025-02-26T12:10:00Z',
        pci=('01',),
    ),
    'darktable-9507-opencl-disabled-nvidia-47x-driver-bug-downgrade-460': Backdrop(
        'darktable-rtx2070-pc',
        'A10',
        '471.11',
        '2021-07-12T11:30:00Z',
        '2021-07-12T12:10:00Z',
        pci=('01',),
    ),
    'darktable-14875-opencl-hangs-incomplete-cl-driver-fixed-by-blas-lapack-update': Backdrop(
        'darktable-arch-nvidia-pc',
        'A10',
        '535.86.05',
        '2023-08-15T11:30:00Z',
        '2023-08-15T12:10:00Z',
        pci=('01',),
    ),
    'purgewrangler-58-egpu-titanx-not-on-thunderbolt-or-pci-power-cables-miswired': Backdrop(
        'mbp2017-razer-corex',
        'A10',
        '418.87.01',
        '2020-04-01T11:30:00Z',
        '2020-04-01T12:10:00Z',
        pci=('01',),
    ),
    'reshade-17-ddo-tdr-gpu-driver-reset-caused-by-addon-version': Backdrop(
        'ddo-reshade-pc',
        'A10',
        '532.03',
        '2023-06-02T11:30:00Z',
        '2023-06-02T12:10:00Z',
        pci=('01',),
    ),
    'relion-1074-refine3d-on-slurm-sees-gpu-sharing-per-task-device-ids': Backdrop(
        'relion-slurm-a100-node',
        'A10',
        '535.129.03',
        '2024-01-31T11:30:00Z',
        '2024-01-31T12:10:00Z',
        pci=('07', '0b', '48', '4c'),
    ),
    'trianglesplat-9-rtx3070ti-laptop-gpu-idle-bursts-data-loading-dominates': Backdrop(
        'trisplat-rtx3070ti-laptop',
        'A10',
        '576.88',
        '2025-08-01T11:30:00Z',
        '2025-08-01T12:10:00Z',
        pci=('01',),
    ),
    'mcx-114-mcxlab-stalls-high-photon-counts-not-overheating-progress-bar-polling': Backdrop(
        'mcxlab-matlab-ws',
        'A10',
        '470.57.02',
        '2021-08-24T11:30:00Z',
        '2021-08-24T12:10:00Z',
        pci=('01',),
    ),
    'genesis-3310-solver-kernel-hangs-gpu-100pct-on-ada-blackwell-not-a100': Backdrop(
        'genesis-l40s-sim',
        'A10',
        '580.173.02',
        '2026-09-05T11:30:00Z',
        '2026-09-05T12:10:00Z',
        pci=('01',),
    ),
    'abacus-5210-gpu-gint-hangs-with-many-mpi-ranks-implicit-barrier-deadlock': Backdrop(
        'abacus-gpu-node',
        'A10',
        '550.90.07',
        '2024-10-09T11:30:00Z',
        '2024-10-09T12:10:00Z',
        pci=('18', '3b', '86', 'af'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
