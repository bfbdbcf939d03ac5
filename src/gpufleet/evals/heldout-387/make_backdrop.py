"""heldout-public-387's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-387/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (<key>-node; no evidence prints a usable host name), GPU counts, bus numbers (01..N in index order) and the
driver (550.144.03, the same for every case) are stand-ins. No case uses extra: no source quotes an exporter value
as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'cre-231-mixed-gpu-count-fleet-undersized-nodes-partitioned-pods-never-schedule-run-hangs': Backdrop(
        'cre-231-node',
        'A10',
        '550.144.03',
        '2026-08-31T11:30:00Z',
        '2026-08-31T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'karpazure-1794-aks-karpenter-gpu-node-nvml-driver-library-mismatch-cuda-vs-cuda-lts-prebake': Backdrop(
        'karpazure-1794-node',
        'A10',
        '550.144.03',
        '2026-07-16T11:30:00Z',
        '2026-07-16T12:10:00Z',
        pci=('01',),
    ),
    'pytorch-128502-ci-runner-fleet-migration-to-amazon-linux-2023-breaks-nvidia-drivers-reverted': Backdrop(
        'pytorch-128502-node',
        'A10',
        '550.144.03',
        '2024-06-12T11:34:00Z',
        '2024-06-12T12:14:00Z',
        pci=('01',),
    ),
    'traccc-635-gpu-ci-machine-broken-nvidia-driver-self-destructed-driver-and-runtime-reinstalled': Backdrop(
        'traccc-635-node',
        'A10',
        '550.144.03',
        '2024-06-28T11:30:00Z',
        '2024-06-28T12:10:00Z',
        pci=('01',),
    ),
    'hashcat-3008-aws-p4d-24xlarge-a100s-unusable-until-nvidia-fabric-manager-installed': Backdrop(
        'hashcat-3008-node',
        'A10',
        '550.144.03',
        '2021-10-12T11:30:00Z',
        '2021-10-12T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'detenv-193-aws-p4d-amis-lack-nvidia-fabricmanager-gpus-unusable-behind-nvswitch': Backdrop(
        'detenv-193-node',
        'A10',
        '550.144.03',
        '2023-03-23T11:30:00Z',
        '2023-03-23T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    '2i2c-7010-fabric-manager-service-fails-to-start-on-t4-nodes-without-nvswitch-benign': Backdrop(
        '2i2c-7010-node',
        'A10',
        '550.144.03',
        '2025-10-23T11:30:00Z',
        '2025-10-23T12:10:00Z',
        pci=('01',),
    ),
    'pccookbook-1081-parallelcluster-slurm-breaks-on-gpu-instances-without-nvidia-driver-gres-config': Backdrop(
        'pccookbook-1081-node',
        'A10',
        '550.144.03',
        '2021-08-20T11:30:00Z',
        '2021-08-20T12:10:00Z',
        pci=('01',),
    ),
    'rapidsdeploy-656-gke-driver-daemonset-installs-535-cuda-13-work-fails-insufficient-driver': Backdrop(
        'rapidsdeploy-656-node',
        'A10',
        '550.144.03',
        '2026-02-04T11:30:00Z',
        '2026-02-04T12:10:00Z',
        pci=('01',),
    ),
    'gpuop-344-gpu-operator-driver-pods-fail-apt-get-update-after-cuda-repo-gpg-key-rotation': Backdrop(
        'gpuop-344-node',
        'A10',
        '550.144.03',
        '2022-04-29T11:30:00Z',
        '2022-04-29T12:10:00Z',
        pci=('01',),
    ),
    'determined-2120-gke-gpus-in-default-node-pool-fail-silently-drivers-too-old-for-cuda': Backdrop(
        'determined-2120-node',
        'A10',
        '550.144.03',
        '2021-03-24T11:30:00Z',
        '2021-03-24T12:10:00Z',
        pci=('01',),
    ),
    'gpuop-480-device-plugin-validator-unexpectedadmissionerror-when-node-gpus-all-allocated-benign': Backdrop(
        'gpuop-480-node',
        'A10',
        '550.144.03',
        '2023-03-19T11:30:00Z',
        '2023-03-19T12:10:00Z',
        pci=('01',),
    ),
    'gpuop-388-plugin-validator-unexpectedadmissionerror-gpus-consumed-by-other-pods-benign': Backdrop(
        'gpuop-388-node',
        'A10',
        '550.144.03',
        '2022-08-10T11:30:00Z',
        '2022-08-10T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
