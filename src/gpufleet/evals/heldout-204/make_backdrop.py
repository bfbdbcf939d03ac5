"""heldout-public-204's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-204/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list: Jetson modules and DGX Spark GB10);
hosts and bus numbers are stand-ins; the driver is the one a source prints (580.126.09), the L4T release a Jetson
post names, or a stand-in (see each case's description). No case uses extra: no source quotes an exporter value
as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'nvforum-158055-jetson-nano-throttled-over-current-notification-undervoltage-long-cables': Backdrop(
        'jetson-nano-b01-lab',
        'A10',
        '32.4.4',
        '2020-11-16T11:30:00Z',
        '2020-11-16T12:10:00Z',
        pci=('01',),
    ),
    'nvforum-358869-dgx-spark-gb10-nvml-not-supported-unified-memory-telemetry-gap': Backdrop(
        'dgx-spark-gb10-a',
        'A10',
        '580.95.05',
        '2026-01-20T11:30:00Z',
        '2026-01-20T12:10:00Z',
        pci=('01',),
    ),
    'nvforum-366026-dgx-spark-failed-to-query-nvidia-devices-after-ota-kernel-6-17-0-1008-panics': Backdrop(
        'dgx-spark-gb10-b',
        'A10',
        '580.126.09',
        '2026-03-16T11:30:00Z',
        '2026-03-16T12:10:00Z',
        pci=('01',),
    ),
    'nvforum-370049-orin-nano-pytorch-nvml-assert-with-llama-cpp-oom-unified-memory': Backdrop(
        'jetson-orin-nano-super-asr',
        'A10',
        '36.5.0',
        '2026-05-15T11:30:00Z',
        '2026-05-15T12:10:00Z',
        pci=('01',),
    ),
    'nvforum-361188-jetson-agx-thor-clocks-capped-after-oc3-over-current-event-at-boot': Backdrop(
        'jetson-agx-thor-thrmax',
        'A10',
        '38.4.0',
        '2026-02-16T11:30:00Z',
        '2026-02-16T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
