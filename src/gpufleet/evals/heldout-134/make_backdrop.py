"""heldout-public-134's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-134/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list: GB200, B200, A100, L40S and unnamed cards);
hosts are the ones the sources print where they print one, otherwise stand-ins; bus numbers are stand-ins except
c4 (GPU 4 in nvsentinel-911); drivers are stand-ins except 470.57.02 (dcgm-exporter-71), the only one a report names.
No case uses extra: no report quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'nixl-2251-gb200-node-seven-of-eight-mlx5-ports-down-ci-gate-fails-node-fabric': Backdrop(
        'gb-nvl-082-compute05',
        'A10',
        '580.95.05',
        '2026-09-14T11:30:00Z',
        '2026-09-14T12:10:00Z',
        pci=('01', '41', '81', 'c1'),
    ),
    'matrix-1384-non-gpu-pods-scheduled-on-gpu-nodes-wrong-taint-toleration': Backdrop(
        'gke-matrix-gpu-pool-node',
        'A10',
        '570.124.06',
        '2025-04-11T11:30:00Z',
        '2025-04-11T12:10:00Z',
        pci=('01',),
    ),
    'nixl-1991-sglang-prefill-oom-gpu0-held-170gb-by-another-tenant-on-shared-node': Backdrop(
        'gb200nvl72-ci-node',
        'A10',
        '580.95.05',
        '2026-07-28T11:30:00Z',
        '2026-07-28T12:10:00Z',
        pci=('01', '41', '81', 'c1'),
    ),
    'nixl-1913-vllm-engine-free-memory-12-of-184gib-gpus-occupied-by-another-process': Backdrop(
        'gb200-nvl4-ts2-105',
        'A10',
        '580.95.05',
        '2026-07-29T11:30:00Z',
        '2026-07-29T12:10:00Z',
        pci=('01', '41', '81', 'c1'),
    ),
    'nixl-1867-gb200-node-cudevicegetcount-initialization-error-cuda-broken-on-node': Backdrop(
        'gb-nvl-059-compute03',
        'A10',
        '580.95.05',
        '2026-07-01T11:30:00Z',
        '2026-07-01T12:10:00Z',
        pci=('01', '41', '81', 'c1'),
    ),
    'nixl-1760-gb200-ts2-fleet-dmabuf-registration-enotsupp-host-regression': Backdrop(
        'gb200-ts2-node',
        'A10',
        '580.95.05',
        '2026-06-11T11:30:00Z',
        '2026-06-11T12:10:00Z',
        pci=('01', '41', '81', 'c1'),
    ),
    'dcgm-exporter-71-fb-metrics-missing-after-exporter-upgrade-benign': Backdrop(
        'dcgm-exporter-node',
        'A10',
        '470.57.02',
        '2022-06-14T11:30:00Z',
        '2022-06-14T12:10:00Z',
        pci=('01', '41', '81', 'c1'),
    ),
    'dcgm-exporter-123-vgpu-license-status-metric-missing-after-upgrade-benign': Backdrop(
        'vgpu-exporter-node',
        'A10',
        '525.85.05',
        '2023-01-03T11:30:00Z',
        '2023-01-03T12:10:00Z',
        pci=('01',),
    ),
    'toil-5223-slurm-partition-detection-sends-non-gpu-jobs-to-gpu-partitions': Backdrop(
        'slurm-gpu-partition-node',
        'A10',
        '550.127.05',
        '2025-03-03T11:30:00Z',
        '2025-03-03T12:10:00Z',
        pci=('01', '41', '81', 'c1'),
    ),
    'arjuna-266-head-node-slow-nfsd-busy-serving-compute-io-expected-benign': Backdrop(
        'arjuna-head',
        'A10',
        '535.129.03',
        '2024-01-09T11:30:00Z',
        '2024-01-09T12:10:00Z',
        pci=('01',),
    ),
    'azurehpc-health-checks-28-gpu-throttle-check-broken-by-new-nvidia-smi-benign': Backdrop(
        'nd96asr-v4-node',
        'A10',
        '535.54.03',
        '2023-07-05T11:30:00Z',
        '2023-07-05T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'nvsentinel-911-xid31-gpumemwatch-cordons-node-recommended-action-none-benign': Backdrop(
        'nvsentinel-gpu-node',
        'A10',
        '570.148.08',
        '2026-02-25T11:30:00Z',
        '2026-02-25T12:10:00Z',
        pci=('18', '2a', '3a', '5d', 'c4', 'ca', 'd5', 'e3'),
    ),
    'enzyhtp-57-accre-slurm-lua-gpu-balance-script-mishandles-mem-per-gpu': Backdrop(
        'accre-gpu-node',
        'A10',
        '510.47.03',
        '2022-05-12T11:30:00Z',
        '2022-05-12T12:10:00Z',
        pci=('01', '41', '81', 'c1'),
    ),
    'sglang-27667-b200-runner-orphaned-cuda-contexts-pinned-to-gpu3': Backdrop(
        'b200-ci-runner',
        'A10',
        '580.95.05',
        '2026-06-26T11:30:00Z',
        '2026-06-26T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'alphapulldownsnakemake-42-jobs-on-gpu-nodes-container-ptxas-too-old': Backdrop(
        'gpu50',
        'A10',
        '570.133.20',
        '2026-05-20T11:30:00Z',
        '2026-05-20T12:10:00Z',
        pci=('01', '41', '81', 'c1'),
    ),
    'nixl-1743-gb200-node-cuinit-fails-in-workers-environment-driver-context': Backdrop(
        'gb-nvl-057-compute04',
        'A10',
        '580.95.05',
        '2026-07-02T11:30:00Z',
        '2026-07-02T12:10:00Z',
        pci=('01', '41', '81', 'c1'),
    ),
    'nixl-2151-compute-node-cannot-reach-slurmctld-pyxis-container-start-fails': Backdrop(
        'gb200-nvl4-ts2-103',
        'A10',
        '580.95.05',
        '2026-08-25T11:30:00Z',
        '2026-08-25T12:10:00Z',
        pci=('01', '41', '81', 'c1'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
