"""heldout-public-355's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-355/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
host names are stand-ins except rhel94 (intersight-66), which the evidence prints; bus numbers (01..N in index
order) and the driver (550.144.03, the same for every case) are stand-ins. No case uses extra: no source quotes an
exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'aalto-scicomp-26-sinteractive-gres-gpu-rejected-node-configuration-not-available-without-gpu-partition-job-submit-lua-fixed': Backdrop(
        'triton-gpu01',
        'A10',
        '550.144.03',
        '2018-05-03T11:30:00Z',
        '2018-05-03T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'sheffield-hpc-1042-srun-gpus-per-node-requested-node-configuration-not-available-partition-and-qos-required': Backdrop(
        'bessemer-gpu01',
        'A10',
        '550.144.03',
        '2020-07-05T11:30:00Z',
        '2020-07-05T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'crun-1802-k8s-device-plugin-failed-to-initialize-nvml-after-crun-1-17-to-1-18-update-pods-pending': Backdrop(
        'crio-gpu-worker01',
        'A10',
        '550.144.03',
        '2025-07-01T11:30:00Z',
        '2025-07-01T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'kubedirector-263-gpus-visible-in-pods-that-request-no-gpu-nvidia-visible-devices-workaround': Backdrop(
        'k8s-gpu-worker01',
        'A10',
        '550.144.03',
        '2020-02-05T11:30:00Z',
        '2020-02-05T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'kops-7667-torch-unable-to-detect-gpu-driver-version-mismatch-nvidia-driver-bumped-to-418-87': Backdrop(
        'kops-gpu-node01',
        'A10',
        '550.144.03',
        '2019-09-25T11:30:00Z',
        '2019-09-25T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'azurelinux-13433-aks-gpu-nodes-device-plugin-crashloop-cuda-install-upgraded-kernel-driver-cannot-load': Backdrop(
        'aks-gpunp-node01',
        'A10',
        '550.144.03',
        '2025-04-16T11:30:00Z',
        '2025-04-16T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'dorado-1469-invalid-device-ids-on-slurm-hpc-cuda-visible-devices-names-more-gpus-than-present': Backdrop(
        'hpc-v100-node01',
        'A10',
        '550.144.03',
        '2025-08-20T11:30:00Z',
        '2025-08-20T12:10:00Z',
        pci=('01',),
    ),
    'cmssw-31878-failed-to-initialise-cuda-runtime-in-pr-tests-bot-typo-gpu-test-not-started-benign': Backdrop(
        'cmssw-pr-test01',
        'A10',
        '550.144.03',
        '2020-10-21T11:30:00Z',
        '2020-10-21T12:10:00Z',
        pci=('01',),
    ),
    'data-science-stack-90-diagnostics-driver-not-installed-nvidia-smi-not-found-but-nvidia-module-loaded-benign': Backdrop(
        'rhel8-gpu-host',
        'A10',
        '550.144.03',
        '2021-02-10T11:30:00Z',
        '2021-02-10T12:10:00Z',
        pci=('01',),
    ),
    'intersight-utils-66-no-supported-devices-in-vgpu-mode-message-changed-broke-driver-detection-benign': Backdrop(
        'rhel94',
        'A10',
        '550.144.03',
        '2025-04-07T11:30:00Z',
        '2025-04-07T12:10:00Z',
        pci=('01',),
    ),
    'ubuntu-cloud-docs-389-eks-gpu-worker-nvidia-containerd-runtime-config-needed-systemdcgroup-sandbox-cni-lines': Backdrop(
        'eks-gpu-worker01',
        'A10',
        '550.144.03',
        '2025-07-11T11:30:00Z',
        '2025-07-11T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'dstack-3211-ssh-fleet-shim-detects-no-gpu-nvidia-smi-cannot-run-as-root-inside-wsl2': Backdrop(
        'wsl2-worker-a',
        'A10',
        '550.144.03',
        '2025-10-21T11:30:00Z',
        '2025-10-21T12:10:00Z',
        pci=('01',),
    ),
    'kubeflow-226-gke-gpu-notebook-image-fails-to-load-nvidia-driver-daemonset-not-deployed': Backdrop(
        'gke-gpu-pool-node01',
        'A10',
        '550.144.03',
        '2018-02-13T11:30:00Z',
        '2018-02-13T12:10:00Z',
        pci=('01',),
    ),
    'tensorflow-35539-jupyterhub-notebook-tensorflow-no-gpu-ld-library-path-not-passed-to-single-user-server': Backdrop(
        'jhub-gpu-host01',
        'A10',
        '550.144.03',
        '2020-01-03T11:30:00Z',
        '2020-01-03T12:10:00Z',
        pci=('01',),
    ),
    'az-hop-1797-all-gpu-nodes-marked-unhealthy-because-nvidia-health-check-tests-were-not-installed-benign': Backdrop(
        'azhop-gpu-node01',
        'A10',
        '550.144.03',
        '2023-12-26T11:30:00Z',
        '2023-12-26T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'soperator-2119-slurm-cloud-nodes-gres-autodetect-nvml-stops-working-gpu-gres-missing-manual-gres-conf': Backdrop(
        'soperator-worker-0',
        'A10',
        '550.144.03',
        '2026-02-02T11:30:00Z',
        '2026-02-02T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'fgci-ansible-role-slurm-107-ubuntu-compute-nodes-missing-cgroup-allowed-devices-file-slurmd-fails-to-start': Backdrop(
        'fgci-gpu-node01',
        'A10',
        '550.144.03',
        '2019-07-02T11:30:00Z',
        '2019-07-02T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'gpu-driver-container-793-rhel9-eus-kernel-driver-daemonset-cannot-find-kernel-headers-appstream-eus-repo-not-enabled': Backdrop(
        'rhel9-eus-gpu-worker01',
        'A10',
        '550.144.03',
        '2026-05-22T11:30:00Z',
        '2026-05-22T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'nvkind-20-device-plugin-daemonset-not-scheduled-on-kind-workers-missing-gpu-present-label': Backdrop(
        'nvkind-worker',
        'A10',
        '550.144.03',
        '2024-12-12T11:30:00Z',
        '2024-12-12T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'hami-641-hami-device-plugin-platform-detection-failed-docker-default-runtime-not-nvidia': Backdrop(
        'master1',
        'A10',
        '550.144.03',
        '2024-11-23T11:30:00Z',
        '2024-11-23T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
