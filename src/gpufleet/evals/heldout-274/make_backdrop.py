"""heldout-public-274's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-274/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts are the names the evidence prints where it prints one (wf-g4-standard-48-1, nano7) and stand-ins otherwise;
bus numbers are stand-ins (01, 02, ... in index order) except 05 for wf-g4-standard-48-1, which its evidence prints;
the driver (550.144.03, the same for every case) is a stand-in. No case uses extra: no source quotes an exporter
value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'cuda-lab-waterfield-rtx-pro-6000-blackwell-nodes-rminitadapter-failed-proprietary-driver-needs-open-modules': Backdrop(
        'wf-g4-standard-48-1',
        'A10',
        '550.144.03',
        '2026-01-24T11:30:00Z',
        '2026-01-24T12:10:00Z',
        pci=('05',),
    ),
    'skypilot-10468-azure-a10-vm-xid-78-stale-grid-guest-driver-incompatible-with-vgpu-18-host': Backdrop(
        'nv36ads-a10-v5-vm',
        'A10',
        '550.144.03',
        '2026-08-14T11:30:00Z',
        '2026-08-14T12:10:00Z',
        pci=('01',),
    ),
    'skypilot-2721-k8s-gpu-isolation-not-enforced-privileged-pods-see-all-node-gpus': Backdrop(
        'k8s-gpu-node-8xa100',
        'A10',
        '550.144.03',
        '2023-10-19T11:30:00Z',
        '2023-10-19T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'convox-885-nvidia-device-plugin-daemon-not-scheduled-on-dedicated-node-groups-fixed-in-rack-release': Backdrop(
        'convox-gpu-node',
        'A10',
        '550.144.03',
        '2025-05-01T11:30:00Z',
        '2025-05-01T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'kubernetes-77035-gce-gpu-device-plugin-registers-fewer-gpus-when-started-before-devices-installed': Backdrop(
        'gce-gpu-node',
        'A10',
        '550.144.03',
        '2019-04-25T11:30:00Z',
        '2019-04-25T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'confidential-os-builder-57-8xb200-cvm-nvidia-device-plugin-crashloop-host-libs-shadow-container-libc': Backdrop(
        'b200-cvm',
        'A10',
        '550.144.03',
        '2026-07-20T11:30:00Z',
        '2026-07-20T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'onepanel-789-eks-nvidia-device-plugin-crashloopbackoff-stale-daemonset-manifest-args': Backdrop(
        'eks-gpu-node',
        'A10',
        '550.144.03',
        '2020-12-12T11:30:00Z',
        '2020-12-12T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'jade-135-jade-dgx-v100-cuda-out-of-memory-above-16gb-model-reduced-to-fit': Backdrop(
        'jade-dgx1-node',
        'A10',
        '550.144.03',
        '2020-03-05T11:30:00Z',
        '2020-03-05T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'quda-569-shared-4xp100-node-little-free-gpu-memory-others-bypass-batch-system': Backdrop(
        'nano7',
        'A10',
        '550.144.03',
        '2017-02-25T21:41:38Z',
        '2017-02-25T22:21:38Z',
        pci=('01', '02', '03', '04'),
    ),
    'gpu-operator-2549-driver-upgrade-state-failed-to-done-expected-recovery-benign': Backdrop(
        'k8s-gpu-node-upgrade',
        'A10',
        '550.144.03',
        '2026-08-12T11:30:00Z',
        '2026-08-12T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'telescope-1322-aks-a100-h100-node-pool-readiness-timeout-gpu-nodes-slow-to-become-ready-benign': Backdrop(
        'nd96asr-v4-node',
        'A10',
        '550.144.03',
        '2026-09-12T11:30:00Z',
        '2026-09-12T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'agentbaker-2907-aks-gpu-validation-timeout-many-gpu-vms-initialise-slowly-benign': Backdrop(
        'aks-gpu-node-many',
        'A10',
        '550.144.03',
        '2023-03-22T11:30:00Z',
        '2023-03-22T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'gpud-108-uncorrectable-ecc-recovered-by-row-remapping-should-not-mark-gpu-unhealthy-benign': Backdrop(
        'gpud-a100-node',
        'A10',
        '550.144.03',
        '2024-10-09T11:30:00Z',
        '2024-10-09T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'gpu-operator-686-eks-amazon-linux-2-driver-daemonset-image-pull-fails-no-al2-driver-containers': Backdrop(
        'eks-al2-gpu-node',
        'A10',
        '550.144.03',
        '2024-03-22T11:30:00Z',
        '2024-03-22T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'kubernetes-77073-cpu-manager-static-policy-gpu-pods-lose-nvidiactl-access-nvml-unknown-error': Backdrop(
        'k8s-gpu-node-cpumgr',
        'A10',
        '550.144.03',
        '2019-04-25T11:30:00Z',
        '2019-04-25T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'aks-engine-857-nvidia-driver-install-interrupted-by-120s-timeout-on-gpu-nodes': Backdrop(
        'aks-engine-gpu-node',
        'A10',
        '550.144.03',
        '2019-03-22T11:30:00Z',
        '2019-03-22T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'dcgm-exporter-731-helm-chart-lacks-gpu-taint-toleration-daemonset-schedules-zero-pods': Backdrop(
        'eks-gpu-pool-node',
        'A10',
        '550.144.03',
        '2026-09-08T11:30:00Z',
        '2026-09-08T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'eidf-epcc-cluster-26-gpu-pod-rejected-no-cpu-memory-limits-then-namespace-quota-exceeded': Backdrop(
        'eidf-gpu-node',
        'A10',
        '550.144.03',
        '2023-11-01T11:30:00Z',
        '2023-11-01T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'cbio-cluster-1-torque-gpu-jobs-get-misspelled-cuda-visable-devices-variable': Backdrop(
        'cbio-gpu-node',
        'A10',
        '550.144.03',
        '2013-12-03T11:30:00Z',
        '2013-12-03T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'gpushare-scheduler-extender-42-gpu-share-pods-fail-scheduler-policy-not-applied-to-kubeadm-scheduler': Backdrop(
        'kubeadm-gpu-node',
        'A10',
        '550.144.03',
        '2019-08-26T11:30:00Z',
        '2019-08-26T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
