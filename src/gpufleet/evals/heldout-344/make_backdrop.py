"""heldout-public-344's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-344/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except nc11103.narval.calcul.quebec and dgx13, which the evidence prints), bus numbers (01..08 in index order)
and the driver (550.144.03, the same for every case) are stand-ins. No case uses extra: no source quotes an exporter
value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'areal-639-nccl-falls-back-to-socket-instead-of-roce-ib-collectives-4-5x-slower-launcher-nccl-ib-settings': Backdrop(
        'na132-node01',
        'A10',
        '550.144.03',
        '2025-11-27T11:30:00Z',
        '2025-11-27T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'lbann-803-mvapich2-gpu-cuda-support-not-configured-mv2-use-cuda-set-with-non-cuda-aware-mvapich': Backdrop(
        'pascal-node01',
        'A10',
        '550.144.03',
        '2019-01-02T11:30:00Z',
        '2019-01-02T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'mooncake-351-rdma-gpu-memory-registration-failed-expandable-segments-virtual-address-or-peermem-hedged': Backdrop(
        'mooncake-node01',
        'A10',
        '550.144.03',
        '2025-05-26T11:30:00Z',
        '2025-05-26T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'nccltests-166-nccl-internal-error-shm-path-because-nccl-p2p-level-disabled-p2p-on-sxm-nvlink-gpus': Backdrop(
        'sxm-node01',
        'A10',
        '550.144.03',
        '2023-09-21T11:30:00Z',
        '2023-09-21T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'ucx-11057-unused-env-var-warning-for-ib-settings-on-host-without-ib-device-demoted-to-debug-benign': Backdrop(
        'ucx-node01',
        'A10',
        '550.144.03',
        '2025-12-12T11:30:00Z',
        '2025-12-12T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'ompi-11458-openmpi-infiniband-ports-not-used-ucx-message-on-omnipath-psm2-verbs-compiled-in-benign': Backdrop(
        'opa-node01',
        'A10',
        '550.144.03',
        '2023-03-01T11:30:00Z',
        '2023-03-01T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'eessi-216-pmix-psec-munge-component-not-found-warnings-under-srun-not-fatal-munge-build-mismatch-benign': Backdrop(
        'nc11103.narval.calcul.quebec',
        'A10',
        '550.144.03',
        '2025-03-27T11:30:00Z',
        '2025-03-27T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'nccl-1044-libibverbs-couldnt-load-ipathverbs-driver-warning-on-roce-raised-by-libibverbs-not-nccl-benign': Backdrop(
        'roce-node01',
        'A10',
        '550.144.03',
        '2023-10-30T11:30:00Z',
        '2023-10-30T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'nccltests-263-two-node-nvhpc-net-ib-errors-acs-not-disabled-with-gdrdma-and-ib-connection-timeout': Backdrop(
        'nvhpc-node01',
        'A10',
        '550.144.03',
        '2024-11-05T11:30:00Z',
        '2024-11-05T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'mscclpp-467-cumemcreate-fabric-handle-not-permitted-imex-channel-device-missing-mknod-fixed': Backdrop(
        'mscclpp-node01',
        'A10',
        '550.144.03',
        '2025-02-24T11:30:00Z',
        '2025-02-24T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'nvbandwidth-35-multicast-error-on-8-h100-multinode-build-needs-imex-daemon-running-even-on-one-node': Backdrop(
        'h100-node01',
        'A10',
        '550.144.03',
        '2025-03-10T11:30:00Z',
        '2025-03-10T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'dradriver-892-two-computedomains-in-one-nvlink-clique-separate-imex-ensembles-cumemsetaccess-not-supported': Backdrop(
        'nvl-node01',
        'A10',
        '550.144.03',
        '2026-02-25T11:30:00Z',
        '2026-02-25T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'nccltests-260-vms-without-passed-through-nvswitch-cannot-run-nccl-run-fabric-manager-on-hypervisor': Backdrop(
        'h100-host01',
        'A10',
        '550.144.03',
        '2024-10-31T11:30:00Z',
        '2024-10-31T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'ucx-7210-ucx-py-and-dask-tests-segfault-after-ucm-bistro-libcuda-hooks-change-fixed-by-pr-7209': Backdrop(
        'dgx13',
        'A10',
        '550.144.03',
        '2021-08-09T11:30:00Z',
        '2021-08-09T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'picongpu-3483-crash-with-libibverbs-librxe-warning-on-hemera-v100-most-likely-node-failure-warning-aside': Backdrop(
        'hemera-v100-node01',
        'A10',
        '550.144.03',
        '2020-12-23T11:30:00Z',
        '2020-12-23T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'deepep-223-nvshmem-ibrc-neither-nv-peer-mem-nor-nvidia-peermem-detected-module-not-loaded-modprobe-fixed': Backdrop(
        'deepep-node01',
        'A10',
        '550.144.03',
        '2025-06-18T11:30:00Z',
        '2025-06-18T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'deepep-151-nvshmem-peermem-detection-fails-on-driver-550-54-15-no-memory-peers-sysfs-file-merged-fix': Backdrop(
        'h800-node01',
        'A10',
        '550.144.03',
        '2025-05-09T11:30:00Z',
        '2025-05-09T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
