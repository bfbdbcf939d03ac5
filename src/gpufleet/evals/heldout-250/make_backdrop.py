"""heldout-public-250's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-250/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except ip-10-3-225-4, which the source prints), bus numbers (no source prints one: 01 for one GPU, 01-04 for
four, 01-08 for eight) and the driver (550.144.03, the same for every case) are stand-ins. No case uses extra: no
source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'areal-910-slurm-cuda-visible-devices-set-after-cuda-init-wrong-gpu-assignment': Backdrop(
        'slurm-areal-node',
        'A10',
        '550.144.03',
        '2026-02-06T11:30:00Z',
        '2026-02-06T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'gpu-manager-94-vcuda-pods-fail-checkpoint-read-deploy-yaml-not-updated-with-image': Backdrop(
        'k8s-gpumgr-node',
        'A10',
        '550.144.03',
        '2021-05-18T11:30:00Z',
        '2021-05-18T12:10:00Z',
        pci=('01',),
    ),
    'batch-shipyard-357-azure-batch-gpu-pool-allocation-fails-out-of-date-nvidia-driver': Backdrop(
        'azbatch-gpu-pool-node',
        'A10',
        '550.144.03',
        '2021-04-26T11:30:00Z',
        '2021-04-26T12:10:00Z',
        pci=('01',),
    ),
    'gpu-operator-1709-openshift-4-18-22-known-issue-gpu-operator-stuck-waiting-container-stack': Backdrop(
        'ibm-ocp-gpu-worker',
        'A10',
        '550.144.03',
        '2025-09-19T11:30:00Z',
        '2025-09-19T12:10:00Z',
        pci=('01',),
    ),
    'skypilot-8340-sky-show-gpus-reports-4-of-4-free-ignores-other-users-slurm-jobs-benign': Backdrop(
        'ip-10-3-225-4',
        'A10',
        '550.144.03',
        '2025-12-18T11:30:00Z',
        '2025-12-18T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'pai-2910-openpai-two-jobs-scheduled-on-same-gpu-cuda-out-of-memory': Backdrop(
        'openpai-gpu-node',
        'A10',
        '550.144.03',
        '2019-06-10T11:30:00Z',
        '2019-06-10T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'cortex-853-workers-per-replica-gt-1-tensorflow-preallocates-whole-gpu-cuda-oom': Backdrop(
        'cortex-gpu-node',
        'A10',
        '550.144.03',
        '2020-03-07T11:30:00Z',
        '2020-03-07T12:10:00Z',
        pci=('01',),
    ),
    'lilypad-48-gpu-nodes-not-found-nvidia-smi-missing-in-container-no-gpus-all-flag': Backdrop(
        'lilypad-gpu-node',
        'A10',
        '550.144.03',
        '2023-07-15T11:30:00Z',
        '2023-07-15T12:10:00Z',
        pci=('01',),
    ),
    'pai-5667-openpai-node-cpu-98-percent-lsof-storm-from-job-exporter': Backdrop(
        'openpai-node-186',
        'A10',
        '550.144.03',
        '2021-11-29T11:30:00Z',
        '2021-11-29T12:10:00Z',
        pci=('01',),
    ),
    'lilypad-583-bacalhau-compute-node-without-gpu-reservation-reports-0-of-0-gpus': Backdrop(
        'lilypad-rp-a100',
        'A10',
        '550.144.03',
        '2025-05-28T11:30:00Z',
        '2025-05-28T12:10:00Z',
        pci=('01',),
    ),
    'bacalhau-3505-gpu-job-not-enough-nodes-nvidia-container-toolkit-missing-on-compute-node': Backdrop(
        'blackberry',
        'A10',
        '550.144.03',
        '2024-02-21T19:35:14Z',
        '2024-02-21T20:15:14Z',
        pci=('01',),
    ),
    'xgboost-11119-spark-gpu-executors-all-touch-gpu0-exclusive-process-mode-training-fails': Backdrop(
        'spark-gpu-node',
        'A10',
        '550.144.03',
        '2024-12-19T11:30:00Z',
        '2024-12-19T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
