"""heldout-public-55's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-55/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
sku is one of the allowed SKUs; most are stand-ins (see each case's description). No case uses extra:
no report quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'toolbox-pr-1541-toolbox-enter-fails-nvidia-kernel-module-560-and-user-space-555-mismatched': Backdrop(
        'fedora-toolbox-host',
        'A10',
        '560.35.03',
        '2024-09-13T11:30:00Z',
        '2024-09-13T12:10:00Z',
        pci=('01',),
    ),
    'siderolabs-extensions-227-talos-vm-tesla-p40-vgpu-probe-failed-535-driver-does-not-support-vgpu': Backdrop(
        'talos-vm-p40',
        'V100',
        '535.54.03',
        '2023-09-14T02:38:37Z',
        '2023-09-14T03:18:37Z',
        pci=('00:10',),
    ),
    'azure-ccws-349-healthagent-persistence-mode-not-set-on-older-gpu-skus-enable-nvidia-smi-pm': Backdrop(
        'ccws-gpu-node',
        'V100',
        '580.105.08',
        '2026-01-13T11:30:00Z',
        '2026-01-13T12:10:00Z',
        pci=('01', '02'),
    ),
    'gke-container-engine-accelerators-61-driver-installer-run-once-driver-gone-after-reboot-use-daemonset': Backdrop(
        'k8s-gpu-node-1',
        'V100',
        '390.46',
        '2018-03-16T11:30:00Z',
        '2018-03-16T12:10:00Z',
        pci=('04',),
    ),
    'zabbix-nvidia-smi-multi-gpu-17-rtx-3080-query-returns-n-a-fields-not-supported-benign': Backdrop(
        'zabbix-agent-rtx3080',
        'A10',
        '470.63.01',
        '2021-08-31T11:07:40Z',
        '2021-08-31T11:47:40Z',
        pci=('01',),
    ),
    'openpai-842-gpu-exporter-stale-data-nvidia-smi-hangs-under-heavy-gpu-usage-benign': Backdrop(
        'pai-worker-01',
        'V100',
        '390.46',
        '2018-07-10T11:30:00Z',
        '2018-07-10T12:10:00Z',
        pci=('04', '05', '08', '09'),
    ),
    'singularity-1872-container-cuda-runtime-newer-than-host-driver-352-39-on-rhel6-gpu-nodes': Backdrop(
        'rhel6-gpu-node',
        'V100',
        '352.39',
        '2018-08-23T11:30:00Z',
        '2018-08-23T12:10:00Z',
        pci=('04', '84'),
    ),
    'volcano-3426-vcjob-pending-when-queue-sets-nvidia-gpu-capability-quota-in-latest-version': Backdrop(
        'volcano-a800-node',
        'A100',
        '535.161.08',
        '2024-04-19T11:30:00Z',
        '2024-04-19T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'phy-clusters-21-nodes-reboot-under-full-load-on-same-faulty-power-bar-fuse-replaced': Backdrop(
        'z1-2',
        'A100',
        '418.39',
        '2019-03-16T11:30:00Z',
        '2019-03-16T12:10:00Z',
        pci=('07', '0f'),
    ),
    'hwloc-653-gpu-link-reported-at-half-speed-gpus-lower-pcie-link-speed-when-idle-benign': Backdrop(
        'hwloc-gpu-host',
        'A100',
        '550.54.15',
        '2024-03-07T11:30:00Z',
        '2024-03-07T12:10:00Z',
        pci=('51',),
    ),
    'nomad-device-nvidia-35-gpu-not-fingerprinted-by-nomad-plugin-recompiled-with-newer-go-nvml': Backdrop(
        'nomad-gpu-client',
        'A10',
        '535.154.05',
        '2024-02-08T11:30:00Z',
        '2024-02-08T12:10:00Z',
        pci=('01', '02'),
    ),
    'bottlerocket-4889-g7-blackwell-gpu-needs-open-kernel-modules-tesla-driver-selected-node-never-joins': Backdrop(
        'g7-bottlerocket-node',
        'B200',
        '580.105.08',
        '2026-07-16T11:30:00Z',
        '2026-07-16T12:10:00Z',
        pci=('31',),
    ),
    'bacalhau-2383-gpu-jobs-land-on-one-node-other-gpu-nodes-run-outdated-agent-not-schedulable': Backdrop(
        'bacalhau-gpu-node',
        'A10',
        '525.105.17',
        '2023-04-21T11:30:00Z',
        '2023-04-21T12:10:00Z',
        pci=('01', '02'),
    ),
    'codalab-pr-2649-worker-image-lacks-nvidia-smi-gpus-show-0-of-0-gpu-jobs-never-ran': Backdrop(
        'codalab-worker-1',
        'A10',
        '440.82',
        '2020-07-23T11:30:00Z',
        '2020-07-23T12:10:00Z',
        pci=('01', '02'),
    ),
    'openpai-2932-nvidiazombieprocess-alert-pops-and-auto-resolves-zombie-from-grafana-nvidia-smi-benign': Backdrop(
        'pai-cluster-node',
        'V100',
        '418.67',
        '2019-06-13T11:30:00Z',
        '2019-06-13T12:10:00Z',
        pci=('04', '05', '08', '09'),
    ),
    'lium-pr-1242-idle-executor-gpus-hold-22gb-vram-at-0pct-load-foreign-marketplace-workloads': Backdrop(
        'lium-executor-idle',
        'H100',
        '580.105.08',
        '2026-08-20T11:30:00Z',
        '2026-08-20T12:10:00Z',
        pci=('18',),
    ),
    'lium-pr-1180-rental-host-gpu-fell-off-bus-nvml-gpu-requires-reset-24-failures-quarantine': Backdrop(
        'executor-30fba1ea',
        'H100',
        '580.105.08',
        '2026-06-27T11:30:00Z',
        '2026-06-27T12:10:00Z',
        pci=('18',),
    ),
    'sichek-pr-122-pcie-check-fails-gen5-nic-in-gen4-root-port-normal-negotiation-false-alarm-benign': Backdrop(
        'aries-g30',
        'H100',
        '580.105.08',
        '2026-08-06T11:30:00Z',
        '2026-08-06T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'snakepit-79-workers-slower-than-laptop-nfs-suspected-but-firejail-was-the-cause': Backdrop(
        'snakepit-worker',
        'A10',
        '390.46',
        '2018-07-30T11:30:00Z',
        '2018-07-30T12:10:00Z',
        pci=('01', '02'),
    ),
    'aws-do-eks-pr-63-dev-infiniband-hostpath-breaks-efa-on-b200-nccl-falls-back-to-tcp': Backdrop(
        'hyperpod-b200-node',
        'B200',
        '580.105.08',
        '2026-08-10T11:30:00Z',
        '2026-08-10T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'hami-952-pod-reports-less-gpu-memory-than-host-limits-inaccurate-later-pods-oom': Backdrop(
        'hami-a100-node',
        'A100',
        '535.161.08',
        '2025-03-21T11:30:00Z',
        '2025-03-21T12:10:00Z',
        pci=('07', '0f'),
    ),
    'hami-404-pod-requested-1gib-used-30gib-another-pod-requesting-30480mib-was-restarting': Backdrop(
        'hami-gpu-node',
        'V100',
        '535.161.08',
        '2024-07-29T11:30:00Z',
        '2024-07-29T12:10:00Z',
        pci=('3b',),
    ),
    'hami-1704-nvml-unknown-error-in-pod-when-cpu-memory-limits-differ-from-requests-burstable': Backdrop(
        'hami-vgpu-node',
        'A10',
        '580.126.09',
        '2026-03-20T08:53:45Z',
        '2026-03-20T09:33:45Z',
        pci=('01',),
    ),
    'hami-2403-pod-requesting-two-gpus-unschedulable-on-idle-mig-gpus-usagelist-must-be-full': Backdrop(
        'node157',
        'L40S',
        '580.126.09',
        '2026-08-19T11:30:00Z',
        '2026-08-19T12:10:00Z',
        pci=('3b', '86'),
    ),
    'hami-1160-invalid-mig-configuration-under-mixed-strategy-until-mig-instances-created-by-hand': Backdrop(
        'hami-mig-node',
        'A100',
        '570.133.20',
        '2025-07-04T11:30:00Z',
        '2025-07-04T12:10:00Z',
        pci=('07',),
    ),
    'nomad-14888-nvidia-device-plugin-stops-fingerprinting-gpus-on-nomad-1-3-6-works-on-1-3-5': Backdrop(
        'nomad-centos8-client',
        'A10',
        '515.57',
        '2022-10-13T11:30:00Z',
        '2022-10-13T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
