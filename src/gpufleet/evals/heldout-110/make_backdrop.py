"""heldout-public-110's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-110/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); hosts, bus numbers and most drivers are
stand-ins (see each case's description). No case uses extra: no report quotes an exporter value as a metric
sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'cemu-1506-vulkan-crashes-after-nvidia-566-driver-regression-r572': Backdrop(
        'win-cemu-geforce',
        'A10',
        '572.70',
        '2025-02-24T11:30:00Z',
        '2025-02-24T12:10:00Z',
        pci=('01',),
    ),
    'yuzu-9146-maxwell-pascal-vulkan-crashes-glitches-drivers-516-and-newer': Backdrop(
        'laptop-yuzu-mx150',
        'A10',
        '545.84',
        '2023-10-02T11:30:00Z',
        '2023-10-02T12:10:00Z',
        pci=('01',),
    ),
    'blender-flip-fluids-599-baking-crashes-geforce-rtx-driver-fix-studio-driver': Backdrop(
        'ws-blender-rtx',
        'A10',
        '526.47',
        '2022-11-14T11:30:00Z',
        '2022-11-14T12:10:00Z',
        pci=('01',),
    ),
    'easydiffusion-379-error-803-gtx1070-driver-too-old-for-cuda': Backdrop(
        'ubuntu-sd-gtx1070',
        'A10',
        '470.141.03',
        '2022-10-26T11:30:00Z',
        '2022-10-26T12:10:00Z',
        pci=('01',),
    ),
    'lc0-374-gtx965m-cuda-unknown-error-driver-incompatible-cuda90-build': Backdrop(
        'win10-lc0-gtx965m',
        'A10',
        '411.63',
        '2018-09-24T11:30:00Z',
        '2018-09-24T12:10:00Z',
        pci=('01',),
    ),
    'dispatcharr-329-container-nvenc-api-13-required-driver-12-1-update-driver': Backdrop(
        'docker-dispatcharr-host',
        'A10',
        '535.183.01',
        '2025-08-22T11:30:00Z',
        '2025-08-22T12:10:00Z',
        pci=('01',),
    ),
    'a1111-9954-cuda-misaligned-address-vram-overheating-fixed-by-thermal-pads': Backdrop(
        'win-sd-webui-gpu',
        'A10',
        '552.12',
        '2024-04-12T11:30:00Z',
        '2024-04-12T12:10:00Z',
        pci=('01',),
    ),
    'cryosparc-142-refinement-cumemalloc-out-of-memory-box-size-too-large': Backdrop(
        'ws-cryosparc-titanblack',
        'A10',
        '375.26',
        '2017-02-16T11:30:00Z',
        '2017-02-16T12:10:00Z',
        pci=('01', '02'),
    ),
    'hashcat-2357-graphics-card-temperature-too-high-improve-cooling-airflow': Backdrop(
        'win10-hashcat-rig',
        'A10',
        '445.87',
        '2020-04-19T11:30:00Z',
        '2020-04-19T12:10:00Z',
        pci=('01',),
    ),
    'trex-232-gtx1080ti-randomly-goes-idle-overclock-settings': Backdrop(
        'win-miner-1080ti',
        'A10',
        '461.40',
        '2021-02-20T11:30:00Z',
        '2021-02-20T12:10:00Z',
        pci=('01',),
    ),
    'frankendriver-77-rtx3060-mini-pc-code-43-hardware-error-not-driver': Backdrop(
        'minipc-rtx3060-16g',
        'A10',
        '576.80',
        '2025-07-04T11:30:00Z',
        '2025-07-04T12:10:00Z',
        pci=('01',),
    ),
    'mobilepascaltdptweaker-31-rtx2060m-code-43-modified-vbios-restored-original': Backdrop(
        'clevo-n960td-rtx2060m',
        'A10',
        '536.67',
        '2023-07-20T11:30:00Z',
        '2023-07-20T12:10:00Z',
        pci=('01',),
    ),
    'picongpu-3077-k80-illegal-address-caused-by-defective-node-excluded': Backdrop(
        'taurusi2061',
        'A10',
        '418.87.01',
        '2019-09-27T11:30:00Z',
        '2019-09-27T12:10:00Z',
        pci=('01',),
    ),
    'gpumd-667-cuda-error-700-illegal-access-fractional-coordinates-input': Backdrop(
        'linux-gpumd-md',
        'A10',
        '550.90.07',
        '2024-07-06T11:30:00Z',
        '2024-07-06T12:10:00Z',
        pci=('01',),
    ),
    'nwp-downscale-32-slow-data-loading-gpu-machine-moved-data-to-ssd': Backdrop(
        'gpu-vm-nwp-downscale',
        'A10',
        '460.32.03',
        '2021-02-08T11:30:00Z',
        '2021-02-08T12:10:00Z',
        pci=('01',),
    ),
    'crosse-2-oom-13gb-gpu-memory-held-with-no-process-listed': Backdrop(
        'p100-crosse-server',
        'A10',
        '410.48',
        '2019-07-31T11:30:00Z',
        '2019-07-31T12:10:00Z',
        pci=('01',),
    ),
    'supertuxkart-3076-optimus-laptop-game-runs-on-integrated-gpu-not-nvidia': Backdrop(
        'laptop-optimus-gtx960m',
        'A10',
        '388.59',
        '2017-12-18T11:30:00Z',
        '2017-12-18T12:10:00Z',
        pci=('01',),
    ),
    'sdl-gpu-17-laptop-uses-intel-gpu-not-gtx850m-nvoptimusenablement': Backdrop(
        'laptop-gtx850m-sdl',
        'A10',
        '364.72',
        '2016-04-18T11:30:00Z',
        '2016-04-18T12:10:00Z',
        pci=('01',),
    ),
    'pioneer-3715-optimus-laptops-always-picked-intel-gpu-fix-merged': Backdrop(
        'laptop-optimus-pioneer',
        'A10',
        '368.39',
        '2016-06-09T11:30:00Z',
        '2016-06-09T12:10:00Z',
        pci=('01',),
    ),
    'handbrake-1465-nvenc-not-utilized-cpu-filters-bottleneck-old-driver': Backdrop(
        'win-handbrake-encoder',
        'A10',
        '398.36',
        '2018-07-08T11:30:00Z',
        '2018-07-08T12:10:00Z',
        pci=('01',),
    ),
    'blender-flip-fluids-212-bake-std-bad-alloc-host-out-of-memory': Backdrop(
        'ws-blender-flip-16g',
        'A10',
        '391.24',
        '2018-04-06T11:30:00Z',
        '2018-04-06T12:10:00Z',
        pci=('01',),
    ),
    'nvtop-109-wsl2-gpu-usage-stuck-at-0-driver-limitation-benign': Backdrop(
        'win-wsl2-nvtop',
        'A10',
        '466.77',
        '2021-09-12T11:30:00Z',
        '2021-09-12T12:10:00Z',
        pci=('01',),
    ),
    'nvtop-79-rtx2060-mobile-power-cap-and-fan-not-reported-by-driver-benign': Backdrop(
        'laptop-rtx2060m-arch',
        'A10',
        '455.28',
        '2020-11-11T11:30:00Z',
        '2020-11-11T12:10:00Z',
        pci=('01',),
    ),
    'vidcoder-1096-nvenc-encode-gpu-shows-no-activity-cpu-busy-expected-benign': Backdrop(
        'win-vidcoder-nvenc',
        'A10',
        '528.02',
        '2023-01-02T11:30:00Z',
        '2023-01-02T12:10:00Z',
        pci=('01',),
    ),
    'hashcat-1484-laptop-gtx1050-driver-temperature-threshold-mobile-gpu-slower-benign': Backdrop(
        'laptop-gtx1050-hashcat',
        'A10',
        '388.71',
        '2018-01-03T11:30:00Z',
        '2018-01-03T12:10:00Z',
        pci=('01',),
    ),
    'tcc-g15-85-gpu-temperature-shows-2c-known-reading-issue-benign': Backdrop(
        'dell-g15-laptop',
        'A10',
        '577.00',
        '2025-07-27T11:30:00Z',
        '2025-07-27T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
