"""heldout-public-376's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-376/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except nccl-tests-worker-1, cn626, mr3-509-0708-15-srv, clx-hercules-001 and compute-3-1, which the evidence prints),
GPU counts, bus numbers (01..N in index order) and the driver (550.144.03, the same for every case) are stand-ins.
No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'awsofi-156-efa-nccl-tests-ofi-request-error-prov-err-not-a-directory-security-group-blocks-traffic': Backdrop(
        'nccl-tests-worker-1',
        'A10',
        '550.144.03',
        '2022-11-09T11:30:00Z',
        '2022-11-09T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'charliecloud-142-openmpi-openib-no-relevant-network-interfaces-warning-on-nodes-without-infiniband-benign': Backdrop(
        'cn626',
        'A10',
        '550.144.03',
        '2018-04-12T11:30:00Z',
        '2018-04-12T12:10:00Z',
        pci=('01',),
    ),
    'nccl-210-ncclcomminitrank-hang-socket-creation-failed-address-family-no-ip-interface-on-host': Backdrop(
        'gpu-host',
        'A10',
        '550.144.03',
        '2019-04-20T11:30:00Z',
        '2019-04-20T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'horovod-1408-nccl-connect-refused-retrying-stall-node-setup-blocks-all-but-open-ports': Backdrop(
        'mr3-509-0708-15-srv',
        'A10',
        '550.144.03',
        '2019-09-23T11:30:00Z',
        '2019-09-23T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'opensloth-14-c10d-client-socket-errno-97-address-family-not-supported-ipv6-disabled-by-kernel-params': Backdrop(
        'opensloth-2gpu',
        'A10',
        '550.144.03',
        '2025-07-29T11:30:00Z',
        '2025-07-29T12:10:00Z',
        pci=('01', '02',),
    ),
    'pytorch-150852-nccl-init-nvls-cuda-failure-invalid-argument-on-12-2-driver-fixed-in-nccl-2-26-5': Backdrop(
        'h100-node',
        'A10',
        '550.144.03',
        '2025-04-08T11:30:00Z',
        '2025-04-08T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'aarora-173-p5en-tp8-engine-init-nccl-unhandled-cuda-error-nvls-multicast-bind-cuda-error-401': Backdrop(
        'p5en-node',
        'A10',
        '550.144.03',
        '2026-09-07T11:30:00Z',
        '2026-09-07T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'pytorch-150532-torchrun-c10d-rendezvous-hang-hostnames-resolvable-only-locally-getfqdn': Backdrop(
        'train-node-0',
        'A10',
        '550.144.03',
        '2025-04-02T11:30:00Z',
        '2025-04-02T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'nccl-1442-aws-p5-nvls-allreduce-480-gbps-vs-900-gbps-nvlink-spec-is-both-directions-wire-rate-benign': Backdrop(
        'p5-node',
        'A10',
        '550.144.03',
        '2024-09-12T11:30:00Z',
        '2024-09-12T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'nccltests-366-b300-nvls-allreduce-algbw-below-nvlink-rate-advertised-900gbps-is-raw-line-rate-benign': Backdrop(
        'b300-node',
        'A10',
        '550.144.03',
        '2026-01-09T11:30:00Z',
        '2026-01-09T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'mooncake-3596-roce-port-flap-rdma-qps-never-rebuilt-post-recovery-transfers-5x-slower-20s-timeouts': Backdrop(
        'pd-node',
        'A10',
        '550.144.03',
        '2026-08-23T11:30:00Z',
        '2026-08-23T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'ucx-1878-ucx-endpoint-timeout-transport-retry-counter-exceeded-on-roce-with-gid-index-0': Backdrop(
        'clx-hercules-001',
        'A10',
        '550.144.03',
        '2017-10-01T11:30:00Z',
        '2017-10-01T12:10:00Z',
        pci=('01',),
    ),
    'nvpeer-8-nv-peer-mem-modprobe-invalid-argument-gpudirect-rdma-module-built-for-wrong-kernel': Backdrop(
        'gdr-host',
        'A10',
        '550.144.03',
        '2016-10-20T11:30:00Z',
        '2016-10-20T12:10:00Z',
        pci=('01',),
    ),
    'nixl-927-gb300-cuda13-vram-to-dram-nixl-transfers-fail-ucx-cannot-find-remote-protocol-ucx-pin': Backdrop(
        'gb300-node',
        'A10',
        '550.144.03',
        '2025-10-20T11:30:00Z',
        '2025-10-20T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'ompi-5964-no-infiniband-transport-on-connectx3-cluster-broken-mofed-install-rebuilt-rpms': Backdrop(
        'compute-3-1',
        'A10',
        '550.144.03',
        '2018-10-23T11:30:00Z',
        '2018-10-23T12:10:00Z',
        pci=('01',),
    ),
    'azhpc-119-ib-failure-mlx5-ib-module-from-kernel-not-part-of-mlnx-ofed-openibd-force': Backdrop(
        'hpc-vm',
        'A10',
        '550.144.03',
        '2022-01-11T11:30:00Z',
        '2022-01-11T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'deepep-361-h20-internode-rdma-and-nvl-bandwidth-halved-after-deepep-pr-245-bisected': Backdrop(
        'h20-node',
        'A10',
        '550.144.03',
        '2025-08-15T11:30:00Z',
        '2025-08-15T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'gpud-906-fabric-manager-not-active-on-a10-without-nvswitch-check-skipped-benign': Backdrop(
        'a10-node',
        'A10',
        '550.144.03',
        '2025-06-05T11:30:00Z',
        '2025-06-05T12:10:00Z',
        pci=('01',),
    ),
    'sonic-4223-rdma-pfc-lossy-test-rx-drops-lag-member-cable-length-0m-no-buffer-profile': Backdrop(
        'rdma-testbed',
        'A10',
        '550.144.03',
        '2021-09-09T11:30:00Z',
        '2021-09-09T12:10:00Z',
        pci=('01',),
    ),
    'nccl-2428-silent-hang-heterogeneous-rdma-hca-sets-erdma1-not-openable-ignore-net-mismatch': Backdrop(
        'h20-node-b',
        'A10',
        '550.144.03',
        '2026-09-21T11:30:00Z',
        '2026-09-21T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
