"""heldout-public-105's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-105/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); hosts, bus numbers and most drivers are
stand-ins (see each case's description). No case uses extra: no report quotes an exporter value as a metric
sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'openmm-3756-quadro-k2000-cuda-platform-error-gpu-unsupported-in-cuda-11': Backdrop(
        'ws-quadro-k2000-openmm',
        'A10',
        '470.141.03',
        '2022-08-29T11:30:00Z',
        '2022-08-29T12:10:00Z',
        pci=('01',),
    ),
    'openmm-1233-cuda-platform-missing-binary-package-needs-matching-cuda-version': Backdrop(
        'ws-openmm-cuda',
        'A10',
        '352.55',
        '2015-11-01T11:30:00Z',
        '2015-11-01T12:10:00Z',
        pci=('01',),
    ),
    'alphafold-462-openmm-relax-cuda-error-unsupported-ptx-version-upgrade-driver': Backdrop(
        'ws-alphafold-relax',
        'A10',
        '510.47.03',
        '2022-05-25T11:30:00Z',
        '2022-05-25T12:10:00Z',
        pci=('01',),
    ),
    'applio-1016-two-rtx3060-power-cuts-during-training-psu-damaged-suspected': Backdrop(
        'win-2x3060-applio',
        'A10',
        '572.83',
        '2025-03-31T11:30:00Z',
        '2025-03-31T12:10:00Z',
        pci=('01', '02',),
    ),
    'yuzu-8230-vulkan-crash-gtx1060-1080-nvidia-driver-512-15-regression': Backdrop(
        'win-gtx1080-yuzu',
        'A10',
        '512.15',
        '2022-04-20T11:30:00Z',
        '2022-04-20T12:10:00Z',
        pci=('01',),
    ),
    'firmware-open-224-oryp7-laptop-jumpy-thermals-heatsink-no-mounting-pressure': Backdrop(
        'oryp7-laptop-popos',
        'A10',
        '515.65.01',
        '2022-08-23T11:30:00Z',
        '2022-08-23T12:10:00Z',
        pci=('01',),
    ),
    'xmrig-nvidia-28-gtx560ti-cuda-out-of-memory-decrease-threads': Backdrop(
        'ubuntu-760-560ti-miner',
        'A10',
        '384.90',
        '2017-10-23T11:30:00Z',
        '2017-10-23T12:10:00Z',
        pci=('01', '02',),
    ),
    'edvr-20-game-crash-dxgi-device-hung-tdr-from-mod-gpu-work': Backdrop(
        'win-elite-vr-edvr',
        'A10',
        '580.97',
        '2026-09-06T11:30:00Z',
        '2026-09-06T12:10:00Z',
        pci=('01',),
    ),
    'coordsfinder-14-gtx1660-wgpu-compute-device-lost-windows-tdr-timeout': Backdrop(
        'win-gtx1660-coordsfinder',
        'A10',
        '610.47',
        '2026-08-29T11:30:00Z',
        '2026-08-29T12:10:00Z',
        pci=('01',),
    ),
    'firmware-open-182-oryp7-laptop-gpu-limited-to-80w-tgp-firmware': Backdrop(
        'oryp7-laptop-openfw',
        'A10',
        '460.56',
        '2021-03-19T11:30:00Z',
        '2021-03-19T12:10:00Z',
        pci=('01',),
    ),
    'g-helper-1663-laptop-rtx4090-dynamic-boost-capped-150w-platform-controller-error-code-19': Backdrop(
        'win-strix18-4090-laptop',
        'A10',
        '546.17',
        '2023-11-29T11:30:00Z',
        '2023-11-29T12:10:00Z',
        pci=('01',),
    ),
    'excavator-137-gtx1050ti-power-usage-minus-2-not-supported-reading-benign': Backdrop(
        'win-gtx1050ti-excavator',
        'A10',
        '390.65',
        '2018-01-22T11:30:00Z',
        '2018-01-22T12:10:00Z',
        pci=('01',),
    ),
    'john-5816-laptop-gpu-at-100c-while-cracking-high-temperature-normal-benign': Backdrop(
        'nitro5-kali-laptop',
        'A10',
        '570.169',
        '2025-08-17T11:30:00Z',
        '2025-08-17T12:10:00Z',
        pci=('01',),
    ),
    'g-helper-1059-tuf-laptop-gpu-fan-rpm-always-0-fan-clogged': Backdrop(
        'tuf-dash-f15-laptop',
        'A10',
        '536.99',
        '2023-08-13T11:30:00Z',
        '2023-08-13T12:10:00Z',
        pci=('01',),
    ),
    'quda-669-four-gpu-node-freezes-fixed-by-disabling-quda-p2p': Backdrop(
        'k80-node-quda',
        'A10',
        '387.26',
        '2018-01-08T11:30:00Z',
        '2018-01-08T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'picongpu-4149-simulation-runs-on-wrong-of-two-gpus-set-cuda-visible-devices': Backdrop(
        'ws-2gpu-picongpu',
        'A10',
        '510.73.05',
        '2022-06-12T11:30:00Z',
        '2022-06-12T12:10:00Z',
        pci=('01', '02',),
    ),
    'blendercam-102-blender-killed-by-linux-oom-killer-during-cam-simulation': Backdrop(
        'linux-blender-cam',
        'A10',
        '375.66',
        '2017-05-04T11:30:00Z',
        '2017-05-04T12:10:00Z',
        pci=('01',),
    ),
    'gminer-788-rtx3060ti-dag-damaged-at-stock-clocks-vram-faulty-suspected': Backdrop(
        'hiveos-3060ti-rig',
        'A10',
        '510.73.05',
        '2022-05-28T11:30:00Z',
        '2022-05-28T12:10:00Z',
        pci=('01',),
    ),
    'rpcs3-15070-emulator-picks-integrated-radeon-instead-of-gtx1650-on-laptop': Backdrop(
        'win-gtx1650-laptop-rpcs3',
        'A10',
        '546.65',
        '2024-01-20T11:30:00Z',
        '2024-01-20T12:10:00Z',
        pci=('01',),
    ),
    'rpcs3-12942-gow3-10-20-fps-on-rtx3060-laptop-cpu-bound-emulation': Backdrop(
        'win-rtx3060-laptop-rpcs3',
        'A10',
        '526.86',
        '2022-11-11T11:30:00Z',
        '2022-11-11T12:10:00Z',
        pci=('01',),
    ),
    'hashcat-1280-gtx480-at-92c-aborts-on-temperature-limit-normal-for-fermi-benign': Backdrop(
        'fermi-480-460-hashcat',
        'A10',
        '382.53',
        '2017-06-18T11:30:00Z',
        '2017-06-18T12:10:00Z',
        pci=('01', '02',),
    ),
    'artroom-20-stable-diffusion-cuda-out-of-memory-reduce-image-size': Backdrop(
        'win-artroom-sd',
        'A10',
        '526.98',
        '2022-11-28T11:30:00Z',
        '2022-11-28T12:10:00Z',
        pci=('01',),
    ),
    'dota2-1217-gtx760-black-screen-and-hang-in-game-gpu-power-cable-burnt': Backdrop(
        'fedora25-gtx760-dota',
        'A10',
        '378.13',
        '2017-04-24T11:30:00Z',
        '2017-04-24T12:10:00Z',
        pci=('01',),
    ),
    'loghi-47-htr-pipeline-gpu-out-of-memory-other-processes-reduce-batch-size': Backdrop(
        'linux-loghi-htr',
        'A10',
        '570.169',
        '2025-08-05T11:30:00Z',
        '2025-08-05T12:10:00Z',
        pci=('01',),
    ),
    'tio-303-gpu-at-89c-fan-not-at-full-speed-89c-not-high-benign': Backdrop(
        'linux-dl-train-notes',
        'A10',
        '410.93',
        '2019-01-23T11:30:00Z',
        '2019-01-23T12:10:00Z',
        pci=('01',),
    ),
    'pymoresane-22-cuinit-failed-nvidia-smi-cannot-reach-driver-ubuntu-vm-without-gpu': Backdrop(
        'ubuntu-vm-moresane',
        'A10',
        '384.98',
        '2017-12-11T11:30:00Z',
        '2017-12-11T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
