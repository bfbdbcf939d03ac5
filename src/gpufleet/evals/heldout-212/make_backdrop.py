"""heldout-public-212's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-212/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); hosts (except those the sources name),
bus numbers where the source prints none, and the driver (550.144.03, the same for every case) are stand-ins
(see each case's description). No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'hamicore-59-hami-core-hangs-at-nvml-init-on-driver-570-fixed-by-commit': Backdrop(
        'k8s-vgpu-570-node',
        'A10',
        '550.144.03',
        '2025-03-19T11:30:00Z',
        '2025-03-19T12:10:00Z',
        pci=('01',),
    ),
    'k8svgpusched-17-pod-allocated-two-vgpus-sees-one-nvidia-device-map-env-overwritten': Backdrop(
        'a100-vgpu-node',
        'A10',
        '550.144.03',
        '2022-03-31T11:30:00Z',
        '2022-03-31T12:10:00Z',
    ),
    'volcanovgpu-1-pod-cannot-get-more-vgpus-than-physical-gpus-only-4-devices-in-dev': Backdrop(
        'volcano-4gpu-node',
        'A10',
        '550.144.03',
        '2024-06-05T11:30:00Z',
        '2024-06-05T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'dstack-1014-azure-nvads-a10-v5-hangs-on-reboot-cuda-driver-installed-grid-driver-required': Backdrop(
        'azure-nvads-a10-v5',
        'A10',
        '550.144.03',
        '2024-03-14T11:30:00Z',
        '2024-03-14T12:10:00Z',
        pci=('01',),
    ),
    'kubespray-12277-rerun-overwrites-containerd-config-removes-nvidia-runtime-gpu-pods-fail': Backdrop(
        'k8s-gpu-worker-1',
        'A10',
        '550.144.03',
        '2025-06-02T11:30:00Z',
        '2025-06-02T12:10:00Z',
        pci=('01',),
    ),
    'microk8s-1239-gpu-addon-pods-pending-device-plugin-needs-nvidia-default-runtime': Backdrop(
        'debian-microk8s-gpu',
        'A10',
        '550.144.03',
        '2020-05-27T11:30:00Z',
        '2020-05-27T12:10:00Z',
        pci=('01',),
    ),
    'kubeflowcd-923-gke-gpu-node-taint-blocks-istio-nodeagent-gpu-notebook-istio-proxy-hangs': Backdrop(
        'gke-kubeflow-gpu-pool-node',
        'A10',
        '550.144.03',
        '2020-02-17T01:11:52Z',
        '2020-02-17T01:51:52Z',
        pci=('01',),
    ),
    'rstudio-cloudml-174-gpu-unused-on-standard-gpu-and-p100-masters-provisioning-error-fixed-by-google': Backdrop(
        'cloudml-standard-p100-master',
        'A10',
        '550.144.03',
        '2018-07-25T11:30:00Z',
        '2018-07-25T12:10:00Z',
        pci=('01',),
    ),
    'azurelinuxext-1754-nvidia-gpu-driver-extension-stuck-provisioning-secure-boot-mok-password-prompt': Backdrop(
        'azure-nc4as-t4-v3',
        'A10',
        '550.144.03',
        '2023-07-10T11:30:00Z',
        '2023-07-10T12:10:00Z',
        pci=('01',),
    ),
    'gke-cea-pr126-driver-installer-kernel-source-mount-breaks-gke-before-1-14-reverted': Backdrop(
        'gke-cos-gpu-node',
        'A10',
        '550.144.03',
        '2019-10-24T11:30:00Z',
        '2019-10-24T12:10:00Z',
        pci=('01',),
    ),
    'minikube-pr2996-nvidia-driver-installer-broken-by-kernel-switch-4-15-bumped-to-fixed-version': Backdrop(
        'minikube-gpu',
        'A10',
        '550.144.03',
        '2018-07-20T11:30:00Z',
        '2018-07-20T12:10:00Z',
        pci=('01',),
    ),
    'azhpcext-pr88-nvv3-m60-no-longer-supported-by-grid-17-drivers-driver-extension': Backdrop(
        'azure-nv12s-v3',
        'A10',
        '550.144.03',
        '2024-11-22T11:30:00Z',
        '2024-11-22T12:10:00Z',
        pci=('01',),
    ),
    'fgci-ansible-slurm-101-constraindevices-without-allowed-devices-file-slurmd-refuses-to-start': Backdrop(
        'fgci-gpu-node',
        'A10',
        '550.144.03',
        '2018-10-15T11:30:00Z',
        '2018-10-15T12:10:00Z',
        pci=('01',),
    ),
    'ubuntu-slurm-4-job-prolog-failed-node-drained-prolog-d-directory-missing': Backdrop(
        'hpc',
        'A10',
        '550.144.03',
        '2018-05-17T00:35:47Z',
        '2018-05-17T01:15:47Z',
        pci=('01',),
    ),
    'cbio-cluster-275-torque-leaves-gpus-in-exclusive-thread-mode-for-shared-gpu-requests': Backdrop(
        'gpu-1-11',
        'A10',
        '550.144.03',
        '2015-06-21T14:26:54Z',
        '2015-06-21T15:06:54Z',
        pci=('03', '04', '83', '84'),
    ),
    'koordinator-1147-koord-manager-repeatedly-accumulates-node-gpu-resources-wrong-capacity': Backdrop(
        'koord-gpu-node',
        'A10',
        '550.144.03',
        '2023-03-27T11:30:00Z',
        '2023-03-27T12:10:00Z',
        pci=('01', '02'),
    ),
    'kai-scheduler-pr1931-shared-dra-gpu-counted-per-pod-node-rejected-for-all-tasks': Backdrop(
        'kai-dra-1gpu-node',
        'A10',
        '550.144.03',
        '2026-07-16T11:30:00Z',
        '2026-07-16T12:10:00Z',
        pci=('01',),
    ),
    'kuberay-1349-gpu-raycluster-fails-on-gke-autopilot-init-container-copies-gpu-request': Backdrop(
        'gke-autopilot-gpu-node',
        'A10',
        '550.144.03',
        '2023-08-17T11:30:00Z',
        '2023-08-17T12:10:00Z',
        pci=('01',),
    ),
    'hami-235-nvidia-smi-in-container-shows-no-processes-known-limitation-benign': Backdrop(
        'hami-v100-node',
        'A10',
        '550.144.03',
        '2024-04-18T11:30:00Z',
        '2024-04-18T12:10:00Z',
        pci=('01',),
    ),
    'azure-docs-pr2223-n-series-gpu-util-0-percent-expected-when-idle-benign': Backdrop(
        'azure-nc6-windows',
        'A10',
        '550.144.03',
        '2017-06-28T11:30:00Z',
        '2017-06-28T12:10:00Z',
        pci=('01',),
    ),
    'openpai-949-gpu-exporter-na-values-geforce-gt730-metrics-missing-exporter-fix-benign': Backdrop(
        'openpai-gt730-worker',
        'A10',
        '550.144.03',
        '2018-07-24T09:13:28Z',
        '2018-07-24T09:53:28Z',
        pci=('01',),
    ),
    'prometheus-nvidiasmi-4-blackwell-driver-595-power-state-deprecated-breaks-scrape-benign': Backdrop(
        'unraid-rtx5060ti',
        'A10',
        '550.144.03',
        '2026-05-13T11:30:00Z',
        '2026-05-13T12:10:00Z',
        pci=('05',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
