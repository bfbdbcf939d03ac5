"""heldout-public-69's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-69/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
sku is one of the allowed SKUs; all are stand-ins (see each case's description). No case uses extra:
no report quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'estaterule-gigabyte-rtx-4090-16-pin-connector-melted-in-rdr2-adapter-cable-blamed': Backdrop(
        'gaming-pc-rtx4090',
        'A10',
        '522.25',
        '2022-11-01T11:30:00Z',
        '2022-11-01T12:10:00Z',
        pci=('01',),
    ),
    'garry-blog-oops-second-gpu-spliced-pcie-power-cable-plugged-reversed-fried-motherboard': Backdrop(
        'desktop-third-monitor',
        'A10',
        '472.12',
        '2026-01-01T11:30:00Z',
        '2026-01-01T12:10:00Z',
        pci=('01', '02'),
    ),
    'gigagpu-12008-vram-stays-allocated-after-inference-pytorch-caching-allocator-benign': Backdrop(
        'inference-server-24gb',
        'A10',
        '550.54.14',
        '2026-01-01T11:30:00Z',
        '2026-01-01T12:10:00Z',
        pci=('01',),
    ),
    'itc-ua-pny-rtx-5090-capacitor-blew-during-video-editing-card-replaced-under-warranty': Backdrop(
        'editing-pc-rtx5090',
        'A10',
        '572.16',
        '2025-06-01T11:30:00Z',
        '2025-06-01T12:10:00Z',
        pci=('01',),
    ),
    'maximsmol-notes-eks-gpu-node-not-ready-oom-in-pod-suspected': Backdrop(
        'eks-gpu-node',
        'A10',
        '550.54.14',
        '2026-01-01T11:30:00Z',
        '2026-01-01T12:10:00Z',
        pci=('1e',),
    ),
    'nvidia-custhelp-2752-gpu-at-maximum-temperature-throttles-improve-system-cooling': Backdrop(
        'pc-gpu-at-max-temp',
        'A10',
        '472.12',
        '2021-09-29T11:30:00Z',
        '2021-09-29T12:10:00Z',
        pci=('01',),
    ),
    'psi-merlin6-downtimes-gpu-partitions-soft-drained-before-scheduled-downtime-benign': Backdrop(
        'merlin6-gpu-node',
        'A100',
        '418.87.01',
        '2019-06-28T11:30:00Z',
        '2019-06-28T12:10:00Z',
        pci=('3b',),
    ),
    'read-ehrlich-dev-gpu-fan-speed-aliases-broken-twist-tie-lodged-in-fan': Backdrop(
        'desktop-fan-aliases',
        'A10',
        '550.54.14',
        '2026-01-01T11:30:00Z',
        '2026-01-01T12:10:00Z',
        pci=('01',),
    ),
    'runaker-ghost-watch-eight-gpus-100-percent-util-zero-memory-after-job-crash-wedged': Backdrop(
        'training-node-8gpu',
        'H100',
        '550.90.07',
        '2026-01-01T11:30:00Z',
        '2026-01-01T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'technolynx-sustained-100-percent-gpu-utilization-alert-on-ai-host-normal-benign': Backdrop(
        'prod-ai-host',
        'A100',
        '535.104.05',
        '2026-05-13T11:30:00Z',
        '2026-05-13T12:10:00Z',
        pci=('07',),
    ),
    'techpowerup-forum-rtx-3080-gddr6x-hottest-chip-104c-next-to-voltage-regulators': Backdrop(
        'rtx3080-fe-test-bench',
        'A10',
        '456.38',
        '2020-09-22T11:30:00Z',
        '2020-09-22T12:10:00Z',
        pci=('01',),
    ),
    'thun-techblog-mining-pc-gpu-not-recognized-defective-pcie-riser-card-visible-damage': Backdrop(
        'mining-pc-2gpu',
        'A10',
        '472.12',
        '2021-10-01T11:30:00Z',
        '2021-10-01T12:10:00Z',
        pci=('01',),
    ),
    'vuink-rented-4x-rtx-4090-ddp-slower-than-one-gpu-p2p-disabled': Backdrop(
        'rented-4x4090-server',
        'A10',
        '550.54.14',
        '2026-01-01T11:30:00Z',
        '2026-01-01T12:10:00Z',
        pci=('01', '21', '41', '61'),
    ),
    'winenfood-mining-rig-went-silent-black-screen-loose-8-pin-power-connector-at-psu': Backdrop(
        'mining-rig',
        'A10',
        '550.54.14',
        '2026-01-01T11:30:00Z',
        '2026-01-01T12:10:00Z',
        pci=('01',),
    ),
    'zndata-15026-dcgm-shows-single-bit-ecc-errors-growing-memory-aging-gpu-replaced-early': Backdrop(
        'dc-gpu-node-sbe',
        'A100',
        '535.104.05',
        '2026-01-29T11:30:00Z',
        '2026-01-29T12:10:00Z',
        pci=('07',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
