"""heldout-public-221's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-221/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts, bus numbers where the source prints none, and the driver (550.144.03, the same for every case) are stand-ins.
The one printed bus (67 for GPU 2 of the INSIGHT worklog case) is kept. No case uses extra: no source quotes an
exporter value as a metric sample. The backdrop never points at the cause (flat, healthy series).
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'voicevox-299-cpu-build-engine-started-in-gpu-mode-cuda-backend-error-setting-shared-with-gpu-build': Backdrop(
        'voicevox-win-pc',
        'A10',
        '550.144.03',
        '2021-10-03T01:45:00Z',
        '2021-10-03T02:25:00Z',
        pci=('01',),
    ),
    'voicevox-engine-1625-cuda-build-engine-runs-on-cpu-without-use-gpu-flag': Backdrop(
        'voicevox-engine-rtx-pc',
        'A10',
        '550.144.03',
        '2025-04-19T11:30:00Z',
        '2025-04-19T12:10:00Z',
        pci=('01',),
    ),
    'insight-worklog-4x-rtx3090-gpu2-67-00-xid79-fallen-off-bus-and-xid48-l2-dbe-gpu-retired-from-use': Backdrop(
        'amax',
        'A10',
        '550.144.03',
        '2026-07-29T11:30:00Z',
        '2026-07-29T12:10:00Z',
        pci=('1a', '3d', '67', '8a',),
    ),
    'koe-206-voicevox-nvidia-image-in-compose-fails-until-deploy-gpu-reservation-and-runtime-nvidia-added': Backdrop(
        'koe-docker-host',
        'A10',
        '550.144.03',
        '2025-01-14T11:30:00Z',
        '2025-01-14T12:10:00Z',
        pci=('01',),
    ),
    'voicevox-engine-226-nvidia-docker-image-latest-missing-libtorch-cuda-cpp-core-version-mismatch': Backdrop(
        'voicevox-docker-gpu-host',
        'A10',
        '550.144.03',
        '2021-12-09T11:30:00Z',
        '2021-12-09T12:10:00Z',
        pci=('01',),
    ),
    'sbv2-162-training-fails-torch-cuda-is-available-false-fixed-by-installing-cu121-torch-build': Backdrop(
        'sbv2-win-pc',
        'A10',
        '550.144.03',
        '2024-09-10T11:30:00Z',
        '2024-09-10T12:10:00Z',
        pci=('01',),
    ),
    'sbv2-215-rtx-5090-unsupported-by-bundled-torch-works-with-torch-2-7-cu128-mixed-results': Backdrop(
        'sbv2-rtx5090-pc',
        'A10',
        '550.144.03',
        '2025-08-25T11:30:00Z',
        '2025-08-25T12:10:00Z',
        pci=('01',),
    ),
    'trafficmonitor-1499-tray-monitor-gpu-utilization-reads-only-3d-engine-not-real-load-benign': Backdrop(
        'trafficmonitor-win-pc',
        'A10',
        '550.144.03',
        '2023-01-02T11:30:00Z',
        '2023-01-02T12:10:00Z',
        pci=('01',),
    ),
    'voicevox-engine-32-gtx-1050-ti-gpu-memory-grows-per-synthesis-until-500-errors-possible-leak': Backdrop(
        'ymm4-win-1050ti',
        'A10',
        '550.144.03',
        '2021-08-25T11:30:00Z',
        '2021-08-25T12:10:00Z',
        pci=('01',),
    ),
    'aivis-engine-18-vram-grows-with-long-text-inputs-coresident-ai-ooms-long-input-not-supported': Backdrop(
        'aivis-ubuntu-host',
        'A10',
        '550.144.03',
        '2024-12-18T11:30:00Z',
        '2024-12-18T12:10:00Z',
        pci=('01',),
    ),
    'keris2020-hackathon-83-low-gpu-percent-score-is-average-gpu-utilization-not-a-fault-benign': Backdrop(
        'keris-hackathon-session',
        'A10',
        '550.144.03',
        '2020-11-11T11:30:00Z',
        '2020-11-11T12:10:00Z',
        pci=('01',),
    ),
    'voicevox-1127-gpu-unsupported-engine-started-in-gpu-mode-gpu-feature-unsupported-exception-infinite-wait': Backdrop(
        'voicevox-directml-pc',
        'A10',
        '550.144.03',
        '2023-01-18T12:43:00Z',
        '2023-01-18T13:23:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
