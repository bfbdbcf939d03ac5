"""heldout-public-377's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-377/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts, GPU counts, bus numbers (01..N in index order; 03 for ogkm-1252, from the printed GPU ID 0x00000300) and the
driver (550.144.03, the same for every case) are stand-ins. No case uses extra: no source quotes an exporter value
as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'gdc-1-driver-container-reinstall-fails-nvidia-ko-already-exists-stale-module-after-restart': Backdrop(
        'k8s-gpu-node',
        'A10',
        '550.144.03',
        '2023-03-01T11:30:00Z',
        '2023-03-01T12:10:00Z',
        pci=('01',),
    ),
    'gdc-1019-gpudirect-peermem-sidecar-fatal-module-not-found-driver-fast-path-skips-module-load': Backdrop(
        'rdma-gpu-node',
        'A10',
        '550.144.03',
        '2026-09-17T11:30:00Z',
        '2026-09-17T12:10:00Z',
        pci=('01',),
    ),
    'ntk-202-gpu-container-start-driver-rpc-error-timed-out-gpus-in-non-persistence-mode': Backdrop(
        'docker-gpu-host',
        'A10',
        '550.144.03',
        '2024-01-08T11:30:00Z',
        '2024-01-08T12:10:00Z',
        pci=('01',),
    ),
    'ntk-2102-nvidia-container-cli-nvcgo-rpc-timed-out-under-node-cpu-io-pressure-hardcoded-10s-timeout': Backdrop(
        'gpu-host-burst',
        'A10',
        '550.144.03',
        '2026-09-16T11:30:00Z',
        '2026-09-16T12:10:00Z',
        pci=('01',),
    ),
    'nccl-1127-rtx3090-p2p-cannot-be-enabled-fixed-by-downgrading-driver-545-to-535': Backdrop(
        'rtx3090-server',
        'A10',
        '550.144.03',
        '2024-02-22T11:30:00Z',
        '2024-02-22T12:10:00Z',
        pci=('01', '02',),
    ),
    'nccl-2335-vfio-geforce-p2p-maps-private-mirror-nccl-p2p-protocols-hang-in-passthrough-vm': Backdrop(
        'vfio-guest-vm',
        'A10',
        '550.144.03',
        '2026-08-10T11:30:00Z',
        '2026-08-10T12:10:00Z',
        pci=('01', '02',),
    ),
    'nccl-439-a100-hgx-nic-pair-half-bandwidth-both-nics-under-one-pci-link-one-ring-instead-of-two': Backdrop(
        'hgx-a100-amd',
        'A10',
        '550.144.03',
        '2020-12-14T11:30:00Z',
        '2020-12-14T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'ogkm-1252-nvidia-drm-unload-hangs-after-gpu-failure-nvevomakeroom-wait-loop-never-exits': Backdrop(
        'nvdrm-host',
        'A10',
        '550.144.03',
        '2026-07-21T11:30:00Z',
        '2026-07-21T12:10:00Z',
        pci=('03',),
    ),
    'nvsentinel-1358-xid-45-during-dcgm-diag-raised-fatal-health-event-with-no-recommended-action-benign': Backdrop(
        'nvsentinel-node',
        'A10',
        '550.144.03',
        '2026-06-03T11:30:00Z',
        '2026-06-03T12:10:00Z',
        pci=('01',),
    ),
    'nvdocker-583-containers-see-all-host-gpus-cuda-image-launched-without-gpu-resource-request': Backdrop(
        'k8s-gpu-host',
        'A10',
        '550.144.03',
        '2017-12-20T11:30:00Z',
        '2017-12-20T12:10:00Z',
        pci=('01', '02',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
