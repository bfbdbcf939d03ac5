"""heldout-public-185's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-185/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list; the real hardware is named in each description).
Hosts are the names the sources print where they print one (node1, harmony06, k3s-wk-gpu1), stand-ins otherwise; bus
numbers and drivers are the printed ones for the two cases that print them (cottrell: bus 01, 460.32.03; gengwg gpu.md:
ten bus numbers, 470.63.01) and stand-ins elsewhere (see each case's description). No case uses extra: no source quotes
an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'tdeprelle-bugreport-ubuntu-auto-update-kernel-4-4-116-broke-nvidia-driver-login-loop': Backdrop(
        'ubuntu1604-ws-tdeprelle',
        'A10',
        '384.111',
        '2018-02-22T11:30:00Z',
        '2018-02-22T12:10:00Z',
        pci=('01',),
    ),
    'cottrell-notebooks-rtx2070-nvidia-smi-cannot-communicate-with-driver-kernel-headers-suspected': Backdrop(
        'ubuntu2004-rtx2070-cottrell',
        'A10',
        '460.32.03',
        '2021-02-21T11:30:00Z',
        '2021-02-21T12:10:00Z',
        pci=('01',),
    ),
    'gengwg-cheatsheets-quadro-rtx8000-nvml-driver-library-mismatch-stale-module-in-initramfs': Backdrop(
        'rtx8000-10gpu-server',
        'A10',
        '470.63.01',
        '2023-02-06T11:30:00Z',
        '2023-02-06T12:10:00Z',
        pci=('12', '13', '14', '48', '49', '89', '8a', 'c0', 'c1', 'c2'),
    ),
    'gengwg-cheatsheets-dgx-slurm-undrain-fails-invalid-node-state-node-still-draining': Backdrop(
        'node1',
        'A10',
        '525.85.12',
        '2023-02-10T11:30:00Z',
        '2023-02-10T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'fredhutch-gizmo-outage-announcement-harmony-gpu-nodes-jobs-held-by-maintenance-reservation': Backdrop(
        'harmony01',
        'A10',
        '550.127.05',
        '2026-03-17T11:30:00Z',
        '2026-03-17T12:10:00Z',
        pci=('01', '41', '81', 'c1'),
    ),
    'fredhutch-e2-datacenter-work-harmony-nodes-powered-down-node-not-available-reserved-is-normal': Backdrop(
        'harmony06',
        'A10',
        '550.127.05',
        '2026-01-06T17:30:00Z',
        '2026-01-06T18:10:00Z',
        pci=('01', '41', '81', 'c1'),
    ),
    'nersc-weekly-email-perlmutter-rolling-maintenance-longer-job-startup-is-expected': Backdrop(
        'perlmutter-gpu-nid001',
        'A10',
        '470.57.02',
        '2022-03-07T11:30:00Z',
        '2022-03-07T12:10:00Z',
        pci=('03', '41', '82', 'c1'),
    ),
    'cps-gpu-cluster-grafana-gpu-shown-twice-dcgm-exported-pod-label-churn-not-a-fault': Backdrop(
        'k3s-wk-gpu1',
        'A10',
        '570.133.20',
        '2026-07-07T11:30:00Z',
        '2026-07-07T12:10:00Z',
        pci=('01', '02'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
