"""heldout-public-372's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-372/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except where a description says the evidence prints it), GPU counts, bus numbers (01..N in index order) and the
driver (550.144.03, the same for every case) are stand-ins. No case uses extra: no source quotes an exporter value
as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'nemosminer-50-ccminer-stops-working-every-few-minutes-on-six-gtx-1060-overclock-settings': Backdrop(
        'mining-rig',
        'A10',
        '550.144.03',
        '2017-09-23T11:30:00Z',
        '2017-09-23T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06',),
    ),
    'bitcoinaddressfinder-250-rtx-5080-flat-throughput-on-gen1-x1-riser-bus-bound-by-design-benign': Backdrop(
        'desktop-5080',
        'A10',
        '550.144.03',
        '2026-06-24T11:30:00Z',
        '2026-06-24T12:10:00Z',
        pci=('01',),
    ),
    '1clickdlss5-5-rtx-4090-black-screen-tdr-when-toggling-neural-rendering-tensor-buffer-reallocation': Backdrop(
        'gaming-pc',
        'A10',
        '550.144.03',
        '2026-09-02T11:30:00Z',
        '2026-09-02T12:10:00Z',
        pci=('01',),
    ),
    'kokkoskernels-455-cudagetdevicecount-unknown-error-on-kokkos-dev-system-driver-issue': Backdrop(
        'kokkos-dev',
        'A10',
        '550.144.03',
        '2019-11-14T11:30:00Z',
        '2019-11-14T12:10:00Z',
        pci=('01',),
    ),
    'hoomdblue-410-cuda-out-of-memory-at-initialisation-on-misconfigured-queuing-systems': Backdrop(
        'hpc-gpu-node',
        'A10',
        '550.144.03',
        '2019-05-17T11:30:00Z',
        '2019-05-17T12:10:00Z',
        pci=('01',),
    ),
    'ghelper-3592-gpu-temperature-missing-nvapi-gpu-not-powered-dgpu-asleep-when-idle-benign': Backdrop(
        'tuf-a15-laptop',
        'A10',
        '550.144.03',
        '2025-01-13T11:30:00Z',
        '2025-01-13T12:10:00Z',
        pci=('01',),
    ),
    'syspeek-16-gpu-temperature-shows-na-widget-reads-nonexistent-gpu-all-sensor-benign': Backdrop(
        'kde-desktop',
        'A10',
        '550.144.03',
        '2026-07-25T11:30:00Z',
        '2026-07-25T12:10:00Z',
        pci=('01',),
    ),
    'sdforge-2666-rtx-3090ti-freezes-and-reboots-clocks-stuck-500mhz-burnt-psu-cable-then-further-hardware-fault': Backdrop(
        'sd-desktop',
        'A10',
        '550.144.03',
        '2025-02-18T11:30:00Z',
        '2025-02-18T12:10:00Z',
        pci=('01',),
    ),
    'trex-993-gtx-1060-3gb-not-enough-memory-dag-growth-plus-xorg-vram-on-gpu0': Backdrop(
        'hiveos-rig2',
        'A10',
        '550.144.03',
        '2022-01-12T11:30:00Z',
        '2022-01-12T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'ethnvidiaminer-27-gtx-1060-memory-clock-reads-4551-mhz-not-8008-effective-rate-benign': Backdrop(
        'eth-rig',
        'A10',
        '550.144.03',
        '2017-07-07T11:30:00Z',
        '2017-07-07T12:10:00Z',
        pci=('01',),
    ),
    'trex-262-8x1080ti-rigs-host-memory-grows-3gb-a-day-nvml-leak-in-recent-nvidia-drivers': Backdrop(
        'rig-8x1080ti',
        'A10',
        '550.144.03',
        '2021-03-03T11:30:00Z',
        '2021-03-03T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'koharu-576-turing-gpu-below-compute-capability-8-0-inference-falls-back-to-cpu': Backdrop(
        'koharu-pc',
        'A10',
        '550.144.03',
        '2026-04-25T11:30:00Z',
        '2026-04-25T12:10:00Z',
        pci=('01',),
    ),
    'physicsmod-1097-gtx-980ti-crash-enabling-gpu-liquids-physx-needs-compute-capability-6-0': Backdrop(
        'minecraft-pc',
        'A10',
        '550.144.03',
        '2025-08-29T11:30:00Z',
        '2025-08-29T12:10:00Z',
        pci=('01',),
    ),
    'trex-108-nvml-error-code-1-gpu-stats-lost-nvml-broken-in-driver-460-79': Backdrop(
        'win-miner',
        'A10',
        '550.144.03',
        '2020-12-11T11:30:00Z',
        '2020-12-11T12:10:00Z',
        pci=('01',),
    ),
    'nbminer-19-twelve-gtx-1050ti-cuda-out-of-memory-v2-0-host-ram-4gb-too-small': Backdrop(
        'rig-12x1050ti',
        'A10',
        '550.144.03',
        '2018-06-05T11:30:00Z',
        '2018-06-05T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08', '09', '10', '11', '12',),
    ),
    'pynari-6-rtx-4070-cuda-error-unsupported-ptx-version-module-built-on-newer-driver-than-550': Backdrop(
        'ubuntu-rtx4070',
        'A10',
        '550.144.03',
        '2024-12-15T11:30:00Z',
        '2024-12-15T12:10:00Z',
        pci=('01',),
    ),
    'shadps4-4689-rtx-3070-over-80c-under-heavier-nightly-emulator-load-pc-cooling-not-software': Backdrop(
        'gaming-pc-3070',
        'A10',
        '550.144.03',
        '2026-07-09T11:30:00Z',
        '2026-07-09T12:10:00Z',
        pci=('01',),
    ),
    'nvidiavaapi-44-gtx-660-video-decode-crash-on-suspended-tab-surfaces-carried-over-50-1080p-allocation': Backdrop(
        'arch-desktop',
        'A10',
        '550.144.03',
        '2022-01-24T11:30:00Z',
        '2022-01-24T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
