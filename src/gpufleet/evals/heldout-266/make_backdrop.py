"""heldout-public-266's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-266/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except node17, explorer06, hpc-worker-02 and mlslurmpri-a2spotnodeset-111,
which the sources name), bus numbers (no source prints one: 01 for the one
stand-in GPU) and the driver (550.144.03, the same for every case) are stand-ins. No case uses extra: no source
quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'arjuna-9-cuda-libs-missing-on-slurm-gpu-nodes-driver-for-cuda-10-1-only-on-some-nodes': Backdrop(
        'arjuna-gpu-node',
        'A10',
        '550.144.03',
        '2021-07-19T11:30:00Z',
        '2021-07-19T12:10:00Z',
        pci=('01',),
    ),
    'charm-802-blue-waters-cuda-error-46-several-processes-per-node-gpu-process-exclusive-mode': Backdrop(
        'bluewaters-xk-node',
        'A10',
        '550.144.03',
        '2015-08-11T11:30:00Z',
        '2015-08-11T12:10:00Z',
        pci=('01',),
    ),
    'stardist-102-lsf-cluster-gpus-in-exclusive-process-mode-two-processes-busy-or-unavailable': Backdrop(
        'lsf-gpu-node',
        'A10',
        '550.144.03',
        '2020-11-13T11:30:00Z',
        '2020-11-13T12:10:00Z',
        pci=('01',),
    ),
    'gpuop-64-openshift-driver-daemonset-fails-kernel-devel-packages-missing-without-rhel-subscription': Backdrop(
        'ocp-gpu-worker',
        'A10',
        '550.144.03',
        '2020-09-08T11:30:00Z',
        '2020-09-08T12:10:00Z',
        pci=('01',),
    ),
    'autoscaler-10301-aks-gpu-nodes-ready-without-nvidia-gpu-capacity-device-plugin-not-deployed': Backdrop(
        'aks-nv12ads-a10-node',
        'A10',
        '550.144.03',
        '2026-09-16T11:30:00Z',
        '2026-09-16T12:10:00Z',
        pci=('01',),
    ),
    'gpushare-187-gpushare-extender-updates-gpu-pool-late-last-pending-pod-waits-five-minutes': Backdrop(
        'k8s-gpushare-node',
        'A10',
        '550.144.03',
        '2022-09-07T11:30:00Z',
        '2022-09-07T12:10:00Z',
        pci=('01',),
    ),
    'llmflux-148-slurm-job-gpu-metrics-report-zero-utilization-on-busy-gpus-sampler-bug-benign': Backdrop(
        'ncsa-slurm-gpu-node',
        'A10',
        '550.144.03',
        '2026-08-31T11:30:00Z',
        '2026-08-31T12:10:00Z',
        pci=('01',),
    ),
    'neutree-85-ray-head-pod-without-gpu-request-mounts-all-node-gpus-nvidia-visible-devices-void': Backdrop(
        'k8s-ray-gpu-node',
        'A10',
        '550.144.03',
        '2025-07-11T11:30:00Z',
        '2025-07-11T12:10:00Z',
        pci=('01',),
    ),
    'kubespray-8540-unattended-upgrade-updates-nvidia-packages-driver-version-mismatch': Backdrop(
        'kubespray-gpu-node',
        'A10',
        '550.144.03',
        '2022-02-14T11:30:00Z',
        '2022-02-14T12:10:00Z',
        pci=('01',),
    ),
    'karpenter-5974-eks-g4dn-node-device-plugin-crashloop-no-gpu-labels-containerd-misconfigured': Backdrop(
        'eks-g4dn-node',
        'A10',
        '550.144.03',
        '2024-04-03T11:30:00Z',
        '2024-04-03T12:10:00Z',
        pci=('01',),
    ),
    'kai-261-gke-reservation-pod-nvml-library-not-found-device-plugin-installation-problem': Backdrop(
        'gke-a100-node',
        'A10',
        '550.144.03',
        '2025-06-20T11:30:00Z',
        '2025-06-20T12:10:00Z',
        pci=('01',),
    ),
    'pcluster-5838-capacity-block-nodes-in-maintenance-reservation-jobs-pending-reqnodenotavail-benign': Backdrop(
        'pcluster-cb-gpu-node',
        'A10',
        '550.144.03',
        '2023-11-13T11:30:00Z',
        '2023-11-13T12:10:00Z',
        pci=('01',),
    ),
    'dockermon-16-shared-gpu-server-node17-unreachable-after-cuda-oom-server-rebooted-itself': Backdrop(
        'node17',
        'A10',
        '550.144.03',
        '2019-02-07T11:30:00Z',
        '2019-02-07T12:10:00Z',
        pci=('01',),
    ),
    'gpuop-2237-node-deployment-failed-alert-fires-with-device-plugin-intentionally-disabled-benign': Backdrop(
        'ocp-mig-node',
        'A10',
        '550.144.03',
        '2026-03-20T11:30:00Z',
        '2026-03-20T12:10:00Z',
        pci=('01',),
    ),
    'trinityx-484-alertx-exporterdown-drains-all-slurm-nodes-nvidia-and-ib-healthy-benign': Backdrop(
        'explorer06',
        'A10',
        '550.144.03',
        '2025-07-15T11:30:00Z',
        '2025-07-15T12:10:00Z',
        pci=('01',),
    ),
    'litgpt-1832-slurm-multi-gpu-pretraining-very-slow-dataloader-num-workers-set-to-1': Backdrop(
        'slurm-multigpu-node',
        'A10',
        '550.144.03',
        '2024-12-02T11:30:00Z',
        '2024-12-02T12:10:00Z',
        pci=('01',),
    ),
    'alan-17-university-gpu-cluster-central-storage-raid-maxed-out-iowait-training-slowed': Backdrop(
        'alan-gpu-node',
        'A10',
        '550.144.03',
        '2019-05-12T11:30:00Z',
        '2019-05-12T12:10:00Z',
        pci=('01',),
    ),
    'sglang-3794-two-node-a100x8-inference-fails-to-start-nccl-blocked-by-firewall': Backdrop(
        'a100x8-node-a',
        'A10',
        '550.144.03',
        '2025-02-23T11:30:00Z',
        '2025-02-23T12:10:00Z',
        pci=('01',),
    ),
    'nebari-116-slurm-worker-set-down-not-responding-ufw-blocks-slurmd-port-6818': Backdrop(
        'hpc-worker-02',
        'A10',
        '550.144.03',
        '2022-03-21T11:30:00Z',
        '2022-03-21T12:10:00Z',
        pci=('01',),
    ),
    'ctk-4972-slurm-controller-hangs-rpcs-to-deleted-a2-spot-gpu-nodes-unresolvable': Backdrop(
        'mlslurmpri-a2spotnodeset-111',
        'A10',
        '550.144.03',
        '2025-12-09T11:30:00Z',
        '2025-12-09T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
