"""heldout-public-68's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-68/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
sku is one of the allowed SKUs; most are stand-ins (see each case's description). No case uses extra:
no report quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    # one entry per case folder (the folder name is the key); SKUs and drivers are stand-ins unless the
    # case's description says the report names them; pci: one bus number per GPU, in index order.
    'flux-core-7806-cuda-visible-devices-absolute-ids-under-cgroup-containment-no-device-detected': Backdrop(
        'flux-node-8gpu',
        'A100',
        '550.90.07',
        '2026-09-09T11:30:00Z',
        '2026-09-09T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'nixos-config-1395-p510-hard-power-cuts-490w-psu-cannot-power-both-gpus': Backdrop(
        'p510',
        'A10',
        '575.64.05',
        '2026-08-20T11:30:00Z',
        '2026-08-20T12:10:00Z',
        pci=('01', '02'),
    ),
    'ansible-slurm-appliance-836-dgx-h200-gpus-need-nvidia-fabricmanager-in-image': Backdrop(
        'dgx-h200-node',
        'H200',
        '570.172.08',
        '2025-10-23T11:30:00Z',
        '2025-10-23T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'nvautoinstall-75-fedora-34-nvidia-driver-not-loading-secure-boot-enabled': Backdrop(
        'fedora34-desktop',
        'A10',
        '470.74',
        '2021-10-06T11:30:00Z',
        '2021-10-06T12:10:00Z',
        pci=('01',),
    ),
    'debian-nvidia-installer-42-driver-not-loaded-after-secure-boot-enabled-later': Backdrop(
        'debian-workstation',
        'A10',
        '550.163.01',
        '2025-12-05T11:30:00Z',
        '2025-12-05T12:10:00Z',
        pci=('01',),
    ),
    'kubernetes-67107-after-node-reboot-kubelet-admits-gpu-pod-before-device-plugin-reregisters': Backdrop(
        'k8s-gpu-node',
        'A10',
        '396.44',
        '2018-08-08T11:30:00Z',
        '2018-08-08T12:10:00Z',
        pci=('01',),
    ),
    'sonar-81-zombie-job-holding-gpu-memory-shows-unknown-gpu-set-on-ml1': Backdrop(
        'ml1.hpc.uio.no',
        'A100',
        '535.104.05',
        '2023-08-14T11:30:00Z',
        '2023-08-14T12:10:00Z',
        pci=('01',),
    ),
    'copr-linux-cachyos-16-nvidia-560-module-fails-to-build-on-6-12-kernel-falls-back-to-nouveau': Backdrop(
        'fedora41-rtx3080',
        'A10',
        '560.35.03',
        '2024-11-21T11:30:00Z',
        '2024-11-21T12:10:00Z',
        pci=('01',),
    ),
    'karpenter-1331-bottlerocket-gpu-instances-get-generic-ami-without-nvidia-drivers': Backdrop(
        'eks-g5-node',
        'A10',
        '470.103.01',
        '2022-02-11T11:30:00Z',
        '2022-02-11T12:10:00Z',
        pci=('01',),
    ),
    'eksctl-4238-bottlerocket-gpu-nodegroups-join-without-gpu-drivers': Backdrop(
        'eks-bottlerocket-gpu-node',
        'A10',
        '460.73.01',
        '2021-09-22T11:30:00Z',
        '2021-09-22T12:10:00Z',
        pci=('01',),
    ),
    'cbio-cluster-241-long-jobs-killed-out-of-memory-on-gpu-nodes-suspended-large-memory-jobs': Backdrop(
        'gpu-1-7',
        'A10',
        '346.46',
        '2015-04-03T11:30:00Z',
        '2015-04-03T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'charmed-kubernetes-284-nvidia-on-lxd-driver-library-mismatch-host-375-39-container-375-51': Backdrop(
        'juju-3c0269-4',
        'A10',
        '375.39',
        '2017-05-12T11:30:00Z',
        '2017-05-12T12:10:00Z',
        pci=('01',),
    ),
    'lxd-gpu-server-11-nvidia-smi-fails-in-lxd-container-gpu-device-not-added-to-container-config': Backdrop(
        'lxd-gpu-host',
        'A10',
        '460.80',
        '2021-07-14T11:30:00Z',
        '2021-07-14T12:10:00Z',
        pci=('01',),
    ),
    'agentbaker-2829-r515-driver-slow-nvidia-smi-on-nd-a100-v4-persistence-mode-workaround': Backdrop(
        'aks-nda100v4-node',
        'A100',
        '515.65.01',
        '2023-03-03T11:30:00Z',
        '2023-03-03T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'nvidia-graphics-drivers-78-user-space-and-kernel-packages-out-of-sync-nvml-version-mismatch': Backdrop(
        'ubuntu-noble-gpu-node',
        'A10',
        '570.158.01',
        '2025-09-20T11:30:00Z',
        '2025-09-20T12:10:00Z',
        pci=('01',),
    ),
    'bundle-kubeflow-359-microk8s-node-athena-allocatable-gpu-none-gpu-notebooks-fail': Backdrop(
        'athena',
        'A10',
        '460.73.01',
        '2021-05-14T11:30:00Z',
        '2021-05-14T12:10:00Z',
        pci=('01',),
    ),
    'scaleway-docs-862-cloud-init-package-upgrade-breaks-nvidia-drivers-on-gpu-instances': Backdrop(
        'scw-gpu-instance',
        'A10',
        '510.85.02',
        '2022-09-19T11:30:00Z',
        '2022-09-19T12:10:00Z',
        pci=('01',),
    ),
    'image-builder-1468-nouveau-autoloads-and-conflicts-with-gpu-operator-nvidia-driver': Backdrop(
        'capi-ubuntu2204-gpu-node',
        'A10',
        '550.54.15',
        '2024-05-13T11:30:00Z',
        '2024-05-13T12:10:00Z',
        pci=('01',),
    ),
    'cml-860-gcp-k80-runner-gpu-attached-but-nvidia-driver-not-installed-properly': Backdrop(
        'cml-runner-gcp-k80',
        'V100',
        '460.106.00',
        '2022-05-18T11:30:00Z',
        '2022-05-18T12:10:00Z',
        pci=('01',),
    ),
    'argonne-user-guides-119-polaris-gpu-affinity-script-wrong-for-node-topology': Backdrop(
        'polaris-node',
        'A100',
        '470.129.06',
        '2022-11-09T11:30:00Z',
        '2022-11-09T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'dlworkspace-951-nvidia-smi-hangs-persistence-daemon-not-enabled-on-cluster-nodes': Backdrop(
        'dlts-gpu-node',
        'V100',
        '440.64.00',
        '2020-03-20T11:30:00Z',
        '2020-03-20T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'nvidia-gpu-exporter-389-exporter-panics-on-driver-595-metric-names-with-us-units-benign': Backdrop(
        'rtx3090-host',
        'A10',
        '595.58.03',
        '2026-03-28T11:30:00Z',
        '2026-03-28T12:10:00Z',
        pci=('01',),
    ),
    'nvidia-exporter-4-grafana-dashboard-no-data-points-different-metric-names-benign': Backdrop(
        'nvidia-smi-exporter-host',
        'A10',
        '418.87.01',
        '2020-06-25T11:30:00Z',
        '2020-06-25T12:10:00Z',
        pci=('01',),
    ),
    'checkbox-431-nvlink-status-check-fails-on-systems-with-fewer-than-2-gpus-benign': Backdrop(
        'cert-test-workstation',
        'A10',
        '535.86.05',
        '2023-07-14T11:30:00Z',
        '2023-07-14T12:10:00Z',
        pci=('01',),
    ),
    'datadog-integrations-extras-612-nvml-check-errors-on-k80-unsupported-metrics-benign': Backdrop(
        'aws-p2-node',
        'V100',
        '440.64.00',
        '2020-06-08T11:30:00Z',
        '2020-06-08T12:10:00Z',
        pci=('01',),
    ),
    'kubernetes-base-addons-1196-nvidia-dashboard-no-data-exporter-metrics-path-changed-benign': Backdrop(
        'konvoy-gpu-node',
        'A10',
        '460.73.01',
        '2021-06-09T11:30:00Z',
        '2021-06-09T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
