"""heldout-public-128's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-128/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); hosts are stand-ins except node1, node4 and
g9963e2, which the reports name; bus numbers are stand-ins (01, 02, ... in index order), and so are the drivers no
report names (see each case's description). No case uses extra: no report quotes an exporter value as a metric
sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'akash-147-provider-stats-undercount-gpus-in-use-service-count-ignored-benign': Backdrop(
        'akash-ai-provider-node',
        'A10',
        '535.129.03',
        '2023-11-16T11:30:00Z',
        '2023-11-16T12:10:00Z',
        pci=('01',),
    ),
    'akash-298-inventory-operator-skips-rtx4090-with-non-nvidia-subsystem-vendor-id': Backdrop(
        'node4',
        'A10',
        '570.133.07',
        '2025-04-10T11:30:00Z',
        '2025-04-10T12:10:00Z',
        pci=('01',),
    ),
    'akash-310-inventory-operator-misses-a100-gpus-until-nvidia-drm-module-loaded': Backdrop(
        'node1',
        'A10',
        '565.57.01',
        '2025-04-17T11:30:00Z',
        '2025-04-17T12:10:00Z',
        pci=('01',),
    ),
    'akash-community-1255-audit-gpu-benchmark-fails-pytorch-sm86-incompatible-gpu-healthy-benign': Backdrop(
        'ouroboroz-node1',
        'A10',
        '580.126.09',
        '2026-03-27T11:30:00Z',
        '2026-03-27T12:10:00Z',
        pci=('01',),
    ),
    'awsome-214-gpu-utilization-missing-in-grafana-dcgm-exporter-too-old-benign': Backdrop(
        'slurm-gpu-node-observability',
        'A10',
        '535.161.07',
        '2024-03-14T11:30:00Z',
        '2024-03-14T12:10:00Z',
        pci=('01',),
    ),
    'cml-1069-gcp-k80-runner-nvml-driver-not-loaded-fixed-in-provisioning': Backdrop(
        'cml-runner-gcp-k80',
        'A10',
        '470.129.06',
        '2022-06-21T11:30:00Z',
        '2022-06-21T12:10:00Z',
        pci=('01',),
    ),
    'coreweave-219-eight-gpu-training-pod-crashes-shared-memory-exhausted': Backdrop(
        'coreweave-8gpu-node',
        'A10',
        '525.105.17',
        '2023-06-08T11:30:00Z',
        '2023-06-08T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'coreweave-mlc-10-nccl-unhandled-system-error-on-g99-a100-nodes-old-cuda-image': Backdrop(
        'g9963e2',
        'A10',
        '515.86.01',
        '2023-01-30T11:30:00Z',
        '2023-01-30T12:10:00Z',
        pci=('01',),
    ),
    'dcgm-exporter-236-grafana-dashboard-empty-on-vgpu-gpu-temp-not-collected-benign': Backdrop(
        'vgpu-vm-node',
        'A10',
        '535.154.05',
        '2024-01-26T11:30:00Z',
        '2024-01-26T12:10:00Z',
        pci=('01',),
    ),
    'dlami-dcv-28-automatic-nvidia-driver-upgrade-breaks-pytorch-tensorflow': Backdrop(
        'dlami-dcv-desktop-ec2',
        'A10',
        '550.54.15',
        '2024-05-09T11:30:00Z',
        '2024-05-09T12:10:00Z',
        pci=('01',),
    ),
    'hami-26-vgpu-failed-to-lock-shrreg-eintr-service-process-killed-under-load': Backdrop(
        'k8s-vgpu-node',
        'A10',
        '510.73.05',
        '2022-06-20T11:30:00Z',
        '2022-06-20T12:10:00Z',
        pci=('01',),
    ),
    'hami-829-vgpu-lost-after-k3s-reboot-nvidia-device-plugin-still-installed': Backdrop(
        'k3s-gpu-node',
        'A10',
        '550.127.05',
        '2025-01-24T11:30:00Z',
        '2025-01-24T12:10:00Z',
        pci=('01',),
    ),
    'lambda-stack-6-rtx-2070-super-not-recognized-by-bundled-driver-418-88': Backdrop(
        'lambda-stack-workstation',
        'A10',
        '418.88',
        '2019-12-11T11:30:00Z',
        '2019-12-11T12:10:00Z',
        pci=('01',),
    ),
    'ood-973-ondemand-system-status-undercounts-mig-h200-gpus-gres-regex-benign': Backdrop(
        'hpc-h200nvl-mig-node',
        'A10',
        '580.126.09',
        '2026-08-18T11:30:00Z',
        '2026-08-18T12:10:00Z',
        pci=('01',),
    ),
    'optimas-8-juwels-gres-gpu-not-configured-simulations-need-manual-cuda-visible-devices': Backdrop(
        'juwels-gpu-node',
        'A10',
        '455.32.00',
        '2020-12-16T11:30:00Z',
        '2020-12-16T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'ray-20658-nccl-release-tests-fail-on-veth-interface-set-socket-ifname-ens3': Backdrop(
        'ray-release-gpu-node',
        'A10',
        '470.82.01',
        '2021-11-29T11:30:00Z',
        '2021-11-29T12:10:00Z',
        pci=('01',),
    ),
    'rcc-fsu-hermine-chilled-water-failure-datacenter-over-100f-hpc-nodes-shut-down': Backdrop(
        'rcc-hpc-compute-2015',
        'A10',
        '367.48',
        '2016-10-01T11:30:00Z',
        '2016-10-01T12:10:00Z',
        pci=('01',),
    ),
    'runpod-containers-56-pytorch-image-found-no-nvidia-driver-host-has-none-installed': Backdrop(
        'docker-host-own-hardware',
        'A10',
        '550.54.14',
        '2024-02-28T11:30:00Z',
        '2024-02-28T12:10:00Z',
        pci=('01',),
    ),
    'runpod-python-168-resume-pod-fails-not-enough-free-gpus-on-host-machine': Backdrop(
        'runpod-host-pod',
        'A10',
        '535.104.05',
        '2023-10-11T11:30:00Z',
        '2023-10-11T12:10:00Z',
        pci=('01',),
    ),
    'ubuntu-slurm-7-jobs-never-share-one-gpu-slurm-assigns-one-gpu-per-job-benign': Backdrop(
        'slurm-gpu-node',
        'A10',
        '410.79',
        '2018-12-06T11:30:00Z',
        '2018-12-06T12:10:00Z',
        pci=('01', '02'),
    ),
    'volcano-4712-vgpu-jobs-pending-on-fully-occupied-a100-node-scheduler-ignores-gpu-usage': Backdrop(
        'k8s-a100-node-1',
        'A10',
        '580.95.05',
        '2025-11-05T11:30:00Z',
        '2025-11-05T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
