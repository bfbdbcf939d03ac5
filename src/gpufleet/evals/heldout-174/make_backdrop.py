"""heldout-public-174's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-174/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
GPUs are shown with the reported model where it is one of the backdrop SKUs (A100, H100) and as A10 otherwise
(Tesla T4, P100 and unnamed GPUs); hosts and bus numbers are stand-ins except the lspci bus numbers deepops-702
quotes (3d, 3f); drivers are stand-ins except where a source prints one (gpu-operator-2833: 580.126.20;
dra-driver-1264: 570.133.20). No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'gpuoperator-2833-mig-manager-wedged-gpu-deploy-labels-paused-node-advertises-zero-gpus': Backdrop(
        'k3s-a100-mig-node',
        'A100',
        '580.126.20',
        '2026-08-30T11:30:00Z',
        '2026-08-30T12:10:00Z',
        pci=('17', '65', 'ca', 'e3'),
    ),
    'kubeflow-5275-gke-gpu-node-no-nvidia-gpu-capacity-device-plugin-daemonset-missing': Backdrop(
        'gke-gpu-pool-node',
        'A10',
        '450.51.06',
        '2020-09-04T11:30:00Z',
        '2020-09-04T12:10:00Z',
        pci=('04',),
    ),
    'dradriver-1264-compute-domain-plugin-crashes-at-boot-race-with-fabric-manager-registration': Backdrop(
        'crusoe-hgx-h100-node',
        'H100',
        '570.133.20',
        '2026-07-26T11:30:00Z',
        '2026-07-26T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'acsengine-2159-nc6s-v2-nvidia-driver-not-installed-vm-size-missing-from-gpu-sku-list': Backdrop(
        'k8s-agent-nc6sv2',
        'A10',
        '384.111',
        '2018-01-25T11:30:00Z',
        '2018-01-25T12:10:00Z',
        pci=('01',),
    ),
    'gpuoperator-390-aks-nc64as-t4-node-tainted-gpu-operator-pods-not-scheduled': Backdrop(
        'aks-cas-nc64ast4-node',
        'A10',
        '470.82.01',
        '2022-08-12T11:30:00Z',
        '2022-08-12T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'gkeaccel-580-a3-mega-tcpxo-daemon-sees-7-of-8-gpus-without-hostnetwork': Backdrop(
        'gke-a3-megagpu-8g-node',
        'H100',
        '550.90.07',
        '2026-03-12T11:30:00Z',
        '2026-03-12T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'aicr-1662-gke-a3-mega-gvnic-takes-gpu-nic-slot-rxdm-exits-nccl-connection-refused': Backdrop(
        'gke-a3-mega-uat-node',
        'H100',
        '550.90.07',
        '2026-07-08T11:30:00Z',
        '2026-07-08T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'skypilot-3318-k8s-h100-node-labelled-but-zero-gpus-recognized-driver-issue': Backdrop(
        'k8s-h100x8-node',
        'H100',
        '535.161.08',
        '2024-03-16T11:30:00Z',
        '2024-03-16T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'chtc-templates-6-htcondor-job-uses-gpu0-benign-maps-to-assigned-gpu': Backdrop(
        'chtc-gpu-server',
        'A10',
        '440.64.00',
        '2020-03-12T11:30:00Z',
        '2020-03-12T12:10:00Z',
        pci=('02', '03', '82', '83'),
    ),
    'deepops-702-nhc-gpu-count-check-miscounts-lspci-marks-healthy-node-down': Backdrop(
        'slurm-rtx-node',
        'A10',
        '450.80.02',
        '2020-10-13T11:30:00Z',
        '2020-10-13T12:10:00Z',
        pci=('3d', '3f'),
    ),
    'clusterscripts-20-draining-nodes-counted-as-allocated-jobs-still-running-benign': Backdrop(
        'slurm-gpu-node-drng',
        'A10',
        '418.67',
        '2019-08-22T11:30:00Z',
        '2019-08-22T12:10:00Z',
        pci=('02', '03', '82', '83'),
    ),
    'akash-429-inventory-operator-reports-millions-of-gpus-counter-underflow-benign': Backdrop(
        'akash-provider-gpu-node',
        'A10',
        '550.127.05',
        '2026-02-17T11:30:00Z',
        '2026-02-17T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'vgpumanager-2-parallel-vgpu-pods-get-wrong-devices-kubelet-allocate-order': Backdrop(
        'k8s-vgpu-node',
        'A10',
        '550.127.05',
        '2025-02-11T11:30:00Z',
        '2025-02-11T12:10:00Z',
        pci=('17', '65', 'ca', 'e3'),
    ),
    'hamivolcanovgpu-22-concurrent-pods-getpendingpod-returns-wrong-pod-wrong-vgpus': Backdrop(
        'volcano-vgpu-node',
        'A10',
        '535.183.01',
        '2024-09-06T11:30:00Z',
        '2024-09-06T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'gpustack-3581-k3s-workers-missing-gpus-nvidia-not-default-runtime': Backdrop(
        'k3s-gpustack-worker',
        'A10',
        '570.172.08',
        '2025-11-27T11:30:00Z',
        '2025-11-27T12:10:00Z',
        pci=('01',),
    ),
    'cloudnativedocs-210-gpu-operator-25-3-1-breaks-openshift-4-12-driver-daemonset-crashloop': Backdrop(
        'ocp412-gpu-worker',
        'A10',
        '570.148.08',
        '2025-07-02T11:30:00Z',
        '2025-07-02T12:10:00Z',
        pci=('17', '65', 'ca', 'e3'),
    ),
    'glideinwms-46-gpu-pilots-fully-busy-counted-idle-accounting-artifact-benign': Backdrop(
        'glidein-gpu-pilot',
        'A10',
        '460.73.01',
        '2021-04-15T11:30:00Z',
        '2021-04-15T12:10:00Z',
        pci=('04',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
