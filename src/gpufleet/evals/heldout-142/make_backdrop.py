"""heldout-public-142's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-142/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list, and the real SKU in aks-5860); hosts and
bus numbers are stand-ins except where a case's description says the report prints them, and so are the drivers
no report names. One case (homelab-489) is a node with no GPU at all: its pci tuple is empty. No case uses extra:
no report quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'aks-5860-nva10v5-node-image-570-kernel-module-580-userspace-nvml-mismatch': Backdrop(
        'aks-nva10v5-vmss000000',
        'A10',
        '570.211.01',
        '2026-07-13T11:30:00Z',
        '2026-07-13T12:10:00Z',
        pci=('01',),
    ),
    'trixie-92-cn119-cuda-alloc-fails-stopped-process-held-gpu0-memory': Backdrop(
        'cn119',
        'A10',
        '525.105.17',
        '2023-05-31T11:30:00Z',
        '2023-05-31T12:10:00Z',
        pci=('18', '3b', '86', 'af'),
    ),
    'aksengine-1203-nc6-promo-pool-driver-not-installed-gpu-not-exposed': Backdrop(
        'k8s-nc6promo-12345678-0',
        'A10',
        '418.40.04',
        '2019-05-02T11:30:00Z',
        '2019-05-02T12:10:00Z',
        pci=('01',),
    ),
    'azuredocs-17730-aks-nc6-no-nvidia-gpu-capacity-until-device-plugin-deployed': Backdrop(
        'aks-nodepool1-nc6-0',
        'A10',
        '396.37',
        '2018-10-27T11:30:00Z',
        '2018-10-27T12:10:00Z',
        pci=('01',),
    ),
    'hami-136-device-plugin-crashloop-after-reboot-driver-not-yet-installed': Backdrop(
        'gpu-worker-01',
        'A10',
        '535.129.03',
        '2024-01-24T11:30:00Z',
        '2024-01-24T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'miaai-115-four-dgx-spark-nccl-stalls-pfc-setup-lost-traffic-on-priority-0': Backdrop(
        'spark-node-1',
        'A10',
        '580.95.05',
        '2026-09-07T11:30:00Z',
        '2026-09-07T12:10:00Z',
        pci=('01',),
    ),
    'marin-3609-coreweave-interruptable-noexecute-taint-worker-pods-pending': Backdrop(
        'cw-gd-8xh100ib-i128-node',
        'A10',
        '570.124.06',
        '2026-03-13T11:30:00Z',
        '2026-03-13T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'gpuexporter-393-gpu14-err-state-recovery-action-reset-not-exported': Backdrop(
        'gpu-server-aei',
        'A10',
        '570.133.20',
        '2026-04-24T11:30:00Z',
        '2026-04-24T12:10:00Z',
        pci=('0f', '1a', '1d', '23', '2a', '3a', '45', '4c', '5a', '61', '9a', 'a1', 'b1', 'c9', 'cc'),
    ),
    'koordinator-2097-pod-pending-multi-card-gpu-share-unsupported': Backdrop(
        'gpu-node-8x80g',
        'A10',
        '535.161.08',
        '2024-06-11T11:30:00Z',
        '2024-06-11T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'aicr-2314-validator-job-cannot-schedule-noschedule-taint-on-gpu-nodes': Backdrop(
        'gke-a3-megagpu-8g-node-1',
        'A10',
        '570.172.08',
        '2026-08-20T11:30:00Z',
        '2026-08-20T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'karpentergcp-319-karpenter-gke-gpu-nodes-miss-accelerator-labels-no-device-plugin': Backdrop(
        'karpenter-gke-gpu-node-1',
        'A10',
        '550.90.07',
        '2026-05-09T11:30:00Z',
        '2026-05-09T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'eessi-1491-benign-lmod-warns-driver-cuda-12-2-below-module-12-4-minor-version-compat': Backdrop(
        'lrdn0041',
        'A10',
        '535.54.03',
        '2026-05-13T11:30:00Z',
        '2026-05-13T12:10:00Z',
        pci=('1d', '56', '8f', 'c8'),
    ),
    'shipyard-318-batch-pool-node-start-fails-inforom-corrupted-warning': Backdrop(
        'batch-pool-node-1',
        'A10',
        '430.46',
        '2020-01-06T11:30:00Z',
        '2020-01-06T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'lbann-560-pascal-cluster-50x-nccl-allreduce-slowdown-fixed-by-thread-affinity': Backdrop(
        'pascal83',
        'A10',
        '396.26',
        '2018-08-01T11:30:00Z',
        '2018-08-01T12:10:00Z',
        pci=('04', '83'),
    ),
    'autodock-119-cluster-exclusive-mode-process-on-wrong-gpu-suggested': Backdrop(
        'hpc-gpu-node-7',
        'A10',
        '450.80.02',
        '2021-02-13T11:30:00Z',
        '2021-02-13T12:10:00Z',
        pci=('1a', '1c', '1d', '1e'),
    ),
    'pai-2629-cluster-179-one-gpu-cifar10-job-running-119-days-orphaned-by-departed-intern': Backdrop(
        'pai-179-worker-1',
        'A10',
        '410.48',
        '2019-04-22T11:30:00Z',
        '2019-04-22T12:10:00Z',
        pci=('18', '3b', '86', 'af'),
    ),
    'homelab-489-benign-gpu-plugin-and-dcgm-exporter-down-alerts-on-clusters-without-gpus': Backdrop(
        'dev-cluster-node-1',
        'A10',
        '570.133.07',
        '2026-02-23T11:30:00Z',
        '2026-02-23T12:10:00Z',
        pci=(),
    ),
    'kommander-3206-benign-gpu-dashboard-temperature-graph-wrong-instant-query': Backdrop(
        'dkp-gpu-worker-1',
        'A10',
        '550.127.05',
        '2025-02-24T11:30:00Z',
        '2025-02-24T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'aicr-1256-benign-gb300-eks-nccl-net-busbw-44gbs-below-fixed-gate-one-efa': Backdrop(
        'p6e-gb300r-node-1',
        'A10',
        '580.82.07',
        '2026-08-26T11:30:00Z',
        '2026-08-26T12:10:00Z',
        pci=('18', '2a', '3a', '5d'),
    ),
    'dcgmexp-569-benign-dra-unallocated-gpus-drop-out-of-dcgm-exporter-metrics': Backdrop(
        'h100-dra-node-1',
        'A10',
        '570.148.08',
        '2025-10-19T11:30:00Z',
        '2025-10-19T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'cbio-291-benign-torch-cuda-test-fails-on-hal-gpu-node-test-bug-not-overlap': Backdrop(
        'gpu-2-10',
        'A10',
        '346.46',
        '2015-07-23T11:30:00Z',
        '2015-07-23T12:10:00Z',
        pci=('03', '04', '83', '84'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
