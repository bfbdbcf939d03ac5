"""heldout-public-259's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-259/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts, bus numbers (no source prints one: 01 for one GPU, 01-04 for the four-GPU render node) and the driver
(550.144.03, the same for every case) are stand-ins. No case uses extra: no source quotes an exporter value as a
metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'teamblackminer-239-rtx3090-memory-temp-reads-0-not-exposed-by-nvml-benign': Backdrop(
        'miner-rtx3090',
        'A10',
        '550.144.03',
        '2022-01-24T11:30:00Z',
        '2022-01-24T12:10:00Z',
        pci=('01',),
    ),
    'librehardwaremonitor-384-nvidia-temperature-reads-0-at-high-polling-interval-benign': Backdrop(
        'desktop-hwmon',
        'A10',
        '550.144.03',
        '2021-02-09T11:30:00Z',
        '2021-02-09T12:10:00Z',
        pci=('01',),
    ),
    'x11libre-xserver-3622-idle-quadro-shows-1mib-used-context-overhead-benign': Backdrop(
        'linux-desktop-quadro',
        'A10',
        '550.144.03',
        '2026-09-03T11:30:00Z',
        '2026-09-03T12:10:00Z',
        pci=('01',),
    ),
    'fah-coronavirus-8-gpu-slot-idle-waiting-on-work-server-down-benign': Backdrop(
        'fah-desktop',
        'A10',
        '550.144.03',
        '2020-03-13T11:30:00Z',
        '2020-03-13T12:10:00Z',
        pci=('01',),
    ),
    'mujoco-781-laptop-hybrid-graphics-renders-on-intel-igpu-gtx-idle': Backdrop(
        'lenovo-laptop-gtx',
        'A10',
        '550.144.03',
        '2023-03-31T11:30:00Z',
        '2023-03-31T12:10:00Z',
        pci=('01',),
    ),
    'blenderkit-777-background-blender-factory-startup-empty-compute-device-renders-without-gpu': Backdrop(
        'blender-workstation',
        'A10',
        '550.144.03',
        '2023-08-02T11:30:00Z',
        '2023-08-02T12:10:00Z',
        pci=('01',),
    ),
    'blender-cli-rendering-31-cli-renders-on-cpu-until-gpu-enabled-titan-x': Backdrop(
        'render-box-titanx',
        'A10',
        '550.144.03',
        '2020-11-13T11:30:00Z',
        '2020-11-13T12:10:00Z',
        pci=('01',),
    ),
    'meshroom-1575-depthmap-cuda-driver-insufficient-quadro-k2100m-driver-411': Backdrop(
        'meshroom-laptop-k2100m',
        'A10',
        '550.144.03',
        '2021-12-02T11:30:00Z',
        '2021-12-02T12:10:00Z',
        pci=('01',),
    ),
    'elementary-155-nvidia-smi-cannot-communicate-module-not-rebuilt-after-kernel-upgrade': Backdrop(
        'eos-laptop-940mx',
        'A10',
        '550.144.03',
        '2020-12-13T11:30:00Z',
        '2020-12-13T12:10:00Z',
        pci=('01',),
    ),
    'faster-whisper-885-cudnn9-installed-libcudnn-ops-infer-so8-missing': Backdrop(
        'whisper-workstation',
        'A10',
        '550.144.03',
        '2024-06-30T11:30:00Z',
        '2024-06-30T12:10:00Z',
        pci=('01',),
    ),
    'droid-splat-25-gaussian-refinement-freeze-gpu-memory-too-many-gaussians': Backdrop(
        'slam-rtx3090',
        'A10',
        '550.144.03',
        '2025-04-08T11:30:00Z',
        '2025-04-08T12:10:00Z',
        pci=('01',),
    ),
    'fooocus-1240-gtx1650ti-4gb-vram-full-spills-to-system-ram-slow-generation': Backdrop(
        'laptop-gtx1650ti',
        'A10',
        '550.144.03',
        '2023-12-06T11:30:00Z',
        '2023-12-06T12:10:00Z',
        pci=('01',),
    ),
    'rvc-915-cublas-status-alloc-failed-training-batch-too-large': Backdrop(
        'rvc-trainer',
        'A10',
        '550.144.03',
        '2023-08-01T11:30:00Z',
        '2023-08-01T12:10:00Z',
        pci=('01',),
    ),
    'fooocus-854-model-load-slow-swap-on-hdd-ram-pressure': Backdrop(
        'desktop-gtx1660ti',
        'A10',
        '550.144.03',
        '2023-11-04T11:30:00Z',
        '2023-11-04T12:10:00Z',
        pci=('01',),
    ),
    'invokeai-2195-t4-crash-on-model-switch-system-ram-exhausted-caching-model': Backdrop(
        'invokeai-t4',
        'A10',
        '550.144.03',
        '2023-01-01T11:30:00Z',
        '2023-01-01T12:10:00Z',
        pci=('01',),
    ),
    'rust-fil-proofs-1525-nvidia-470-opencl-mul-hi-regression-fixed-515': Backdrop(
        'filecoin-prover',
        'A10',
        '550.144.03',
        '2021-10-13T11:30:00Z',
        '2021-10-13T12:10:00Z',
        pci=('01',),
    ),
    'openmm-814-nvidia-opencl-bug-maxwell-incorrect-results-fixed-in-newer-drivers': Backdrop(
        'md-workstation-maxwell',
        'A10',
        '550.144.03',
        '2015-02-17T11:30:00Z',
        '2015-02-17T12:10:00Z',
        pci=('01',),
    ),
    'fancontrol-2993-deshrouded-gpu-fans-stuck-0pct-hotspot-105c-thermal-throttle': Backdrop(
        'gaming-desktop',
        'A10',
        '550.144.03',
        '2025-02-26T11:30:00Z',
        '2025-02-26T12:10:00Z',
        pci=('01',),
    ),
    'blenderproc-628-four-instances-each-take-all-gpus-slower-than-expected': Backdrop(
        'render-node-4gpu',
        'A10',
        '550.144.03',
        '2022-07-20T11:30:00Z',
        '2022-07-20T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'blendfarm-29-laptop-renders-on-default-gpu-not-rtx-only-one-gpu-exposed': Backdrop(
        'laptop-rtx',
        'A10',
        '550.144.03',
        '2022-04-04T11:30:00Z',
        '2022-04-04T12:10:00Z',
        pci=('01',),
    ),
    'sumo-17606-gui-vram-leak-decal-and-font-textures-not-released': Backdrop(
        'sumo-gui-workstation',
        'A10',
        '550.144.03',
        '2026-02-07T11:30:00Z',
        '2026-02-07T12:10:00Z',
        pci=('01',),
    ),
    'rpgpp-35-editor-vram-leak-on-window-resize-worldview': Backdrop(
        'rpgpp-dev-laptop',
        'A10',
        '550.144.03',
        '2026-03-20T11:30:00Z',
        '2026-03-20T12:10:00Z',
        pci=('01',),
    ),
    'ogkm-1373-rtx5090-desktop-d-state-deadlock-dp-mst-modeset-monitor-on-hdmi': Backdrop(
        'linux-desktop-rtx5090',
        'A10',
        '550.144.03',
        '2026-09-21T11:30:00Z',
        '2026-09-21T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
