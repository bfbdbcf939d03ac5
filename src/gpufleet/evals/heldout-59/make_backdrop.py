"""heldout-public-59's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-59/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
sku is one of the allowed SKUs; most are stand-ins (see each case's description). No case uses extra:
no report quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'nvidia-gpu-prometheus-exporter-12-dutycycle-gauge-misses-short-bursts-sampling-artifact-benign': Backdrop(
        'prom-exporter-gpu-host',
        'A100',
        '418.67',
        '2019-07-16T11:30:00Z',
        '2019-07-16T12:10:00Z',
        pci=('07',),
    ),
    'void-packages-5745-nvidia-378-13-modeset-version-mismatch-dkms-hooks-not-rerun': Backdrop(
        'void-linux-desktop',
        'A10',
        '378.13',
        '2017-02-15T11:30:00Z',
        '2017-02-15T12:10:00Z',
        pci=('01',),
    ),
    'nobara-rpm-sources-525-dkms-nvidia-595-71-05-ships-stale-595-58-03-module-source-nvml-mismatch': Backdrop(
        'nobara-rtx3060-desktop',
        'A10',
        '595.71.05',
        '2026-05-21T11:30:00Z',
        '2026-05-21T12:10:00Z',
        pci=('01',),
    ),
    'netdata-10362-nvidia-smi-collector-loop-mode-burns-host-cpu': Backdrop(
        'netdata-gpu-host',
        'A100',
        '470.82.01',
        '2022-01-26T11:30:00Z',
        '2022-01-26T12:10:00Z',
        pci=('07',),
    ),
    'system76-driver-343-addw4-crash-after-suspend-gsp-firmware-disabled-later-power-fix': Backdrop(
        'system76-addw4-laptop',
        'A10',
        '580.95.05',
        '2025-10-29T11:30:00Z',
        '2025-10-29T12:10:00Z',
        pci=('01',),
    ),
    'cachyos-settings-106-gsp-firmware-stutters-disabled-by-default': Backdrop(
        'cachyos-desktop',
        'A10',
        '560.35.03',
        '2024-10-16T11:30:00Z',
        '2024-10-16T12:10:00Z',
        pci=('01',),
    ),
    'singularity-1306-exec-contain-nv-drops-dev-nvidia-device-files-fixed-by-pr-1358': Backdrop(
        'singularity-gpu-host',
        'A100',
        '390.46',
        '2018-04-28T11:30:00Z',
        '2018-04-28T12:10:00Z',
        pci=('07',),
    ),
    'volcano-vgpu-device-plugin-102-mig-mode-pod-pending-mig-geometry-config-not-found': Backdrop(
        'volcano-mig-node',
        'A100',
        '580.95.05',
        '2026-01-28T11:30:00Z',
        '2026-01-28T12:10:00Z',
        pci=('07',),
    ),
    'slurm-job-exporter-2-slurm-job-gpus-mapping-wrong-with-pam-slurm-adopt-fixed-with-cgexec': Backdrop(
        'slurm-a100-node',
        'A100',
        '460.73.01',
        '2021-04-28T11:30:00Z',
        '2021-04-28T12:10:00Z',
        pci=('07',),
    ),
    'slurm-jupyter-2-notebook-on-gpu-queue-runs-on-cpu-without-gres-gpu': Backdrop(
        'genomedk-gpu-node',
        'A100',
        '460.32.03',
        '2021-03-23T11:30:00Z',
        '2021-03-23T12:10:00Z',
        pci=('07',),
    ),
    'codalab-worksheets-3553-cpu-only-slurm-bundles-get-all-gpus-gpuset-parsed-as-all': Backdrop(
        'codalab-slurm-gpu-node',
        'A100',
        '460.73.01',
        '2021-05-26T11:30:00Z',
        '2021-05-26T12:10:00Z',
        pci=('07', '08'),
    ),
    'cluster-autoscaler-451-gpu-node-ready-before-gpu-allocatable-extra-scale-up': Backdrop(
        'k8s-gpu-pool-node',
        'A100',
        '384.81',
        '2017-11-06T11:30:00Z',
        '2017-11-06T12:10:00Z',
        pci=('07',),
    ),
    'openobserve-dashboards-30-dcgm-dashboard-empty-lowercase-metric-names-benign': Backdrop(
        'openobserve-8gpu-host',
        'A100',
        '580.95.05',
        '2025-11-08T11:30:00Z',
        '2025-11-08T12:10:00Z',
        pci=('07', '08', '09', '0a', '0b', '0c', '0d', '0e'),
    ),
    'negativo17-nvidia-driver-12-fedora-25-kernel-4-9-3-breaks-340-driver-patch-for-4-9': Backdrop(
        'fedora25-quadro-nvs295',
        'A10',
        '340.101',
        '2017-02-08T11:30:00Z',
        '2017-02-08T12:10:00Z',
        pci=('01',),
    ),
    'siderolabs-extensions-1073-talos-1-13-fabricmanager-crashloop-missing-libz-nvlink-down': Backdrop(
        'talos-nvlink-node',
        'A100',
        '580.95.05',
        '2026-05-11T11:30:00Z',
        '2026-05-11T12:10:00Z',
        pci=('07', '08'),
    ),
    'negativo17-nvidia-driver-39-driver-not-loaded-after-kernel-update-akmods-from-rpmfusion': Backdrop(
        'thinkpad-quadro-m3000m',
        'A10',
        '387.34',
        '2018-02-19T11:30:00Z',
        '2018-02-19T12:10:00Z',
        pci=('01',),
    ),
    'ganglia-gmond-python-modules-149-passive-gpu-has-no-fan-speed-not-fatal-benign': Backdrop(
        'ganglia-tesla-node',
        'A100',
        '331.67',
        '2014-07-23T11:30:00Z',
        '2014-07-23T12:10:00Z',
        pci=('07',),
    ),
    'soperator-2268-docker-in-slurm-jobs-escapes-job-cgroup-kubelet-oom-kills-slurmd-pod': Backdrop(
        'soperator-worker-0',
        'A100',
        '580.95.05',
        '2026-03-06T11:30:00Z',
        '2026-03-06T12:10:00Z',
        pci=('07',),
    ),
    'dandi-hub-295-t4-image-container-killed-cgroup-memory-limit-suspected': Backdrop(
        'dandihub-t4-node',
        'A10',
        '580.95.05',
        '2026-01-01T11:30:00Z',
        '2026-01-01T12:10:00Z',
        pci=('07',),
    ),
    'telegraf-4388-nvidia-smi-input-exit-status-12-nvml-library-not-loadable-benign': Backdrop(
        'telegraf-gpu-host',
        'A100',
        '396.37',
        '2018-07-18T11:30:00Z',
        '2018-07-18T12:10:00Z',
        pci=('07',),
    ),
    'nvidia-all-11-cuda-broken-on-kernel-5-9-nvidia-uvm-patch-not-applied': Backdrop(
        'arch-kernel59-desktop',
        'A10',
        '455.28',
        '2020-10-13T11:30:00Z',
        '2020-10-13T12:10:00Z',
        pci=('01',),
    ),
    'chaotic-aur-infra-62-nvidia-tkg-dkms-fails-on-kernel-5-6-without-tkg-patch': Backdrop(
        'arch-chaotic-aur-desktop',
        'A10',
        '440.64',
        '2020-04-01T11:30:00Z',
        '2020-04-01T12:10:00Z',
        pci=('01',),
    ),
    'rke2-8752-gpu-operator-no-longer-sets-nvidia-default-runtime-use-config-toml-tmpl': Backdrop(
        'rke2-gpu-node',
        'A100',
        '570.172.08',
        '2025-08-08T11:30:00Z',
        '2025-08-08T12:10:00Z',
        pci=('07',),
    ),
    'docker-compose-8569-gpu-not-visible-docs-yaml-indentation-of-device-reservation': Backdrop(
        'wsl2-docker-desktop',
        'A10',
        '471.68',
        '2021-09-03T11:30:00Z',
        '2021-09-03T12:10:00Z',
        pci=('01',),
    ),
    'kubeflow-community-distribution-2683-k3s-notebooks-no-gpu-nvidia-not-default-runtime': Backdrop(
        'k3s-kubeflow-gpu-node',
        'A100',
        '550.54.15',
        '2024-04-23T11:30:00Z',
        '2024-04-23T12:10:00Z',
        pci=('07',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
