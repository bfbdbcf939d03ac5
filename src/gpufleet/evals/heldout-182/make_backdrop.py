"""heldout-public-182's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-182/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Hosts, bus numbers, GPU counts and most drivers are stand-ins (see each case's description); GPUs outside the
SKU list are shown as A10. No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause (flat, healthy series).
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'radicalpilot-2251-summit-jsrun-all-ranks-on-one-gpu-empty-cuda-visible-devices': Backdrop(
        'summit-rp-node',
        'A10',
        '418.116.00',
        '2020-11-10T11:30:00Z',
        '2020-11-10T12:10:00Z',
        pci=('04', '05', '06', '35', '36', '37'),
    ),
    'clustertoolkit-2634-gcp-a2-slurm-no-cuda-devices-job-without-gpu-request': Backdrop(
        'a2-slurm-compute-0',
        'A100',
        '550.90.07',
        '2024-05-24T11:30:00Z',
        '2024-05-24T12:10:00Z',
        pci=('04',),
    ),
    '2i2c-7008-eks-al2023-gpu-device-plugin-not-scheduled-eksctl-regression': Backdrop(
        'eks-al2023-gpu-node',
        'A10',
        '570.172.08',
        '2025-10-23T11:30:00Z',
        '2025-10-23T12:10:00Z',
        pci=('1e',),
    ),
    'deepops-381-dgx2-insufficient-nvidia-gpu-docker-default-runtime-not-nvidia': Backdrop(
        'dgx2-k8s-node',
        'A10',
        '418.87.01',
        '2019-12-05T11:30:00Z',
        '2019-12-05T12:10:00Z',
        pci=('34', '36', '39', '3b', '57', '59', '5c', '5e', 'b7', 'b9', 'bc', 'be', 'e0', 'e2', 'e5', 'e7'),
    ),
    'eksami-1744-gpu-ami-libnvidia-ml-not-found-fixed-in-next-ami-release': Backdrop(
        'eks-gpu-node-1744',
        'A10',
        '535.161.07',
        '2024-04-02T12:23:00Z',
        '2024-04-02T13:03:00Z',
        pci=('1e',),
    ),
    'cea-101-kubespray-driver-installer-no-linux-headers-for-new-kernel': Backdrop(
        'kubespray-gpu-node',
        'A10',
        '415.27',
        '2019-01-31T11:30:00Z',
        '2019-01-31T12:10:00Z',
        pci=('01',),
    ),
    'linode-lke-gpu-node-nvml-unknown-error-device-plugin-no-devices-driver-install-incomplete': Backdrop(
        'lke531921-776619-2c1affb80000',
        'A10',
        '580.95.05',
        '2025-11-19T17:14:00Z',
        '2025-11-19T17:54:00Z',
        pci=('03',),
    ),
    'redhat-14186-aws-g7-blackwell-driver-570-fails-to-create-dev-nvidia0': Backdrop(
        'stone-stage-p01-g7-2xlarge',
        'A10',
        '570.172.08',
        '2026-09-17T11:30:00Z',
        '2026-09-17T12:10:00Z',
        pci=('1e',),
    ),
    'minikube-3459-kvm-gpu-passthrough-titan-x-device-handle-unknown-error-hide-kvm': Backdrop(
        'minikube-kvm2-gpu',
        'A10',
        '410.79',
        '2018-12-15T11:30:00Z',
        '2018-12-15T12:10:00Z',
        pci=('05',),
    ),
    'kubevirt-3285-gpu-passthrough-code-43-kvm-hidden-state-needed': Backdrop(
        'kubevirt-gpu-worker',
        'A10',
        '442.50',
        '2020-04-12T11:30:00Z',
        '2020-04-12T12:10:00Z',
        pci=('0a',),
    ),
    'arjuna-51-gpu-node-c023-down-known-to-shut-down-under-load': Backdrop(
        'c023',
        'A10',
        '470.57.02',
        '2021-09-11T22:24:00Z',
        '2021-09-11T23:04:00Z',
        pci=('18', '3b', '86', 'af'),
    ),
    'bihealth-reservations-jobs-pending-reqnodenotavail-reserved-for-maintenance-benign': Backdrop(
        'med0101',
        'A10',
        '535.183.01',
        '2021-09-06T23:30:00Z',
        '2021-09-07T00:10:00Z',
        pci=('3b', '5e', '86', 'af'),
    ),
    'yandex-gpu-vm-maintenance-restart-scheduled-benign': Backdrop(
        'yc-gpu-vm',
        'A100',
        '535.183.01',
        '2025-06-02T11:30:00Z',
        '2025-06-02T12:10:00Z',
        pci=('8a',),
    ),
    'gpuop-2047-upgrade-controller-terminates-gpu-workloads-expected-benign': Backdrop(
        'k8s-gpu-worker-2047',
        'H100',
        '570.133.20',
        '2026-01-16T11:30:00Z',
        '2026-01-16T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'usegalaxy-1502-condor-monitor-gpu-count-zero-after-htcondor-upgrade-classads-benign': Backdrop(
        'galaxy-condor-gpu-worker',
        'A10',
        '550.127.05',
        '2025-04-25T11:30:00Z',
        '2025-04-25T12:10:00Z',
        pci=('00:05',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
