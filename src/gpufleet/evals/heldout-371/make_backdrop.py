"""heldout-public-371's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-371/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except rke2, bmsw, cpu001 and ip-192-168-160-221, which the evidence prints), GPU counts, bus numbers (01..N in
index order) and the driver (550.144.03, the same for every case) are stand-ins. No case uses extra: no source quotes an
exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'cndocs-312-gke-1-33-container-toolkit-1-18-0-misconfigures-containerd-config-gpu-operator-pods-fail': Backdrop(
        'gke-gpu-node',
        'A10',
        '550.144.03',
        '2025-11-14T11:30:00Z',
        '2025-11-14T12:10:00Z',
        pci=('01',),
    ),
    'cortex-1947-eks-gpu-nodes-not-joining-cluster-after-gpu-ami-change-cgroupdriver-systemd-vs-cgroupfs': Backdrop(
        'eks-gpu-node',
        'A10',
        '550.144.03',
        '2021-03-11T11:30:00Z',
        '2021-03-11T12:10:00Z',
        pci=('01',),
    ),
    'datahub-2233-intermittent-user-errors-gke-node-auto-upgrade-replaced-nodes-planned-benign': Backdrop(
        'gke-datahub-node',
        'A10',
        '550.144.03',
        '2021-02-26T11:30:00Z',
        '2021-02-26T12:10:00Z',
        pci=('01',),
    ),
    'dataproc-1122-gpu-driver-built-from-source-not-loadable-with-shielded-secure-boot-recommend-no-secure-boot': Backdrop(
        'dataproc-gpu-worker',
        'A10',
        '550.144.03',
        '2023-12-26T11:30:00Z',
        '2023-12-26T12:10:00Z',
        pci=('01',),
    ),
    'eksctl-8859-device-plugin-daemonset-without-nodeselector-crashloop-on-cpu-nodes-fills-disk-diskpressure': Backdrop(
        'eks-cpu-head-node',
        'A10',
        '550.144.03',
        '2026-09-11T11:30:00Z',
        '2026-09-11T12:10:00Z',
        pci=('01',),
    ),
    'forpes-209645-yandex-managed-k8s-v100-nodes-driver-library-version-mismatch-containers-newer-than-node-image': Backdrop(
        'yc-gpu-node',
        'A10',
        '550.144.03',
        '2025-10-01T11:30:00Z',
        '2025-10-01T12:10:00Z',
        pci=('01',),
    ),
    'gpud-1106-gb200-fabric-manager-inactive-reported-although-fabric-state-completed-success-benign': Backdrop(
        'gb200-node',
        'A10',
        '550.144.03',
        '2025-10-15T11:30:00Z',
        '2025-10-15T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'gpuop-491-openshift-roks-gpu-operator-22-9-deploy-labels-empty-device-plugin-toolkit-dcgm-not-deployed': Backdrop(
        'roks-rhel8-gpu-node',
        'A10',
        '550.144.03',
        '2023-02-24T11:30:00Z',
        '2023-02-24T12:10:00Z',
        pci=('01',),
    ),
    'gpuop-722-gpu-operator-ubuntu-24-04-nodes-driver-image-550-54-15-ubuntu24-04-missing-imagepullbackoff': Backdrop(
        'ubuntu2404-gpu-node',
        'A10',
        '550.144.03',
        '2024-05-15T11:30:00Z',
        '2024-05-15T12:10:00Z',
        pci=('01',),
    ),
    'gpuop-992-rke2-cluster-does-not-come-up-after-reboot-gpu-operator-writes-containerd-config-toml-tmpl': Backdrop(
        'rke2',
        'A10',
        '550.144.03',
        '2024-09-16T11:30:00Z',
        '2024-09-16T12:10:00Z',
        pci=('01',),
    ),
    'k8sdp-142-eks-device-plugin-1-0-0-beta3-crash-no-gpus-advertised-null-pointer-bug-fixed-in-beta4': Backdrop(
        'eks-gpu-node',
        'A10',
        '550.144.03',
        '2019-10-14T11:30:00Z',
        '2019-10-14T12:10:00Z',
        pci=('01',),
    ),
    'k8sdp-607-device-plugin-0-15-0-rc-2-no-pods-node-affinity-needs-nvidia-com-gpu-present-label': Backdrop(
        'node1',
        'A10',
        '550.144.03',
        '2024-03-19T11:30:00Z',
        '2024-03-19T12:10:00Z',
        pci=('01',),
    ),
    'karpenter-730-eks-gpu-ami-nodes-kubelet-cannot-reach-containerd-sock-switch-back-to-docker': Backdrop(
        'ip-192-168-160-221',
        'A10',
        '550.144.03',
        '2021-10-04T11:30:00Z',
        '2021-10-04T12:10:00Z',
        pci=('01',),
    ),
    'mk8saddons-314-microk8s-nvidia-addon-driver-image-535-129-03-ubuntu24-04-not-found-no-driver-for-os': Backdrop(
        'microk8s-gpu-node',
        'A10',
        '550.144.03',
        '2025-02-03T11:30:00Z',
        '2025-02-03T12:10:00Z',
        pci=('01',),
    ),
    'mybinder-511-gke-upgrade-for-cves-drained-nodes-users-kicked-off-one-hour-drain-timeout-benign': Backdrop(
        'bmsw',
        'A10',
        '550.144.03',
        '2018-03-19T11:30:00Z',
        '2018-03-19T12:10:00Z',
        pci=('01',),
    ),
    'nhc-161-nhc-drained-nodes-in-batches-script-timed-out-node-mark-online-hung-not-node-fault-benign': Backdrop(
        'cpu001',
        'A10',
        '550.144.03',
        '2025-06-12T11:30:00Z',
        '2025-06-12T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
