"""heldout-public-320's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-320/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts are stand-ins except rock06, 25a-hgpn206, test-macvlan-pod-2 and llama-3-8b-raycluster-zqvtd-gpu-group-worker-cl2ns,
which the evidence prints; bus numbers are 01..N in index order (stand-ins) except vllm-13052, whose NCCL busId 70 is
shown as 00:07; the driver (550.144.03) is the same stand-in for every case. No case uses extra: no source quotes an
exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'rccl-328-two-node-rccl-unhandled-system-error-fixed-by-nccl-socket-ifname-eth0': Backdrop(
        'rccl-node01',
        'A10',
        '550.144.03',
        '2021-03-15T11:30:00Z',
        '2021-03-15T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'nccl-697-two-node-ncclsystemerror-socket-transport-over-docker-bridges-fixed-by-nccl-socket-ifname-bond0': Backdrop(
        'nccl697-node01',
        'A10',
        '550.144.03',
        '2022-06-29T11:30:00Z',
        '2022-06-29T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'ucx-10606-ucx-error-cumemfree-failed-at-cleanup-after-cuda-context-reset-benign-log-level': Backdrop(
        'ucx-gpu-node01',
        'A10',
        '550.144.03',
        '2025-04-04T11:30:00Z',
        '2025-04-04T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'ucx-10004-ucx-error-cumemcreate-operation-not-permitted-logged-by-fabric-allocation-probe-benign': Backdrop(
        'rock06',
        'A10',
        '550.144.03',
        '2024-07-10T11:08:09Z',
        '2024-07-10T11:48:09Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'grid-326-ucx-fails-on-certain-gpus-ucx-outsmarting-itself-unless-cuda-runtime-shared': Backdrop(
        'juelich-gpu01',
        'A10',
        '550.144.03',
        '2020-11-16T11:30:00Z',
        '2020-11-16T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'deepep-82-roce-internode-bandwidth-far-below-infiniband-ecmp-routing-static-routing-suggested': Backdrop(
        'deepep-h100-01',
        'A10',
        '550.144.03',
        '2025-03-26T11:30:00Z',
        '2025-03-26T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'nccl-1526-mixed-mellanox-broadcom-roce-vendor-err-fixed-by-nic-ip-remap-and-gid-index-3': Backdrop(
        'dgx-h100-01',
        'A10',
        '550.144.03',
        '2024-11-28T11:30:00Z',
        '2024-11-28T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'aws-ofi-nccl-20-efa-unable-to-write-to-eq-with-forked-dataloaders-libfabric-fix-released': Backdrop(
        'efa-node01',
        'A10',
        '550.144.03',
        '2019-08-02T11:30:00Z',
        '2019-08-02T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'megatron-bridge-5006-h20-two-node-rdma-hang-before-first-step-forked-dataloader-workers': Backdrop(
        'h20-node01',
        'A10',
        '550.144.03',
        '2026-07-22T11:30:00Z',
        '2026-07-22T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'vllm-13052-ray-multi-node-vllm-nccl-check-fails-on-0-7-x-fixed-by-downgrading-to-0-6-4': Backdrop(
        'llama-3-8b-raycluster-zqvtd-gpu-group-worker-cl2ns',
        'A10',
        '550.144.03',
        '2025-02-11T11:30:00Z',
        '2025-02-11T12:10:00Z',
        pci=('00:07',),
    ),
    'nccl-1573-k8s-macvlan-pods-sparse-gid-table-ncclibrocegetversionnum-read-failed-connection-abort': Backdrop(
        'test-macvlan-pod-2',
        'A10',
        '550.144.03',
        '2025-01-10T11:30:00Z',
        '2025-01-10T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'mpi-operator-407-mpijob-launcher-cannot-reach-kube-api-istio-sidecar-blocks-init-container': Backdrop(
        'mpijob-node01',
        'A10',
        '550.144.03',
        '2021-08-18T11:30:00Z',
        '2021-08-18T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'infra-controller-3624-dgx-h100-ib-port-down-1-of-9-extra-port-set-to-infiniband-instead-of-ethernet': Backdrop(
        'dgx-h100-host01',
        'A10',
        '550.144.03',
        '2026-07-16T11:30:00Z',
        '2026-07-16T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'infra-controller-4762-ib-port-down-alert-while-host-reports-port-active-fabric-state-ingestion-mismatch-benign': Backdrop(
        'cx7-host01',
        'A10',
        '550.144.03',
        '2026-08-10T11:30:00Z',
        '2026-08-10T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'nvsentinel-1361-nic-monitor-false-fatal-replace-vm-for-intentionally-disabled-aux-port-oci-h100-benign': Backdrop(
        'oci-bm-gpu-h100-01',
        'A10',
        '550.144.03',
        '2026-06-04T11:30:00Z',
        '2026-06-04T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'nvshmem-82-ibrc-hang-hardcoded-pkey-index-0-default-pkey-not-at-index-0-fixed-in-3-7-0': Backdrop(
        'nvshmem-node01',
        'A10',
        '550.144.03',
        '2026-04-21T11:30:00Z',
        '2026-04-21T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'gpud-295-infiniband-not-enough-linkup-ports-alert-from-default-expected-ports-benign': Backdrop(
        'gpud-node01',
        'A10',
        '550.144.03',
        '2025-01-14T11:30:00Z',
        '2025-01-14T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'nv-peer-memory-79-nv-peer-mem-unknown-symbol-ib-register-peer-memory-client-fixed-by-reinstalling-mofed': Backdrop(
        'nvpeer-node01',
        'A10',
        '550.144.03',
        '2020-11-25T11:30:00Z',
        '2020-11-25T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'ucx-3776-osu-latency-cuda-buffers-segfault-ucx-tls-rc-gdr-copy-without-cuda-copy-invalid-config': Backdrop(
        'host1',
        'A10',
        '550.144.03',
        '2019-06-26T11:30:00Z',
        '2019-06-26T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'kubeflow-3935-distributed-tfjob-pod-fails-before-istio-sidecar-ready-readiness-15020': Backdrop(
        'tfjob-node01',
        'A10',
        '550.144.03',
        '2019-08-19T11:30:00Z',
        '2019-08-19T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
