"""heldout-public-213's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-213/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for the consumer and workstation GPUs of these reports); hosts, bus numbers
(no source prints one) and the driver (550.144.03, the same for every case) are stand-ins (see each case's description).
No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'cmpunlocker-24-cmp170hx-link-stays-gen1-retrain-runs-after-capability-window': Backdrop(
        'cmp170hx-rig',
        'A10',
        '550.144.03',
        '2026-07-28T11:30:00Z',
        '2026-07-28T12:10:00Z',
        pci=('01',),
    ),
    'comfyui-fluxtrainer-122-vram-held-after-lora-training-zombie-process': Backdrop(
        'comfyui-trainer',
        'A10',
        '550.144.03',
        '2025-01-21T11:30:00Z',
        '2025-01-21T12:10:00Z',
        pci=('01',),
    ),
    'cosmicmonitor-83-gpu-panel-blank-power-draw-not-supported-on-rtx-a1000': Backdrop(
        'dell-rtx-a1000-ws',
        'A10',
        '550.144.03',
        '2026-07-19T11:30:00Z',
        '2026-07-19T12:10:00Z',
        pci=('01',),
    ),
    'deepcool-digital-71-gpu-display-0-percent-during-light-transcode-false-alarm': Backdrop(
        'nobara-ch170-desktop',
        'A10',
        '550.144.03',
        '2025-11-05T11:30:00Z',
        '2025-11-05T12:10:00Z',
        pci=('01',),
    ),
    'deeplabcut-609-training-leaves-gpu-idle-unsupported-cuda-10-1-10-2': Backdrop(
        'dlc-win10-2080ti',
        'A10',
        '550.144.03',
        '2020-03-04T11:30:00Z',
        '2020-03-04T12:10:00Z',
        pci=('01',),
    ),
    'dream-textures-573-texture-generation-out-of-vram-hardware-limitation': Backdrop(
        'blender-dreamtex-ws',
        'A10',
        '550.144.03',
        '2023-02-22T11:30:00Z',
        '2023-02-22T12:10:00Z',
        pci=('01',),
    ),
    'fah-972-gpu-slot-unstable-machine-nvlddmkm-tdr-gpu-hardware-errors': Backdrop(
        'fah-windows-gpu',
        'A10',
        '550.144.03',
        '2013-01-23T11:30:00Z',
        '2013-01-23T12:10:00Z',
        pci=('01',),
    ),
    'gaffercycles-39-rtx2070-missing-from-cycles-devices-cuda-10-2-not-installed': Backdrop(
        'fedora31-rtx2070',
        'A10',
        '550.144.03',
        '2020-01-26T11:30:00Z',
        '2020-01-26T12:10:00Z',
        pci=('01',),
    ),
    'jellyfin-metapackages-2-k8s-transcode-fails-image-lacks-nvidia-driver-capabilities': Backdrop(
        'k8s-jellyfin-node',
        'A10',
        '550.144.03',
        '2020-07-21T11:30:00Z',
        '2020-07-21T12:10:00Z',
        pci=('01',),
    ),
    'kilosort-677-cuda-oom-report-host-ram-exhausted-by-noise-spikes': Backdrop(
        'ephys-sorting-ws',
        'A10',
        '550.144.03',
        '2024-11-12T11:30:00Z',
        '2024-11-12T12:10:00Z',
        pci=('01',),
    ),
    'lact-1128-rtx5090-memory-locked-clock-range-cuts-fps-16-percent': Backdrop(
        'arch-lact-rtx5090',
        'A10',
        '550.144.03',
        '2026-07-27T11:30:00Z',
        '2026-07-27T12:10:00Z',
        pci=('01',),
    ),
    'moonlightqt-392-stream-stutter-gtx980-host-fixed-by-raising-power-limit': Backdrop(
        'gamestream-host-gtx980',
        'A10',
        '550.144.03',
        '2020-05-20T11:30:00Z',
        '2020-05-20T12:10:00Z',
        pci=('01',),
    ),
    'moonlightqt-688-stream-freezes-r495-driver-issue': Backdrop(
        'win11-gamestream-host',
        'A10',
        '550.144.03',
        '2021-12-11T11:30:00Z',
        '2021-12-11T12:10:00Z',
        pci=('01',),
    ),
    'nbminer-839-core-clock-stays-locked-at-950mhz-after-miner-exit': Backdrop(
        'win10-nbminer-1660ti-laptop',
        'A10',
        '550.144.03',
        '2022-05-09T11:30:00Z',
        '2022-05-09T12:10:00Z',
        pci=('01',),
    ),
    'nbminer-909-locked-core-clock-not-reset-after-closing-miner-3080ti': Backdrop(
        'win11-nbminer-3080ti',
        'A10',
        '550.144.03',
        '2022-06-09T11:30:00Z',
        '2022-06-09T12:10:00Z',
        pci=('01',),
    ),
    'nicehashminer-archived-837-second-1080ti-power-capped-60-percent-driver-issue-with-browser': Backdrop(
        'win10-miner-2x1080ti',
        'A10',
        '550.144.03',
        '2017-05-01T11:30:00Z',
        '2017-05-01T12:10:00Z',
        pci=('01', '02'),
    ),
    'nixosconfig-1632-sunshine-nvenc-falls-back-to-libx264-cuda-compiled-out': Backdrop(
        'nixos-sunshine-host',
        'A10',
        '550.144.03',
        '2026-09-02T11:30:00Z',
        '2026-09-02T12:10:00Z',
        pci=('01',),
    ),
    'obs-11184-obs-crashes-on-nvidia-555-explicit-sync-workaround': Backdrop(
        'arch-obs-nvidia555',
        'A10',
        '550.144.03',
        '2024-08-25T11:30:00Z',
        '2024-08-25T12:10:00Z',
        pci=('01',),
    ),
    'obs-7425-nvenc-unavailable-obs28-kepler-mobile-driver-below-471-41': Backdrop(
        'win11-obs-kepler-laptop',
        'A10',
        '550.144.03',
        '2022-09-21T11:30:00Z',
        '2022-09-21T12:10:00Z',
        pci=('01',),
    ),
    'obs-9870-obs-crashes-after-driver-545-29-02-downgrade-to-535-fixes': Backdrop(
        'popos-obs-wayland',
        'A10',
        '550.144.03',
        '2023-11-15T11:30:00Z',
        '2023-11-15T12:10:00Z',
        pci=('01',),
    ),
    'omencore-186-gpu-telemetry-0c-0w-tool-never-queries-nvml-rtx5080-laptop': Backdrop(
        'omen-laptop-rtx5080',
        'A10',
        '550.144.03',
        '2026-09-02T11:30:00Z',
        '2026-09-02T12:10:00Z',
        pci=('02',),
    ),
    'plex-nvdec-4-gtx1070-stuck-in-p0-after-transcode-plex-server-holds-gpu': Backdrop(
        'plex-gtx1070-server',
        'A10',
        '550.144.03',
        '2019-06-25T11:30:00Z',
        '2019-06-25T12:10:00Z',
        pci=('01',),
    ),
    'relion-1182-modelangelo-cuda-device-busy-gpu-in-exclusive-process-mode': Backdrop(
        'relion-workstation',
        'A10',
        '550.144.03',
        '2024-09-12T11:30:00Z',
        '2024-09-12T12:10:00Z',
        pci=('01',),
    ),
    'sdwebui-depthmap-17-vram-held-after-script-model-not-freed': Backdrop(
        'sd-webui-2gb-gpu',
        'A10',
        '550.144.03',
        '2022-11-07T11:30:00Z',
        '2022-11-07T12:10:00Z',
        pci=('01',),
    ),
    'tuxclocker-15-gtx650-utilization-shown-wrong-nvml-not-supported': Backdrop(
        'gtx650-desktop',
        'A10',
        '550.144.03',
        '2019-03-07T11:30:00Z',
        '2019-03-07T12:10:00Z',
        pci=('01',),
    ),
    'xmrig-nvidia-49-unspecified-launch-failure-kernel-too-long-wddm-tdr-threads': Backdrop(
        'win10-miner-gtx1070',
        'A10',
        '550.144.03',
        '2017-11-18T11:30:00Z',
        '2017-11-18T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
