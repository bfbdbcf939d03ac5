"""heldout-public-288's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-288/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except compute-0-27, n120 and Spark-2, which the evidence prints), bus numbers (no source prints one for the
affected node: 01..N in index order) and the driver (550.144.03, the same for every case) are stand-ins.
No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'nccl-173-nccl-2-3-5-roce-nic-sends-pause-frames-above-6-nodes-rollback-to-2-1-5-fixes': Backdrop(
        'roce-v100-node01',
        'A10',
        '550.144.03',
        '2018-12-21T11:30:00Z',
        '2018-12-21T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'nccl-1054-nccl-topo-240-gb-s-vs-nvidia-smi-300-gb-s-nvlink-app-level-80-percent-of-peak-benign': Backdrop(
        'a100-8gpu-server',
        'A10',
        '550.144.03',
        '2023-11-06T11:30:00Z',
        '2023-11-06T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'nccl-tests-258-nvlink-per-link-under-20-gb-s-vs-25-gb-s-bidirectional-overhead-benign': Backdrop(
        'a100-server',
        'A10',
        '550.144.03',
        '2024-10-21T11:30:00Z',
        '2024-10-21T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'parallelcluster-6942-efa-upgrade-changed-library-path-nccl-no-plugin-found-falls-back-to-internal': Backdrop(
        'pcluster-al2023-compute',
        'A10',
        '550.144.03',
        '2025-08-19T11:30:00Z',
        '2025-08-19T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'ompi-13096-osu-latency-cuda-segfault-after-mpi-memory-alloc-kinds-change-fixed-by-patch': Backdrop(
        'ompi-cuda-node',
        'A10',
        '550.144.03',
        '2025-02-14T11:30:00Z',
        '2025-02-14T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'cudf-13651-cufile-log-running-in-compatible-mode-build-without-cufile-benign': Backdrop(
        'cudf-gds-host',
        'A10',
        '550.144.03',
        '2023-07-03T11:30:00Z',
        '2023-07-03T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'horovod-2601-horovod-alltoall-hang-nccl-2-8-3-bug-fixed-in-nccl-2-8-4': Backdrop(
        'horovod-4gpu-node',
        'A10',
        '550.144.03',
        '2021-01-15T11:30:00Z',
        '2021-01-15T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'nccl-1116-alltoall-hang-via-pxn-14-a800-nodes-nccl-cumem-deadlock-bug': Backdrop(
        'a800-node-01',
        'A10',
        '550.144.03',
        '2023-12-14T11:30:00Z',
        '2023-12-14T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'azhpc-images-28-nc24r-no-mellanox-ib-device-non-sr-iov-vm-needs-nd-drivers': Backdrop(
        'nc24r-vm',
        'A10',
        '550.144.03',
        '2020-08-20T11:30:00Z',
        '2020-08-20T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'ome-833-rdma-auto-inject-privileged-pod-ignores-nvidia-visible-devices-uses-other-pods-gpu': Backdrop(
        'ome-gpu-node',
        'A10',
        '550.144.03',
        '2026-09-01T11:30:00Z',
        '2026-09-01T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'ainode-87-engine-containers-started-without-dev-infiniband-nccl-failed-to-initialize-any-net-plugin': Backdrop(
        'Spark-2',
        'A10',
        '550.144.03',
        '2026-09-14T11:30:00Z',
        '2026-09-14T12:10:00Z',
        pci=('01',),
    ),
    'ompi-8403-openfabrics-device-init-warning-after-switch-to-ucx-no-concern-benign': Backdrop(
        'compute-0-27',
        'A10',
        '550.144.03',
        '2021-02-03T11:30:00Z',
        '2021-02-03T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'nv-peer-memory-84-nv-peer-mem-unknown-symbol-ib-register-peer-memory-client-ofed-upgraded-after-build': Backdrop(
        'n120',
        'A10',
        '550.144.03',
        '2021-02-12T11:17:20Z',
        '2021-02-12T11:57:20Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'ucx-8229-ibv-create-cq-cannot-allocate-memory-max-locked-memory-64-kb': Backdrop(
        'ucx-node',
        'A10',
        '550.144.03',
        '2022-05-17T11:30:00Z',
        '2022-05-17T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
