"""heldout-public-251's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-251/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts, bus numbers (no source prints one except bumblebee-608, whose kernel lines print PCI:0000:08:00; elsewhere 01 for
one GPU, 01 and 02 for two) and the driver (550.144.03, the same for every case) are stand-ins. No case uses extra:
no source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'quick-290-a40-cluster-molecules-explode-cuda-modules-badly-loaded': Backdrop(
        'quick-a40-cluster-node',
        'A10',
        '550.144.03',
        '2023-07-11T11:30:00Z',
        '2023-07-11T12:10:00Z',
        pci=('01',),
    ),
    'bumblebee-608-optimus-laptop-xid-44-xid-31-nvidia-driver-problem-upgrade-driver': Backdrop(
        'optimus-laptop-langolyers',
        'A10',
        '550.144.03',
        '2015-01-02T11:30:00Z',
        '2015-01-02T12:10:00Z',
        pci=('08',),
    ),
    'invokeai-2735-installer-choose-for-me-installed-cpu-torch-gtx1060-runs-on-cpu': Backdrop(
        'invokeai-gtx1060-desktop',
        'A10',
        '550.144.03',
        '2023-02-20T11:30:00Z',
        '2023-02-20T12:10:00Z',
        pci=('01',),
    ),
    'controlnet-668-wsl2-webui-killed-loading-controlnet-model-host-ram-swap-too-small': Backdrop(
        'sd-webui-wsl2-rtx2070',
        'A10',
        '550.144.03',
        '2023-03-27T11:30:00Z',
        '2023-03-27T12:10:00Z',
        pci=('01',),
    ),
    'cryosparc-130-nvcc-sm61-not-defined-installed-with-older-cuda-than-gpu-needs': Backdrop(
        'cryosparc-workstation',
        'A10',
        '550.144.03',
        '2017-01-31T11:30:00Z',
        '2017-01-31T12:10:00Z',
        pci=('01',),
    ),
    'piper-121-tts-training-gpu-30pct-dataloader-single-cpu-worker-bottleneck': Backdrop(
        'piper-tts-training-box',
        'A10',
        '550.144.03',
        '2023-07-03T11:30:00Z',
        '2023-07-03T12:10:00Z',
        pci=('01',),
    ),
    'buzz-1125-whisper-transcription-on-cpu-cuda-11-8-too-old-needs-cuda-12': Backdrop(
        'buzz-rtx3050-desktop',
        'A10',
        '550.144.03',
        '2025-03-22T11:30:00Z',
        '2025-03-22T12:10:00Z',
        pci=('01',),
    ),
    'a1111-6142-two-2080ti-only-one-works-webui-uses-single-gpu-benign': Backdrop(
        'sd-webui-dual-2080ti',
        'A10',
        '550.144.03',
        '2022-12-31T11:30:00Z',
        '2022-12-31T12:10:00Z',
        pci=('01', '02'),
    ),
    'cosmic-comp-2559-rtx5090-hard-freeze-on-dpms-wake-gsp-firmware-crash-direct-scanout': Backdrop(
        'cosmic-desktop-rtx5090',
        'A10',
        '550.144.03',
        '2026-07-11T11:30:00Z',
        '2026-07-11T12:10:00Z',
        pci=('01',),
    ),
    'peacasso-3-rtx3080-cuda-oom-6gib-request-fixed-by-fewer-images': Backdrop(
        'peacasso-rtx3080-desktop',
        'A10',
        '550.144.03',
        '2022-09-08T11:30:00Z',
        '2022-09-08T12:10:00Z',
        pci=('01',),
    ),
    'a1111-10619-cuda-oom-8gb-vram-stays-high-at-high-occupancy-expected': Backdrop(
        'sd-webui-8gb-desktop',
        'A10',
        '550.144.03',
        '2023-05-22T11:30:00Z',
        '2023-05-22T12:10:00Z',
        pci=('01',),
    ),
    'omensuperhub-73-laptop-gpu-stuck-at-30w-low-power-dstate-tool-warning-bug': Backdrop(
        'omen-laptop-rtx50',
        'A10',
        '550.144.03',
        '2026-06-14T11:30:00Z',
        '2026-06-14T12:10:00Z',
        pci=('01',),
    ),
    'textgen-5338-task-manager-shows-0pct-gpu-while-vram-full-cuda-view-benign': Backdrop(
        'textgen-windows-desktop',
        'A10',
        '550.144.03',
        '2024-01-21T11:30:00Z',
        '2024-01-21T12:10:00Z',
        pci=('01',),
    ),
    'trex-35-passive-tesla-cards-report-no-fan-speed-miner-stops-benign-reading': Backdrop(
        'tesla-mining-rig',
        'A10',
        '550.144.03',
        '2019-09-04T11:30:00Z',
        '2019-09-04T12:10:00Z',
        pci=('01',),
    ),
    'opensuse-docs-49-prime-select-nvidia-driver-not-loaded-secure-boot-blocks-module': Backdrop(
        'opensuse-optimus-laptop',
        'A10',
        '550.144.03',
        '2021-09-15T11:30:00Z',
        '2021-09-15T12:10:00Z',
        pci=('01',),
    ),
    'discodiffusion-127-consumer-gpu-ecc-shown-disabled-was-never-on-benign': Backdrop(
        'disco-diffusion-desktop',
        'A10',
        '550.144.03',
        '2022-07-16T11:30:00Z',
        '2022-07-16T12:10:00Z',
        pci=('01',),
    ),
    'keyhunt-38-quadro-k1100m-launch-timed-out-grid-256x256-too-long-kernel': Backdrop(
        'keyhunt-laptop-k1100m',
        'A10',
        '550.144.03',
        '2021-09-12T11:30:00Z',
        '2021-09-12T12:10:00Z',
        pci=('01',),
    ),
    'handbrake-3469-nvenc-no-faster-than-x264-decoder-cpu-bottleneck-dual-1080ti': Backdrop(
        'handbrake-dual-1080ti',
        'A10',
        '550.144.03',
        '2021-03-12T11:30:00Z',
        '2021-03-12T12:10:00Z',
        pci=('01', '02'),
    ),
    'mediapreview-27-plex-preview-gpu-transcode-ran-on-cpu-no-nvidia-mjpeg-encoder': Backdrop(
        'plex-preview-rtx3060',
        'A10',
        '550.144.03',
        '2023-11-26T11:30:00Z',
        '2023-11-26T12:10:00Z',
        pci=('01',),
    ),
    'forge-classic-1175-first-model-load-from-hdd-20-min-random-reads-mmap': Backdrop(
        'forge-neo-hdd-desktop',
        'A10',
        '550.144.03',
        '2026-05-26T11:30:00Z',
        '2026-05-26T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
