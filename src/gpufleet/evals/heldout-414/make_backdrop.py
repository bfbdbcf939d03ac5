"""heldout-public-414's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-414/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, an RTX 3060-3090 Ti or RTX A4000/A6000 where the source names one,
is in each description); hosts (no evidence prints a usable host name), GPU counts, bus numbers (01..N in index order) and the
driver (550.144.03, the same for every case) are stand-ins. No case uses extra: no source quotes an exporter value
as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'teamblack-246-3060ti-not-detected-by-miner-driver-472-12-older-than-cuda-11-4-3-build-needs': Backdrop(
        'teamblack-3060ti-rig',
        'A10',
        '550.144.03',
        '2022-02-02T11:30:00Z',
        '2022-02-02T12:10:00Z',
        pci=('01',),
    ),
    'gminer-780-3060-lhr-and-3090-rig-error-on-gpu-crashes-driver-472-older-than-512-supported': Backdrop(
        'gminer-lhr-rig',
        'A10',
        '550.144.03',
        '2022-05-18T11:30:00Z',
        '2022-05-18T12:10:00Z',
        pci=('01', '02', '03',),
    ),
    'htmd-1015-dual-3090-nvrtc-invalid-gpu-architecture-cudatoolkit-10-2-too-old-for-ampere': Backdrop(
        'acemd-2x3090-ws',
        'A10',
        '550.144.03',
        '2021-11-19T11:30:00Z',
        '2021-11-19T12:10:00Z',
        pci=('01', '02',),
    ),
    'isat-12-rtx3060-project-always-runs-on-cpu-cuda-10-2-does-not-support-rtx3060': Backdrop(
        'isat-3060-ws',
        'A10',
        '550.144.03',
        '2023-05-03T11:30:00Z',
        '2023-05-03T12:10:00Z',
        pci=('01',),
    ),
    'citygs-42-3090-train-large-fails-cuda-oom-reported-but-host-ram-overflow': Backdrop(
        'citygs-3090-ws',
        'A10',
        '550.144.03',
        '2024-09-25T11:30:00Z',
        '2024-09-25T12:10:00Z',
        pci=('01',),
    ),
    'uniad-180-3090-oom-on-rerun-memory-of-ctrl-c-stopped-training-not-released': Backdrop(
        'uniad-3090-ws',
        'A10',
        '550.144.03',
        '2024-04-10T11:30:00Z',
        '2024-04-10T12:10:00Z',
        pci=('01',),
    ),
    'lambda-48-3090-cuda-oom-at-batch-size-1-workload-needs-more-than-24gb-vram': Backdrop(
        'lambda-3090-ws',
        'A10',
        '550.144.03',
        '2023-01-11T11:30:00Z',
        '2023-01-11T12:10:00Z',
        pci=('01',),
    ),
    'nhqm-15-3090-memory-clock-9500-not-9750-cuda-default-p2-clock-benign': Backdrop(
        'nhqm-3090-rig',
        'A10',
        '550.144.03',
        '2021-02-13T11:30:00Z',
        '2021-02-13T12:10:00Z',
        pci=('01',),
    ),
    'trex-629-3060-memory-temperature-missing-not-supported-hotspot-misread-benign': Backdrop(
        'trex-3060-rig',
        'A10',
        '550.144.03',
        '2021-09-22T11:30:00Z',
        '2021-09-22T12:10:00Z',
        pci=('01',),
    ),
    'undervolt-2-3090ti-idle-clocks-stuck-1860mhz-100w-locked-minimum-clock-benign': Backdrop(
        'uv-3090ti-ws',
        'A10',
        '550.144.03',
        '2022-12-15T11:30:00Z',
        '2022-12-15T12:10:00Z',
        pci=('01',),
    ),
    'gminer-456-3090-rig-half-of-24gb-unused-memory-clock-column-misread-benign': Backdrop(
        'gminer-3090-rig',
        'A10',
        '550.144.03',
        '2021-10-29T11:30:00Z',
        '2021-10-29T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'llmfit-239-5x-a4000-server-vram-shown-as-8gb-tool-missing-workstation-gpu-entries-benign': Backdrop(
        'a4000-llm-srv',
        'A10',
        '550.144.03',
        '2026-03-14T11:30:00Z',
        '2026-03-14T12:10:00Z',
        pci=('01', '02', '03', '04', '05',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
