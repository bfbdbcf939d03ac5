"""heldout-public-353's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-353/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description).
Host names are stand-ins except k8s-usra-01, compute172 and SH-IDC1-10-198-34-101, which the evidence prints;
bus numbers are 01..N in index order except where the evidence prints them (01/81 for kubevirt-21, 82 for
kubevirt-42, a3 for the printed GPU of gpuadmin-7); the driver (550.144.03) is the same stand-in for every case.
No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'cnd-241-gpu-operator-troubleshooting-nouveau-loaded-msi-x-failure-pods-stuck-init': Backdrop(
        'vgpu-node01',
        'A10',
        '550.144.03',
        '2025-09-10T11:30:00Z',
        '2025-09-10T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'kubevirt-21-a40-not-in-pci-ids-device-plugin-cannot-name-device-2235-registration-fixed': Backdrop(
        'k8s-usra-01',
        'A10',
        '550.144.03',
        '2021-07-09T11:30:00Z',
        '2021-07-09T12:10:00Z',
        pci=('01', '81',),
    ),
    'kubevirt-106-h100-advertised-as-wireless-cardbus-adapter-pci-ids-name-collision-old-plugin': Backdrop(
        'h100-vm-node01',
        'A10',
        '550.144.03',
        '2024-06-04T11:30:00Z',
        '2024-06-04T12:10:00Z',
        pci=('01', '02',),
    ),
    'kubevirt-42-rtx2060-advertised-as-sas-raid-controller-pci-ids-lookup-wrong-device-name': Backdrop(
        'compute172',
        'A10',
        '550.144.03',
        '2022-05-18T11:30:00Z',
        '2022-05-18T12:10:00Z',
        pci=('82',),
    ),
    'gonvlib-110-b300-missing-from-pci-ids-sandbox-device-plugin-advertises-unknown-device': Backdrop(
        'b300-node01',
        'A10',
        '550.144.03',
        '2026-07-31T11:30:00Z',
        '2026-07-31T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'gpuallocator-66-broken-gpus-on-node-make-topology-computation-fail-for-healthy-gpus': Backdrop(
        'gpu-node01',
        'A10',
        '550.144.03',
        '2026-05-18T11:30:00Z',
        '2026-05-18T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'gpuadmin-7-h100-a3-00-unexpected-cc-state-0x2-interrupted-tool-invocation-set-cc-mode': Backdrop(
        'h100-cc-node01',
        'A10',
        '550.144.03',
        '2024-12-09T11:30:00Z',
        '2024-12-09T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'a3', 'ba', 'db',),
    ),
    'k8sdp-796-gfd-labels-vanish-for-a-minute-on-restart-gpu-count-alert-false-positive-benign': Backdrop(
        'gpu-node01',
        'A10',
        '550.144.03',
        '2024-07-01T11:30:00Z',
        '2024-07-01T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'nvdocker-737-driver-upgraded-existing-containers-nvml-driver-library-version-mismatch': Backdrop(
        'docker-gpu01',
        'A10',
        '550.144.03',
        '2018-05-16T11:30:00Z',
        '2018-05-16T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'nccltests-153-h800-busbw-161gbps-above-100g-nic-rate-nvls-intra-node-aggregation-benign': Backdrop(
        'h800-node01',
        'A10',
        '550.144.03',
        '2023-07-10T11:30:00Z',
        '2023-07-10T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'nccltests-128-reduce-scatter-busbw-depends-on-gpus-only-one-nic-mlx5-0-usable-gdr-near-gpu0-1': Backdrop(
        'SH-IDC1-10-198-34-101',
        'A10',
        '550.144.03',
        '2023-02-02T11:30:00Z',
        '2023-02-02T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'nccl-1603-4x4090-p2p-alltoall-busbw-drops-18-to-2-cpu-root-complex-poor-pci-switch': Backdrop(
        'rtx4090-node01',
        'A10',
        '550.144.03',
        '2025-02-12T11:30:00Z',
        '2025-02-12T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'nccltests-212-h100-allreduce-250gbs-vs-450gbs-claim-line-rate-nvls-expected-benign': Backdrop(
        'h100-node01',
        'A10',
        '550.144.03',
        '2024-05-06T11:30:00Z',
        '2024-05-06T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'nccl-1576-two-node-tree-allreduce-busbw-exceeds-nic-limit-calculation-artifact-benign': Backdrop(
        'gpu-node01',
        'A10',
        '550.144.03',
        '2025-01-16T11:30:00Z',
        '2025-01-16T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'cnd-372-gpu-operator-known-issue-nvidia-peermem-fails-restart-kernel-state-not-cleared-force-reinstall': Backdrop(
        'gpu-rdma-node01',
        'A10',
        '550.144.03',
        '2026-04-03T11:30:00Z',
        '2026-04-03T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'nvsentinel-1574-dcgm-probe-hangs-node-stays-ready-exporter-up-zero-driver-wedge-or-dcgm-deadlock': Backdrop(
        'gpu-node01',
        'A10',
        '550.144.03',
        '2026-08-07T11:30:00Z',
        '2026-08-07T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'k8sdp-240-mig-reconfigured-device-plugin-keeps-stale-allocatable-pods-requesting-gpu-never-run': Backdrop(
        'a100-mig-node01',
        'A10',
        '550.144.03',
        '2021-04-19T11:30:00Z',
        '2021-04-19T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'nvbandwidth-13-rtx2080ti-device-to-device-test-waived-p2p-mapping-unsupported-benign': Backdrop(
        'rtx2080ti-node01',
        'A10',
        '550.144.03',
        '2023-12-05T11:30:00Z',
        '2023-12-05T12:10:00Z',
        pci=('01', '02',),
    ),
    'gdc-908-driver-container-running-while-fabric-manager-failed-nvswitch-gpus-unusable-fail-fast': Backdrop(
        'hgx-node01',
        'A10',
        '550.144.03',
        '2026-08-05T11:30:00Z',
        '2026-08-05T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'nvctk-735-cdi-generate-fails-libcuda-not-found-driver-libs-outside-standard-paths-library-search-path': Backdrop(
        'gpu-node01',
        'A10',
        '550.144.03',
        '2024-10-11T11:30:00Z',
        '2024-10-11T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
