"""heldout-public-300's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-300/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
all host names, the bus numbers (01..N in index order; no source prints a bus id) and the driver (550.144.03, the same
for every case) are stand-ins. No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'laitimes-4sxix-server-hang-nmi-handler-soft-lockup-nvidia-ioctl-call-trace-under-gpu-high-load': Backdrop(
        'dell-gpu-01',
        'A10',
        '550.144.03',
        '2023-01-01T11:30:00Z',
        '2023-01-01T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'wespeaker-271-single-node-multi-gpu-nccl-backend-init-comm-errors-missing-master-addr-env-var': Backdrop(
        'wespeaker-train-01',
        'A10',
        '550.144.03',
        '2024-02-03T11:30:00Z',
        '2024-02-03T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'qiita-toki-owl-h100x24-slurm-gpus-per-task-1-invalid-device-ordinal-fixed-with-gpus-per-node-8': Backdrop(
        'h100-node01',
        'A10',
        '550.144.03',
        '2025-10-02T11:30:00Z',
        '2025-10-02T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'tistory-9566-567-two-gpus-p2p-not-supported-pcie-topology-dataparallel-hang-switched-to-ddp': Backdrop(
        'ws-2gpu-01',
        'A10',
        '550.144.03',
        '2025-01-01T11:30:00Z',
        '2025-01-01T12:10:00Z',
        pci=('01', '02',),
    ),
    'sirzzang-k8s-deploy-failure-3-gpu-pod-pending-on-redeploy-default-rollingupdate-maxsurge-pinned-node': Backdrop(
        'tracker-node',
        'A10',
        '550.144.03',
        '2024-01-01T11:30:00Z',
        '2024-01-01T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
