"""heldout-public-63's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-63/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
sku is one of the allowed SKUs; most are stand-ins (see each case's description). No case uses extra:
no report quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    # one entry per case folder; sku / driver / bus numbers are stand-ins unless the case's description says the report names them
    'truenas-nvidia-drivers-19-nvml-driver-library-mismatch-after-install-script-reinstall-580-178': Backdrop(
        'truenas-gpu-nas',
        'A10',
        '580.173.02',
        '2026-09-09T11:30:00Z',
        '2026-09-09T12:10:00Z',
        pci=('01',),
    ),
    'extensions-940-talos-ldcache-missing-nvidia-libraries-containers-segfault-init-250': Backdrop(
        'talos-rtx3060-node',
        'A10',
        '580.105.08',
        '2025-12-30T11:30:00Z',
        '2025-12-30T12:10:00Z',
        pci=('01',),
    ),
    'soperator-2684-empty-libnvidia-so-files-mounted-on-slurm-workers-drain-check': Backdrop(
        'soperator-worker-0',
        'H100',
        '570.158.01',
        '2026-07-02T11:30:00Z',
        '2026-07-02T12:10:00Z',
        pci=('1b', '43', '52', '61', '9d', 'c3', 'd1', 'df'),
    ),
    'compute-gpu-installation-4-driver-510-gpus-not-enumerated-on-gce-downgrade-below-510': Backdrop(
        'gce-gpu-vm-510',
        'A100',
        '510.39.01',
        '2022-02-03T11:30:00Z',
        '2022-02-03T12:10:00Z',
        pci=('04',),
    ),
    'agentbaker-2897-r515-slow-nvidia-smi-on-nd-a100-v4-cse-timeout-persistence-mode': Backdrop(
        'aks-nda100v4-node',
        'A100',
        '515.65.01',
        '2023-03-21T11:30:00Z',
        '2023-03-21T12:10:00Z',
        pci=('0b', '0c', '0d', '0e', '8b', '8c', '8d', '8e'),
    ),
    'zen-kernel-380-vfio-gpu-reset-broken-by-kernel-6-14-2-update-gtx-1080-passthrough': Backdrop(
        'arch-vfio-host',
        'A10',
        '570.133.07',
        '2025-04-14T11:30:00Z',
        '2025-04-14T12:10:00Z',
        pci=('0a',),
    ),
    'moby-38729-nvidia-container-runtime-fails-in-rootless-docker-device-cgroup-permission-denied': Backdrop(
        'rootless-docker-host',
        'A10',
        '410.93',
        '2019-02-14T11:30:00Z',
        '2019-02-14T12:10:00Z',
        pci=('01',),
    ),
    'podman-4507-rootless-nvidia-hook-cannot-create-device-nodes-or-load-kernel-modules': Backdrop(
        'rootless-podman-host',
        'A10',
        '440.33.01',
        '2019-11-16T11:30:00Z',
        '2019-11-16T12:10:00Z',
        pci=('01',),
    ),
    'singularity-685-no-nvidia-libraries-in-image-built-with-nv-binds-only-at-runtime': Backdrop(
        'centos8-singularity-host',
        'A10',
        '510.47.03',
        '2022-04-04T11:30:00Z',
        '2022-04-04T12:10:00Z',
        pci=('01',),
    ),
    'amazon-eks-ami-2236-gr6-missing-from-nvidia-containerd-runtime-list-node-without-gpu': Backdrop(
        'eks-gr6-4xlarge-node',
        'A10',
        '570.124.06',
        '2025-04-29T11:30:00Z',
        '2025-04-29T12:10:00Z',
        pci=('31',),
    ),
    'gpu-manager-28-vcuda-pod-pending-misspelled-annotations-node-not-reporting-vcuda-resources': Backdrop(
        'gpu-manager-node',
        'A10',
        '440.64.00',
        '2020-05-18T11:30:00Z',
        '2020-05-18T12:10:00Z',
        pci=('3b', '5e', '86'),
    ),
    'hami-234-vgpu-pod-fails-after-redeploy-mutating-webhook-not-working': Backdrop(
        'hami-gpu-node',
        'A10',
        '535.161.07',
        '2024-04-07T11:30:00Z',
        '2024-04-07T12:10:00Z',
        pci=('01', '02'),
    ),
    'linux-kernel-amdgpu-binaries-101-nvidia-dkms-build-fails-on-unsupported-amdgpu-kernel': Backdrop(
        'ubuntu-amdgpu-kernel-host',
        'A10',
        '470.86',
        '2021-12-31T11:30:00Z',
        '2021-12-31T12:10:00Z',
        pci=('01',),
    ),
    'azurebuildcentos-92-v100-gpus-missing-from-lspci-until-kernel-update-nc24rs-v3': Backdrop(
        'azure-nc24rs-v3-vm',
        'V100',
        '440.33.01',
        '2020-02-23T11:30:00Z',
        '2020-02-23T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'compute-gpu-installation-36-driver-missing-after-vm-restart-deprecated-apt-kubernetes-repo': Backdrop(
        'gce-gpu-vm-debian',
        'A10',
        '550.90.07',
        '2024-05-24T11:30:00Z',
        '2024-05-24T12:10:00Z',
        pci=('04',),
    ),
    'syno-nvidia-gpu-driver-32-driver-stops-after-seconds-faulty-card-replaced': Backdrop(
        'xpenology-nas',
        'A10',
        '550.127.05',
        '2025-06-22T11:30:00Z',
        '2025-06-22T12:10:00Z',
        pci=('01',),
    ),
    'pai-3537-worker-shows-no-gpu-driver-installer-gpu-not-detected': Backdrop(
        'pai-worker-3',
        'V100',
        '410.73',
        '2019-09-02T11:30:00Z',
        '2019-09-02T12:10:00Z',
        pci=('3b', '5e'),
    ),
    'pai-3756-inforom-corrupted-gpu-not-caught-by-job-exporter': Backdrop(
        'pai-worker-inforom',
        'V100',
        '418.87.01',
        '2019-10-21T11:30:00Z',
        '2019-10-21T12:10:00Z',
        pci=('3b',),
    ),
    'ipmi-fan-control-72-tesla-p40-server-shuts-down-fans-follow-cpu-temperature-only': Backdrop(
        'p40-server',
        'V100',
        '570.172.08',
        '2025-09-05T11:30:00Z',
        '2025-09-05T12:10:00Z',
        pci=('03', '04'),
    ),
    'inferencex-2892-b300-slurm-jobs-hang-lustre-clients-evicted-or-reconnecting': Backdrop(
        'gpu-00',
        'B300',
        '580.95.05',
        '2026-09-08T11:30:00Z',
        '2026-09-08T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'slurm-operator-205-gres-gpu-core-affinity-mismatch-socket-boundaries-node-drained': Backdrop(
        'ai-hpc-31-24-ai',
        'A100',
        '570.133.20',
        '2026-06-04T11:30:00Z',
        '2026-06-04T12:10:00Z',
        pci=('18', '9a'),
    ),
    'netdata-14522-nvidia-smi-collector-killed-after-5s-on-multi-gpu-server-benign': Backdrop(
        'netdata-multi-gpu-server',
        'A100',
        '525.85.12',
        '2023-02-14T11:30:00Z',
        '2023-02-14T12:10:00Z',
        pci=('07', '0f'),
    ),
    'nvidia-gpu-exporter-316-exporter-panics-on-new-metric-name-after-update-no-data-benign': Backdrop(
        'nv42',
        'A10',
        '566.36',
        '2025-04-18T11:30:00Z',
        '2025-04-18T12:10:00Z',
        pci=('01',),
    ),
    'aws-parallelcluster-5085-gpu-node-still-initializing-rookie-mistake-benign': Backdrop(
        'modbind-dy-modbind-compute-1',
        'A10',
        '470.141.03',
        '2023-03-20T11:30:00Z',
        '2023-03-20T12:10:00Z',
        pci=('18', '19'),
    ),
    'lium-io-707-healthcheck-fails-on-inforom-warning-non-critical-benign': Backdrop(
        'lium-executor-host',
        'H100',
        '570.172.08',
        '2025-10-13T11:30:00Z',
        '2025-10-13T12:10:00Z',
        pci=('1b',),
    ),
    'kubernetes-99571-allocatable-drops-to-zero-on-device-plugin-restart-benign': Backdrop(
        'k8s-gpu-node',
        'A10',
        '460.32.03',
        '2021-03-01T11:30:00Z',
        '2021-03-01T12:10:00Z',
        pci=('3b', '86'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
