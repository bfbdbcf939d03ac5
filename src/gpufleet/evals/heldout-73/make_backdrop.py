"""heldout-public-73's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-73/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
sku is one of the allowed SKUs; most are stand-ins (see each case's description). No case uses extra:
no report quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    # one entry per case folder (the folder name is the key); sku: one of A10, A30, L40S, V100, A100,
    # H100, H200, B200, GB200, B300 (a stand-in where the report's GPU is not one of them: see each case's
    # description); driver: the version the report names, else a stand-in (said in the description);
    # start/end: the incident's time_range; pci: one bus number per GPU, in index order (stand-ins except
    # where a report prints them).
    'amazon-vpc-cni-k8s-3104-aws-node-fails-on-g5-al2023-gpu-ami-missing-nvidia-container-runtime': Backdrop(
        'eks-g5-xlarge-karpenter-node',
        'A10',
        '550.90.07',
        '2024-11-03T11:30:00Z',
        '2024-11-03T12:10:00Z',
        pci=('01',),
    ),
    'blakeshome-charts-65-old-gpu-fails-device-plugin-xid-healthcheck-insufficient-nvidia-gpu': Backdrop(
        'k8s-homelab-gpu-node',
        'A10',
        '535.161.07',
        '2024-04-23T11:30:00Z',
        '2024-04-23T12:10:00Z',
        pci=('01',),
    ),
    'k3s-10534-gpu-resources-missing-k3s-detects-runtime-only-device-plugin-operator-needed': Backdrop(
        'k3s-single-master-gpu',
        'A10',
        '550.90.07',
        '2024-07-17T11:30:00Z',
        '2024-07-17T12:10:00Z',
        pci=('01',),
    ),
    'agentbaker-2508-a100-mig-partition-fails-cuda-not-initialized-fabricmanager-and-reboot-fix': Backdrop(
        'aks-nd96asr-v4-node',
        'A100',
        '525.60.13',
        '2022-12-15T11:30:00Z',
        '2022-12-15T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'nixos-config-1616-p510-fourth-hard-power-cut-psu-overloaded-by-cpu-transcode-stampede-not-gpu': Backdrop(
        'p510',
        'A10',
        '580.95.05',
        '2026-09-01T11:30:00Z',
        '2026-09-01T12:10:00Z',
        pci=('01', '02'),
    ),
    'amazon-eks-ami-2346-driver-575-incompatible-with-6th-gen-g-instances-downgrade-to-570': Backdrop(
        'eks-g6f-large-node',
        'L40S',
        '575.57.08',
        '2025-08-01T11:30:00Z',
        '2025-08-01T12:10:00Z',
        pci=('01',),
    ),
    'aurora-148-stable-image-nvidia-kmods-mismatched-drivers-not-loading-rollback': Backdrop(
        'aurora-dx-nvidia-desktop',
        'A10',
        '565.77',
        '2025-01-23T11:30:00Z',
        '2025-01-23T12:10:00Z',
        pci=('01',),
    ),
    'flatcar-1006-nvidia-driver-510-73-05-missing-from-source-gpu-instance-setup-fails': Backdrop(
        'flatcar-gpu-instance',
        'A10',
        '510.73.05',
        '2023-04-21T11:30:00Z',
        '2023-04-21T12:10:00Z',
        pci=('01',),
    ),
    'harvester-7223-vm-with-3-plus-a100-passthrough-boot-loop-virt-launcher-oom': Backdrop(
        'lambda-blade-a100x8',
        'A100',
        '550.127.05',
        '2024-12-20T11:30:00Z',
        '2024-12-20T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'harvester-4160-gpu-passthrough-vm-not-scheduled-hostdevice-not-permitted': Backdrop(
        'harvester-gpu-node',
        'A10',
        '525.116.04',
        '2023-07-01T11:30:00Z',
        '2023-07-01T12:10:00Z',
        pci=('01',),
    ),
    'volcano-4713-vgpu-full-memory-request-pending-when-one-gpu-has-less-memory': Backdrop(
        'volcano-vgpu-8gpu-node',
        'A10',
        '580.95.05',
        '2025-11-05T11:30:00Z',
        '2025-11-05T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'dockermonitor-24-node26-nvidia-smi-hangs-then-unreachable-machine-broken': Backdrop(
        'node26',
        'A10',
        '418.67',
        '2019-08-02T11:30:00Z',
        '2019-08-02T12:10:00Z',
        pci=('01',),
    ),
    'nv-gpu-powerlimit-setup-1-power-limit-reset-after-boot-on-some-gpus-ubuntu-20-04': Backdrop(
        'ubuntu2004-multi-gpu-workstation',
        'L40S',
        '510.60.02',
        '2022-04-24T11:30:00Z',
        '2022-04-24T12:10:00Z',
        pci=('01', '02'),
    ),
    'container-engine-accelerators-107-driver-update-fails-old-nvidia-uvm-module-loaded-node-restart-needed': Backdrop(
        'gke-gpu-node',
        'V100',
        '418.40.04',
        '2019-03-28T11:30:00Z',
        '2019-03-28T12:10:00Z',
        pci=('01',),
    ),
    'azhpc-images-459-hpc-image-libcuda-older-than-cuda-toolkit-refresh': Backdrop(
        'azure-hpc-ubuntu2404-vm',
        'A100',
        '570.172.08',
        '2025-12-09T11:30:00Z',
        '2025-12-09T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'truenas-nvidia-drivers-10-sysext-missing-nvidia-drm-no-dev-dri-app-fails': Backdrop(
        'truenas-scale-1080ti',
        'A10',
        '570.172.08',
        '2026-05-27T11:30:00Z',
        '2026-05-27T12:10:00Z',
        pci=('01',),
    ),
    'truenas-nvidia-drivers-20-r580-build-loads-open-kernel-module-pascal-p4-no-devices-found': Backdrop(
        'truenas-scale-p4',
        'A10',
        '580.178.04',
        '2026-09-12T11:30:00Z',
        '2026-09-12T12:10:00Z',
        pci=('03',),
    ),
    'amazon-eks-ami-2768-g7-gpu-missing-from-nvidia-open-list-proprietary-kmod-gpu-unusable': Backdrop(
        'eks-g7-node',
        'L40S',
        '580.95.05',
        '2026-09-21T11:30:00Z',
        '2026-09-21T12:10:00Z',
        pci=('01',),
    ),
    'proxmox-vgpu-installer-9-driver-install-fails-with-secure-boot-unsigned-modules': Backdrop(
        'proxmox-ve-vgpu-host',
        'A10',
        '550.54.15',
        '2024-04-30T11:30:00Z',
        '2024-04-30T12:10:00Z',
        pci=('01',),
    ),
    'puppet-magic-castle-91-vgpu-node-missing-from-slurm-private-repo-libnvidia-ml-path': Backdrop(
        'gpu-node1',
        'V100',
        '460.32.03',
        '2021-02-04T11:30:00Z',
        '2021-02-04T12:10:00Z',
        pci=('01',),
    ),
    'nhc-175-check-hw-ib-ofed-version-mismatch-arm-node-defective-adapter-suspected': Backdrop(
        'arm-ib-compute-node',
        'H100',
        '580.95.05',
        '2026-04-01T11:30:00Z',
        '2026-04-01T12:10:00Z',
        pci=('01',),
    ),
    'autopilot-68-a100-node-fails-dcgm-r3-pcie-integration-but-reported-healthy': Backdrop(
        'rhoai-a100-gpu-node',
        'A100',
        '550.54.15',
        '2025-03-13T11:30:00Z',
        '2025-03-13T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'openpbs-2633-cuda-visible-devices-uuid-under-cgroup-hook-valid-form-benign': Backdrop(
        'pbs-gpu-node',
        'A100',
        '535.161.07',
        '2024-03-14T11:30:00Z',
        '2024-03-14T12:10:00Z',
        pci=('01',),
    ),
    'gpustat-117-no-gpu-processes-listed-inside-container-pid-namespace-benign': Backdrop(
        'docker-gpu-host',
        'A10',
        '510.54',
        '2022-03-30T11:30:00Z',
        '2022-03-30T12:10:00Z',
        pci=('01',),
    ),
    'hami-700-gpu-processes-not-shown-in-pod-pid-namespace-normal-benign': Backdrop(
        'hami-k8s-gpu-node',
        'A10',
        '550.54.14',
        '2024-12-11T11:30:00Z',
        '2024-12-11T12:10:00Z',
        pci=('01',),
    ),
    'hami-444-one-gpu-split-into-10-vgpus-request-over-1-pending-by-design-benign': Backdrop(
        'hami-single-gpu-node',
        'A10',
        '550.90.07',
        '2024-09-19T11:30:00Z',
        '2024-09-19T12:10:00Z',
        pci=('01',),
    ),
    'homelab-483-dcgm-exporter-crashloop-no-runtimeclass-gpu-alert-false-positive-benign': Backdrop(
        'node2',
        'A10',
        '580.95.05',
        '2026-02-23T11:30:00Z',
        '2026-02-23T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
