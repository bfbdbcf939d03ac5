"""heldout-public-206's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-206/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Hosts, bus numbers and most drivers are stand-ins (see each case's description); GPUs outside the SKU list are shown
as A10. No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'gpuoperator1361-a100-k8s-containers-stuck-pending-after-driver-560-to-570-upgrade-driver-bug': Backdrop(
        'k8s-a100x8-node',
        'A100',
        '570.124.06',
        '2025-03-24T11:30:00Z',
        '2025-03-24T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'hyperpod-slurm-deep-health-check-maintenance-reservation-nodes-unschedulable-by-design': Backdrop(
        'hyperpod-slurm-gpu-node',
        'H100',
        '550.127.08',
        '2025-06-02T11:30:00Z',
        '2025-06-02T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'hyperpod-eks-node-health-status-unschedulable-while-deep-health-checks-run': Backdrop(
        'hyperpod-eks-gpu-node',
        'H100',
        '550.127.08',
        '2025-06-09T11:30:00Z',
        '2025-06-09T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'omnia-k8s-nvidia-device-plugin-containercreating-no-runtime-nvidia-toolkit-not-installed': Backdrop(
        'omnia-k8s-gpu-node',
        'A10',
        '535.183.01',
        '2024-12-19T11:30:00Z',
        '2024-12-19T12:10:00Z',
        pci=('17', '65', 'ca', 'e3'),
    ),
    'sheffield-stanage-bessemer-gpu-nodes-drained-for-staggered-driver-550-127-05-update': Backdrop(
        'stanage-gpu-a100-node',
        'A100',
        '550.90.12',
        '2024-11-04T11:30:00Z',
        '2024-11-04T12:10:00Z',
        pci=('17', '65', 'ca', 'e3'),
    ),
    'quda527-jureca-multi-gpu-jobs-fail-bug-in-gpu-access-jail-fix-gpu-jail-workaround': Backdrop(
        'jureca-gpu-node',
        'A10',
        '375.39',
        '2017-02-24T11:30:00Z',
        '2017-02-24T12:10:00Z',
        pci=('04', '05', '84', '85'),
    ),
    'daskcloudprovider393-gcp-t4-vm-bootstrap-driver-installed-not-loaded-nvml-driver-not-loaded': Backdrop(
        'gcp-n1-standard-8-t4-worker',
        'A10',
        '515.86.01',
        '2022-12-01T11:30:00Z',
        '2022-12-01T12:10:00Z',
        pci=('04',),
    ),
    'dataproc-init-actions933-gcp-dataproc-gpu-driver-install-fails-secure-boot-unsigned-module': Backdrop(
        'dataproc-gpu-worker',
        'A10',
        '460.73.01',
        '2021-09-17T11:30:00Z',
        '2021-09-17T12:10:00Z',
        pci=('04',),
    ),
    'gpudrivercontainer8-openstack-magnum-fcos-driver-container-fails-kernel-headers-do-not-exist': Backdrop(
        'magnum-fcos-gpu-worker',
        'A10',
        '535.183.06',
        '2024-08-12T11:30:00Z',
        '2024-08-12T12:10:00Z',
        pci=('05',),
    ),
    'k8s44438-gpu-pod-fails-outof-nvidia-gpu-instead-of-pending-when-all-gpus-in-use': Backdrop(
        'k8s-gpu-node',
        'A10',
        '375.51',
        '2017-04-14T11:30:00Z',
        '2017-04-14T12:10:00Z',
        pci=('04', '05', '84', '85'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
