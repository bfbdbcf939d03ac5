"""heldout-public-307's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-307/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
host names, GPU counts where the source gives none, bus numbers (01..N in index order; plotoptix-10's single GPU
is at bus 01 as its nvidia-smi table prints) and the driver (550.144.03, the same for every case) are stand-ins.
No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'plotoptix-10-optix-pathtracer-setup-error-other-process-holding-gpu-memory': Backdrop(
        'plotoptix-ws',
        'A10',
        '550.144.03',
        '2020-06-16T11:30:00Z',
        '2020-06-16T12:10:00Z',
        pci=('01',),
    ),
    'hashcat-1360-nvml-temperature-threshold-not-supported-warnings-benign': Backdrop(
        'hashcat-docker',
        'A10',
        '550.144.03',
        '2017-09-17T11:30:00Z',
        '2017-09-17T12:10:00Z',
        pci=('01',),
    ),
    'hashcat-2740-kernel-exec-timeout-warning-not-blocking-downgraded-to-advice-benign': Backdrop(
        'hashcat-desktop',
        'A10',
        '550.144.03',
        '2021-04-02T11:30:00Z',
        '2021-04-02T12:10:00Z',
        pci=('01',),
    ),
    'comfyui-9650-gtx-1080-ti-no-kernel-image-torch-2-8-cu128-dropped-pascal': Backdrop(
        'comfyui-win10',
        'A10',
        '550.144.03',
        '2025-08-31T11:30:00Z',
        '2025-08-31T12:10:00Z',
        pci=('01',),
    ),
    'ethminer-1134-sixth-gpu-dag-crash-windows-virtual-memory-pagefile-too-small': Backdrop(
        'mining-rig-b250',
        'A10',
        '550.144.03',
        '2018-05-22T11:30:00Z',
        '2018-05-22T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06',),
    ),
    'excavator-25-cuda-daggerhashimoto-out-of-memory-gtx-1060-3gb-virtual-memory': Backdrop(
        'excavator-win10',
        'A10',
        '550.144.03',
        '2017-07-03T11:30:00Z',
        '2017-07-03T12:10:00Z',
        pci=('01',),
    ),
    'boinc-907-geforce-8500gt-cuda-not-detected-after-driver-upgrade-go-back-to-older-driver': Backdrop(
        'boinc-desktop',
        'A10',
        '550.144.03',
        '2015-02-04T11:30:00Z',
        '2015-02-04T12:10:00Z',
        pci=('01',),
    ),
    'lc0-941-cudnn-backend-crash-gtx-1060-windows-update-driver-not-nvidia-driver': Backdrop(
        'lc0-win10',
        'A10',
        '550.144.03',
        '2019-09-05T11:30:00Z',
        '2019-09-05T12:10:00Z',
        pci=('01',),
    ),
    'fluorender-27-hang-on-open-quadro-p5000-app-released-objects-before-kernel-finished': Backdrop(
        'fluorender-ws',
        'A10',
        '550.144.03',
        '2026-07-28T11:30:00Z',
        '2026-07-28T12:10:00Z',
        pci=('01',),
    ),
    'fluidx3d-8-dual-3090-24000mb-allocation-fails-silently-unphysically-high-benchmark': Backdrop(
        'fluidx3d-2x3090',
        'A10',
        '550.144.03',
        '2024-01-18T11:30:00Z',
        '2024-01-18T12:10:00Z',
        pci=('01', '02',),
    ),
    'yuzu-10581-totk-vulkan-crash-gtx-970-recent-drivers-fixed-by-downgrade-to-512': Backdrop(
        'yuzu-win10',
        'A10',
        '550.144.03',
        '2023-06-02T11:30:00Z',
        '2023-06-02T12:10:00Z',
        pci=('01',),
    ),
    'pvnet-rendering-26-blender-cycles-nvcc-sm-75-undefined-cuda-9-on-gtx-1660-ti': Backdrop(
        'pvnet-render',
        'A10',
        '550.144.03',
        '2019-11-04T11:30:00Z',
        '2019-11-04T12:10:00Z',
        pci=('01',),
    ),
    'realesrgan-514-gtx-1650-super-4gb-cuda-oom-gpu0-not-enough-gpu-memory': Backdrop(
        'realesrgan-win',
        'A10',
        '550.144.03',
        '2022-12-05T11:30:00Z',
        '2022-12-05T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
