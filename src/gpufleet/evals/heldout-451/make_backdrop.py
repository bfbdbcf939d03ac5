"""heldout-public-451's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-451/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description); every host
is a stand-in (no stored excerpt prints a host name); GPU counts follow the source where it gives one (2 for CenterNet#630,
whose command passes --gpus 0,1), 4 as a stand-in for openmm#1851's "bunch of GPU cards", and one GPU otherwise; bus numbers
are stand-ins 01..N (no source prints a bus id); the driver (550.144.03) is the same stand-in for every case, so the version
carries no signal. No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never points at
the cause (flat, healthy metrics for every case).
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'centernet-630-training-slows-at-epoch-11-dataloading-starved-by-another-cpu-heavy-process': Backdrop(
        'kitti-train-01',
        'A10',
        '550.144.03',
        '2020-02-28T11:30:00Z',
        '2020-02-28T12:10:00Z',
        pci=('01', '02'),
    ),
    'openmm-1851-two-p100-cards-40pct-slower-in-pme-benchmark-suspected-faulty-cards': Backdrop(
        'p100-bench-01',
        'A10',
        '550.144.03',
        '2017-06-28T11:30:00Z',
        '2017-06-28T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'triton-8947-l40s-node-persistently-slow-host-side-cuda-api-latency-host-cpu-suspected': Backdrop(
        'g6e-l40s-01',
        'A10',
        '550.144.03',
        '2026-08-31T11:30:00Z',
        '2026-08-31T12:10:00Z',
        pci=('01',),
    ),
    'llamacpp-23765-tokens-per-second-drop-after-driver-upgrade-above-576-33-driver-regression': Backdrop(
        'laptop-rtx5060',
        'A10',
        '550.144.03',
        '2026-05-27T11:30:00Z',
        '2026-05-27T12:10:00Z',
        pci=('01',),
    ),
    'hashcat-2381-laptop-gpu-cracking-speed-drop-suspected-thermal-throttling-poor-cooling': Backdrop(
        'laptop-gt630m',
        'A10',
        '550.144.03',
        '2020-05-02T11:30:00Z',
        '2020-05-02T12:10:00Z',
        pci=('01',),
    ),
    'scan2cap-9-iteration-time-jumps-from-2s-to-1min-at-epoch-20-gpu-clogged-by-other-process': Backdrop(
        'scan2cap-ws-01',
        'A10',
        '550.144.03',
        '2021-09-06T11:30:00Z',
        '2021-09-06T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
