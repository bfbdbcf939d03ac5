"""heldout-public-328's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-328/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except sample-pod-4-5bddf8c4b4-hf49j, test, S-5126GS-TNRT2 and node1, which the evidence prints), bus numbers
(01..N in index order) and the driver (550.144.03, the same for every case) are stand-ins. No case uses extra: no
source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'tensorflow-9432-roce-verbs-retry-count-exceeded-hardcoded-path-mtu-4096-on-1500-mtu-ethernet': Backdrop(
        'roce-worker-1',
        'A10',
        '550.144.03',
        '2017-05-04T11:30:00Z',
        '2017-05-04T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'nccl-2135-nccl-hang-ibv-wc-loc-len-err-between-nodes-with-different-ib-mtu': Backdrop(
        'ib-node01',
        'A10',
        '550.144.03',
        '2026-04-27T11:30:00Z',
        '2026-04-27T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'nccl-2383-gin-gdaki-hang-on-all-ranks-transport-retry-exc-err-cqe-treated-as-not-yet': Backdrop(
        'gin-node01',
        'A10',
        '550.144.03',
        '2026-09-02T11:30:00Z',
        '2026-09-02T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'ompi-13183-dgx-b200-rdma-read-remote-access-error-gpudirect-rdma-not-enabled-dmabuf-or-peermem': Backdrop(
        'dgx-b200-01',
        'A10',
        '550.144.03',
        '2025-04-07T11:30:00Z',
        '2025-04-07T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'libgdsync-61-dgx-1v-gds-kernel-latency-unexpected-rx-events-rdma-bug-in-driver-396': Backdrop(
        'dgx1v-01',
        'A10',
        '550.144.03',
        '2018-05-11T11:30:00Z',
        '2018-05-11T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'sriov-network-operator-382-ib-vf-in-pod-down-fixed-by-linkstate-enable-in-sriovibnetwork': Backdrop(
        'sample-pod-4-5bddf8c4b4-hf49j',
        'A10',
        '550.144.03',
        '2022-11-29T11:30:00Z',
        '2022-11-29T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'gds-nvidia-fs-60-gpudirect-storage-rw-verify-area-failed-14-nvidia-fs-dkms-2-25-6-regression-rollback': Backdrop(
        'test',
        'A10',
        '550.144.03',
        '2025-06-01T11:30:00Z',
        '2025-06-01T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'mscclpp-335-ibv-create-cq-cannot-allocate-memory-in-unprivileged-container-fixed-by-cap-add-ipc-lock': Backdrop(
        'mscclpp-ctr',
        'A10',
        '550.144.03',
        '2024-08-06T11:30:00Z',
        '2024-08-06T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'mooncake-1593-transfer-engine-no-suitable-gid-when-rdma-device-has-only-ipv6-gids': Backdrop(
        'mc-node01',
        'A10',
        '550.144.03',
        '2026-03-02T08:45:07Z',
        '2026-03-02T09:25:07Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'mooncake-722-intel-e810-ibv-modify-qp-init-invalid-argument-redundant-reset-transition': Backdrop(
        'e810-node1',
        'A10',
        '550.144.03',
        '2025-08-06T11:30:00Z',
        '2025-08-06T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'nccl-778-ibv-reg-dmabuf-mr-operation-not-supported-after-nccl-2-13-ib-driver-too-old-for-dmabuf': Backdrop(
        'nccl-node01',
        'A10',
        '550.144.03',
        '2023-02-02T11:30:00Z',
        '2023-02-02T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'deepep-336-internode-bandwidth-far-below-expectation-nic-pe-mapping-puts-all-ranks-on-one-nic': Backdrop(
        'h800-node1',
        'A10',
        '550.144.03',
        '2025-07-29T11:30:00Z',
        '2025-07-29T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'dynamo-10852-nixl-err-backend-on-b200-roce-ucx-net-devices-all-binds-management-bluefield-nics': Backdrop(
        'b200-node1',
        'A10',
        '550.144.03',
        '2026-06-22T11:30:00Z',
        '2026-06-22T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'nixl-1561-nixlbench-unsupported-backend-ucx-wrong-ucx-library-and-plugin-path': Backdrop(
        'S-5126GS-TNRT2',
        'A10',
        '550.144.03',
        '2026-04-21T11:26:59Z',
        '2026-04-21T12:06:59Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'ompi-3972-cuda-aware-mpi-hangs-above-gpudirect-rdma-limit-with-openib-btl-not-with-ucx': Backdrop(
        'mpi-node01',
        'A10',
        '550.144.03',
        '2018-01-19T11:30:00Z',
        '2018-01-19T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'libfabric-12409-fabtests-cuda-rma-tests-hang-on-g6-l4-nvidia-peermem-fails-to-load-gdr-misreported': Backdrop(
        'g6-node1',
        'A10',
        '550.144.03',
        '2026-06-19T11:30:00Z',
        '2026-06-19T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'gpud-1164-mlx5-cmd-out-err-access-reg-kernel-lines-caused-by-gpud-infiniband-probe-benign': Backdrop(
        'node1',
        'A10',
        '550.144.03',
        '2025-12-02T09:26:04Z',
        '2025-12-02T10:06:04Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'ucx-6442-ucx-warn-ib-device-cannot-be-opened-in-container-test-passed-benign-log-level': Backdrop(
        'ci-container',
        'A10',
        '550.144.03',
        '2021-03-03T11:30:00Z',
        '2021-03-03T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'ucx-1917-ucp-warning-no-accelerator-devices-available-printed-always-after-cuda-changes-benign': Backdrop(
        'ucx-node01',
        'A10',
        '550.144.03',
        '2017-10-15T11:30:00Z',
        '2017-10-15T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'mooncake-1597-spurious-failed-to-query-gid-error-logs-from-probing-all-256-gid-indices-benign': Backdrop(
        'mc-node02',
        'A10',
        '550.144.03',
        '2026-03-02T11:30:00Z',
        '2026-03-02T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
