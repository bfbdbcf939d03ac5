"""heldout-public-384's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-384/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except swat1-04, pkrvm226m165fgz and carbon, which the evidence prints), GPU counts, bus numbers (01..N in index
order) and the driver (550.144.03, the same for every case) are stand-ins. No case uses extra: no source quotes an
exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'aicr-420-gke-tcpxo-daemon-sees-7-of-8-gpus-extra-gvnic-network-occupies-gpu-nic-pci-slot': Backdrop(
        'gke-a3-gpu-node',
        'A10',
        '550.144.03',
        '2026-03-17T11:30:00Z',
        '2026-03-17T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'azhpc-51-nc24rs-v3-ib0-not-available-ibstatus-sys-files-not-found-mlnx-ofed-missing': Backdrop(
        'pkrvm226m165fgz',
        'A10',
        '550.144.03',
        '2021-02-18T11:30:00Z',
        '2021-02-18T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'azuredocs-39066-azure-rdma-connectivity-lost-after-nvidia-driver-update-reinstall-rdma-drivers': Backdrop(
        'azure-hpc-vm',
        'A10',
        '550.144.03',
        '2019-10-07T11:30:00Z',
        '2019-10-07T12:10:00Z',
        pci=('01',),
    ),
    'dask-3213-ucx-error-send-bad-file-descriptor-at-shutdown-connection-errors-ignored-benign': Backdrop(
        'carbon',
        'A10',
        '550.144.03',
        '2019-11-08T11:30:00Z',
        '2019-11-08T12:10:00Z',
        pci=('01',),
    ),
    'gds-57-gpudirect-storage-gdsio-write-io-failed-via-cpu-root-complex-nic-needs-iommu-off-or-pt': Backdrop(
        'xe9680-node',
        'A10',
        '550.144.03',
        '2025-04-08T11:30:00Z',
        '2025-04-08T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'nccl-1000-fsdp-on-2-dgx-a100-containers-fails-at-nccl-bootstrap-wrong-socket-interface': Backdrop(
        'dgx-a100-node',
        'A10',
        '550.144.03',
        '2023-09-19T11:30:00Z',
        '2023-09-19T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'nccl-1412-low-internode-ib-busbw-33gbps-gpudirect-rdma-not-enabled-nvidia-peermem': Backdrop(
        'swat1-04',
        'A10',
        '550.144.03',
        '2024-08-26T11:30:00Z',
        '2024-08-26T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'nccl-743-megatron-bert-multinode-stuck-amd-host-ib-gpudirect-rdma-broken-by-iommu-setting': Backdrop(
        'amd-ib-node',
        'A10',
        '550.144.03',
        '2022-10-31T11:30:00Z',
        '2022-10-31T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'nccltests-36-azure-nc24rs-v3-all-reduce-fails-across-2-vms-different-ib-partition-keys': Backdrop(
        'azure-nc24rs-v3-vm',
        'A10',
        '550.144.03',
        '2020-02-27T11:30:00Z',
        '2020-02-27T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'nhc-111-check-hw-ib-reports-ofed-version-mismatch-when-adapter-removed-for-hardware-testing-benign': Backdrop(
        'nifl-compute-node',
        'A10',
        '550.144.03',
        '2022-02-01T11:30:00Z',
        '2022-02-01T12:10:00Z',
        pci=('01',),
    ),
    'ompi-13722-btl-tcp-unable-to-find-reachable-pairing-warnings-on-single-node-test-runs-benign': Backdrop(
        'debian-build-node',
        'A10',
        '550.144.03',
        '2026-02-09T11:30:00Z',
        '2026-02-09T12:10:00Z',
        pci=('01',),
    ),
    'ompi-7009-ucx-errors-over-2-nodes-vm-unmap-warning-known-issue-ucx-1-6-0-in-mlnx-ofed-4-6': Backdrop(
        'rocks-compute-node',
        'A10',
        '550.144.03',
        '2019-09-25T11:30:00Z',
        '2019-09-25T12:10:00Z',
        pci=('01',),
    ),
    'picongpu-4288-juwels-booster-ucx-transport-retry-count-exceeded-under-heavy-network-load': Backdrop(
        'juwels-booster-node',
        'A10',
        '550.144.03',
        '2022-09-06T11:30:00Z',
        '2022-09-06T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'pplxgarden-3-dma-buf-gpudirect-rdma-fails-eprotonosupport-on-linux-5-10-rdma-stack': Backdrop(
        'linux-510-gpu-node',
        'A10',
        '550.144.03',
        '2025-11-20T11:30:00Z',
        '2025-11-20T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
