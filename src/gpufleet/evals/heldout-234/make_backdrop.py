"""heldout-public-234's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-234/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except where the source prints one), bus numbers (no source prints one) and the driver (550.144.03, the same for
every case) are stand-ins. The two eight-GPU cases use the default HGX bus numbers. No case uses extra: no source quotes an
exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'sextant-397-k8s-gpu-pod-fails-dev-nvidia0-missing-nvidia-uvm-not-loaded-device-nodes-incomplete': Backdrop(
        '0c-c4-7a-82-c5-bc',
        'A10',
        '550.144.03',
        '2016-11-14T11:30:00Z',
        '2016-11-14T12:10:00Z',
        pci=('01',),
    ),
    'k3s-8470-pods-with-nvidia-runtime-killed-after-seconds-systemdcgroup-not-passed-to-nvidia-runtime': Backdrop(
        'k3s-gpu-agent',
        'A10',
        '550.144.03',
        '2023-09-27T11:30:00Z',
        '2023-09-27T12:10:00Z',
        pci=('01',),
    ),
    'ccslurm4ai-2-azslurm-reports-zero-gpus-for-ndv5-no-gres-conf-generated-gpus-not-schedulable': Backdrop(
        'hpc-pg0-1',
        'A10',
        '550.144.03',
        '2023-12-20T11:30:00Z',
        '2023-12-20T12:10:00Z',
    ),
    'elemental-5-sierra-jsrun-gpu-chosen-by-local-rank-only-one-gpu-used-use-cuda-visible-devices': Backdrop(
        'sierra4369',
        'A10',
        '550.144.03',
        '2018-05-17T11:30:00Z',
        '2018-05-17T12:10:00Z',
        pci=('04', '05', '35', '36'),
    ),
    'olcf-user-docs-78-summit-jsrun-cuda-hook-library-pami-symbol-error-non-mpi-gpu-code-smpiargs': Backdrop(
        'summit-node-a01',
        'A10',
        '550.144.03',
        '2019-09-23T11:30:00Z',
        '2019-09-23T12:10:00Z',
        pci=('04', '05', '06', '35', '36', '37'),
    ),
    'radical-pilot-1830-openmm-cuda-under-jsrun-cuda-hook-library-error-needs-smpiargs-none': Backdrop(
        'summit-node-b02',
        'A10',
        '550.144.03',
        '2019-03-13T11:30:00Z',
        '2019-03-13T12:10:00Z',
        pci=('04', '05', '06', '35', '36', '37'),
    ),
    'k3s-10034-pods-get-gpu-only-with-runtimeclassname-nvidia-expected-use-default-runtime-flag': Backdrop(
        'k3s-gpu-node',
        'A10',
        '550.144.03',
        '2024-04-27T11:30:00Z',
        '2024-04-27T12:10:00Z',
        pci=('01',),
    ),
    'arjunausers-106-slurm-controller-unreachable-unexpected-reboot-nodes-down-psc-power-issue': Backdrop(
        'arjuna-node-1',
        'A10',
        '550.144.03',
        '2021-12-26T11:30:00Z',
        '2021-12-26T12:10:00Z',
        pci=('01',),
    ),
    'kubernetes-28216-kubelet-gpu-allocator-never-marks-gpu-in-use-nvidia0-assigned-to-every-container': Backdrop(
        'k8s-minion-1',
        'A10',
        '550.144.03',
        '2016-11-11T11:30:00Z',
        '2016-11-11T12:10:00Z',
        pci=('01', '02'),
    ),
    'slurm-job-exporter-63-pynvml-mode-reports-physical-gpu-0-metrics-for-jobs-on-other-gpus-benign': Backdrop(
        'gpu-node-p100-a5000',
        'A10',
        '550.144.03',
        '2026-06-14T11:30:00Z',
        '2026-06-14T12:10:00Z',
        pci=('01', '02'),
    ),
    'slinky-slurm-operator-112-slurm-25-11-uuid-cuda-visible-devices-breaks-dcgm-job-mapping-benign': Backdrop(
        'slinky-0',
        'A10',
        '550.144.03',
        '2026-01-13T11:30:00Z',
        '2026-01-13T12:10:00Z',
        pci=('01', '02'),
    ),
    'arjunausers-134-gpu-jobs-killed-after-8-minutes-site-kill-bot-misfired-not-gpu-benign': Backdrop(
        'c022',
        'A10',
        '550.144.03',
        '2022-05-26T11:30:00Z',
        '2022-05-26T12:10:00Z',
        pci=('01',),
    ),
    'mirage-706-shared-b200-runner-gpus-idle-by-util-but-memory-held-by-zombie-processes-next-job-ooms-or-hangs': Backdrop(
        'b200-runner-1',
        'A10',
        '550.144.03',
        '2026-06-03T11:30:00Z',
        '2026-06-03T12:10:00Z',
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
