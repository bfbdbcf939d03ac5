"""heldout-public-347's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-347/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except gpu-2-17, k8s-node1, maestro-3000 and ip-10-1-101-117, which the evidence prints), bus numbers
(01..N in index order) and the driver (550.144.03, the same for every case) are stand-ins. No case uses extra:
no source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'meld-84-openmm-illegal-deviceindex-6-meld-passes-physical-cuda-visible-devices-ids-under-slurm-cons-tres': Backdrop(
        'meld-gpu-node',
        'A10',
        '550.144.03',
        '2021-05-11T11:30:00Z',
        '2021-05-11T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'knet-541-knet-cannot-use-gpu-invalid-device-ordinal-nvml-sees-all-gpus-cudart-honours-cuda-visible-devices': Backdrop(
        'knet-8gpu-node',
        'A10',
        '550.144.03',
        '2020-02-23T11:30:00Z',
        '2020-02-23T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'koord-2185-pod-sees-all-4-p40-gpus-nvidia-visible-devices-all-koordinator-runtime-proxy-device-scheduling': Backdrop(
        'k8s-node1',
        'A10',
        '550.144.03',
        '2024-09-02T11:30:00Z',
        '2024-09-02T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'cbio-188-interactive-pbs-job-on-gpu-2-17-preempted-node-failure-server-could-not-connect-to-mom': Backdrop(
        'gpu-2-17',
        'A10',
        '550.144.03',
        '2014-11-25T11:30:00Z',
        '2014-11-25T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'rcdocs-498-sacct-gres-gpuutil-zero-or-infinite-on-unsupported-gpus-or-old-cuda-expected-benign': Backdrop(
        'blanca-gpu-node',
        'A10',
        '550.144.03',
        '2026-01-06T11:30:00Z',
        '2026-01-06T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'reportseff-19-job-649436-requested-gpu-never-used-gpueff-0-percent-maestro-3000': Backdrop(
        'maestro-3000',
        'A10',
        '550.144.03',
        '2023-01-13T11:30:00Z',
        '2023-01-13T12:10:00Z',
        pci=('01',),
    ),
    'awsome-141-hyperpod-slurm-nodes-drain-pyxis-epilog-fails-enroot-data-dir-permission-denied': Backdrop(
        'ip-10-1-101-117',
        'A10',
        '550.144.03',
        '2024-02-16T11:30:00Z',
        '2024-02-16T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'kai-706-gpu-memory-pods-pending-gb10-unified-memory-gfd-does-not-populate-gpu-memory-label': Backdrop(
        'gb10-node',
        'A10',
        '550.144.03',
        '2025-12-03T11:30:00Z',
        '2025-12-03T12:10:00Z',
        pci=('01',),
    ),
    'nemorl-1577-nightly-jobs-killed-by-idle-job-reaper-request-8-gpus-use-fewer': Backdrop(
        'nemorl-ci-node',
        'A10',
        '550.144.03',
        '2025-11-27T11:30:00Z',
        '2025-11-27T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'nemorl-3184-idle-gpu-reaper-cancels-job-during-ray-init-and-vllm-model-loading-idle-gpus-expected-benign': Backdrop(
        'nemorl-6n8g-node',
        'A10',
        '550.144.03',
        '2026-07-13T11:30:00Z',
        '2026-07-13T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'k8s-54959-gpu-pod-pending-no-scale-up-from-zero-cluster-autoscaler-0-6-lacks-gpu-scale-from-0': Backdrop(
        'gke-gpu-pool-node',
        'A10',
        '550.144.03',
        '2017-11-02T11:30:00Z',
        '2017-11-02T12:10:00Z',
        pci=('01',),
    ),
    'pcookbook-2556-parallelcluster-gpu-health-check-fails-after-dcgm-package-update-pin-dcgm-3-2-6': Backdrop(
        'pcluster-gpu-compute',
        'A10',
        '550.144.03',
        '2023-11-22T11:30:00Z',
        '2023-11-22T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'pcookbook-3183-gpu-health-check-dcgm-diag-unsupported-with-mig-enabled-on-p4d-skip-benign': Backdrop(
        'p4d-mig-node',
        'A10',
        '550.144.03',
        '2026-05-19T11:30:00Z',
        '2026-05-19T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
