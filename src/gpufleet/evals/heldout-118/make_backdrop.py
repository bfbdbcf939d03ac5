"""heldout-public-118's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-118/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); hosts, bus numbers and most drivers are
stand-ins (see each case's description). No case uses extra: no report quotes an exporter value as a metric
sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'igalia-23-podman-gpu-container-fails-after-driver-update-stale-cdi-bind-mounts': Backdrop(
        'ws-podman-webkit-sdk',
        'A10',
        '535.171.04',
        '2024-05-29T11:30:00Z',
        '2024-05-29T12:10:00Z',
        pci=('01',),
    ),
    'enroot-207-nvidia-container-cli-unknown-device-invalid-gpu-ids-in-nvidia-visible-devices': Backdrop(
        'slurm-gpu-enroot-01',
        'A10',
        '550.90.07',
        '2024-09-03T11:30:00Z',
        '2024-09-03T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'ocf-puppet-1493-cuda-init-fails-nvidia-uvm-module-and-device-absent': Backdrop(
        'ocf-hpc-gpu01',
        'A10',
        '580.82.07',
        '2026-09-03T11:30:00Z',
        '2026-09-03T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'sockeye-1039-two-node-slurm-distributed-training-fails-nccl-needs-unblocked-tcp-ports': Backdrop(
        'slurm-gpu-node-a',
        'A10',
        '510.47.03',
        '2022-04-08T11:30:00Z',
        '2022-04-08T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'cmssw-42997-htcondor-gpu-tests-fail-driver-cuda-12-1-older-than-runtime-12-2': Backdrop(
        'htcondor-gpu-a100-01',
        'A10',
        '530.30.02',
        '2023-10-12T11:30:00Z',
        '2023-10-12T12:10:00Z',
        pci=('00:06',),
    ),
    'pace-gatech-2am-jobs-killed-nightly-stale-update-process-remounts-scratch': Backdrop(
        'pace-compute-rhel5-01',
        'A10',
        '319.37',
        '2013-01-15T11:30:00Z',
        '2013-01-15T12:10:00Z',
        pci=('01',),
    ),
    'servetheworld-d08-rack-power-failure-faulty-automatic-transfer-switch': Backdrop(
        'rack-d08-srv01',
        'A10',
        '440.82',
        '2020-06-29T11:30:00Z',
        '2020-06-29T12:10:00Z',
        pci=('01',),
    ),
    'kubevirt-9617-gpu-device-plugin-no-cuda-device-nvidia-runtime-instead-of-runc': Backdrop(
        'k8s-kubevirt-gpu01',
        'A10',
        '525.85.12',
        '2023-04-19T11:30:00Z',
        '2023-04-19T12:10:00Z',
        pci=('02',),
    ),
    'skypilot-1090-k80-nvidia-smi-fails-image-driver-510-drops-k80': Backdrop(
        'gcp-k80-gpunode',
        'A10',
        '510.47.03',
        '2022-08-17T11:30:00Z',
        '2022-08-17T12:10:00Z',
        pci=('04',),
    ),
    'skypilot-6417-gcp-gpu-image-nvidia-driver-build-fails-guest-env-pulls-newer-kernel': Backdrop(
        'gcp-gpu-image-build',
        'A10',
        '570.172.08',
        '2025-07-29T11:30:00Z',
        '2025-07-29T12:10:00Z',
        pci=('04',),
    ),
    'magic-castle-576-nvidia-575-drivers-no-longer-compile-with-recent-kernels': Backdrop(
        'mc-gpu-node1',
        'A10',
        '575.57.08',
        '2026-07-08T11:30:00Z',
        '2026-07-08T12:10:00Z',
        pci=('01',),
    ),
    'paddle-cloud-344-k8s-gpu-capacity-mismatch-one-gpu-lost-at-runtime': Backdrop(
        'k8s-paddle-gpu01',
        'A10',
        '375.66',
        '2017-08-24T11:30:00Z',
        '2017-08-24T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'k3s-7334-gpu-node-pods-killed-when-resource-requests-and-limits-differ': Backdrop(
        'k3s-agent-gpu01',
        'A10',
        '525.105.17',
        '2023-04-21T11:30:00Z',
        '2023-04-21T12:10:00Z',
        pci=('01',),
    ),
    'gpumounter-23-insufficient-gpu-on-idle-node-ownerreference-across-namespaces': Backdrop(
        'yigou-dev-102-46',
        'A10',
        '535.129.03',
        '2023-11-07T11:30:00Z',
        '2023-11-07T12:10:00Z',
        pci=('01',),
    ),
    'eessi-105-build-node-nvml-driver-library-mismatch-breaks-gpu-detection': Backdrop(
        'eessi-build-gpu01',
        'A10',
        '580.95.05',
        '2025-10-08T11:30:00Z',
        '2025-10-08T12:10:00Z',
        pci=('01',),
    ),
    'ocean-node-1470-grafana-no-data-on-gpu-panels-telemetry-only-for-busy-gpus-benign': Backdrop(
        'ocean-compute-node-8gpu',
        'A10',
        '580.82.07',
        '2026-09-04T11:30:00Z',
        '2026-09-04T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'nvidia-gpu-exporter-332-exporter-crashes-slow-inforom-query-on-575-drivers-benign': Backdrop(
        'ubuntu-gpu-node-07',
        'A10',
        '575.57.08',
        '2026-06-21T11:30:00Z',
        '2026-06-21T12:10:00Z',
        pci=('01',),
    ),
    'gpustack-5614-grafana-gpu-util-lower-than-dcgm-different-nvml-gpm-metric-benign': Backdrop(
        'gpustack-worker-h200',
        'A10',
        '570.172.08',
        '2026-06-16T11:30:00Z',
        '2026-06-16T12:10:00Z',
        pci=('01',),
    ),
    'volcano-vgpu-62-nvidia-smi-shows-no-processes-in-container-pid-namespace-benign': Backdrop(
        'k8s-vgpu-node01',
        'A10',
        '550.90.07',
        '2025-05-27T11:30:00Z',
        '2025-05-27T12:10:00Z',
        pci=('01',),
    ),
    'imbue-cluster-health-4-ibdev2netdev-shows-ib-ports-down-expected-without-ipoib-benign': Backdrop(
        'h100-leaf-node',
        'A10',
        '550.90.07',
        '2024-08-06T11:30:00Z',
        '2024-08-06T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
