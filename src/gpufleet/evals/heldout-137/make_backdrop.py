"""heldout-public-137's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-137/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); hosts, bus numbers and drivers are
stand-ins (only eosmeta-811 names a driver, 555.58.02, which is kept; see each case's description). No case uses extra: no report quotes an
exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'dcgm-234-rtx4090-dcgm-profiling-metrics-absent-not-supported-before-blackwell-benign': Backdrop(
        'gpu-4090-node01',
        'A10',
        '570.133.20',
        '2025-06-09T11:30:00Z',
        '2025-06-09T12:10:00Z',
        pci=('01', '21', '41', '61', '81', 'a1', 'c1', 'e1'),
    ),
    'wsl-41224-rtx5090-falls-off-bus-pcie-sram-ecc-participant-replaced-psu': Backdrop(
        'win-5090-ws01',
        'A10',
        '581.15',
        '2026-08-14T11:30:00Z',
        '2026-08-14T12:10:00Z',
        pci=('01',),
    ),
    'cachyos-1019-rtx2080-off-the-bus-four-times-8pin-power-connector-not-seated': Backdrop(
        'desktop-rtx2080',
        'A10',
        '580.82.09',
        '2026-09-08T11:30:00Z',
        '2026-09-08T12:10:00Z',
        pci=('01',),
    ),
    'ompi-180-connectx3-vpi-port-err-from-ethernet-port-not-the-ib-port-benign': Backdrop(
        'mpi-node01',
        'A10',
        '340.29',
        '2014-10-01T11:30:00Z',
        '2014-10-01T12:10:00Z',
        pci=('01',),
    ),
    'talos-13019-dgx-spark-nvidia-modules-fail-after-upgrade-llvm-kernel-bti-enabled': Backdrop(
        'dgx-spark-01',
        'A10',
        '580.95.05',
        '2026-04-11T11:30:00Z',
        '2026-04-11T12:10:00Z',
        pci=('01',),
    ),
    'eosmeta-811-gsp-firmware-load-fails-error-2-firmware-package-missing-after-driver-update': Backdrop(
        'eos-desktop-01',
        'A10',
        '555.58.02',
        '2026-03-02T11:30:00Z',
        '2026-03-02T12:10:00Z',
        pci=('01',),
    ),
    'memtestg80-13-rtx3090-4294967295-memory-errors-tool-cannot-allocate-4gb-benign': Backdrop(
        'ws-3090-01',
        'A10',
        '531.41',
        '2023-03-30T11:30:00Z',
        '2023-03-30T12:10:00Z',
        pci=('01',),
    ),
    'microway-gpuburn-3-k80-clocks-throttled-sw-power-cap-under-burn-test-benign': Backdrop(
        'k80-node01',
        'A10',
        '384.111',
        '2018-02-19T11:30:00Z',
        '2018-02-19T12:10:00Z',
        pci=('04', '05'),
    ),
    'dcgm-80-mig-dcgm-gpu-util-not-reported-for-mig-instances-by-design-benign': Backdrop(
        'mig-node01',
        'A10',
        '525.105.17',
        '2023-05-08T11:30:00Z',
        '2023-05-08T12:10:00Z',
        pci=('07', '0f', '47', '4e', '87', '90', 'b7', 'bd'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
