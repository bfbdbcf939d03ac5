"""heldout-public-130's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-130/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); hosts and bus numbers are stand-ins, and
so are the drivers no report names (see each case's description). No case uses extra: no report quotes an
exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'npi-fork-19-profile-inspector-crashes-on-launch-after-driver-571-96-driver-bug': Backdrop(
        'win-desktop-npi',
        'A10',
        '571.96',
        '2025-01-24T11:30:00Z',
        '2025-01-24T12:10:00Z',
        pci=('01',),
    ),
    'ares-1547-n64-emulation-freezes-xid-13-graphics-exception-v139-regression-rollback-v138': Backdrop(
        'freebsd-gtx1080ti-ares',
        'A10',
        '550.54.14',
        '2024-07-17T11:30:00Z',
        '2024-07-17T12:10:00Z',
        pci=('01',),
    ),
    'diffeqgpu-289-example-code-fails-on-gpu-julia-1-9-0-compiler-bug-fixed-in-1-9-1': Backdrop(
        'linux-ws-diffeqgpu',
        'A10',
        '530.30.02',
        '2023-06-25T11:30:00Z',
        '2023-06-25T12:10:00Z',
        pci=('01',),
    ),
    'fancontrol-4051-fan-control-service-crash-dump-during-gpu-driver-update-benign': Backdrop(
        'win-desktop-fancontrol',
        'A10',
        '580.97',
        '2026-06-11T11:30:00Z',
        '2026-06-11T12:10:00Z',
        pci=('01',),
    ),
    'davincibox-244-resolve-gpu-memory-full-in-container-after-image-update-fixed-outside-container': Backdrop(
        'bluefin-ws-resolve',
        'A10',
        '580.97',
        '2026-02-22T11:30:00Z',
        '2026-02-22T12:10:00Z',
        pci=('01',),
    ),
    'iris-1793-minecraft-crash-disabling-shaders-gtx1070-downgrade-nvidia-driver-to-522': Backdrop(
        'win-desktop-gtx1070-iris',
        'A10',
        '527.56',
        '2022-12-16T11:30:00Z',
        '2022-12-16T12:10:00Z',
        pci=('01',),
    ),
    'tunarr-1868-docker-container-loses-cuda-after-host-driver-update-repull-image': Backdrop(
        'unraid-tunarr',
        'A10',
        '580.97',
        '2026-05-23T11:30:00Z',
        '2026-05-23T12:10:00Z',
        pci=('01',),
    ),
    'openhardwaremonitor-1226-gpu-temperature-0c-when-dedicated-gpu-not-in-use-benign': Backdrop(
        'win-laptop-optimus-ohm',
        'A10',
        '441.87',
        '2020-01-09T11:30:00Z',
        '2020-01-09T12:10:00Z',
        pci=('01',),
    ),
    'nicehashminer-243-three-1080ti-boost-lower-than-single-card-normal-pascal-behaviour-benign': Backdrop(
        'win-mining-rig-3x1080ti',
        'A10',
        '385.41',
        '2017-08-29T11:30:00Z',
        '2017-08-29T12:10:00Z',
        pci=('01', '02', '03',),
    ),
    'ami-data-companion-162-ml-workers-cuda-oom-batch-size-settings-ignored-shared-gpu': Backdrop(
        'linux-gpu-worker-ami',
        'A10',
        '580.97',
        '2026-08-11T11:30:00Z',
        '2026-08-11T12:10:00Z',
        pci=('01',),
    ),
    'openmm-1717-errors-on-pascal-gpus-fix-needs-driver-375-20-not-bundled-367-48': Backdrop(
        'linux-ws-pascal-openmm',
        'A10',
        '367.48',
        '2017-01-11T11:30:00Z',
        '2017-01-11T12:10:00Z',
        pci=('01',),
    ),
    'fooocus-780-sdxl-cuda-oom-on-rtx2060-6gb-blamed-on-8gb-system-ram': Backdrop(
        'win-desktop-rtx2060-fooocus',
        'A10',
        '545.84',
        '2023-10-25T11:30:00Z',
        '2023-10-25T12:10:00Z',
        pci=('01',),
    ),
    'fooocus-177-not-enough-memory-gtx1660-pagefile-on-full-c-drive-freed-space': Backdrop(
        'win-desktop-gtx1660-fooocus',
        'A10',
        '536.99',
        '2023-08-17T11:30:00Z',
        '2023-08-17T12:10:00Z',
        pci=('01',),
    ),
    'kohya-ss-433-lora-training-fails-loading-data-on-windows-dataloader-workers-set-to-0': Backdrop(
        'win-desktop-kohya',
        'A10',
        '531.41',
        '2023-03-24T11:30:00Z',
        '2023-03-24T12:10:00Z',
        pci=('01',),
    ),
    'waterfox-3502-task-manager-shows-22gb-vram-for-gpu-process-unreliable-metric-benign': Backdrop(
        'win-desktop-waterfox',
        'A10',
        '560.81',
        '2024-08-08T11:30:00Z',
        '2024-08-08T12:10:00Z',
        pci=('01',),
    ),
    'ethminer-855-gpu0-low-hashrate-windows-desktop-rendered-on-gpu0-over-remote-desktop': Backdrop(
        'win-mining-rig-6gpu',
        'A10',
        '390.77',
        '2018-03-06T11:30:00Z',
        '2018-03-06T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06',),
    ),
    'autodock-gpu-249-rtx4090-invalid-device-symbol-binary-not-built-for-sm89': Backdrop(
        'linux-ws-rtx4090-docking',
        'A10',
        '545.29.06',
        '2024-01-08T11:30:00Z',
        '2024-01-08T12:10:00Z',
        pci=('01',),
    ),
    'genefacepp-148-no-kernel-image-available-cuda-version-wrong-chinese-reply': Backdrop(
        'linux-ws-geneface',
        'A10',
        '550.78',
        '2024-05-20T11:30:00Z',
        '2024-05-20T12:10:00Z',
        pci=('01',),
    ),
    'rpcs3-10486-vulkan-device-lost-after-nvidia-471-11-async-texture-streaming-disabled': Backdrop(
        'win-desktop-rpcs3',
        'A10',
        '471.11',
        '2021-06-23T11:30:00Z',
        '2021-06-23T12:10:00Z',
        pci=('01',),
    ),
    'steamvr-linux-489-desktop-and-gpu-crash-xid-13-fixed-by-replugging-headset': Backdrop(
        'linux-vr-desktop',
        'A10',
        '495.46',
        '2022-01-21T11:30:00Z',
        '2022-01-21T12:10:00Z',
        pci=('01',),
    ),
    'diff-svc-15-pc-resets-during-overnight-training-windows-power-management-korean': Backdrop(
        'win-desktop-diffsvc',
        'A10',
        '531.41',
        '2023-03-29T11:30:00Z',
        '2023-03-29T12:10:00Z',
        pci=('01',),
    ),
    'nerfgui-jl-4-nerf-allocates-all-24gb-of-rtx4090-memory-pool-not-usage-benign': Backdrop(
        'linux-ws-rtx4090-nerf',
        'A10',
        '535.98',
        '2023-08-14T11:30:00Z',
        '2023-08-14T12:10:00Z',
        pci=('01',),
    ),
    'facefusion-278-face-swap-offers-only-cpu-provider-onnxruntime-gpu-reinstalled': Backdrop(
        'win-desktop-2080ti-facefusion',
        'A10',
        '546.33',
        '2023-12-27T11:30:00Z',
        '2023-12-27T12:10:00Z',
        pci=('01',),
    ),
    'roop-64-face-swap-stays-on-cpu-onnxruntime-gpu-build-not-configured': Backdrop(
        'win-desktop-roop',
        'A10',
        '536.23',
        '2023-06-23T11:30:00Z',
        '2023-06-23T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
