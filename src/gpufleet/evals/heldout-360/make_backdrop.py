"""heldout-public-360's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-360/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except c001, gcn109 and daisy02, which the evidence prints), GPU counts, bus numbers (01..N in index order) and the
driver (550.144.03, the same for every case) are stand-ins. No case uses extra: no source quotes an exporter value
as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'nccl-1619-two-pod-training-loses-worker-recv-etimedout-firewall-closing-idle-sockets-suspected': Backdrop(
        'nccl1619-master',
        'A10',
        '550.144.03',
        '2025-02-27T11:30:00Z',
        '2025-02-27T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'nvpeer-46-nv-peer-mem-missing-from-lsmod-after-reboot-module-not-loaded-at-boot-fixed': Backdrop(
        'nvpeer46-node',
        'A10',
        '550.144.03',
        '2019-03-25T11:30:00Z',
        '2019-03-25T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'nccl-1726-nccl-comm-init-rank-internal-error-malformed-aws-ofi-nccl-p5-topology-xml': Backdrop(
        'p5-node01',
        'A10',
        '550.144.03',
        '2025-06-03T11:30:00Z',
        '2025-06-03T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'trinity-437-multi-node-mpi-orte-daemon-failed-after-launch-mtu-mismatch-containers-vs-switch': Backdrop(
        'c001',
        'A10',
        '550.144.03',
        '2015-09-17T11:30:00Z',
        '2015-09-17T12:10:00Z',
        pci=('01',),
    ),
    'ucx-4175-ucx-warn-object-not-returned-to-mpool-at-exit-uncompleted-mpi-requests-benign': Backdrop(
        'ucx4175-node',
        'A10',
        '550.144.03',
        '2019-09-08T11:30:00Z',
        '2019-09-08T12:10:00Z',
        pci=('01',),
    ),
    'trtllm-19210-nvlink-fabric-reported-not-fully-up-on-b200-probe-miscounts-links-benign': Backdrop(
        'b200-node01',
        'A10',
        '550.144.03',
        '2026-09-15T11:30:00Z',
        '2026-09-15T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'deepspeed-5093-deepspeed-initialize-hangs-multi-node-container-mtu-larger-than-host-nic': Backdrop(
        'gcp-l4-vm1',
        'A10',
        '550.144.03',
        '2024-02-07T11:30:00Z',
        '2024-02-07T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'memliner-4-user-started-opensm-per-readme-disrupted-shared-infiniband-fabric': Backdrop(
        'memliner4-node',
        'A10',
        '550.144.03',
        '2023-02-22T11:30:00Z',
        '2023-02-22T12:10:00Z',
        pci=('01',),
    ),
    'nccl-945-only-shm-not-nvlink-p2p-between-containers-on-same-node-expected-benign': Backdrop(
        'nccl945-host',
        'A10',
        '550.144.03',
        '2023-08-03T11:30:00Z',
        '2023-08-03T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'lci-110-libfabric-cxi-fi-domain-fails-single-node-deltaai-svc-id-disabled-slurm-vni-setting': Backdrop(
        'deltaai-node01',
        'A10',
        '550.144.03',
        '2025-05-29T11:30:00Z',
        '2025-05-29T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'libgdsync-68-gds-kernel-latency-fails-on-v100-with-nor-enabled-bug-in-libmlx5': Backdrop(
        'libgdsync68-node',
        'A10',
        '550.144.03',
        '2018-05-24T11:30:00Z',
        '2018-05-24T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'flagcx-61-ibv-reg-mr-iova2-bad-address-rtx-3090-does-not-support-gpudirect-rdma': Backdrop(
        'rtx3090-node',
        'A10',
        '550.144.03',
        '2025-03-03T11:30:00Z',
        '2025-03-03T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'ucx-10868-gpu-to-gpu-latency-up-after-driver-r565-to-r575-update-ucp-rcache-registration': Backdrop(
        'gcn109',
        'A10',
        '550.144.03',
        '2025-09-09T11:30:00Z',
        '2025-09-09T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'ompi-9051-gpu-memory-grows-cuda-aware-send-recv-ucx-cuda-ipc-cache-keeps-peer-mappings': Backdrop(
        'ompi9051-node',
        'A10',
        '550.144.03',
        '2021-06-08T11:30:00Z',
        '2021-06-08T12:10:00Z',
        pci=('01', '02',),
    ),
    'pytorch-120849-watchdog-reports-nccl-async-exception-at-clean-process-group-shutdown-false-alarm-benign': Backdrop(
        'pytorch120849-node',
        'A10',
        '550.144.03',
        '2024-02-28T11:30:00Z',
        '2024-02-28T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'mmdet-485-two-node-training-over-ethernet-slower-than-one-node-normal-without-fast-network-benign': Backdrop(
        'mmdet485-node1',
        'A10',
        '550.144.03',
        '2019-04-12T11:30:00Z',
        '2019-04-12T12:10:00Z',
        pci=('01', '02',),
    ),
    'ompi-11987-open-mpi-osu-device-buffers-fail-between-daisy-nodes-nic-firmware-upgraded-fixed': Backdrop(
        'daisy02',
        'A10',
        '550.144.03',
        '2023-10-19T11:30:00Z',
        '2023-10-19T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'ucx-3249-slow-intranode-gpu-to-gpu-across-numa-domains-dgx1-per-rank-hca-selection-script': Backdrop(
        'dgx1-node',
        'A10',
        '550.144.03',
        '2020-09-01T11:30:00Z',
        '2020-09-01T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'rdmasdp-121-rdma-shared-device-plugin-resource-missing-from-node-capacity-kubelet-plugin-registry-mode-unsupported': Backdrop(
        'rdmasdp121-node',
        'A10',
        '550.144.03',
        '2025-01-01T11:30:00Z',
        '2025-01-01T12:10:00Z',
        pci=('01',),
    ),
    'sriovdp-20-sriov-vfs-left-with-zero-node-guid-rdma-and-perftest-fail-operator-now-initializes-guids': Backdrop(
        'sriovdp20-node',
        'A10',
        '550.144.03',
        '2019-10-09T11:30:00Z',
        '2019-10-09T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
