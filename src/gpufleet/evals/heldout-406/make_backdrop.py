"""heldout-public-406's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-406/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (no evidence prints a usable host name), GPU counts, bus numbers (01..N in index order) and the
driver (550.144.03, the same for every case) are stand-ins. No case uses extra: no source quotes an exporter value
as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'dcgm-88-a100-mig-pcie-prof-metrics-na-expected-for-mig-instances-benign': Backdrop(
        'a100-mig-node',
        'A10',
        '550.144.03',
        '2023-06-30T11:30:00Z',
        '2023-06-30T12:10:00Z',
        pci=('01',),
    ),
    'openr1mm-7-ncclinternalerror-no-socket-interface-found-hardcoded-nccl-socket-ifname-eth0': Backdrop(
        'r1-train-01',
        'A10',
        '550.144.03',
        '2025-02-04T11:30:00Z',
        '2025-02-04T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'nccl-1008-dev-not-found-stale-nccl-graph-file-in-etc-nccl-conf-on-azure-vm': Backdrop(
        'ncv4-vm-01',
        'A10',
        '550.144.03',
        '2023-09-21T11:30:00Z',
        '2023-09-21T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'hami-1479-vllm-tp2-nccl-tcpstore-failure-after-hami-2-7-0-upgrade-works-on-2-6-1': Backdrop(
        'k8s-gpu-hami-01',
        'A10',
        '550.144.03',
        '2025-11-06T11:30:00Z',
        '2025-11-06T12:10:00Z',
        pci=('01', '02',),
    ),
    'volcano-108-vllm-tp2-nccl-failure-outdated-libvgpu-in-volcano-vgpu-device-plugin': Backdrop(
        'k8s-gpu-volcano-01',
        'A10',
        '550.144.03',
        '2026-03-05T11:30:00Z',
        '2026-03-05T12:10:00Z',
        pci=('01', '02',),
    ),
    'nccl-199-nccl-test-hangs-multi-gpu-p2p-very-slow-acs-enabled-on-pcie-switch': Backdrop(
        'dl-workstation-01',
        'A10',
        '550.144.03',
        '2023-01-01T11:30:00Z',
        '2023-01-01T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'horovod-893-horovod-hang-shm-cuda-failure-nccl-2-4-2-known-bug-downgrade-fixes': Backdrop(
        'horovod-node-01',
        'A10',
        '550.144.03',
        '2023-01-01T11:30:00Z',
        '2023-01-01T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'marian-998-vertex-ai-a100-nccl-unhandled-system-error-old-nccl-pci-path-update-nccl': Backdrop(
        'vertex-a100-01',
        'A10',
        '550.144.03',
        '2023-01-01T11:30:00Z',
        '2023-01-01T12:10:00Z',
        pci=('01', '02',),
    ),
    'horovod-904-nccl-error-one-misconfigured-machine-in-cluster-removed': Backdrop(
        'horovod-gpu-07',
        'A10',
        '550.144.03',
        '2019-03-14T11:30:00Z',
        '2019-03-14T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'nccl-596-allgather-data-corruption-one-nvlink-down-ll128-protocol': Backdrop(
        'dgx1-like-01',
        'A10',
        '550.144.03',
        '2021-11-12T11:30:00Z',
        '2021-11-12T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'slrt-28-processgroupnccl-barrier-device-guess-warning-harmless-benign': Backdrop(
        'slrt-train-01',
        'A10',
        '550.144.03',
        '2023-08-19T11:30:00Z',
        '2023-08-19T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'nanoflow-22-peer-access-not-supported-rtx-3090-lacks-p2p': Backdrop(
        'rtx3090-box-01',
        'A10',
        '550.144.03',
        '2024-10-14T11:30:00Z',
        '2024-10-14T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'nvpeermem-94-nv-peer-mem-1-2-build-fails-needs-newer-mlnx-ofed': Backdrop(
        'centos7-gpu-01',
        'A10',
        '550.144.03',
        '2023-01-01T11:30:00Z',
        '2023-01-01T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'horovod-628-nccl-warn-cuda-failure-driver-shutting-down-at-finalization-benign': Backdrop(
        'horovod-train-01',
        'A10',
        '550.144.03',
        '2018-11-15T11:30:00Z',
        '2018-11-15T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
