"""heldout-public-80's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-80/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); hosts, bus numbers and most drivers are
stand-ins (see each case's description). No case uses extra: no report quotes an exporter value as a metric
sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'sageattention-41-comfyui-black-screen-rtx50-power-delivery-suspected-power-limit-84-percent': Backdrop(
        'win-rtx5060ti-comfyui',
        'A10',
        '580.97',
        '2025-09-28T11:30:00Z',
        '2025-09-28T12:10:00Z',
        pci=('01',),
    ),
    'nicehashminer-archived-560-gtx1070-nvlddmkm-graphics-exception-overclock-blamed': Backdrop(
        'win7-gtx1070-miner',
        'A10',
        '378.49',
        '2017-02-14T11:30:00Z',
        '2017-02-14T12:10:00Z',
        pci=('01',),
    ),
    'xmr-stak-2343-rtx2070-random-cuda-error-overclock-reduce-clocks-or-power-limit': Backdrop(
        'win10-rtx2070-xmrstak',
        'A10',
        '419.35',
        '2019-03-17T11:30:00Z',
        '2019-03-17T12:10:00Z',
        pci=('01',),
    ),
    'localgpt-796-docker-could-not-select-device-driver-container-toolkit-not-installed-correctly': Backdrop(
        'ubuntu2404-localgpt-docker',
        'A10',
        '550.54.15',
        '2024-05-18T11:30:00Z',
        '2024-05-18T12:10:00Z',
        pci=('01',),
    ),
    'obs-studio-10395-gtx1650ti-nvenc-fails-nvidia-550-driver-bug-on-tu117': Backdrop(
        'arch-gtx1650ti-laptop-obs',
        'A10',
        '550.54.14',
        '2024-03-17T11:30:00Z',
        '2024-03-17T12:10:00Z',
        pci=('01',),
    ),
    'vintagestory-5769-stutter-with-nvidia-drivers-after-566-36-fixed-by-downgrade': Backdrop(
        'win11-rtx30-vintagestory',
        'A10',
        '572.83',
        '2025-04-20T11:30:00Z',
        '2025-04-20T12:10:00Z',
        pci=('01',),
    ),
    'revive-233-chronos-stuttering-after-driver-372-54-fixed-by-rollback-to-368-81': Backdrop(
        'win10-gtx1070-vr',
        'A10',
        '372.54',
        '2016-08-17T11:30:00Z',
        '2016-08-17T12:10:00Z',
        pci=('01',),
    ),
    'apollo-926-gpu-artifacting-after-streaming-session-bad-vram-suspected': Backdrop(
        'win11-apollo-stream-host',
        'A10',
        '576.88',
        '2025-07-12T11:30:00Z',
        '2025-07-12T12:10:00Z',
        pci=('01',),
    ),
    'comfyui-854-rtx2060-sdxl-extremely-slow-fixed-by-reinstalling-driver-and-cuda': Backdrop(
        'win-rtx2060-comfyui',
        'A10',
        '536.40',
        '2023-07-16T11:30:00Z',
        '2023-07-16T12:10:00Z',
        pci=('01',),
    ),
    'comfyui-8757-laptop-rtx5090-30x-slower-bios-power-throttling-suspected': Backdrop(
        'win-laptop-rtx5090-comfyui',
        'A10',
        '576.80',
        '2025-07-02T11:30:00Z',
        '2025-07-02T12:10:00Z',
        pci=('01',),
    ),
    'mumax3-86-pascal-gpu-curand-launch-failure-prebuilt-binary-needs-cuda8-or-older-driver': Backdrop(
        'pascal-mumax3-workstation',
        'A10',
        '375.66',
        '2017-06-07T11:30:00Z',
        '2017-06-07T12:10:00Z',
        pci=('01',),
    ),
    'vertminer-nvidia-10-task-manager-shows-20-percent-gpu-gpu-z-shows-100-benign': Backdrop(
        'win10-gtx1060-vertminer',
        'A10',
        '388.59',
        '2017-12-17T11:30:00Z',
        '2017-12-17T12:10:00Z',
        pci=('01',),
    ),
    'faceswap-74-gtx1060-low-gpu-usage-windows-task-manager-reporting-benign': Backdrop(
        'win10-gtx1060-faceswap',
        'A10',
        '390.77',
        '2019-07-23T11:30:00Z',
        '2019-07-23T12:10:00Z',
        pci=('01',),
    ),
    'dsgn2-20-four-rtx3090-training-freezes-100-percent-util-nccl-p2p-deadlock': Backdrop(
        'ws-4x3090-dsgn2',
        'A10',
        '535.104.05',
        '2025-01-14T11:30:00Z',
        '2025-01-14T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'sunshine-3669-tesla-p40-plus-rtx2060-nvfbc-uses-wrong-gpu-xserver-crashes': Backdrop(
        'linux-p40-rtx2060-sunshine',
        'A10',
        '550.144.03',
        '2025-02-15T11:30:00Z',
        '2025-02-15T12:10:00Z',
        pci=('01', '02'),
    ),
    'comfyui-9139-comfyui-pauses-on-wan2-2-windows-paging-file-too-small': Backdrop(
        'win-comfyui-wan22',
        'A10',
        '580.88',
        '2025-08-26T11:30:00Z',
        '2025-08-26T12:10:00Z',
        pci=('01',),
    ),
    'rookieai-yolov8-110-inference-25-fps-gpu-not-used-cpu-build-of-pytorch': Backdrop(
        'win-yolov8-rookieai',
        'A10',
        '576.88',
        '2025-07-22T11:30:00Z',
        '2025-07-22T12:10:00Z',
        pci=('01',),
    ),
    'g-helper-5973-laptop-gpu-fan-not-following-curve-expected-fan-shift-behaviour-benign': Backdrop(
        'win11-tuf-laptop-ghelper',
        'A10',
        '580.97',
        '2026-09-02T11:30:00Z',
        '2026-09-02T12:10:00Z',
        pci=('01',),
    ),
    'visualglm-6b-149-slow-inference-one-cpu-core-100-percent-gpu-idle-insufficient-optimisation': Backdrop(
        'linux-visualglm-6b',
        'A10',
        '525.116.04',
        '2023-06-29T11:30:00Z',
        '2023-06-29T12:10:00Z',
        pci=('01',),
    ),
    'taggui-188-4gb-gpu-cuda-oom-unless-expandable-segments-fragmentation': Backdrop(
        'taggui-4gb-gpu-desktop',
        'A10',
        '550.90.07',
        '2024-06-10T11:30:00Z',
        '2024-06-10T12:10:00Z',
        pci=('01',),
    ),
    'animalorastudio-205-8gb-gpu-oom-allocator-fragmentation-fixed-by-expandable-segments': Backdrop(
        'lora-studio-8gb-gpu',
        'A10',
        '575.64.03',
        '2026-06-02T11:30:00Z',
        '2026-06-02T12:10:00Z',
        pci=('01',),
    ),
    'nvidia-patcher-145-p106-100-error-code-10-and-43-fixed-by-disabling-intel-vt-d': Backdrop(
        'win-p106-100-patched',
        'A10',
        '560.94',
        '2024-08-29T11:30:00Z',
        '2024-08-29T12:10:00Z',
        pci=('01',),
    ),
    'frankendriver-106-3070ti-mobile-fans-max-monitor-off-under-load-psu-theory': Backdrop(
        'win-3070ti-mobile-desktop',
        'A10',
        '580.97',
        '2026-02-27T11:30:00Z',
        '2026-02-27T12:10:00Z',
        pci=('01',),
    ),
    'nicehashquickminer-206-rtx3090-memory-clock-200mhz-low-p2-state-for-cuda-benign': Backdrop(
        'win10-rtx3090-nhqm',
        'A10',
        '461.92',
        '2021-03-14T11:30:00Z',
        '2021-03-14T12:10:00Z',
        pci=('01',),
    ),
    'boinc-2119-linux-cuda-unusable-with-nouveau-driver-loaded-instead-of-nvidia': Backdrop(
        'linux-boinc-nouveau',
        'A10',
        '384.69',
        '2017-09-13T11:30:00Z',
        '2017-09-13T12:10:00Z',
        pci=('01',),
    ),
    'acemd-43-gpugrid-app-errors-on-mixed-gpu-hosts-with-cc3-0-gpu-since-v9-18': Backdrop(
        'win-gpugrid-3gpu-cruncher',
        'A10',
        '388.13',
        '2017-11-20T11:30:00Z',
        '2017-11-20T12:10:00Z',
        pci=('01', '02', '03'),
    ),
    'boinc-913-cuda-devices-not-detected-over-remote-desktop-virtual-adapter-benign': Backdrop(
        'vista-x64-boinc-rdp',
        'A10',
        '185.85',
        '2015-02-04T11:30:00Z',
        '2015-02-04T12:10:00Z',
        pci=('01',),
    ),
    'rainbowminer-875-gtx1660ti-cuda-failed-memory-overclock': Backdrop(
        'win10-gtx1660ti-rainbowminer',
        'A10',
        '442.19',
        '2020-02-09T11:30:00Z',
        '2020-02-09T12:10:00Z',
        pci=('01', '02', '03'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
