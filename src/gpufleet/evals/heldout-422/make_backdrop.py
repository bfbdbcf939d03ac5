"""heldout-public-422's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-422/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description); hosts
(except golddigger, which the trex-673 journal prints), GPU counts where the source gives none, bus numbers (01..N in index
order) and the driver (550.144.03, the same for every case) are stand-ins. No case uses extra: no source quotes an exporter
value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'hashtopolis-1855-agent-reports-gpu-util-0-while-nvidia-smi-shows-load-hashcat-reading-bug-benign': Backdrop(
        'hashcat-agent-01',
        'A10',
        '550.144.03',
        '2026-01-13T11:30:00Z',
        '2026-01-13T12:10:00Z',
        pci=('01',),
    ),
    'polaris-657-nvenc-does-not-start-ffmpeg-needs-nvenc-api-newer-than-driver-580': Backdrop(
        'stream-host-01',
        'A10',
        '550.144.03',
        '2026-09-11T11:30:00Z',
        '2026-09-11T12:10:00Z',
        pci=('01',),
    ),
    'trex-225-watchdog-gpu-problem-miner-terminates-fixed-by-lowering-overclock': Backdrop(
        'trex-rig-01',
        'A10',
        '550.144.03',
        '2021-02-18T11:30:00Z',
        '2021-02-18T12:10:00Z',
        pci=('01',),
    ),
    'sheepcolab-8-sheepit-optix-client-rejects-colab-gpu-driver-460-too-old': Backdrop(
        'colab-gpu-vm',
        'A10',
        '550.144.03',
        '2023-01-08T11:30:00Z',
        '2023-01-08T12:10:00Z',
        pci=('01',),
    ),
    'ogkm-1035-resolve-false-gpu-memory-full-and-slow-playback-on-driver-590-48-01-3-rollback-fixes': Backdrop(
        'resolve-ws-01',
        'A10',
        '550.144.03',
        '2026-02-20T11:30:00Z',
        '2026-02-20T12:10:00Z',
        pci=('01',),
    ),
    'lolminer-1206-unrealistic-hashrate-then-zero-driver-crash-from-memory-overclock': Backdrop(
        'lolminer-rig-01',
        'A10',
        '550.144.03',
        '2022-02-10T11:30:00Z',
        '2022-02-10T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'nvpipe-41-nvenc-open-encode-session-error-10-geforce-concurrent-session-limit': Backdrop(
        'nvenc-server-01',
        'A10',
        '550.144.03',
        '2018-12-18T11:30:00Z',
        '2018-12-18T12:10:00Z',
        pci=('01',),
    ),
    'godot-78247-vk-error-device-lost-after-driver-updated-while-editor-running': Backdrop(
        'godot-ws-01',
        'A10',
        '550.144.03',
        '2023-06-14T11:30:00Z',
        '2023-06-14T12:10:00Z',
        pci=('01',),
    ),
    'godot-84664-lightmap-bake-crashes-windows-tdr-gpu-timeout-fixed-by-raising-tdrdelay': Backdrop(
        'godot-bake-ws',
        'A10',
        '550.144.03',
        '2023-11-13T11:30:00Z',
        '2023-11-13T12:10:00Z',
        pci=('01',),
    ),
    'playcanvas-214-lightmap-rebake-never-releases-gpu-memory-leak-fixed-in-engine': Backdrop(
        'playcanvas-editor-ws',
        'A10',
        '550.144.03',
        '2020-11-06T11:30:00Z',
        '2020-11-06T12:10:00Z',
        pci=('01',),
    ),
    'nbminer-823-cuda-error-30-on-1660ti-memory-clock-too-high': Backdrop(
        'nbminer-rig-01',
        'A10',
        '550.144.03',
        '2022-05-08T11:30:00Z',
        '2022-05-08T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07',),
    ),
    'nbminer-854-rtx-3060-cuda-error-30-on-driver-472-12-fixed-by-driver-512-15': Backdrop(
        'nbminer-rig-02',
        'A10',
        '550.144.03',
        '2022-05-10T11:30:00Z',
        '2022-05-10T12:10:00Z',
        pci=('01', '02', '03',),
    ),
    'ethminer-150-cuda-out-of-memory-on-dag-4th-6th-gpu-windows-page-file-too-small': Backdrop(
        'eth-rig-6x1070',
        'A10',
        '550.144.03',
        '2017-07-14T11:30:00Z',
        '2017-07-14T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06',),
    ),
    'nicehash-1617-gui-power-usage-100x-miner-value-plugin-bug-benign': Backdrop(
        'nhm-rig-01',
        'A10',
        '550.144.03',
        '2019-07-05T11:30:00Z',
        '2019-07-05T12:10:00Z',
        pci=('01',),
    ),
    'xmrignv-17-gpu-info-displayed-wrong-gts-450-has-no-clock-power-readings-benign': Backdrop(
        'xmrig-nv-ws',
        'A10',
        '550.144.03',
        '2017-09-22T11:30:00Z',
        '2017-09-22T12:10:00Z',
        pci=('01',),
    ),
    'deadline-148-cycles-gpu-renders-run-on-cpu-in-gpu-fleet-preferences-not-passed': Backdrop(
        'deadline-gpu-worker-01',
        'A10',
        '550.144.03',
        '2024-11-20T11:30:00Z',
        '2024-11-20T12:10:00Z',
        pci=('01',),
    ),
    'cgru-168-afanasy-blender-cycles-job-ignores-gpu-prefs-render-service-runs-as-root': Backdrop(
        'afrender-node-01',
        'A10',
        '550.144.03',
        '2015-12-22T11:30:00Z',
        '2015-12-22T12:10:00Z',
        pci=('01',),
    ),
    'godot-107014-lightmapgi-bake-crashes-likely-out-of-vram-lower-texel-scale': Backdrop(
        'godot-bake-ws-2',
        'A10',
        '550.144.03',
        '2025-06-03T11:30:00Z',
        '2025-06-03T12:10:00Z',
        pci=('01',),
    ),
    'trex-673-gpu4-cannot-set-power-limit-unknown-error-environmental-risers-psu': Backdrop(
        'golddigger',
        'A10',
        '550.144.03',
        '2021-10-02T15:01:45Z',
        '2021-10-02T15:41:45Z',
        pci=('01', '02', '03', '04', '05',),
    ),
    'lolminer-1364-miner-cpu-usage-grows-riser-misreporting-gpu-info': Backdrop(
        'lolminer-rig-02',
        'A10',
        '550.144.03',
        '2022-03-02T11:30:00Z',
        '2022-03-02T12:10:00Z',
        pci=('01', '02', '03',),
    ),
    'nicehash-2081-one-gpu-stopped-but-shown-mining-nvml-gpuislost': Backdrop(
        'nhm-rig-02',
        'A10',
        '550.144.03',
        '2020-06-15T11:30:00Z',
        '2020-06-15T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'gminer-125-gpu-near-80c-fan-threshold-question-throttling-near-90c-is-normal-benign': Backdrop(
        'gminer-rig-01',
        'A10',
        '550.144.03',
        '2021-02-09T11:30:00Z',
        '2021-02-09T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
