"""heldout-public-363's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-363/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except aks-gpu-46663711-vmss000000, gpu-3-8, c001 and gpu2, which the evidence prints), GPU counts, bus numbers
(01..N in index order, except the buses the evidence prints for gpuop-206 and tensorhive-290) and the driver
(550.144.03, the same for every case) are stand-ins. No case uses extra: no source quotes an exporter value
as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'nixl-2007-slurm-sanity-job-shares-node-enroot-not-device-constrained-two-jobs-drive-same-gpus': Backdrop(
        'dl-gpu-node',
        'A10',
        '550.144.03',
        '2026-07-29T11:30:00Z',
        '2026-07-29T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'ncr-147-nvidia-smi-blank-in-k8s-containerd-pod-default-runtime-runc-not-nvidia': Backdrop(
        'k8s-gpu-node',
        'A10',
        '550.144.03',
        '2021-07-23T11:30:00Z',
        '2021-07-23T12:10:00Z',
        pci=('01',),
    ),
    'threadr-68-aks-gpu-node-pool-no-gpu-capacity-wrong-node-image-chosen': Backdrop(
        'aks-gpu-46663711-vmss000000',
        'A10',
        '550.144.03',
        '2024-04-05T11:30:00Z',
        '2024-04-05T12:10:00Z',
        pci=('01',),
    ),
    'gpuop-206-openshift-gpu-operator-driver-install-fails-nouveau-loaded-blacklist-fixed': Backdrop(
        'ocp-gpu-worker',
        'A10',
        '550.144.03',
        '2021-07-26T11:30:00Z',
        '2021-07-26T12:10:00Z',
        pci=('0b',),
    ),
    'llmkube-1424-aks-gpu-pod-crashloop-cuda13-image-on-driver-550-cuda-12-4-driver-too-old': Backdrop(
        'aks-gpu-node',
        'A10',
        '550.144.03',
        '2026-08-06T11:30:00Z',
        '2026-08-06T12:10:00Z',
        pci=('01',),
    ),
    'dstack-3299-runpod-host-cuda-11-older-than-image-cuda-12-mismatch-require-12-8': Backdrop(
        'runpod-host',
        'A10',
        '550.144.03',
        '2025-11-17T11:30:00Z',
        '2025-11-17T12:10:00Z',
        pci=('01',),
    ),
    'granite-309-lsf-non-gpu-steps-request-gpu-by-default-wait-for-gpu-in-queue': Backdrop(
        'lsf-gpu-node',
        'A10',
        '550.144.03',
        '2026-08-26T11:30:00Z',
        '2026-08-26T12:10:00Z',
        pci=('01',),
    ),
    'gpuop-1835-gpu-operator-25-10-toolkit-containerd-drop-in-import-breaks-k0s-nodes': Backdrop(
        'k0s-gpu-node',
        'A10',
        '550.144.03',
        '2025-10-26T11:30:00Z',
        '2025-10-26T12:10:00Z',
        pci=('01',),
    ),
    'trixie-81-mpi-ucx-init-fails-slurm-jobs-soft-memlock-64k-after-upgrade-systemd-ignores-limits': Backdrop(
        'trixie-node',
        'A10',
        '550.144.03',
        '2022-05-25T11:30:00Z',
        '2022-05-25T12:10:00Z',
        pci=('01',),
    ),
    'odh-540-jupyterhub-gpu-notebooks-not-offered-missing-nvidia-gpu-toleration-for-operator-taint': Backdrop(
        'ocp-gpu-node',
        'A10',
        '550.144.03',
        '2022-03-18T11:30:00Z',
        '2022-03-18T12:10:00Z',
        pci=('01',),
    ),
    'gpuop-406-gpu-operator-on-rke2-toolkit-cannot-reach-containerd-socket-custom-paths': Backdrop(
        'rke2-gpu-worker',
        'A10',
        '550.144.03',
        '2022-09-19T11:30:00Z',
        '2022-09-19T12:10:00Z',
        pci=('01',),
    ),
    'cbio-302-fahclient-reports-clock-skew-on-gpu-nodes-ntpd-in-sync-application-side-benign': Backdrop(
        'gpu-3-8',
        'A10',
        '550.144.03',
        '2015-08-11T11:30:00Z',
        '2015-08-11T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'trinity-424-slurm-nodes-down-munge-expired-credential-clock-drift-no-ntp': Backdrop(
        'c001',
        'A10',
        '550.144.03',
        '2015-09-14T11:30:00Z',
        '2015-09-14T12:10:00Z',
        pci=('01',),
    ),
    'elasticluster-380-compute-nodes-rejected-by-slurm-divergent-clocks-ntp-added': Backdrop(
        'elasticluster-compute',
        'A10',
        '550.144.03',
        '2017-01-24T11:30:00Z',
        '2017-01-24T12:10:00Z',
        pci=('01',),
    ),
    'cyclecloud-51-cloud-slurm-nodes-stuck-down-after-resumetimeout-return-to-idle-fix': Backdrop(
        'cc-gpu-node',
        'A10',
        '550.144.03',
        '2021-02-02T11:30:00Z',
        '2021-02-02T12:10:00Z',
        pci=('01',),
    ),
    'tensorhive-290-gpu-metrics-missing-exception-in-one-monitor-disables-others-gpus-healthy-benign': Backdrop(
        'gpu2',
        'A10',
        '550.144.03',
        '2020-09-01T11:30:00Z',
        '2020-09-01T12:10:00Z',
        pci=('14', '15', '39', '3a',),
    ),
    'reportseff-66-slurm-job-energy-column-shows-power-not-energy-parsing-artifact-benign': Backdrop(
        'slurm-node',
        'A10',
        '550.144.03',
        '2024-11-20T11:30:00Z',
        '2024-11-20T12:10:00Z',
        pci=('01',),
    ),
    'skypilot-1739-gcp-vm-rebooted-by-host-maintenance-event-terminate-policy-benign': Backdrop(
        'sky-gcp-vm',
        'A10',
        '550.144.03',
        '2023-03-01T11:30:00Z',
        '2023-03-01T12:10:00Z',
        pci=('01',),
    ),
    'uabrc-834-gpu-jobs-stuck-reqnodenotavail-when-cores-exceed-gpu-cpu-affinity-in-gres-conf': Backdrop(
        'uab-gpu-node',
        'A10',
        '550.144.03',
        '2024-10-11T11:30:00Z',
        '2024-10-11T12:10:00Z',
        pci=('01',),
    ),
    'picongpu-2862-hemera-gpu-job-template-cores-per-gpu-too-high-after-hyperthreading-disabled': Backdrop(
        'hemera-gpu-node',
        'A10',
        '550.144.03',
        '2019-01-24T11:30:00Z',
        '2019-01-24T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'oodcore-914-open-ondemand-system-status-overstates-free-resources-counts-down-nodes-benign': Backdrop(
        'ood-slurm-node',
        'A10',
        '550.144.03',
        '2025-12-17T11:30:00Z',
        '2025-12-17T12:10:00Z',
        pci=('01',),
    ),
    'arjuna-142-highmem-and-idle-nodes-down-power-event-headnode-unaffected-returned-to-service': Backdrop(
        'arjuna-node',
        'A10',
        '550.144.03',
        '2022-06-04T11:30:00Z',
        '2022-06-04T12:10:00Z',
        pci=('01',),
    ),
    'arjuna-108-debug-jobs-stuck-in-completing-scancel-fails-power-issues-node-rts': Backdrop(
        'e001',
        'A10',
        '550.144.03',
        '2022-01-04T11:30:00Z',
        '2022-01-04T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
