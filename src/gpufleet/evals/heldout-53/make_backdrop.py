"""heldout-public-53's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-53/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
sku is one of the allowed SKUs; most are stand-ins (see each case's description). No case uses extra:
no report quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    # one entry per case folder (the folder name is the key); sku: one of A10, A30, L40S, V100, A100,
    # H100, H200, B200, GB200, B300 (a stand-in where the report's GPU is not one of them: said in the
    # case's description); driver: the version the report names, else a stand-in (said); start/end: the
    # incident's time_range; pci: one bus number per GPU, in index order.
    '4dgaussians-66-4d-gaussians-training-drops-from-10-to-1-it-s-debug-pipeline-causes-cpu-overload': Backdrop(
        '4dgaussians-3080-host',
        'A10',
        '535.146.02',
        '2024-01-12T11:30:00Z',
        '2024-01-12T12:10:00Z',
        pci=('01',),
    ),
    '4dgs-fudan-15-4d-gaussian-splatting-training-slow-cpu-at-2108pct-io-bottleneck-suspected-disable-dataloader': Backdrop(
        '4dgs-train-host',
        'A10',
        '535.154.05',
        '2024-02-13T11:30:00Z',
        '2024-02-13T12:10:00Z',
        pci=('01',),
    ),
    'boinc-1208-upgrading-boinc-during-nvidia-tasks-crashes-display-driver-tdr-and-breaks-gpu-detection': Backdrop(
        'boinc-win-2gpu',
        'A10',
        '314.22',
        '2013-04-02T11:30:00Z',
        '2013-04-02T12:10:00Z',
        pci=('01', '02'),
    ),
    'cemu-618-paper-mario-vulkan-crash-since-late-2022-nvidia-drivers-downgrade-works-fixed-in-later-driver': Backdrop(
        'cemu-win-desktop',
        'A10',
        '528.02',
        '2023-01-18T11:30:00Z',
        '2023-01-18T12:10:00Z',
        pci=('01',),
    ),
    'chatglm6b-595-two-3090s-train-slower-than-one-nvlink-not-fitted-or-not-enabled': Backdrop(
        'chatglm-2x3090-host',
        'A10',
        '525.105.17',
        '2023-04-17T11:30:00Z',
        '2023-04-17T12:10:00Z',
        pci=('01', '02'),
    ),
    'cogvideoxwrapper-334-sageattn-int8-fp8-kernel-crashes-gpu-with-xid-43-unspecified-launch-failure': Backdrop(
        'comfyui-docker-host',
        'A10',
        '550.127.05',
        '2024-12-20T09:11:30Z',
        '2024-12-20T09:51:30Z',
        pci=('01',),
    ),
    'crumbvms-pr-395-nvr-container-cannot-restart-after-host-driver-upgrade-driver-library-version-mismatch-until-reboot': Backdrop(
        'crumb-nvr-host',
        'A10',
        '595.71.05',
        '2026-07-25T11:30:00Z',
        '2026-07-25T12:10:00Z',
        pci=('01',),
    ),
    'danser-371-gpu-underutilized-at-14-17pct-while-rendering-replays-encoder-is-the-limit-benign': Backdrop(
        'danser-4070s-pc',
        'A10',
        '560.81',
        '2024-08-22T11:30:00Z',
        '2024-08-22T12:10:00Z',
        pci=('01',),
    ),
    'dxvk-267-public-universe-login-hang-xid-13-shader-program-header-error-geometry-output-limit': Backdrop(
        'dxvk-maxwell-desktop',
        'A10',
        '418.56',
        '2019-04-14T11:30:00Z',
        '2019-04-14T12:10:00Z',
        pci=('01',),
    ),
    'egpuswitcher-125-egpu-lost-after-five-minutes-gpu-fell-off-the-bus-power-undervolt-then-driver-blamed': Backdrop(
        'egpu-laptop-corex',
        'A10',
        '570.124.04',
        '2025-03-16T11:30:00Z',
        '2025-03-16T12:10:00Z',
        pci=('01',),
    ),
    'excavator-197-gtx-1050-shows-minus-3w-and-gtx-750-minus-1rpm-readings-not-supported-benign': Backdrop(
        'excavator-mixed-rig',
        'A10',
        '390.77',
        '2018-02-22T11:30:00Z',
        '2018-02-22T12:10:00Z',
        pci=('01', '02'),
    ),
    'fah-stefancrain-5-folding-client-no-wus-available-gpu-idle-demand-exceeds-work-units-benign': Backdrop(
        'fah-docker-host',
        'A10',
        '440.64',
        '2020-03-23T08:03:09Z',
        '2020-03-23T08:43:09Z',
        pci=('01',),
    ),
    'fancontrol-946-new-rtx-3060-fans-held-at-0pct-by-profile-of-old-gpu-over-90c-and-downclocking': Backdrop(
        'fancontrol-3060-desktop',
        'A10',
        '516.59',
        '2022-07-17T11:30:00Z',
        '2022-07-17T12:10:00Z',
        pci=('01',),
    ),
    'frigate-7959-tensorrt-cuda-failure-in-yolo-layer-fixed-by-truenas-upgrade-to-driver-535-54-03': Backdrop(
        'truenas-frigate-host',
        'A10',
        '525.60.13',
        '2023-09-28T11:30:00Z',
        '2023-09-28T12:10:00Z',
        pci=('01',),
    ),
    'kancolle-37-kcps-cuda-error-popup-after-a-while-on-gt-850m-not-driver-vram-or-ram-too-small': Backdrop(
        'kcps-gt850m-laptop',
        'A10',
        '445.87',
        '2020-04-29T11:30:00Z',
        '2020-04-29T12:10:00Z',
        pci=('01',),
    ),
    'localai-4368-docker-gpus-all-fails-libnvidia-ml-so-1-not-found-container-toolkit-installation': Backdrop(
        'v81gpu01',
        'A10',
        '550.120',
        '2024-12-25T11:30:00Z',
        '2024-12-25T12:10:00Z',
        pci=('01',),
    ),
    'mindminer-627-nvidia-smi-unknown-error-for-power-default-limit-miner-uses-a-default-benign': Backdrop(
        'mindminer-2080ti-rig',
        'A10',
        '442.19',
        '2020-02-16T11:30:00Z',
        '2020-02-16T12:10:00Z',
        pci=('01',),
    ),
    'nbminer-495-rtx-2060-super-cuda-error-30-under-load-card-faulty-sent-back-to-manufacturer': Backdrop(
        'nbminer-rig',
        'A10',
        '472.12',
        '2021-09-29T11:30:00Z',
        '2021-09-29T12:10:00Z',
        pci=('01', '02'),
    ),
    'nbminer-54-tesla-k80-device-kernel-image-is-invalid-miner-built-only-for-pascal-and-newer': Backdrop(
        'k80-mining-host',
        'A100',
        '396.37',
        '2018-07-07T01:05:26Z',
        '2018-07-07T01:45:26Z',
        pci=('07', '08', '09', '0a'),
    ),
    'nvenc-148-task-manager-gpu-50pct-but-encoder-shows-9pct-nvenc-uses-video-engine-not-gpu-benign': Backdrop(
        'staxrip-1080ti-pc',
        'A10',
        '436.15',
        '2019-09-13T11:30:00Z',
        '2019-09-13T12:10:00Z',
        pci=('01',),
    ),
    'nvidiapatcher-557-p106-100-games-locked-at-25-fps-card-on-too-few-pcie-lanes-moved-to-other-slot': Backdrop(
        'p106-gaming-pc',
        'A10',
        '596.49',
        '2026-07-20T11:30:00Z',
        '2026-07-20T12:10:00Z',
        pci=('01',),
    ),
    'openmm-3474-cuda-error-invalid-ptx-gpu0-on-cluster-node-at-100pct-with-no-processes-other-node-fine': Backdrop(
        'node04',
        'A100',
        '470.103.01',
        '2022-03-01T11:30:00Z',
        '2022-03-01T12:10:00Z',
        pci=('07', '0f'),
    ),
    'rpcs3-17679-resistance-device-lost-crash-regression-since-pr-17676-fixed-by-pr-17686': Backdrop(
        'rpcs3-win-desktop',
        'A10',
        '581.80',
        '2025-11-10T11:30:00Z',
        '2025-11-10T12:10:00Z',
        pci=('01',),
    ),
    'sageattention-103-rtx-5060-ti-gpu-lost-after-hundreds-of-sageattn-calls-power-supply-suspected-power-cap-prevents': Backdrop(
        'sage-5060ti-desktop',
        'A10',
        '610.88',
        '2026-08-11T11:30:00Z',
        '2026-08-11T12:10:00Z',
        pci=('01',),
    ),
    'sdwebuidocker-347-controlnet-exit-code-137-vm-with-16gb-ram-fixed-by-32gb': Backdrop(
        'manjaro-vm-3090ti',
        'A10',
        '525.89.02',
        '2023-02-28T11:30:00Z',
        '2023-02-28T12:10:00Z',
        pci=('01',),
    ),
    'spargeattn-3-a800-unspecified-launch-failure-fp8-path-unsupported-on-ampere-fixed-in-library': Backdrop(
        'a800-cogvideox-host',
        'A100',
        '535.161.08',
        '2025-02-28T11:30:00Z',
        '2025-02-28T12:10:00Z',
        pci=('07',),
    ),
    'steamvrlinux-657-heavy-framedropping-much-improved-after-turning-off-gsp-firmware-on-565': Backdrop(
        'steamvr-linux-desktop',
        'A10',
        '565.77',
        '2025-01-10T11:30:00Z',
        '2025-01-10T12:10:00Z',
        pci=('01',),
    ),
    'wan2gp-1878-model-loading-takes-an-hour-from-drive-f-slow-disk-suspected': Backdrop(
        'wangp-pinokio-pc',
        'A10',
        '596.49',
        '2026-06-08T11:30:00Z',
        '2026-06-08T12:10:00Z',
        pci=('01',),
    ),
    'wan2gp-438-rtx-5090-power-drops-to-150w-and-video-generation-crawls-vram-at-the-edge-fragmentation': Backdrop(
        'wan2gp-5090-desktop',
        'A10',
        '576.80',
        '2025-06-26T11:30:00Z',
        '2025-06-26T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
