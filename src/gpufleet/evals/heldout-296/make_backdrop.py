"""heldout-public-296's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-296/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except ip-192-168-22-101, upstreamhost1, clx-orion-001, 10-21-0-1 and Spark-2, which the evidence prints),
bus numbers (no source prints one for an affected GPU: 01..N in index order) and the driver (550.144.03, the same
for every case) are stand-ins. No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'nccl-tests-29-allreduce-12-2-gb-s-on-one-100g-ib-adapter-is-as-good-as-it-gets-benign': Backdrop(
        'ib-node01',
        'A10',
        '550.144.03',
        '2019-12-06T11:30:00Z',
        '2019-12-06T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'nccl-229-efa-ofi-plugin-could-not-find-provider-libibverbs-message-is-fallout-falls-back-to-sockets': Backdrop(
        'ip-192-168-22-101',
        'A10',
        '550.144.03',
        '2019-06-03T11:30:00Z',
        '2019-06-03T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'ucx-4770-mofed-with-upstream-rdma-core-userspace-ibv-exp-query-device-errors-slow-osu-bw': Backdrop(
        'upstreamhost1',
        'A10',
        '550.144.03',
        '2020-02-13T20:28:09Z',
        '2020-02-13T21:08:09Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'uccl-1034-nccl-bootstrap-picks-169-254-link-local-nic-2-node-test-connection-refused': Backdrop(
        'gh200-ci-node1',
        'A10',
        '550.144.03',
        '2026-07-29T11:30:00Z',
        '2026-07-29T12:10:00Z',
        pci=('01',),
    ),
    'ucx-2501-ud-endpoint-timeout-on-routed-roce-needs-ucx-ib-gid-index-3': Backdrop(
        'clx-orion-001',
        'A10',
        '550.144.03',
        '2018-04-10T23:06:50Z',
        '2018-04-10T23:46:50Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'open-instruct-600-multi-node-job-sent-to-cluster-without-interconnect-deepspeed-broadcast-fails': Backdrop(
        'oi-gpu-node01',
        'A10',
        '550.144.03',
        '2025-03-10T13:22:10Z',
        '2025-03-10T14:02:10Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'ompi-1402-cuda-support-broken-on-v2-x-branch-segfault-in-pml-ob1-cuda-need-buffers': Backdrop(
        'ompi-dev-node01',
        'A10',
        '550.144.03',
        '2016-02-25T11:30:00Z',
        '2016-02-25T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'nccl-162-unable-to-load-libnccl-net-so-info-message-is-normal-behaviour-benign': Backdrop(
        'nccl-node01',
        'A10',
        '550.144.03',
        '2018-11-30T11:30:00Z',
        '2018-11-30T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'k8s-rdma-shared-dev-plugin-94-missing-rdma-device-spec-issm-not-found-fixed-by-device-ids-in-config': Backdrop(
        'k8s-rdma-node01',
        'A10',
        '550.144.03',
        '2024-01-09T11:30:00Z',
        '2024-01-09T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'horovod-2568-horovodrun-hangs-without-network-interface-works-with-network-interface-set': Backdrop(
        'primary-node',
        'A10',
        '550.144.03',
        '2021-01-04T11:30:00Z',
        '2021-01-04T12:10:00Z',
        pci=('01',),
    ),
    'horovod-310-hvd-init-hangs-in-docker-works-with-btl-tcp-if-exclude-lo-docker0': Backdrop(
        'hvd-docker-node01',
        'A10',
        '550.144.03',
        '2018-06-13T11:30:00Z',
        '2018-06-13T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'nccl-1292-failed-to-find-ncclnetplugin-v8-symbol-not-indicative-of-a-failure-benign': Backdrop(
        '10-21-0-1',
        'A10',
        '550.144.03',
        '2024-05-18T11:30:00Z',
        '2024-05-18T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'aws-parallelcluster-3215-p4d-osu-mbw-mr-below-threshold-without-placement-group-expected-benign': Backdrop(
        'p4d-node01',
        'A10',
        '550.144.03',
        '2021-08-25T17:03:59Z',
        '2021-08-25T17:43:59Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'nccl-tests-22-busbw-125-gbps-above-100g-efa-tree-algorithm-on-2-nodes-benign': Backdrop(
        'efa-node01',
        'A10',
        '550.144.03',
        '2019-06-15T11:30:00Z',
        '2019-06-15T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'azhpc-diagnostics-26-known-connectx-5-firmware-issue-ib-devices-not-found-needs-firmware-update': Backdrop(
        'azhpc-vm01',
        'A10',
        '550.144.03',
        '2021-01-21T11:30:00Z',
        '2021-01-21T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'sglang-1986-default-docker-shm-size-causes-nccl-errors-at-70b-tp8-set-shm-size': Backdrop(
        'sglang-node01',
        'A10',
        '550.144.03',
        '2024-11-10T11:30:00Z',
        '2024-11-10T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'nccl-mesh-plugin-12-plugin-hardcoded-mtu-4096-roce-nics-with-mtu-1024-qp-rtr-fails': Backdrop(
        'mesh-node01',
        'A10',
        '550.144.03',
        '2026-01-16T11:30:00Z',
        '2026-01-16T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'dgx-spark-259-ibv-reg-mr-iova2-enomem-at-nccl-init-cma-pageblock-long-term-pinning-not-kernel': Backdrop(
        'dgx-spark-1',
        'A10',
        '550.144.03',
        '2026-09-11T11:30:00Z',
        '2026-09-11T12:10:00Z',
        pci=('01',),
    ),
    'ainode-89-nccl-ib-hca-lists-all-ports-paired-by-position-wrong-roce-port-ibv-modify-qp-110-timeout': Backdrop(
        'Spark-2',
        'A10',
        '550.144.03',
        '2026-09-14T11:30:00Z',
        '2026-09-14T12:10:00Z',
        pci=('01',),
    ),
    'nccl-tests-233-all-reduce-perf-core-dump-unknown-numa-node-minus-1-treated-as-different-node-nccl-bug': Backdrop(
        'l20-node01',
        'A10',
        '550.144.03',
        '2024-07-20T11:30:00Z',
        '2024-07-20T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'openpai-2657-containers-without-ipc-lock-and-dev-infiniband-jobs-cannot-use-ib': Backdrop(
        'pai-node01',
        'A10',
        '550.144.03',
        '2019-04-24T11:30:00Z',
        '2019-04-24T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'cluster-readiness-engine-102-forge-exposes-ib-hcas-to-pods-without-rdma-request-mpi-init-ud-timeout': Backdrop(
        'forge-gb200-node01',
        'A10',
        '550.144.03',
        '2026-08-11T11:30:00Z',
        '2026-08-11T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
