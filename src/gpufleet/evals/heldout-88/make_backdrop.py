"""heldout-public-88's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-88/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); hosts, bus numbers and most drivers are
stand-ins (see each case's description). No case uses extra: no report quotes an exporter value as a metric
sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'singularity-776-nv-flag-finds-no-nvidia-libraries-on-host-libs-not-installed-or-not-in-standard-paths': Backdrop(
        'vagrant-vm-singularity-gpu',
        'A10',
        '510.47.03',
        '2022-05-05T11:30:00Z',
        '2022-05-05T12:10:00Z',
        pci=('01',),
    ),
    'acs-engine-1702-kubelet-shows-no-gpus-after-auto-driver-install-until-nvidia-smi-or-restart': Backdrop(
        'acs-k8s-gpu-agent-0',
        'A10',
        '384.81',
        '2017-11-02T11:30:00Z',
        '2017-11-02T12:10:00Z',
        pci=('01',),
    ),
    'azure-docs-120110-n-series-vm-gpu-driver-error-until-reboot-after-ubuntu-drivers-install': Backdrop(
        'azure-nseries-ubuntu-vm',
        'A10',
        '535.154.05',
        '2024-02-22T11:30:00Z',
        '2024-02-22T12:10:00Z',
        pci=('01',),
    ),
    'volcano-vgpu-device-plugin-2-device-plugin-crashloop-vgpu-not-enabled-in-volcano-scheduler': Backdrop(
        'k8s-vgpu-worker',
        'A10',
        '535.161.08',
        '2024-05-13T11:30:00Z',
        '2024-05-13T12:10:00Z',
        pci=('01',),
    ),
    'nixpkgs-417312-podman-5-5-1-unresolvable-cdi-devices-nvidia-gpu-fixed-by-5-4-1': Backdrop(
        'nixos-rtx4090-laptop',
        'A10',
        '570.153.02',
        '2025-06-16T11:30:00Z',
        '2025-06-16T12:10:00Z',
        pci=('01',),
    ),
    'e3sm-4834-perlmutter-gpu-bind-map-gpu-cuipcopenmemhandle-invalid-argument': Backdrop(
        'perlmutter-gpu-node',
        'A10',
        '470.57.02',
        '2022-03-16T11:30:00Z',
        '2022-03-16T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'jdftx-252-perlmutter-cuipc-invalid-argument-mpi-bcast-needs-gpu-bind-none-after-cray-update': Backdrop(
        'nid001616',
        'A10',
        '515.65.01',
        '2022-09-24T11:30:00Z',
        '2022-09-24T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'warpx-6382-perlmutter-cuipc-invalid-argument-avoid-gpu-bind-gpus-per-task': Backdrop(
        'nid008237',
        'A10',
        '570.124.06',
        '2025-11-11T11:30:00Z',
        '2025-11-11T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'akash-website-632-provider-faq-fabricmanager-fails-driver-interface-version-mismatch': Backdrop(
        'node1',
        'A10',
        '550.120',
        '2025-04-29T11:30:00Z',
        '2025-04-29T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'magic-castle-276-slurmd-fatal-mig-mode-enabled-but-no-mig-devices': Backdrop(
        'magic-castle-gpu-node1',
        'A10',
        '535.129.03',
        '2024-02-07T11:30:00Z',
        '2024-02-07T12:10:00Z',
        pci=('01',),
    ),
    'uvadlc-notebooks-104-snellius-gres-gpu-batch-job-sees-no-gpus-use-gpus-1': Backdrop(
        'snellius-gpu-node',
        'A10',
        '525.105.17',
        '2023-06-08T11:30:00Z',
        '2023-06-08T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'cbio-cluster-258-cuda-error-invalid-device-cleared-by-nvidia-driver-reload': Backdrop(
        'gpu-1-9',
        'A10',
        '346.46',
        '2015-06-01T11:30:00Z',
        '2015-06-01T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'eks-node-monitoring-agent-241-dcgm-server-sees-zero-gpus-without-nvidia-runtimeclass': Backdrop(
        'eks-gpu-operator-node',
        'A10',
        '580.95.05',
        '2026-08-24T11:30:00Z',
        '2026-08-24T12:10:00Z',
        pci=('01',),
    ),
    'determined-331-agent-crashes-on-empty-nvidia-smi-when-run-without-nvidia-runtime': Backdrop(
        'determined-agent-host',
        'A10',
        '440.64.00',
        '2020-04-30T11:30:00Z',
        '2020-04-30T12:10:00Z',
        pci=('01',),
    ),
    'rapids-deployment-378-azure-ngc-vm-driver-install-fails-module-not-found-for-kernel': Backdrop(
        'azure-ngc-image-vm',
        'A10',
        '535.161.08',
        '2024-06-04T11:30:00Z',
        '2024-06-04T12:10:00Z',
        pci=('01',),
    ),
    'starcluster-67-gpu-ami-nvidia-kernel-module-fails-to-load-no-such-device': Backdrop(
        'ec2-cg1-4xlarge-node',
        'A10',
        '285.05.33',
        '2012-01-25T11:30:00Z',
        '2012-01-25T12:10:00Z',
        pci=('01', '02'),
    ),
    'aws-parallelcluster-4127-g4dn-nvrm-api-mismatch-470-129-vs-470-103-package-update': Backdrop(
        'ip-10-0-2-5',
        'A10',
        '470.103.01',
        '2022-06-21T11:30:00Z',
        '2022-06-21T12:10:00Z',
        pci=('01',),
    ),
    'skypilot-9406-default-aws-ami-driver-535-too-old-for-cu130-silent-cpu-fallback': Backdrop(
        'sky-aws-gpu-node',
        'A10',
        '535.216.01',
        '2026-04-20T11:30:00Z',
        '2026-04-20T12:10:00Z',
        pci=('01',),
    ),
    'leapfrogai-346-gpu-pods-unexpectedadmissionerror-after-cluster-restart-device-plugin-race': Backdrop(
        'leapfrogai-k8s-gpu-node',
        'A10',
        '535.161.08',
        '2024-04-03T11:30:00Z',
        '2024-04-03T12:10:00Z',
        pci=('01',),
    ),
    'prometheus-slurm-exporter-38-gpus-idle-minus-21-utilization-inf-total-reported-zero-benign': Backdrop(
        'slurm-gpu-exporter-host',
        'A10',
        '460.32.03',
        '2021-02-08T11:30:00Z',
        '2021-02-08T12:10:00Z',
        pci=('01',),
    ),
    'azhpc-diagnostics-46-gpus-failing-false-positive-on-vm-without-nvidia-driver-benign': Backdrop(
        'azure-gpu-vm-no-driver',
        'A10',
        '460.73.01',
        '2021-06-23T11:30:00Z',
        '2021-06-23T12:10:00Z',
        pci=('01',),
    ),
    'slurm2sql-18-gpu-efficiency-396-percent-gres-usage-not-divided-per-gpu-benign': Backdrop(
        'slurm-4gpu-node',
        'A10',
        '570.124.06',
        '2025-04-16T11:30:00Z',
        '2025-04-16T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'aws-observability-helm-charts-61-dcgm-exporter-oomkilled-250mi-limit-gpu-metric-gaps-benign': Backdrop(
        'p4d-24xlarge-node',
        'A10',
        '535.183.01',
        '2024-07-12T11:30:00Z',
        '2024-07-12T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'pytorch-ci-infra-631-dcgm-exporter-oom-kills-1s-collection-interval-512mi-limit-benign': Backdrop(
        'ci-gpu-node-8x',
        'A10',
        '580.95.05',
        '2026-05-26T11:30:00Z',
        '2026-05-26T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'pangeo-eosc-74-insufficient-nvidia-com-gpu-all-gpus-used-by-other-tenants-benign': Backdrop(
        'eosc-k8s-gpu-node',
        'A10',
        '535.161.08',
        '2024-05-02T11:30:00Z',
        '2024-05-02T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
