"""heldout-public-336's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-336/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
host names are stand-ins except where the evidence prints one (second-node, viking, host1, wvhpc02n018, node1234,
gpu005), bus numbers are stand-ins (01..N in index order) and the driver (550.144.03) is the same stand-in for
every case. No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'horovod-1516-mpi-tcp-btl-unexpected-process-identifier-master-hangs-fixed-by-btl-tcp-if-include-ib0': Backdrop(
        'second-node',
        'A10',
        '550.144.03',
        '2019-11-15T11:30:00Z',
        '2019-11-15T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'ompi-14086-osc-ucx-component-priority-error-flood-on-tcp-only-host-normal-outcome-benign': Backdrop(
        'ompi14086-container',
        'A10',
        '550.144.03',
        '2026-06-21T11:30:00Z',
        '2026-06-21T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'ucx-6906-devx-create-event-channel-protocol-not-supported-mofed5-userspace-on-mofed4-kernel': Backdrop(
        'ucx6906-node01',
        'A10',
        '550.144.03',
        '2021-06-04T11:30:00Z',
        '2021-06-04T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'ucx-7229-openmpi-ucx-devx-create-event-channel-protocol-not-supported-kernel-lacks-devx-async-event': Backdrop(
        'ucx7229-node01',
        'A10',
        '550.144.03',
        '2021-08-12T11:30:00Z',
        '2021-08-12T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'fuser-3120-ucc-sendrecv-hang-on-h100-dgx-ucx-cuda-ipc-over-nvlink-stream-deadlock': Backdrop(
        'viking',
        'A10',
        '550.144.03',
        '2024-10-08T11:30:00Z',
        '2024-10-08T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'charm-2716-namd-hangs-with-ucx-machine-layer-on-frontera-fixed-in-ucx-1-9-0': Backdrop(
        'frontera-node01',
        'A10',
        '550.144.03',
        '2020-07-02T11:30:00Z',
        '2020-07-02T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'cudecomp-24-nccl-init-hang-at-scale-hpcx-hcoll-mpi-bcast-deferred-progress-deadlock': Backdrop(
        'cudecomp-node01',
        'A10',
        '550.144.03',
        '2024-03-01T11:30:00Z',
        '2024-03-01T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'jax-22740-distributed-initialize-fails-ibv-modify-qp-einval-on-misconfigured-soft-roce-irdma': Backdrop(
        'host1',
        'A10',
        '550.144.03',
        '2024-07-30T11:30:00Z',
        '2024-07-30T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'deepep-36-nvshmem-ibrc-segfault-mlx5dv-devx-umem-reg-failed-fixed-nv-peer-mem-to-nvidia-peermem': Backdrop(
        'deepep36-node01',
        'A10',
        '550.144.03',
        '2025-03-07T11:30:00Z',
        '2025-03-07T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'ompi-7188-openfabrics-device-init-warning-on-connectx-6-openib-not-selected-ucx-used-app-runs-fine-benign': Backdrop(
        'wvhpc02n018',
        'A10',
        '550.144.03',
        '2019-11-22T11:30:00Z',
        '2019-11-22T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'easybuild-11575-openmpi-no-preset-parameters-warning-for-connectx-6-missing-device-params-benign': Backdrop(
        'node1234',
        'A10',
        '550.144.03',
        '2020-10-26T11:30:00Z',
        '2020-10-26T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'openinstruct-838-nccl-cumem-enable-0-skipping-override-warnings-expected-from-intended-setting-benign': Backdrop(
        'openinstruct-node01',
        'A10',
        '550.144.03',
        '2025-07-29T15:09:27Z',
        '2025-07-29T15:49:27Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'relion-179-openmpi-openib-no-relevant-network-interfaces-on-gpu-nodes-another-transport-used-benign': Backdrop(
        'gpu005',
        'A10',
        '550.144.03',
        '2016-12-27T11:30:00Z',
        '2016-12-27T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'nccltests-248-nccl-tests-fail-in-kubernetes-pods-rdma-gpudirect-not-set-up-and-istio-sidecar-proxy': Backdrop(
        'nccltests248-pod',
        'A10',
        '550.144.03',
        '2024-09-03T11:30:00Z',
        '2024-09-03T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'l2fwdnv-6-connectx-6-dx-below-100gbps-in-gpu-dpdk-forwarding-not-seen-in-pcie-gen3-x16-slot': Backdrop(
        'l2fwdnv-node01',
        'A10',
        '550.144.03',
        '2022-05-25T11:30:00Z',
        '2022-05-25T12:10:00Z',
        pci=('01',),
    ),
    'nvshmem-21-ibgda-ibv-create-ah-einval-on-roce-from-uninitialized-ah-attr-static-rate': Backdrop(
        'nvshmem21-node01',
        'A10',
        '550.144.03',
        '2025-10-29T11:30:00Z',
        '2025-10-29T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'trtllm-12024-multi-node-tp-above-8-nccl-deadlock-from-divergent-sampling-across-tp-ranks': Backdrop(
        'trtllm-node01',
        'A10',
        '550.144.03',
        '2026-03-09T11:30:00Z',
        '2026-03-09T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'gdc-383-driver-container-fabric-manager-start-script-interface-changed-in-570-158-01': Backdrop(
        'gdc383-node01',
        'A10',
        '550.144.03',
        '2025-07-21T11:30:00Z',
        '2025-07-21T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'aicv-643-k8s-nccl-allreduce-job-without-dev-shm-volume-ucx-segfault-at-8-local-ranks': Backdrop(
        'aicv643-node01',
        'A10',
        '550.144.03',
        '2026-09-17T11:30:00Z',
        '2026-09-17T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'ssdgpudma-8-low-nvme-to-gpu-peer-dma-throughput-gpu-behind-other-cpu-than-ssd-crossing-qpi': Backdrop(
        'ssdgpudma-node01',
        'A10',
        '550.144.03',
        '2018-03-23T11:30:00Z',
        '2018-03-23T12:10:00Z',
        pci=('01',),
    ),
    'instructlab-515-ci-training-failures-blamed-on-nccl-timeout-root-cause-disk-full-from-fp32-fsdp-checkpoints': Backdrop(
        'instructlab-ci-node',
        'A10',
        '550.144.03',
        '2025-04-30T11:30:00Z',
        '2025-04-30T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
