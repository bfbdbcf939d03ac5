"""heldout-public-348's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-348/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (<key>-pc), bus numbers (01..N in index order) and the driver (550.144.03, the same for every case) are stand-ins.
No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'obs-7724-nvenc-init-invalid-param-quarter-res-multipass-unsupported-on-kepler-gtx660': Backdrop(
        'obs-7724-pc',
        'A10',
        '550.144.03',
        '2022-11-05T11:30:00Z',
        '2022-11-05T12:10:00Z',
        pci=('01',),
    ),
    'obs-7698-nvenc-encoder-error-hevc-b-frames-unsupported-before-turing-gtx1050-mobile': Backdrop(
        'obs-7698-pc',
        'A10',
        '550.144.03',
        '2022-11-01T11:30:00Z',
        '2022-11-01T12:10:00Z',
        pci=('01',),
    ),
    'obsrtsp-55-obs-crashes-with-nvenc-and-rtsp-server-output-scaling-plugin-bug': Backdrop(
        'obsrtsp-55-pc',
        'A10',
        '550.144.03',
        '2021-04-19T11:30:00Z',
        '2021-04-19T12:10:00Z',
        pci=('01',),
    ),
    'excavator-50-nicehash-miner-stuck-with-cuda-error-switching-to-equihash-fixed-in-later-release': Backdrop(
        'excavator-50-pc',
        'A10',
        '550.144.03',
        '2017-09-02T11:30:00Z',
        '2017-09-02T12:10:00Z',
        pci=('01',),
    ),
    'hashcat-4551-titan-v-draws-150-of-250w-at-100pct-util-algorithm-bound-not-a-fault-benign': Backdrop(
        'hashcat-4551-pc',
        'A10',
        '550.144.03',
        '2025-10-20T11:30:00Z',
        '2025-10-20T12:10:00Z',
        pci=('01',),
    ),
    'specops-18-game-crash-at-startup-nvidia-361-glvnd-change-revert-to-358-driver': Backdrop(
        'specops-18-pc',
        'A10',
        '550.144.03',
        '2016-02-27T11:30:00Z',
        '2016-02-27T12:10:00Z',
        pci=('01',),
    ),
    'colmap-2638-gpu-idle-during-feature-matching-expected-gpu-used-only-for-dense-reconstruction-benign': Backdrop(
        'colmap-2638-pc',
        'A10',
        '550.144.03',
        '2024-07-04T11:30:00Z',
        '2024-07-04T12:10:00Z',
        pci=('01',),
    ),
    'bse-247374-optix-motion-blur-with-hair-particles-out-of-gpu-memory-acceleration-structure': Backdrop(
        'bse-247374-pc',
        'A10',
        '550.144.03',
        '2021-12-17T11:30:00Z',
        '2021-12-17T12:10:00Z',
        pci=('01',),
    ),
    'nvitop-13-memory-usage-mismatch-vs-nvidia-smi-after-r510-driver-nvml-change-benign': Backdrop(
        'nvitop-13-pc',
        'A10',
        '550.144.03',
        '2022-03-21T11:30:00Z',
        '2022-03-21T12:10:00Z',
        pci=('01', '02',),
    ),
    'nvtop-432-wsl2-bytes-printed-as-gib-per-process-memory-n-a-monitor-bug-benign': Backdrop(
        'nvtop-432-pc',
        'A10',
        '550.144.03',
        '2026-01-12T11:30:00Z',
        '2026-01-12T12:10:00Z',
        pci=('01',),
    ),
    'nvtop-84-process-gpu-column-always-0-was-device-number-not-utilization-benign': Backdrop(
        'nvtop-84-pc',
        'A10',
        '550.144.03',
        '2020-12-10T11:30:00Z',
        '2020-12-10T12:10:00Z',
        pci=('01',),
    ),
    'dfl-5486-rtx2080ti-bsod-dpc-watchdog-during-training-stable-after-underclocking-core-memory-power': Backdrop(
        'dfl-5486-pc',
        'A10',
        '550.144.03',
        '2022-02-27T11:30:00Z',
        '2022-02-27T12:10:00Z',
        pci=('01',),
    ),
    'sdwebui-2986-a5000-all-cuda-capable-devices-busy-or-unavailable-bad-driver-install': Backdrop(
        'sdwebui-2986-pc',
        'A10',
        '550.144.03',
        '2022-10-17T11:30:00Z',
        '2022-10-17T12:10:00Z',
        pci=('01',),
    ),
    'dragonfly-72-reaper-crashes-loading-reverb-plugin-ui-bug-on-nvidia-gtx1650-laptop': Backdrop(
        'dragonfly-72-pc',
        'A10',
        '550.144.03',
        '2020-04-25T11:30:00Z',
        '2020-04-25T12:10:00Z',
        pci=('01',),
    ),
    'godot-41972-godot-crashes-gt1030-regression-from-driver-450-66-fixed-with-455': Backdrop(
        'godot-41972-pc',
        'A10',
        '550.144.03',
        '2020-09-24T11:30:00Z',
        '2020-09-24T12:10:00Z',
        pci=('01',),
    ),
    'godot-104029-godot-4-4-crashes-on-launch-with-nvidia-550-120-fixed-by-driver-535': Backdrop(
        'godot-104029-pc',
        'A10',
        '550.144.03',
        '2025-03-12T11:30:00Z',
        '2025-03-12T12:10:00Z',
        pci=('01',),
    ),
    'godot-96761-godot-crash-exit-to-project-list-nvidia-560-regression-rollback-to-550': Backdrop(
        'godot-96761-pc',
        'A10',
        '550.144.03',
        '2024-09-09T11:30:00Z',
        '2024-09-09T12:10:00Z',
        pci=('01',),
    ),
    'ffmpegfs-205-conda-ffmpeg-nvenc-fails-on-driver-510-ffnvcodec-built-for-cuda-12': Backdrop(
        'ffmpegfs-205-pc',
        'A10',
        '550.144.03',
        '2023-05-23T11:30:00Z',
        '2023-05-23T12:10:00Z',
        pci=('01',),
    ),
    'darktable-16101-flatpak-darktable-no-opencl-devices-gtx1070-sandbox-lacks-gpu-access': Backdrop(
        'darktable-16101-pc',
        'A10',
        '550.144.03',
        '2024-01-13T11:30:00Z',
        '2024-01-13T12:10:00Z',
        pci=('01',),
    ),
    'gzcommon-125-fourth-nvenc-session-enomem-geforce-3-session-limit-on-8-gpu-server': Backdrop(
        'gzcommon-125-pc',
        'A10',
        '550.144.03',
        '2020-11-21T11:30:00Z',
        '2020-11-21T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'flycast-1567-pc-and-emulator-slow-until-reboot-gtx1080-probably-overheating-power-limited': Backdrop(
        'flycast-1567-pc',
        'A10',
        '550.144.03',
        '2024-07-04T11:30:00Z',
        '2024-07-04T12:10:00Z',
        pci=('01',),
    ),
    'ollama-1727-llama-runner-exited-not-enough-memory-model-too-big-for-gtx1650-vram-run-on-cpu': Backdrop(
        'ollama-1727-pc',
        'A10',
        '550.144.03',
        '2023-12-27T11:30:00Z',
        '2023-12-27T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
