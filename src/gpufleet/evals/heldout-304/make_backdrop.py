"""heldout-public-304's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-304/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except jazz09 and linux-mi35x-gpu-8.fabric, which the evidence prints), bus numbers (01..N in index order;
the three buses of nccl-68 as its device lines print them) and the driver (550.144.03, the same for every case)
are stand-ins. No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'triton-distributed-97-nvshmem-uid-bootstrap-on-missing-eth0-set-bootstrap-sock-ifname': Backdrop(
        'tdist-node01',
        'A10',
        '550.144.03',
        '2025-08-15T11:30:00Z',
        '2025-08-15T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'deepep-150-internode-test-signal-11-wrong-nvshmem-installed-on-host': Backdrop(
        'h20-node01',
        'A10',
        '550.144.03',
        '2025-05-08T11:30:00Z',
        '2025-05-08T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'openmpi-feedstock-203-openmpi-5-0-8-build-103-built-without-cuda-support': Backdrop(
        'ompi-cuda-host01',
        'A10',
        '550.144.03',
        '2025-08-11T11:30:00Z',
        '2025-08-11T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'nccl-718-k8s-pods-with-different-gid-index-ibv-modify-qp-no-such-device': Backdrop(
        'k8s-gpu-node01',
        'A10',
        '550.144.03',
        '2022-08-31T11:30:00Z',
        '2022-08-31T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'sglang-29127-faulty-rdma-nic-rdma5-transport-retry-counter-exceeded-kv-transfer-timeout': Backdrop(
        'linux-mi35x-gpu-8.fabric',
        'A10',
        '550.144.03',
        '2026-06-24T11:30:00Z',
        '2026-06-24T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'nccl-1939-gpudirect-rdma-disabled-peermem-loaded-not-registered-fixed-by-ubuntu-22-04': Backdrop(
        'ubuntu2404-gpu01',
        'A10',
        '550.144.03',
        '2025-12-12T11:30:00Z',
        '2025-12-12T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'nccl-tests-374-perftest-conflicting-cpu-frequency-warning-ignored-benign': Backdrop(
        'perftest-node01',
        'A10',
        '550.144.03',
        '2026-03-23T11:30:00Z',
        '2026-03-23T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'ucx-4911-false-ucx-warn-unused-env-variables-used-by-another-context-benign': Backdrop(
        'jazz09',
        'A10',
        '550.144.03',
        '2020-03-19T13:45:03Z',
        '2020-03-19T14:25:03Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'ucx-py-798-ucx-memtype-cache-unused-env-warning-on-ucx-1-12-not-needed-benign': Backdrop(
        'dgx-node01',
        'A10',
        '550.144.03',
        '2021-10-20T11:30:00Z',
        '2021-10-20T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'nccl-68-no-p2p-copies-in-nvprof-nccl-uses-p2p-through-kernels-benign': Backdrop(
        'titanx-ws01',
        'A10',
        '550.144.03',
        '2017-02-07T11:30:00Z',
        '2017-02-07T12:10:00Z',
        pci=('01', '02', '03',),
    ),
    'gds-nvidia-fs-87-nvidia-fs-v1-symbol-vs-doca-ofed-nvme-v2-silent-compat-mode-fallback': Backdrop(
        'oci-b200-node01',
        'A10',
        '550.144.03',
        '2026-08-31T11:30:00Z',
        '2026-08-31T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'megatron-bridge-2824-nemo-26-02-container-libibverbs-conflict-ofi-plugin-fails-socket-fallback': Backdrop(
        'aws-h100-node01',
        'A10',
        '550.144.03',
        '2026-03-16T11:30:00Z',
        '2026-03-16T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'torchcomms-2808-cross-socket-cpu-buffer-rdma-collapses-inter-socket-link-numa-local-nics': Backdrop(
        'rdma-host01',
        'A10',
        '550.144.03',
        '2026-06-05T11:30:00Z',
        '2026-06-05T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'pytorch-76069-multi-node-init-process-group-hangs-localhost-rendezvous-and-per-node-ports': Backdrop(
        'hpc-gpu-node01',
        'A10',
        '550.144.03',
        '2022-04-19T11:30:00Z',
        '2022-04-19T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'horovod-759-docker-image-without-libibverbs-nccl-cannot-find-libibverbs-so': Backdrop(
        'hvd-docker-node01',
        'A10',
        '550.144.03',
        '2019-01-15T11:30:00Z',
        '2019-01-15T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'nccl-tests-206-ibv-reg-mr-iova2-cannot-allocate-memory-ulimit-l-8192-memlock-limit': Backdrop(
        'ib-test-node01',
        'A10',
        '550.144.03',
        '2024-04-18T11:30:00Z',
        '2024-04-18T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
