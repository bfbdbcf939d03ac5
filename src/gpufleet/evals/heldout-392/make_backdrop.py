"""heldout-public-392's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-392/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except gpunodev1, compose, translation-1 and SHJS-PF4ZKYLL, which the evidence prints), GPU counts, bus numbers
(01..N in index order) and the driver (550.144.03, the same for every case) are stand-ins. No case uses extra: no
source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'deepep-53-h800-internode-test-nccl-shm-accept-failed-no-space-left-dev-shm-too-small': Backdrop(
        'h800-node-01',
        'A10',
        '550.144.03',
        '2025-03-07T11:30:00Z',
        '2025-03-07T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'ipie-308-multi-gpu-mpi-crash-invalid-permissions-system-ucx-openmpi-point-to-missing-cuda-path': Backdrop(
        'gpu-node-01',
        'A10',
        '550.144.03',
        '2024-06-10T11:30:00Z',
        '2024-06-10T12:10:00Z',
        pci=('01', '02',),
    ),
    'gb25-152-perlmutter-nccl-hang-fixed-by-julia-cuda-use-compat-false-forward-compat-driver': Backdrop(
        'pm-gpu-node',
        'A10',
        '550.144.03',
        '2025-04-04T11:30:00Z',
        '2025-04-04T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'perftest-306-rdma-perftest-fails-in-container-before-nccl-test-wrong-default-gid-index': Backdrop(
        'rdma-node-01',
        'A10',
        '550.144.03',
        '2025-01-15T11:30:00Z',
        '2025-01-15T12:10:00Z',
        pci=('01',),
    ),
    'nccl-551-nccl-init-fails-in-rdma-shared-container-gid-index-not-starting-from-0': Backdrop(
        'gpunodev1',
        'A10',
        '550.144.03',
        '2021-08-13T11:30:00Z',
        '2021-08-13T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'kvikio-33-cufile-internal-error-in-docker-container-run-udev-not-mounted': Backdrop(
        'compose',
        'A10',
        '550.144.03',
        '2022-03-17T11:30:00Z',
        '2022-03-17T12:10:00Z',
        pci=('01',),
    ),
    'kvikio-97-cufile-driver-open-crashes-on-cloud-vms-gds-library-device-mount-assumption-bug': Backdrop(
        'cloud-vm-01',
        'A10',
        '550.144.03',
        '2022-08-01T11:30:00Z',
        '2022-08-01T12:10:00Z',
        pci=('01',),
    ),
    'pytorch-111424-multinode-torchrun-does-not-use-ib-container-lacks-dev-infiniband': Backdrop(
        'slurm-gpu-01',
        'A10',
        '550.144.03',
        '2023-10-19T11:30:00Z',
        '2023-10-19T12:10:00Z',
        pci=('01',),
    ),
    'lightning-2771-horovod-multi-host-speed-drop-hosts-on-different-images-one-without-nccl': Backdrop(
        'translation-1',
        'A10',
        '550.144.03',
        '2020-08-06T11:30:00Z',
        '2020-08-06T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'nccltests-188-socketfinalizeaccept-wrong-type-infiniband-setup-not-working-on-both-nodes': Backdrop(
        'nccl-node-01',
        'A10',
        '550.144.03',
        '2023-12-18T11:30:00Z',
        '2023-12-18T12:10:00Z',
        pci=('01',),
    ),
    'nccl-573-nccl-init-fails-could-not-find-real-path-of-gpu-pci-topology-in-sysfs-wsl2': Backdrop(
        'SHJS-PF4ZKYLL',
        'A10',
        '550.144.03',
        '2024-04-09T11:30:00Z',
        '2024-04-09T12:10:00Z',
        pci=('01',),
    ),
    'nccl-1515-nccl-socketstartconnect-software-caused-connection-abort-gone-after-server-replaced': Backdrop(
        'rank1-server',
        'A10',
        '550.144.03',
        '2024-11-28T11:30:00Z',
        '2024-11-28T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
