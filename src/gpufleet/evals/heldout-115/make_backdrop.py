"""heldout-public-115's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-115/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); hosts, bus numbers and most drivers are
stand-ins (see each case's description). No case uses extra: no report quotes an exporter value as a metric
sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'n2d2-18-mnist-training-cuda-driver-insufficient-for-runtime-update-nvidia-driver': Backdrop(
        'ws-n2d2-linux',
        'A10',
        '390.48',
        '2018-04-17T11:30:00Z',
        '2018-04-17T12:10:00Z',
        pci=('01',),
    ),
    'rpg-open-remode-9-gtx770-cuda-driver-insufficient-fixed-by-driver-346-72': Backdrop(
        'ws-gtx770-remode',
        'A10',
        '340.93',
        '2015-11-25T11:30:00Z',
        '2015-11-25T12:10:00Z',
        pci=('01',),
    ),
    'handbrake-5951-nvenc-encoder-fails-to-initialise-nvidia-driver-too-old': Backdrop(
        'win11-handbrake-nvenc',
        'A10',
        '537.58',
        '2024-04-13T11:30:00Z',
        '2024-04-13T12:10:00Z',
        pci=('01',),
    ),
    'nvml-fix-35-nvidia-smi-power-readings-na-vendor-inforom-benign': Backdrop(
        'laptop-geforce-nvmlfix',
        'A10',
        '390.138',
        '2020-11-26T11:30:00Z',
        '2020-11-26T12:10:00Z',
        pci=('01',),
    ),
    'xmrig-nvidia-44-gtx980-unspecified-launch-failure-wrong-algo-in-config': Backdrop(
        'win-gtx980-xmrig',
        'A10',
        '388.13',
        '2017-11-17T11:30:00Z',
        '2017-11-17T12:10:00Z',
        pci=('01',),
    ),
    'yuzu-6631-gtx660-vulkan-crash-nvlddmkm-event-13-emulator-crashes-driver': Backdrop(
        'win-gtx660-yuzu',
        'A10',
        '471.41',
        '2021-07-13T11:30:00Z',
        '2021-07-13T12:10:00Z',
        pci=('01',),
    ),
    'rpcs3-7010-rtx2060s-vulkan-device-lost-emulator-regression-since-resolved': Backdrop(
        'win-rtx2060s-rpcs3',
        'A10',
        '441.20',
        '2019-11-19T11:30:00Z',
        '2019-11-19T12:10:00Z',
        pci=('01',),
    ),
    'ethminer-643-mining-rig-gpu-silently-drops-work-overclock-suspected-risers-also': Backdrop(
        'rig-ethminer-linux',
        'A10',
        '384.111',
        '2018-01-27T11:30:00Z',
        '2018-01-27T12:10:00Z',
        pci=('01', '02'),
    ),
    't-rex-828-hiveos-nvidia-device-not-found-dirty-pcie-x1-riser-card-portuguese': Backdrop(
        'rig-hiveos-trex',
        'A10',
        '495.44',
        '2021-11-23T11:30:00Z',
        '2021-11-23T12:10:00Z',
        pci=('01',),
    ),
    'fancontrol-4174-gpu-fans-stay-30-percent-after-load-internal-zero-rpm-timer-benign': Backdrop(
        'win-geforce-fancontrol',
        'A10',
        '616.92',
        '2026-09-21T11:30:00Z',
        '2026-09-21T12:10:00Z',
        pci=('01',),
    ),
    'fancontrol-3773-fans-30-percent-at-zero-rpm-temps-prefer-max-performance-benign-chinese': Backdrop(
        'win-geforce-fancontrol-cn',
        'A10',
        '580.97',
        '2025-12-13T11:30:00Z',
        '2025-12-13T12:10:00Z',
        pci=('01',),
    ),
    'openmm-5272-nan-particle-coordinate-after-gpu-memory-overclock-above-stable-limit': Backdrop(
        'ws-openmm-cuda',
        'A10',
        '580.95.05',
        '2026-04-26T11:30:00Z',
        '2026-04-26T12:10:00Z',
        pci=('01',),
    ),
    'nvidia-patcher-259-p104-100-not-usable-by-nvidia-smi-faulty-power-cable': Backdrop(
        'win-rtx3060-p104',
        'A10',
        '576.28',
        '2025-05-13T11:30:00Z',
        '2025-05-13T12:10:00Z',
        pci=('01', '02'),
    ),
    'legion-toolkit-348-laptop-gaming-lag-spikes-when-gpu-hits-87c-thermal-limit': Backdrop(
        'laptop-loq-15ahp10',
        'A10',
        '580.97',
        '2026-06-22T11:30:00Z',
        '2026-06-22T12:10:00Z',
        pci=('01',),
    ),
    'rvc-1106-gtx1650-training-cuda-oom-at-any-batch-size-memory-fragmented': Backdrop(
        'win-gtx1650-rvc',
        'A10',
        '536.99',
        '2023-08-27T11:30:00Z',
        '2023-08-27T12:10:00Z',
        pci=('01',),
    ),
    'rife-353-rtx3070-interpolation-runs-on-cpu-not-gpu-pytorch-without-cuda': Backdrop(
        'ws-rtx3070-rife',
        'A10',
        '560.94',
        '2024-09-24T11:30:00Z',
        '2024-09-24T12:10:00Z',
        pci=('01',),
    ),
    'radeonprorender-maya-375-2x-rtx2080ti-instant-render-crash-nvidia-528-driver-bug': Backdrop(
        'win-2x2080ti-maya',
        'A10',
        '528.49',
        '2023-03-29T11:30:00Z',
        '2023-03-29T12:10:00Z',
        pci=('01', '02'),
    ),
    'overte-291-crash-on-startup-with-nvidia-525-60-11-linux-workaround-for-driver-bug': Backdrop(
        'ubuntu2204-overte',
        'A10',
        '525.60.11',
        '2022-12-21T11:30:00Z',
        '2022-12-21T12:10:00Z',
        pci=('01',),
    ),
    'proton-3291-rtx3090-memory-clock-pegged-at-max-multi-monitor-refresh-rates-benign': Backdrop(
        'linux-rtx3090-proton',
        'A10',
        '495.46',
        '2021-12-27T11:30:00Z',
        '2021-12-27T12:10:00Z',
        pci=('01',),
    ),
    'reforge-241-wsl-webui-sigkill-loading-model-16gb-ram-insufficient-memory': Backdrop(
        'wsl-reforge-8gb',
        'A10',
        '566.36',
        '2025-01-15T11:30:00Z',
        '2025-01-15T12:10:00Z',
        pci=('01',),
    ),
    'easydiffusion-1100-uvicorn-killed-loading-larger-sd-models-ram-and-swap-exhausted': Backdrop(
        'linux-easydiffusion',
        'A10',
        '525.89.02',
        '2023-03-31T11:30:00Z',
        '2023-03-31T12:10:00Z',
        pci=('01',),
    ),
    'frankendriver-25-mobile-3070-on-desktop-livekernelevent-141-driver-resets-hardware-suspected': Backdrop(
        'desktop-3070m-frankendriver',
        'A10',
        '531.26',
        '2023-04-05T11:30:00Z',
        '2023-04-05T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
