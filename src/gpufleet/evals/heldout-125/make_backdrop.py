"""heldout-public-125's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-125/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); hosts and bus numbers are stand-ins, and
so are the drivers no report names (see each case's description). No case uses extra: no report quotes an
exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'alienfx-tools-463-dell-proprietary-gpu-sensor-wrong-readings-by-design-benign': Backdrop(
        'win-alienware-alienfx',
        'A10',
        '565.90',
        '2024-10-06T11:30:00Z',
        '2024-10-06T12:10:00Z',
        pci=('01',),
    ),
    'ccminer-123-six-gtx1070-neoscrypt-launch-failures-memory-overclock': Backdrop(
        'win-6x1070-ccminer',
        'A10',
        '388.71',
        '2018-01-04T11:30:00Z',
        '2018-01-04T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06'),
    ),
    'coursia-648-gpu-training-crash-at-96c-missing-thermal-checks-postmortem': Backdrop(
        'ws-coursia-training',
        'A10',
        '580.97',
        '2026-05-01T11:30:00Z',
        '2026-05-01T12:10:00Z',
        pci=('01',),
    ),
    'deeplabcut-1487-training-never-reaches-first-iteration-cuda-tf-version-mismatch': Backdrop(
        'win-rtx2080-dlc',
        'A10',
        '451.48',
        '2021-08-31T11:30:00Z',
        '2021-08-31T12:10:00Z',
        pci=('01',),
    ),
    'dorado-326-duplex-basecalling-cuda-oom-fixed-by-basecaller-bug-fix': Backdrop(
        'ws-2x4090-dorado',
        'A10',
        '535.86.05',
        '2023-08-10T11:30:00Z',
        '2023-08-10T12:10:00Z',
        pci=('01', '02'),
    ),
    'dreambooth-gui-48-cuda-unknown-error-converting-model-8gb-vram-too-small': Backdrop(
        'win-8gb-dreambooth',
        'A10',
        '526.86',
        '2022-11-06T11:30:00Z',
        '2022-11-06T12:10:00Z',
        pci=('01',),
    ),
    'fancontrol-3097-rtx5090-temperature-stuck-at-27c-driver-576-02-sensor-bug-benign': Backdrop(
        'win-rtx5090-fancontrol',
        'A10',
        '576.02',
        '2025-04-18T11:30:00Z',
        '2025-04-18T12:10:00Z',
        pci=('01',),
    ),
    'hoomd-blue-85-multi-gpu-init-fails-cuda-visible-devices-subset-driver-bug': Backdrop(
        'flux-gpu-node-hoomd',
        'A10',
        '352.30',
        '2015-08-13T11:30:00Z',
        '2015-08-13T12:10:00Z',
        pci=('01', '02'),
    ),
    'imdlbenco-66-two-4090-training-hangs-at-100-percent-nccl-timeout-suspected': Backdrop(
        'ws-2x4090-imdlbenco',
        'A10',
        '550.127.05',
        '2025-01-18T11:30:00Z',
        '2025-01-18T12:10:00Z',
        pci=('01', '02'),
    ),
    'lattice-lightsheet-27-rtx2080ti-deconvolution-artefacts-defective-card-memory': Backdrop(
        'ws-rtx2080ti-lightsheet',
        'A10',
        '418.56',
        '2019-03-29T11:30:00Z',
        '2019-03-29T12:10:00Z',
        pci=('01',),
    ),
    'memtest-vulkan-34-quadro-k600-test-init-fails-fixed-by-clean-driver-reinstall': Backdrop(
        'win-quadro-k600-memtest',
        'A10',
        '474.44',
        '2026-04-25T11:30:00Z',
        '2026-04-25T12:10:00Z',
        pci=('01',),
    ),
    'mjrlegends-693-minecraft-java-crashes-after-nvidia-378-49-update-rollback': Backdrop(
        'win-gtx965m-minecraft',
        'A10',
        '378.49',
        '2017-01-25T11:30:00Z',
        '2017-01-25T12:10:00Z',
        pci=('01',),
    ),
    'neko-1406-cfd-fluid-solver-diverges-on-gpu-regression-in-develop': Backdrop(
        'ws-rtx4080-neko',
        'A10',
        '550.90.07',
        '2024-08-06T11:30:00Z',
        '2024-08-06T12:10:00Z',
        pci=('01',),
    ),
    'oceanbiome-228-gpu-exceptions-from-solver-were-nans-in-the-simulation': Backdrop(
        'ws-gpu-oceanbiome',
        'A10',
        '550.127.05',
        '2024-11-11T11:30:00Z',
        '2024-11-11T12:10:00Z',
        pci=('01',),
    ),
    'renderdoc-211-optimus-laptop-selects-intel-gpu-instead-of-nvidia': Backdrop(
        'win-optimus-renderdoc',
        'A10',
        '364.51',
        '2016-03-09T11:30:00Z',
        '2016-03-09T12:10:00Z',
        pci=('01',),
    ),
    'snow-13-opengl-crash-after-driver-update-not-reloaded-reboot-fixed': Backdrop(
        'lab-ws-snow',
        'A10',
        '331.67',
        '2014-04-28T11:30:00Z',
        '2014-04-28T12:10:00Z',
        pci=('01',),
    ),
    'swarmui-300-comfy-backend-crash-loading-flux-nf4-pagefile-too-small': Backdrop(
        'win-swarmui-comfy',
        'A10',
        '565.90',
        '2024-10-03T11:30:00Z',
        '2024-10-03T12:10:00Z',
        pci=('01',),
    ),
    'sygil-webui-82-webui-uses-both-gpus-cuda-visible-devices-set-too-late': Backdrop(
        'win-2gpu-sygil-webui',
        'A10',
        '516.94',
        '2022-08-26T11:30:00Z',
        '2022-08-26T12:10:00Z',
        pci=('01', '02'),
    ),
    'tcc-g15-9-dell-driver-reports-2c-gpu-temperature-known-artifact-benign': Backdrop(
        'win-dell-g15-tcc',
        'A10',
        '537.13',
        '2023-09-03T11:30:00Z',
        '2023-09-03T12:10:00Z',
        pci=('01',),
    ),
    'video2x-109-upscale-fails-immediately-old-notebook-driver-417-35': Backdrop(
        'win-gtx980m-video2x',
        'A10',
        '417.35',
        '2019-06-30T11:30:00Z',
        '2019-06-30T12:10:00Z',
        pci=('01',),
    ),
    'video2x-637-100-percent-cpu-during-ffmpeg-frame-extraction-is-normal-benign': Backdrop(
        'win-rtx2060-video2x',
        'A10',
        '512.15',
        '2022-04-22T11:30:00Z',
        '2022-04-22T12:10:00Z',
        pci=('01',),
    ),
    'vulkanmod-1-vulkan-device-lost-on-nvidia-fixed-in-later-mod-build': Backdrop(
        'linux-gtx960-vulkanmod',
        'A10',
        '510.60.02',
        '2022-04-17T11:30:00Z',
        '2022-04-17T12:10:00Z',
        pci=('01',),
    ),
    'xenia-1475-rtx-rov-rendering-artifacts-after-driver-419-driver-bug': Backdrop(
        'win-rtx2070-xenia',
        'A10',
        '436.15',
        '2019-09-09T11:30:00Z',
        '2019-09-09T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
