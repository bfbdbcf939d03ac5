"""heldout-public-176's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-176/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); hosts, bus numbers and most drivers are
stand-ins (each description says which driver, if any, the source names). No case uses extra: no source quotes an
exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'pop-1368-black-screen-after-suspend-xid13-sm-warp-exceptions-nvidia-driver': Backdrop(
        'popos-desk-1368',
        'A10',
        '570.133.07',
        '2025-04-23T11:30:00Z',
        '2025-04-23T12:10:00Z',
        pci=('01',),
    ),
    'hyprland-13791-fullscreen-flicker-after-595-driver-update-rollback-fixes': Backdrop(
        'cachyos-hypr-13791',
        'A10',
        '595.45.04',
        '2026-03-19T11:30:00Z',
        '2026-03-19T12:10:00Z',
        pci=('01',),
    ),
    'hyprland-4880-compositor-fails-after-nvidia-550-update-older-driver-works': Backdrop(
        'archlinux',
        'A10',
        '550.54.14',
        '2024-02-29T11:30:00Z',
        '2024-02-29T12:10:00Z',
        pci=('01',),
    ),
    'deepmind-research-32-alphafold-casp13-runs-on-cpu-cpu-flag-true-by-default': Backdrop(
        'af-casp13-ws',
        'A10',
        '440.64',
        '2020-02-26T11:30:00Z',
        '2020-02-26T12:10:00Z',
        pci=('01',),
    ),
    'colmap-1396-feature-extractor-fails-on-gpu-colmap-not-linked-to-cuda': Backdrop(
        'colmap-ws-1396',
        'A10',
        '470.86',
        '2022-01-23T11:30:00Z',
        '2022-01-23T12:10:00Z',
        pci=('01',),
    ),
    'openmm-1660-gtx1080-nvcc-sm61-not-defined-needs-cuda8': Backdrop(
        'cc06',
        'A10',
        '367.35',
        '2016-11-06T11:30:00Z',
        '2016-11-06T12:10:00Z',
        pci=('01',),
    ),
    'openmm-820-cuda-error-700-illegal-address-sporadic-c2070-segfault-in-kernel': Backdrop(
        'icme-c2070',
        'A10',
        '340.65',
        '2015-02-18T11:30:00Z',
        '2015-02-18T12:10:00Z',
        pci=('01',),
    ),
    'hwsensors-272-gtx-titan-black-temperature-stuck-at-85c-sensor-misreport': Backdrop(
        'macpro-2010',
        'A10',
        '346.01.02',
        '2015-03-20T11:30:00Z',
        '2015-03-20T12:10:00Z',
        pci=('01',),
    ),
    'optimus-manager-254-black-screen-after-suspend-nvidia-mode-driver-suspend-issues': Backdrop(
        'optimus-laptop-254',
        'A10',
        '440.82',
        '2020-05-12T11:30:00Z',
        '2020-05-12T12:10:00Z',
        pci=('01',),
    ),
    'nicehash-quickminer-223-rtx3080-hashrate-swings-gddr6x-110c-memory-throttling': Backdrop(
        'miner-3080',
        'A10',
        '461.72',
        '2021-03-15T11:30:00Z',
        '2021-03-15T12:10:00Z',
        pci=('01',),
    ),
    'fancontrol-1614-gpu-fans-stay-at-30pct-not-0rpm-card-decides-zero-rpm': Backdrop(
        'fancontrol-desk',
        'A10',
        '531.29',
        '2023-03-12T11:30:00Z',
        '2023-03-12T12:10:00Z',
        pci=('01',),
    ),
    'megaminer-235-gtx770-nvidia-smi-not-supported-fields-miner-parse-error': Backdrop(
        'megaminer-gtx770',
        'A10',
        '390.65',
        '2018-01-13T11:30:00Z',
        '2018-01-13T12:10:00Z',
        pci=('01',),
    ),
    'open-gpu-kernel-modules-777-kde-desktop-stutter-with-gsp-firmware-driver-fix': Backdrop(
        'nixos-plasma-777',
        'A10',
        '570.86.16',
        '2025-02-17T11:30:00Z',
        '2025-02-17T12:10:00Z',
        pci=('01',),
    ),
    'cachyos-settings-71-plasma-stutter-and-fps-drop-with-gsp-firmware-555-driver': Backdrop(
        'cachyos-desk-71',
        'A10',
        '555.58.02',
        '2024-07-03T11:30:00Z',
        '2024-07-03T12:10:00Z',
        pci=('01',),
    ),
    'gaussian-splatting-275-oom-on-24gb-gpu-with-20-million-point-dense-cloud': Backdrop(
        '3dgs-ws-275',
        'A10',
        '535.113.01',
        '2023-10-04T11:30:00Z',
        '2023-10-04T12:10:00Z',
        pci=('01',),
    ),
    'gaussian-splatting-558-rtx3090-cuda-oom-too-many-photos-for-one-scene': Backdrop(
        '3dgs-3090-558',
        'A10',
        '545.29.06',
        '2023-12-16T11:30:00Z',
        '2023-12-16T12:10:00Z',
        pci=('01',),
    ),
    'gpujpeg-4-macbook-gt750m-cuda-driver-insufficient-for-cuda-8-runtime': Backdrop(
        'macbook-pro-2014',
        'A10',
        '310.42.25f02',
        '2017-03-26T11:30:00Z',
        '2017-03-26T12:10:00Z',
        pci=('01',),
    ),
    'checkm2-26-cuda-driver-insufficient-conda-tensorflow-gpu-driver-issues': Backdrop(
        'checkm2-node',
        'A10',
        '470.141.03',
        '2022-10-07T11:30:00Z',
        '2022-10-07T12:10:00Z',
        pci=('01',),
    ),
    'gaussiansplatting-jl-28-cuda-out-of-memory-4000x3000-images-scale-or-new-release': Backdrop(
        'gsjl-desk-28',
        'A10',
        '570.133.07',
        '2025-04-28T11:30:00Z',
        '2025-04-28T12:10:00Z',
        pci=('01',),
    ),
    'fancontrol-3976-memory-junction-temp-stuck-at-43c-monitoring-tool-update-regression': Backdrop(
        'fancontrol-desk-3976',
        'A10',
        '595.79',
        '2026-04-03T11:30:00Z',
        '2026-04-03T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
