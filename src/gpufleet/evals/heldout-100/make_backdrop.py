"""heldout-public-100's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-100/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); hosts and bus numbers are stand-ins and
most drivers are stand-ins of the period (see each case's description; 561.17, 460.27.04, 331.49 and 580.95.05
are named by their reports, 560.35.03 is a release of the "560.35" a report names). No case uses extra: no report
quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'alvr-164-gtx765m-nvenc-createencoder-failed-fixed-by-updating-nvidia-driver': Backdrop(
        'win-gtx765m-alvr',
        'A10',
        '398.82',
        '2018-08-03T11:30:00Z',
        '2018-08-03T12:10:00Z',
        pci=('01',),
    ),
    'alvr-org-156-nvenc-failed-to-get-cuda-device-missing-or-old-cuda-fixed-by-installing-cuda-10-2': Backdrop(
        'win-gtx1050-alvr',
        'A10',
        '442.74',
        '2020-03-24T11:30:00Z',
        '2020-03-24T12:10:00Z',
        pci=('01',),
    ),
    'nunif-351-nvenc-minimum-driver-unknown-pyav-built-with-video-codec-sdk-13-needs-driver-570': Backdrop(
        'win-rtx3090-iw3',
        'A10',
        '561.17',
        '2025-04-10T11:30:00Z',
        '2025-04-10T12:10:00Z',
        pci=('01',),
    ),
    'sodium-101-gt630m-gpu-crash-no-cuda-apps-until-reboot-driver-crash-blamed': Backdrop(
        'win-gt630m-minecraft',
        'A10',
        '451.67',
        '2020-07-17T11:30:00Z',
        '2020-07-17T12:10:00Z',
        pci=('01',),
    ),
    'optimus-manager-290-nvidia-modprobe-fails-after-suspend-kernel-or-driver-change-fixed-by-downgrade': Backdrop(
        'arch-laptop-optimus',
        'A10',
        '450.57',
        '2020-07-14T11:30:00Z',
        '2020-07-14T12:10:00Z',
        pci=('01',),
    ),
    'quda-166-passively-cooled-tesla-m2070-double-bit-ecc-errors-then-gpus-die-overheating': Backdrop(
        'judge-tesla-m2070-node',
        'A10',
        '340.32',
        '2014-10-27T11:30:00Z',
        '2014-10-27T12:10:00Z',
        pci=('01',),
    ),
    'acemd-28-gtx680-md-simulation-unstable-cufft-misbehaving-on-old-gpu-suspected': Backdrop(
        'ws-gtx680-acemd',
        'A10',
        '375.39',
        '2017-02-15T11:30:00Z',
        '2017-02-15T12:10:00Z',
        pci=('01',),
    ),
    'davincibox-131-resolve-gpu-memory-full-error-999-in-container-fixed-by-forcing-nvidia-glx-vendor': Backdrop(
        'artix-gtx1080ti-resolve',
        'A10',
        '560.35.03',
        '2024-10-19T11:30:00Z',
        '2024-10-19T12:10:00Z',
        pci=('01',),
    ),
    'davinci-helper-45-rtx2060-mobile-resolve-black-preview-gpu-memory-warnings-fixed-by-launching-on-dedicated-gpu': Backdrop(
        'nobara-rtx2060m-resolve',
        'A10',
        '565.77',
        '2025-02-06T11:30:00Z',
        '2025-02-06T12:10:00Z',
        pci=('01',),
    ),
    'fna-287-black-screen-crashes-on-integrated-chipset-fixed-by-forcing-discrete-nvidia-gpu': Backdrop(
        'win-optimus-fna',
        'A10',
        '347.52',
        '2015-03-09T11:30:00Z',
        '2015-03-09T12:10:00Z',
        pci=('01',),
    ),
    'cp2k-1555-2x-k80-cuda-rt-out-of-memory-in-cufft-for-2304-atoms': Backdrop(
        'ubuntu-2xk80-cp2k',
        'A10',
        '460.27.04',
        '2021-06-10T11:30:00Z',
        '2021-06-10T12:10:00Z',
        pci=('01', '02'),
    ),
    'flowframes-102-6gb-gpu-cuda-out-of-memory-interpolation-card-not-big-enough': Backdrop(
        'win-6gb-flowframes',
        'A10',
        '512.15',
        '2022-04-22T11:30:00Z',
        '2022-04-22T12:10:00Z',
        pci=('01',),
    ),
    'nanominer-20-12x-gtx1070-rig-out-of-memory-windows-virtual-memory-too-small': Backdrop(
        'win-12x1070-rig',
        'A10',
        '430.64',
        '2019-05-14T11:30:00Z',
        '2019-05-14T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08', '09', '0a', '0b', '0c'),
    ),
    'trex-1006-rtx3080-rig-crashes-ram-vs-vram-pagefile-too-small-suspected': Backdrop(
        'win-rtx3080-rig',
        'A10',
        '511.23',
        '2022-01-20T11:30:00Z',
        '2022-01-20T12:10:00Z',
        pci=('01',),
    ),
    'aiominer-80-cuda-out-of-memory-on-every-algorithm-page-file-too-small-suspected': Backdrop(
        'win-aiominer-rig',
        'A10',
        '398.36',
        '2018-07-31T11:30:00Z',
        '2018-07-31T12:10:00Z',
        pci=('01',),
    ),
    'nvidia-gpu-off-3-laptop-gpu-with-bad-vram-disabled-instead-of-replaced': Backdrop(
        'linux-laptop-badvram',
        'A10',
        '510.73.05',
        '2022-05-28T11:30:00Z',
        '2022-05-28T12:10:00Z',
        pci=('01',),
    ),
    '3d-iwgan-9-blender-dataset-render-not-on-gpu-render-engine-not-cycles': Backdrop(
        'linux-blender-render',
        'A10',
        '390.67',
        '2018-06-28T11:30:00Z',
        '2018-06-28T12:10:00Z',
        pci=('01',),
    ),
    'magpie-92-rtx2060-stuck-at-low-p-state-caused-by-scale-on-gpu-option': Backdrop(
        'win-rtx2060-magpie',
        'A10',
        '471.96',
        '2021-08-31T11:30:00Z',
        '2021-08-31T12:10:00Z',
        pci=('01',),
    ),
    'cudaminer-104-gtx750ti-cudaerror-30-after-minutes-hardware-pcie-gen3-suspected': Backdrop(
        'debian-gtx750ti-miner',
        'A10',
        '331.49',
        '2014-02-23T11:30:00Z',
        '2014-02-23T12:10:00Z',
        pci=('01',),
    ),
    'yuzu-8887-gtx970-vulkan-crash-with-516-drivers-downgrade-to-472-512-advised': Backdrop(
        'win-gtx970-yuzu',
        'A10',
        '516.94',
        '2022-09-12T11:30:00Z',
        '2022-09-12T12:10:00Z',
        pci=('01',),
    ),
    'renpy-6562-games-crash-with-nvidia-576-drivers-fixed-by-reinstalling-572': Backdrop(
        'win-renpy-player',
        'A10',
        '576.88',
        '2025-08-12T11:30:00Z',
        '2025-08-12T12:10:00Z',
        pci=('01',),
    ),
    'iortcw-127-laptop-game-runs-on-integrated-gpu-incomplete-driver-install-mok-not-enrolled': Backdrop(
        'linux-laptop-iortcw',
        'A10',
        '470.63.01',
        '2021-09-16T11:30:00Z',
        '2021-09-16T12:10:00Z',
        pci=('01',),
    ),
    'nvidia-power-limit-1-laptop-gtx1660ti-hot-at-idle-on-charger-power-limit-flag-not-the-cause-benign': Backdrop(
        'win-gtx1660timaxq-laptop',
        'A10',
        '461.72',
        '2021-02-17T11:30:00Z',
        '2021-02-17T12:10:00Z',
        pci=('01',),
    ),
    'fancontrol-488-rtx3090-fe-fans-stay-at-800rpm-at-idle-zero-rpm-not-exposed-by-driver-api-benign': Backdrop(
        'win-rtx3090fe-desktop',
        'A10',
        '511.23',
        '2022-01-24T11:30:00Z',
        '2022-01-24T12:10:00Z',
        pci=('01',),
    ),
    'quicklook-1298-vram-not-released-after-video-preview-reserved-until-process-ends-benign': Backdrop(
        'win-quicklook-desktop',
        'A10',
        '531.68',
        '2023-04-24T11:30:00Z',
        '2023-04-24T12:10:00Z',
        pci=('01',),
    ),
    'xemu-2603-gtx1650-vulkan-3-5gb-vram-large-pools-allocated-up-front-by-design-benign': Backdrop(
        'ubuntu-gtx1650-xemu',
        'A10',
        '580.95.05',
        '2025-12-20T11:30:00Z',
        '2025-12-20T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
