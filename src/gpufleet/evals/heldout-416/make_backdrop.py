"""heldout-public-416's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-416/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, named by the source only through the cloud instance type, is in each
description); hosts, GPU counts, bus numbers (01..N in index order; for the p3.16xlarge case 00:17..00:1e, the first three as its
nvidia-smi table prints them) and the driver (550.144.03, the same for every case) are stand-ins. No case uses extra: no source
quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'ciinfra-542-a100-karpenter-nodepool-provisions-zero-nodes-p4de-not-offered-in-region': Backdrop(
        'a100-runner-pool',
        'A10',
        '550.144.03',
        '2026-05-07T11:30:00Z',
        '2026-05-07T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'parsec-82-azure-ncas-t4-v3-gpu-unusable-after-driver-install-grid-driver-required': Backdrop(
        'azure-nc4as-t4-vm',
        'A10',
        '550.144.03',
        '2021-08-24T11:30:00Z',
        '2021-08-24T12:10:00Z',
        pci=('01',),
    ),
    'isaac-40-aws-g5-2xlarge-rtx-driver-verification-failed-driver-535-too-old-for-image': Backdrop(
        'g5-2xlarge-isaac',
        'A10',
        '550.144.03',
        '2025-09-13T15:16:36Z',
        '2025-09-13T15:56:36Z',
        pci=('01',),
    ),
    'smsdk-6141-sagemaker-g4dn-t4-cannotstartcontainer-cuda12-lmi-container-needs-newer-gpu': Backdrop(
        'sagemaker-g4dn-xlarge',
        'A10',
        '550.144.03',
        '2026-07-31T11:30:00Z',
        '2026-07-31T12:10:00Z',
        pci=('01',),
    ),
    'pccookbook-2803-g6-l4-gpu-health-check-pci-width-x8-by-design-benign': Backdrop(
        'g6-compute-01',
        'A10',
        '550.144.03',
        '2024-09-10T11:30:00Z',
        '2024-09-10T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'whisper-2697-g6-xlarge-build-hangs-then-kills-server-swap-too-small': Backdrop(
        'g6-xlarge-build',
        'A10',
        '550.144.03',
        '2025-01-02T11:30:00Z',
        '2025-01-02T12:10:00Z',
        pci=('01',),
    ),
    'bottlerocket-3278-p4d-gpus-unusable-on-bottlerocket-no-fabric-manager': Backdrop(
        'p4d-bottlerocket-01',
        'A10',
        '550.144.03',
        '2023-07-20T11:30:00Z',
        '2023-07-20T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'ec2info-289-p3-16xlarge-nvidia-smi-shows-8-gpus-catalog-said-16-benign': Backdrop(
        'p3-16xlarge-01',
        'A10',
        '550.144.03',
        '2017-10-26T11:30:00Z',
        '2017-10-26T12:10:00Z',
        pci=('00:17', '00:18', '00:19', '00:1a', '00:1b', '00:1c', '00:1d', '00:1e',),
    ),
    'ec2info-705-p5-48xlarge-catalog-gpu-model-none-memory-0-bogus-values-benign': Backdrop(
        'p5-48xlarge-01',
        'A10',
        '550.144.03',
        '2023-08-05T11:30:00Z',
        '2023-08-05T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'awspricing-1-g6-48xlarge-gpu-total-memory-1430gb-wrong-property-benign': Backdrop(
        'g6-48xlarge-01',
        'A10',
        '550.144.03',
        '2024-10-04T11:30:00Z',
        '2024-10-04T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'ethminer-40-g5g-xlarge-instance-reachability-check-failed-g5g-unstable-crashes': Backdrop(
        'g5g-xlarge-miner',
        'A10',
        '550.144.03',
        '2022-03-20T21:50:00Z',
        '2022-03-20T22:30:00Z',
        pci=('01',),
    ),
    'tfmodels-3281-p3-16xlarge-slim-imagenet-low-gpu-utilization-queue-input-pipeline': Backdrop(
        'p3-16xlarge-slim',
        'A10',
        '550.144.03',
        '2018-02-01T11:30:00Z',
        '2018-02-01T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'pcluster-1878-p3-2xlarge-awsbatch-gpu-job-finds-no-gpu-scheduler-integration-lacks-gpu-support': Backdrop(
        'p3-2xlarge-batch',
        'A10',
        '550.144.03',
        '2020-07-03T15:15:36Z',
        '2020-07-03T15:55:36Z',
        pci=('01',),
    ),
    'pcluster-1318-p2-xlarge-slurm-cannot-schedule-gpu-jobs-no-gres-conf': Backdrop(
        'p2-xlarge-compute',
        'A10',
        '550.144.03',
        '2019-09-18T11:30:00Z',
        '2019-09-18T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
