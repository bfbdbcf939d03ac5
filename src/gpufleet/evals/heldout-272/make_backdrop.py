"""heldout-public-272's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-272/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts, bus numbers (no source prints one: 01 for one GPU, 01 and 02 for two, 01..08 for eight) and the driver (550.144.03, the same
for every case) are stand-ins. No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'nccl-1581-multi-node-nccl-connects-to-unconfigured-ip-duplicate-routing-table-entries': Backdrop(
        'nccl-worker-a',
        'A10',
        '550.144.03',
        '2025-01-19T11:30:00Z',
        '2025-01-19T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'uccl-803-roce-cqe-error-12-on-broadcom-nics-gid-auto-detection-picked-link-local-index-0': Backdrop(
        'bcm-roce-node-1',
        'A10',
        '550.144.03',
        '2026-03-09T11:30:00Z',
        '2026-03-09T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'lbann-573-gpu-allgather-hangs-after-cuda-aware-mvapich-rebuild-mvapich-bug': Backdrop(
        'surface-gpu-node',
        'A10',
        '550.144.03',
        '2018-08-07T11:30:00Z',
        '2018-08-07T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'openmpi-feedstock-83-cuda-aware-mpi-segfault-package-built-without-cuda-support': Backdrop(
        'WCS-164320',
        'A10',
        '550.144.03',
        '2021-03-23T11:30:00Z',
        '2021-03-23T12:10:00Z',
        pci=('01', '02'),
    ),
    'nccl-1957-gin-gdaki-alltoall-hangs-on-1500-mtu-nic-hardcoded-4k-mtu': Backdrop(
        'gin-roce-node-1',
        'A10',
        '550.144.03',
        '2025-12-23T11:30:00Z',
        '2025-12-23T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'nccl-1524-local-access-violation-wq-error-after-nccl-upgrade-servers-with-different-mtu': Backdrop(
        'mtu-node-2',
        'A10',
        '550.144.03',
        '2024-11-27T11:30:00Z',
        '2024-11-27T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'sglang-3794-two-node-8xa100-nccl-init-fails-firewall-blocked-nccl-port': Backdrop(
        'a100-node-2',
        'A10',
        '550.144.03',
        '2025-02-23T11:30:00Z',
        '2025-02-23T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'horovod-403-horovod-stall-warning-rank-0-busy-with-evaluation-others-wait': Backdrop(
        'hvd-worker-0',
        'A10',
        '550.144.03',
        '2019-04-01T11:30:00Z',
        '2019-04-01T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'horovod-100-horovod-deadlock-warning-tensor-names-differ-between-ranks': Backdrop(
        'hvd-2gpu-node',
        'A10',
        '550.144.03',
        '2017-11-21T11:30:00Z',
        '2017-11-21T12:10:00Z',
        pci=('01', '02'),
    ),
    'lightning-5155-horovod-stall-missing-rank-0-modelcheckpoint-race-condition': Backdrop(
        'pl-hvd-node',
        'A10',
        '550.144.03',
        '2020-12-29T16:20:57Z',
        '2020-12-29T17:00:57Z',
        pci=('01', '02'),
    ),
    'ompi-6517-openfabrics-device-init-warning-from-deprecated-openib-btl-ucx-in-use-benign': Backdrop(
        'ucx-ib-node',
        'A10',
        '550.144.03',
        '2019-03-25T11:30:00Z',
        '2019-03-25T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'jdftx-270-openfabrics-device-warning-on-omni-path-host-usually-no-impact-benign': Backdrop(
        'coe',
        'A10',
        '550.144.03',
        '2023-03-17T11:30:00Z',
        '2023-03-17T12:10:00Z',
        pci=('01',),
    ),
    'nccl-tests-149-a100-nvlink-bandwidth-below-line-rate-expected-effective-bandwidth-benign': Backdrop(
        'a100-nvlink-node',
        'A10',
        '550.144.03',
        '2023-07-05T11:30:00Z',
        '2023-07-05T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'siderolabs-docs-566-rdma-inference-pod-fails-gdrdrv-module-not-loaded-device-not-mounted': Backdrop(
        'cn76',
        'A10',
        '550.144.03',
        '2026-05-16T11:30:00Z',
        '2026-05-16T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'nvpeermem-116-nv-peer-mem-will-not-load-invalid-argument-k40c-on-ubuntu-22-04-stack': Backdrop(
        'k40c-rdma-host',
        'A10',
        '550.144.03',
        '2023-11-04T11:30:00Z',
        '2023-11-04T12:10:00Z',
        pci=('01',),
    ),
    'cosma-146-eight-mpi-ranks-all-on-one-gpu-no-per-rank-device-selection': Backdrop(
        'cosma-8gpu-node',
        'A10',
        '550.144.03',
        '2024-11-17T11:30:00Z',
        '2024-11-17T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'ucx-py-344-ucx-error-send-bad-file-descriptor-lines-while-cluster-works-benign': Backdrop(
        'dgx15',
        'A10',
        '550.144.03',
        '2019-12-04T11:30:00Z',
        '2019-12-04T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'xgboost-5963-multi-gpu-tests-hang-in-docker-nccl-shm-posix-fallocate-dev-shm-64mb': Backdrop(
        '7635c25c81cd',
        'A10',
        '550.144.03',
        '2020-07-31T11:30:00Z',
        '2020-07-31T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'cudf-spark-7632-ucx-rdma-ibv-create-cq-cannot-allocate-memory-container-memlock-limit': Backdrop(
        'spark-ucx-ci-node',
        'A10',
        '550.144.03',
        '2023-02-01T11:30:00Z',
        '2023-02-01T12:10:00Z',
        pci=('01',),
    ),
    'fb-nccl-53-ib-timeouts-not-propagated-watchdog-timeouts-nccl-2-18-async-error-regression': Backdrop(
        'ib-train-node',
        'A10',
        '550.144.03',
        '2024-03-29T11:30:00Z',
        '2024-03-29T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'nvpeermem-56-no-gdrdma-channels-gpu-nic-distance-on-uncertified-server-gdr-level': Backdrop(
        'gdr-ib-node',
        'A10',
        '550.144.03',
        '2020-01-07T11:30:00Z',
        '2020-01-07T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
