"""heldout-public-155's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-155/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); hosts and bus numbers are stand-ins, and
so are the drivers no source names (566.26 and 580.95.05 are printed by their sources). No case uses extra: no
source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'dpbm-4-dreambooth-cuda-oom-falta-de-memoria-de-video': Backdrop(
        'colab-dreambooth-pt',
        'A10',
        '470.82.01',
        '2022-12-01T11:30:00Z',
        '2022-12-01T12:10:00Z',
        pci=('04',),
    ),
    'nicehash-315-two-gpus-together-reboot-psu-power-suspected': Backdrop(
        'win-miner-1060-1070',
        'A10',
        '385.41',
        '2017-09-14T11:30:00Z',
        '2017-09-14T12:10:00Z',
        pci=('01', '02'),
    ),
    'lazytechlab-2349-h200-pcie-dead-damaged-12vhpwr-sense-pins': Backdrop(
        'h200-pcie-node',
        'A10',
        '570.124.06',
        '2026-01-15T11:30:00Z',
        '2026-01-15T12:10:00Z',
        pci=('41',),
    ),
    'nvpatcher-429-p106-not-detected-after-device-removal-driver-reinstall-ddu': Backdrop(
        'win-p106-100-pc',
        'A10',
        '581.57',
        '2025-12-26T11:30:00Z',
        '2025-12-26T12:10:00Z',
        pci=('01',),
    ),
    'bayesian-gpufix5060-rtx5060-sm120-not-supported-by-installed-pytorch': Backdrop(
        'laptop-rtx5060-bayesian',
        'A10',
        '580.97',
        '2025-10-25T11:30:00Z',
        '2025-10-25T12:10:00Z',
        pci=('01',),
    ),
    'bayesian-fixgpunow-rtx5060-unused-pytorch-cpu-only-build': Backdrop(
        'laptop-rtx5060-bayesian',
        'A10',
        '580.97',
        '2025-10-25T11:30:00Z',
        '2025-10-25T12:10:00Z',
        pci=('01',),
    ),
    'raglatest-cuda-grid-t4-vgpu-cudaerrornotsupported-vgpu-limitation': Backdrop(
        'vm-grid-t4-16q',
        'A10',
        '570.124.06',
        '2025-12-14T11:30:00Z',
        '2025-12-14T12:10:00Z',
        pci=('02',),
    ),
    'mactapia-cudasummary-rtx4060-cuda-unavailable-pytorch-cpu-build': Backdrop(
        'laptop-rtx4060-opvb',
        'A10',
        '566.26',
        '2026-01-26T11:30:00Z',
        '2026-01-26T12:10:00Z',
        pci=('01',),
    ),
    'waofin-resumencuda-cupy-nvrtc-dll-missing-cuda-toolkit-absent': Backdrop(
        'win-rtx2060-paco',
        'A10',
        '581.29',
        '2025-11-20T11:30:00Z',
        '2025-11-20T12:10:00Z',
        pci=('01',),
    ),
    'quantgod-installcuda-rtx3050-idle-torch-cpu-only-build': Backdrop(
        'win-rtx3050-quantgod',
        'A10',
        '581.80',
        '2026-02-12T11:30:00Z',
        '2026-02-12T12:10:00Z',
        pci=('01',),
    ),
    'wefaq-de-benign-task-manager-high-gpu-load-at-idle-clocks': Backdrop(
        'win-desktop-wallpaper',
        'A10',
        '466.11',
        '2021-04-18T11:30:00Z',
        '2021-04-18T12:10:00Z',
        pci=('01',),
    ),
    'newbot-gpumemfix-rtx3060-cuda-oom-batch-256-too-large': Backdrop(
        'ws-rtx3060-bot',
        'A10',
        '581.57',
        '2025-11-27T11:30:00Z',
        '2025-11-27T12:10:00Z',
        pci=('01',),
    ),
    'atheria-cudaoom-training-oom-after-episodes-fragmentation-accumulation': Backdrop(
        'ws-atheria-train',
        'A10',
        '580.95.05',
        '2025-11-26T11:30:00Z',
        '2025-11-26T12:10:00Z',
        pci=('01',),
    ),
    'videosdgx-statusmem-gb10-117gb-held-by-unknown-root-process-cuda-oom': Backdrop(
        'dgx-spark-videosdgx',
        'A10',
        '580.95.05',
        '2026-02-16T11:30:00Z',
        '2026-02-16T12:10:00Z',
        pci=('01',),
    ),
    'hallucgml-cambios-gpu-40-50-percent-dataloader-num-workers-0': Backdrop(
        'ws-hallucgml-train',
        'A10',
        '570.195.03',
        '2025-11-20T11:30:00Z',
        '2025-11-20T12:10:00Z',
        pci=('01',),
    ),
    'waofin-resultados-gpu-speedup-low-cpu-patch-extraction-bottleneck': Backdrop(
        'win-rtx2060-paco',
        'A10',
        '581.29',
        '2025-11-20T11:30:00Z',
        '2025-11-20T12:10:00Z',
        pci=('01',),
    ),
    'techpaf-2270-blackwell-2u-air-cooled-servers-overheating': Backdrop(
        'gb200-nvl2-2u-01',
        'A10',
        '565.57.01',
        '2024-11-19T11:30:00Z',
        '2024-11-19T12:10:00Z',
        pci=('01', '02'),
    ),
    'aimanual-riser-xid31-rtx6000-long-pcie5-riser-cable': Backdrop(
        'ws-2x-rtx6000-riser',
        'A10',
        '580.95.05',
        '2026-01-12T11:30:00Z',
        '2026-01-12T12:10:00Z',
        pci=('01', '41'),
    ),
    'videosdgx-solucaotemp-gemma-encoder-corrupted-cuda-error-restart-app': Backdrop(
        'dgx-spark-videosdgx',
        'A10',
        '580.95.05',
        '2026-02-16T11:30:00Z',
        '2026-02-16T12:10:00Z',
        pci=('01',),
    ),
    'nvpatcher-563-p106-not-listed-in-graphics-settings-registry-adapter-key': Backdrop(
        'win-p106-100-desktop',
        'A10',
        '582.28',
        '2026-08-01T11:30:00Z',
        '2026-08-01T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
