"""heldout-public-78's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-78/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
sku is one of the allowed SKUs; most are stand-ins (see each case's description). No case uses extra:
no report quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    # one entry per case folder (the folder name is the key); sku: one of A10, A30, L40S, V100, A100,
    # H100, H200, B200, GB200, B300 (a stand-in where the report's GPU is not one of them: see the
    # case's description); driver: the version the report names, else a stand-in (said there);
    # start/end: the incident's time_range; pci: one bus number per GPU, in index order.
    'agentbaker-5099-nvidia-modprobe-unit-restarted-kubelet-on-gpu-nodes-run-it-before-kubelet': Backdrop(
        'aks-gpu-node',
        'A10',
        '550.90.07',
        '2024-10-16T11:30:00Z',
        '2024-10-16T12:10:00Z',
        pci=('01',),
    ),
    'agentbaker-9150-nvidia-cdi-refresh-fired-before-driver-libs-installed-unit-failed-permanently': Backdrop(
        'aks-a100-node',
        'A100',
        '580.159.04',
        '2026-08-06T11:30:00Z',
        '2026-08-06T12:10:00Z',
        pci=('01',),
    ),
    'ai-infra-cluster-provisioning-227-nvidia-smi-takes-forever-without-persistence-daemon': Backdrop(
        'gcp-ai-infra-gpu-node',
        'A10',
        '525.105.17',
        '2023-06-21T11:30:00Z',
        '2023-06-21T12:10:00Z',
        pci=('04',),
    ),
    'aks-gpu-90-grid-550-drivers-leave-vgpu-unlicensed-revert-to-535-161-08': Backdrop(
        'aks-grid-gpu-node',
        'A10',
        '550.144.03',
        '2025-03-17T11:30:00Z',
        '2025-03-17T12:10:00Z',
        pci=('01',),
    ),
    'arjuna-users-284-lab-gpu-nodes-down-after-storm-power-outage-suspected': Backdrop(
        'arjuna-lab-gpu-node',
        'A10',
        '550.144.03',
        '2025-04-30T11:30:00Z',
        '2025-04-30T12:10:00Z',
        pci=('01',),
    ),
    'autoscaler-1659-gpu-node-flips-notready-during-nvidia-docker-switch-autoscaler-overscales': Backdrop(
        'kops-gpu-node',
        'A10',
        '410.79',
        '2019-02-08T11:30:00Z',
        '2019-02-08T12:10:00Z',
        pci=('1e',),
    ),
    'aws-parallelcluster-6014-3-8-0-amis-open-kernel-driver-only-turing-and-later-p3-p2-g3-g2-unusable': Backdrop(
        'pcluster-p3-compute',
        'V100',
        '535.154.05',
        '2024-01-16T11:30:00Z',
        '2024-01-16T12:10:00Z',
        pci=('1e',),
    ),
    'bazzite-2668-driver-570-153-02-userspace-with-570-144-kmod-api-mismatch-rminitadapter-failed': Backdrop(
        'bazzite-desktop',
        'A10',
        '570.144',
        '2025-05-22T11:30:00Z',
        '2025-05-22T12:10:00Z',
        pci=('07',),
    ),
    'cbio-cluster-299-stray-interactive-docker-jobs-hold-gpus-after-their-torque-jobs-ended': Backdrop(
        'gpu-2-8',
        'A10',
        '346.46',
        '2015-08-09T11:30:00Z',
        '2015-08-09T12:10:00Z',
        pci=('03', '04', '83', '84'),
    ),
    'cbio-cluster-422-allocated-gpus-on-gpu-2-14-tied-up-by-another-jobs-spillover': Backdrop(
        'gpu-2-14',
        'A10',
        '352.39',
        '2016-06-09T11:30:00Z',
        '2016-06-09T12:10:00Z',
        pci=('03', '04', '83', '84'),
    ),
    'cluster-toolkit-6230-slurm-nodes-drained-when-epilog-gpu-test-hangs-on-unresponsive-nv-hostengine': Backdrop(
        'slurm-gcp-gpu-node',
        'A10',
        '580.82.07',
        '2026-08-28T11:30:00Z',
        '2026-08-28T12:10:00Z',
        pci=('04',),
    ),
    'compiler-explorer-infra-1519-gpu-ami-check-ran-before-reboot-nvidia-ko-not-loaded-cuda-error-100': Backdrop(
        'ce-gpu-ami-builder',
        'A10',
        '580.178.04',
        '2026-09-05T11:30:00Z',
        '2026-09-05T12:10:00Z',
        pci=('1e',),
    ),
    'containerd-3843-device-plugin-cannot-find-driver-after-containerd-1-3-0-upgrade-needs-v2-config': Backdrop(
        'k8s-containerd-gpu-node',
        'A10',
        '418.87.01',
        '2019-11-24T11:30:00Z',
        '2019-11-24T12:10:00Z',
        pci=('01',),
    ),
    'fastmri-challenge-113-gpu-nodes-down-after-unattended-kernel-5-4-0-122-update-broke-driver-korean': Backdrop(
        'vessl-gpu-node',
        'A10',
        '515.65.01',
        '2022-07-30T11:30:00Z',
        '2022-07-30T12:10:00Z',
        pci=('01',),
    ),
    'jobstats-34-exporter-attributes-job-to-wrong-gpu-minor-number-vs-nvml-index-benign': Backdrop(
        'jobstats-gpu-node',
        'A10',
        '570.158.01',
        '2025-08-25T11:30:00Z',
        '2025-08-25T12:10:00Z',
        pci=('01', '02', '41', '42', '81', '82', 'c1', 'c2'),
    ),
    'kubevirt-17694-vfio-gpu-passthrough-vm-fails-memlock-prlimit-inside-non-root-container': Backdrop(
        'kubevirt-gpu-host',
        'A10',
        '580.95.05',
        '2026-05-04T11:30:00Z',
        '2026-05-04T12:10:00Z',
        pci=('01',),
    ),
    'mintdrivers-111-gtx-760-ignored-at-boot-by-nvidia-535-470-server-branch-works': Backdrop(
        'mint-gtx760-desktop',
        'A10',
        '535.183.01',
        '2026-06-04T11:30:00Z',
        '2026-06-04T12:10:00Z',
        pci=('01',),
    ),
    'nebari-3074-scale-to-zero-taints-keep-nvidia-installer-daemonset-off-gpu-nodes': Backdrop(
        'nebari-aws-gpu-node',
        'A10',
        '570.148.08',
        '2025-06-19T11:30:00Z',
        '2025-06-19T12:10:00Z',
        pci=('1e',),
    ),
    'nixpkgs-518710-nvidia-595-71-05-kernel-modules-missing-from-nixos-build-gpu-unusable': Backdrop(
        'nixos-unstable-workstation',
        'A10',
        '595.71.05',
        '2026-05-10T11:30:00Z',
        '2026-05-10T12:10:00Z',
        pci=('01',),
    ),
    'nvgpu-21-mig-enabled-a100-utilization-unavailable-nvmlerror-reported-as-na-benign': Backdrop(
        'a100-mig-host',
        'A100',
        '470.57.02',
        '2021-08-12T11:30:00Z',
        '2021-08-12T12:10:00Z',
        pci=('07', '0f', '47', '4e'),
    ),
    'nvidia-gpu-exporter-68-na-parse-errors-exporter-fine-prometheus-scrape-timeout-suspected-benign': Backdrop(
        'exporter-gpu-host',
        'A10',
        '510.47.03',
        '2022-04-07T11:30:00Z',
        '2022-04-07T12:10:00Z',
        pci=('01', '02'),
    ),
    'osg-topology-4955-purdue-data-center-cooling-issues-took-down-a-cluster': Backdrop(
        'purdue-gpu-node',
        'A10',
        '570.172.08',
        '2025-07-31T11:30:00Z',
        '2025-07-31T12:10:00Z',
        pci=('01',),
    ),
    'powerjoular-77-multi-gpu-power-reported-as-first-gpu-times-count-benign': Backdrop(
        'powerjoular-gpu-host',
        'A10',
        '550.120',
        '2025-01-27T11:30:00Z',
        '2025-01-27T12:10:00Z',
        pci=('01', '02'),
    ),
    'skypilot-5823-pods-without-gpu-request-see-all-gpus-set-nvidia-visible-devices-none': Backdrop(
        'sky-k8s-gpu-node',
        'A10',
        '570.133.20',
        '2025-05-30T11:30:00Z',
        '2025-05-30T12:10:00Z',
        pci=('01',),
    ),
    'telegraf-16569-power-draw-missing-after-nvidia-smi-xml-layout-change-benign': Backdrop(
        'cortex',
        'A10',
        '570.124.04',
        '2025-03-02T11:30:00Z',
        '2025-03-02T12:10:00Z',
        pci=('01',),
    ),
    'void-packages-14377-nvidia-driver-not-loading-after-auto-upgrade-to-linux-5-2-reinstall-nvidia-dkms': Backdrop(
        'void-gt1030-desktop',
        'A10',
        '430.14',
        '2019-09-10T11:30:00Z',
        '2019-09-10T12:10:00Z',
        pci=('01',),
    ),
}

if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
