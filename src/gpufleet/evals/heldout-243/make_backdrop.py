"""heldout-public-243's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-243/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except home-danil, blendnet-ssmzsg-agent-0000 and g0004, which their sources print), bus numbers (only
vulkan-samples-379 prints one, 01) and the driver (550.144.03, the same for every case) are stand-ins.
No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'vulkan-samples-379-xid13-shader-program-header-error-16bit-arithmetic-sample-enables-unsupported-feature': Backdrop(
        'home-danil',
        'A10',
        '550.144.03',
        '2021-10-20T18:24:04Z',
        '2021-10-20T19:04:04Z',
        pci=('01',),
    ),
    'ryujinx-5040-vulkan-glitched-visuals-gtx970-fixed-by-rolling-back-driver-516-94': Backdrop(
        'ryujinx-gtx970-win10',
        'A10',
        '550.144.03',
        '2023-05-20T11:30:00Z',
        '2023-05-20T12:10:00Z',
        pci=('01',),
    ),
    'openmm-1924-jenkins-cuda9-driver-384-with-cuda8-nvcc-ballot-sync-undefined-kernel-compile-fails': Backdrop(
        'openmm-jenkins',
        'A10',
        '550.144.03',
        '2017-11-04T11:30:00Z',
        '2017-11-04T12:10:00Z',
        pci=('01',),
    ),
    'deeplabcut-2292-gpu-not-used-report-was-fan-speed-column-read-as-utilization-benign': Backdrop(
        'dlc-a5000-ws',
        'A10',
        '550.144.03',
        '2023-06-28T11:30:00Z',
        '2023-06-28T12:10:00Z',
        pci=('01',),
    ),
    'kilosort-766-crash-during-clustering-suspected-gpu-failure-was-host-ram-maxed-out': Backdrop(
        'kilosort-rtx3060-linux',
        'A10',
        '550.144.03',
        '2024-09-16T11:30:00Z',
        '2024-09-16T12:10:00Z',
        pci=('01',),
    ),
    'topaz-36-thcudacheck-fail-at-training-start-on-rtx-2080-training-continues-benign': Backdrop(
        'topaz-rtx2080-ubuntu',
        'A10',
        '550.144.03',
        '2019-09-04T11:30:00Z',
        '2019-09-04T12:10:00Z',
        pci=('01',),
    ),
    'gprmax-200-gpu-solver-geometry-fixed-crash-gpu-memory-not-released-between-model-runs': Backdrop(
        'gprmax-gpu-ws',
        'A10',
        '550.144.03',
        '2019-04-03T11:30:00Z',
        '2019-04-03T12:10:00Z',
        pci=('01',),
    ),
    'mitsuba2-489-cuda-malloc-out-of-memory-at-512x512-rtx3070-memory-hungry-codebase': Backdrop(
        'mitsuba-rtx3070-win10',
        'A10',
        '550.144.03',
        '2021-08-18T11:30:00Z',
        '2021-08-18T12:10:00Z',
        pci=('01',),
    ),
    'specfem3d-1344-cuda-out-of-memory-quadro-k620-other-processes-or-display-hold-gpu-memory': Backdrop(
        'specfem-k620-ws',
        'A10',
        '550.144.03',
        '2019-08-23T11:30:00Z',
        '2019-08-23T12:10:00Z',
        pci=('01',),
    ),
    'koboldcpp-1811-multi-gpu-split-stalls-after-windows-11-hags-mixed-maxwell-ampere-scheduling': Backdrop(
        'kobold-win11-2gpu',
        'A10',
        '550.144.03',
        '2025-10-24T11:30:00Z',
        '2025-10-24T12:10:00Z',
        pci=('01', '02'),
    ),
    'ollama-5642-vram-still-occupied-after-exit-orphaned-runner-after-sigkill-holds-gpu': Backdrop(
        'ollama-linux-host',
        'A10',
        '550.144.03',
        '2024-07-12T11:30:00Z',
        '2024-07-12T12:10:00Z',
        pci=('01',),
    ),
    'blendnet-2-render-agent-worker-killed-by-oom-killer-no-swap-task-failure-not-reported': Backdrop(
        'blendnet-ssmzsg-agent-0000',
        'A10',
        '550.144.03',
        '2019-10-22T06:38:00Z',
        '2019-10-22T07:18:00Z',
        pci=('01',),
    ),
    'cales-15-openmpi-openib-no-cpcs-for-port-messages-during-gpu-les-run-harmless-benign': Backdrop(
        'g0004',
        'A10',
        '550.144.03',
        '2025-03-21T11:30:00Z',
        '2025-03-21T12:10:00Z',
        pci=('01',),
    ),
    'litematica-621-minecraft-crash-toggling-shaders-gtx1060-nvidia-drivers-above-522-25-downgrade-fixed': Backdrop(
        'mc-gtx1060-win',
        'A10',
        '550.144.03',
        '2022-11-21T11:30:00Z',
        '2022-11-21T12:10:00Z',
        pci=('01',),
    ),
    'optifine-6839-nvidia-driver-516-40-515-48-07-breaks-all-minecraft-shaderpacks': Backdrop(
        'optifine-nv-host',
        'A10',
        '550.144.03',
        '2022-06-15T11:30:00Z',
        '2022-06-15T12:10:00Z',
        pci=('01',),
    ),
    'carla-6559-d3d-device-lost-rtx3080-carla-memory-leak-fixed-in-later-release': Backdrop(
        'carla-rtx3080-win',
        'A10',
        '550.144.03',
        '2023-06-15T11:30:00Z',
        '2023-06-15T12:10:00Z',
        pci=('01',),
    ),
    'carla-2826-out-of-device-memory-quadro-p400-2gb-works-on-11gb-card': Backdrop(
        'carla-kubuntu2004',
        'A10',
        '550.144.03',
        '2020-05-07T11:30:00Z',
        '2020-05-07T12:10:00Z',
        pci=('01',),
    ),
    'ppsspp-8826-vulkan-backend-crash-geforce-820m-fermi-has-no-vulkan-support': Backdrop(
        'ppsspp-820m-laptop',
        'A10',
        '550.144.03',
        '2017-11-12T11:30:00Z',
        '2017-11-12T12:10:00Z',
        pci=('01',),
    ),
    'ppsspp-11874-glx-badvalue-crash-on-start-gtx650ti-driver-390-fixed-by-reboot-after-driver-update': Backdrop(
        'ppsspp-gtx650ti-ubuntu',
        'A10',
        '550.144.03',
        '2019-03-10T11:30:00Z',
        '2019-03-10T12:10:00Z',
        pci=('01',),
    ),
    'alphafold3-697-illegal-memory-access-with-unified-memory-fixed-by-pinning-jax-0-10-2-tokamax': Backdrop(
        'af3-workstation',
        'A10',
        '550.144.03',
        '2026-07-14T00:05:29Z',
        '2026-07-14T00:45:29Z',
        pci=('01', '02'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
