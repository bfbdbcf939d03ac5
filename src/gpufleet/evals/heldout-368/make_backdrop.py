"""heldout-public-368's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-368/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except node01, which the evidence prints), GPU counts, bus numbers (01..N in index order) and the
driver (550.144.03, the same for every case) are stand-ins. No case uses extra: no source quotes an exporter value
as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'automodel-2614-deepep-internode-dispatch-hang-nvshmem-device-host-version-mismatch-in-image': Backdrop(
        'moe-node-01',
        'A10',
        '550.144.03',
        '2026-06-17T11:30:00Z',
        '2026-06-17T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'dspark-38-tp2-handshake-hang-retry-exc-err-second-nic-mtu-reset-to-1500-after-firmware-reboot': Backdrop(
        'gb10-node-b',
        'A10',
        '550.144.03',
        '2026-08-21T11:30:00Z',
        '2026-08-21T12:10:00Z',
        pci=('01',),
    ),
    'glm53-6-nccl-unhandled-system-error-one-rank-stale-nccl-ib-gid-index-pin-after-reboot': Backdrop(
        'gx10-node-4',
        'A10',
        '550.144.03',
        '2026-09-02T11:30:00Z',
        '2026-09-02T12:10:00Z',
        pci=('01',),
    ),
    'awsdoeks-69-gloo-connectfullmesh-refused-ranks-advertise-loopback-under-hostnetwork-crashloop': Backdrop(
        'p6-b200-node-1',
        'A10',
        '550.144.03',
        '2026-08-15T11:30:00Z',
        '2026-08-15T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'vllm-6610-pipeline-parallel-no-speedup-after-doubling-bandwidth-misunderstanding-of-pipeline-parallelism-benign': Backdrop(
        'pp-node-2',
        'A10',
        '550.144.03',
        '2024-07-20T11:30:00Z',
        '2024-07-20T12:10:00Z',
        pci=('01',),
    ),
    'primerl-1599-multi-node-training-0-2-percent-mfu-nccl-tcp-sockets-libibverbs-missing-in-container': Backdrop(
        'mk8s-gpu-node-1',
        'A10',
        '550.144.03',
        '2026-01-15T11:30:00Z',
        '2026-01-15T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'horovod-1117-nccl-uses-tcp-not-rdma-no-userspace-device-specific-driver-libmlx5-missing-in-image': Backdrop(
        'horovod-worker-0',
        'A10',
        '550.144.03',
        '2019-06-02T11:30:00Z',
        '2019-06-02T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'ucx-11955-rc-verbs-roce-lag-bond-bandwidth-collapse-after-ucx-ece-default-change-regression': Backdrop(
        'roce-lag-host-1',
        'A10',
        '550.144.03',
        '2026-09-16T11:30:00Z',
        '2026-09-16T12:10:00Z',
        pci=('01',),
    ),
    'nccl-913-ncclcomminitrank-hang-docker-bridge-veth-interface-selected-for-bootstrap': Backdrop(
        'nccl-host-1',
        'A10',
        '550.144.03',
        '2023-07-11T11:30:00Z',
        '2023-07-11T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'llmkube-1423-connectx7-qsfp-link-measures-about-109-gbps-per-port-pcie-gen5-x4-by-design-benign': Backdrop(
        'spark-a',
        'A10',
        '550.144.03',
        '2026-08-12T11:30:00Z',
        '2026-08-12T12:10:00Z',
        pci=('01',),
    ),
    'gitcode-86e4dc-vllm-two-node-v100-nccl-unhandled-system-error-pinned-gid-index-0-container-gid-issue-nccl-upgrade': Backdrop(
        'vllm-v100-node-1',
        'A10',
        '550.144.03',
        '2025-06-19T11:30:00Z',
        '2025-06-19T12:10:00Z',
        pci=('01',),
    ),
    'traininggym-131-fatal-nccl-init-cuda-error-401-nvls-multicast-bind-broken-fabric-manager-nvswitch-state': Backdrop(
        'nvswitch-host-1',
        'A10',
        '550.144.03',
        '2026-06-11T11:30:00Z',
        '2026-06-11T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'nodeexporter-3434-mlx5-cmd-out-err-access-reg-kernel-spam-exporter-reading-fabric-manager-limited-pfs-benign': Backdrop(
        'hgx-fm-host-1',
        'A10',
        '550.144.03',
        '2025-10-02T11:30:00Z',
        '2025-10-02T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'ucx-7349-ucx-warn-ib-async-event-client-reregistration-demoted-to-diagnostic-benign': Backdrop(
        'node01',
        'A10',
        '550.144.03',
        '2021-09-06T11:30:00Z',
        '2021-09-06T12:10:00Z',
        pci=('01',),
    ),
    'miaai-qwen-3-sglang-tp2-freeze-after-nccl-init-zeromq-messagequeue-advertises-wifi-address': Backdrop(
        'spark-head',
        'A10',
        '550.144.03',
        '2026-08-27T11:30:00Z',
        '2026-08-27T12:10:00Z',
        pci=('01',),
    ),
    'ucx-11048-gpudirect-rdma-over-broadcom-roce-only-works-for-gpus-near-the-nic-numa-phb-topology': Backdrop(
        'broadcom-roce-host',
        'A10',
        '550.144.03',
        '2026-01-05T11:30:00Z',
        '2026-01-05T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'omnia-423-double-subnet-manager-instances-on-infiniband-cluster-switch-and-server-sm': Backdrop(
        'omnia-control',
        'A10',
        '550.144.03',
        '2021-07-16T11:30:00Z',
        '2021-07-16T12:10:00Z',
        pci=('01',),
    ),
    'kftrainer-1637-pytorchjob-init-process-group-hang-istio-sidecar-injected-into-training-pods': Backdrop(
        'kf-worker-node-1',
        'A10',
        '550.144.03',
        '2022-07-19T11:30:00Z',
        '2022-07-19T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
