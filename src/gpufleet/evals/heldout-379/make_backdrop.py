"""heldout-public-379's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-379/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except b1101, viz3d-1 and gpu1, which the evidence prints), GPU counts, bus numbers (01..N in index order) and the
driver (550.144.03, the same for every case) are stand-ins. No case uses extra: no source quotes an exporter value
as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'sonar-188-nvidia-smi-fails-on-non-gpu-nodes-of-shared-image-gpufail-false-alarm-benign': Backdrop(
        'b1101',
        'A10',
        '550.144.03',
        '2024-10-04T11:30:00Z',
        '2024-10-04T12:10:00Z',
        pci=('01',),
    ),
    'gpuop-199-openshift-4-7-9-upgrade-gpu-operator-pods-stuck-init-no-proxy-lacks-service-cidr': Backdrop(
        'ocp-gpu-worker',
        'A10',
        '550.144.03',
        '2021-06-03T11:30:00Z',
        '2021-06-03T12:10:00Z',
        pci=('01',),
    ),
    'cea-196-gke-t4-pods-insufficient-nvidia-gpu-device-plugin-not-installed': Backdrop(
        'gke-gpu-pool-node',
        'A10',
        '550.144.03',
        '2021-05-28T11:30:00Z',
        '2021-05-28T12:10:00Z',
        pci=('01',),
    ),
    'azhop-1796-nhc-check-nvsmi-healthmon-returns-127-on-every-run-after-nhc-update-benign': Backdrop(
        'viz3d-1',
        'A10',
        '550.144.03',
        '2023-12-22T11:30:00Z',
        '2023-12-22T12:10:00Z',
        pci=('01',),
    ),
    'galaxy-1552-htcondor-multi-gpu-host-all-gpu-jobs-on-gpu-0-missing-assignedgpus-env-mapping': Backdrop(
        'pxe-gpu-node',
        'A10',
        '550.144.03',
        '2025-06-19T11:30:00Z',
        '2025-06-19T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'psap-42-openshift-ansible-device-plugin-role-cannot-label-node-inventory-hostname-not-node-name': Backdrop(
        'ocp-gpu-node',
        'A10',
        '550.144.03',
        '2019-08-30T11:30:00Z',
        '2019-08-30T12:10:00Z',
        pci=('01',),
    ),
    'sglomni-510-ci-runner-gpu-containers-fail-persistenced-socket-missing-nvml-driver-library-mismatch': Backdrop(
        'ci-gpu-runner',
        'A10',
        '550.144.03',
        '2026-05-21T11:30:00Z',
        '2026-05-21T12:10:00Z',
        pci=('01',),
    ),
    'zarr-2365-github-hosted-gpu-runners-stalled-faulty-nvidia-gpu-optimized-vmi-image': Backdrop(
        'gh-gpu-runner',
        'A10',
        '550.144.03',
        '2024-10-14T11:30:00Z',
        '2024-10-14T12:10:00Z',
        pci=('01',),
    ),
    'comfyeks-26-eks-al2023-gpu-operator-driver-cannot-install-no-al2023-driver-image': Backdrop(
        'eks-gpu-node',
        'A10',
        '550.144.03',
        '2025-08-28T11:30:00Z',
        '2025-08-28T12:10:00Z',
        pci=('01',),
    ),
    'galaxy-2197-htcondor-split-gpu-tools-cannot-run-v100-host-no-longer-in-div4-group': Backdrop(
        'pxe-gpu-v100',
        'A10',
        '550.144.03',
        '2026-07-20T11:30:00Z',
        '2026-07-20T12:10:00Z',
        pci=('01',),
    ),
    'gpuop-1015-microk8s-nvidia-device-nodes-not-created-container-toolkit-1-14-3-too-old-for-r550': Backdrop(
        'microk8s-gpu-node',
        'A10',
        '550.144.03',
        '2024-09-27T11:30:00Z',
        '2024-09-27T12:10:00Z',
        pci=('01',),
    ),
    'gpuop-1099-rke2-k3s-toolkit-daemonset-fails-containerd-config-dump-exit-127-after-operator-24-9-0': Backdrop(
        'rke2-gpu-node',
        'A10',
        '550.144.03',
        '2024-11-01T11:30:00Z',
        '2024-11-01T12:10:00Z',
        pci=('01',),
    ),
    'cdk-664-charmed-kubernetes-worker-install-fails-on-nvidia-nodes-unauthenticated-nvidia-ppa-packages': Backdrop(
        'kubernetes-worker-9',
        'A10',
        '550.144.03',
        '2018-10-09T11:30:00Z',
        '2018-10-09T12:10:00Z',
        pci=('01',),
    ),
    'kops-15094-gpu-node-never-joins-cluster-nodeup-nvidia-container-runtime-install-broken-apt-repo': Backdrop(
        'kops-gpu-node',
        'A10',
        '550.144.03',
        '2023-02-01T11:30:00Z',
        '2023-02-01T12:10:00Z',
        pci=('01',),
    ),
    'azdocs-10323-aks-gpu-cuda-9-images-fail-version-mismatch-host-driver-supports-cuda-8-only': Backdrop(
        'aks-gpu-node',
        'A10',
        '550.144.03',
        '2018-06-17T11:30:00Z',
        '2018-06-17T12:10:00Z',
        pci=('01',),
    ),
    'k8sdp-117-device-plugin-pods-crashloop-on-nodes-without-gpus-expected-benign': Backdrop(
        'cpu-node-1',
        'A10',
        '550.144.03',
        '2019-05-28T11:30:00Z',
        '2019-05-28T12:10:00Z',
        pci=('01',),
    ),
    'tensorhive-289-fan-speed-not-supported-on-passive-tesla-p40-nodes-maintainer-looks-fine-benign': Backdrop(
        'gpu1',
        'A10',
        '550.144.03',
        '2020-09-01T11:30:00Z',
        '2020-09-01T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'gfd-70-gfd-worker-pods-not-created-on-gpu-nodes-toleration-equal-present-vs-taint': Backdrop(
        'gpu-node-1',
        'A10',
        '550.144.03',
        '2024-03-01T11:30:00Z',
        '2024-03-01T12:10:00Z',
        pci=('01',),
    ),
    'k8s-134495-cos-121-upgrade-breaks-gpu-driver-installation-cos-gpu-installer-bump': Backdrop(
        'cos-gpu-e2e-node',
        'A10',
        '550.144.03',
        '2025-10-09T11:30:00Z',
        '2025-10-09T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
