"""heldout-public-158's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-158/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); hosts and bus numbers are stand-ins except
where a case's description says the source prints them, and so are the drivers no report names. No case uses extra:
no report quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'akash-249-provider-inventory-misses-gpu-marked-unhealthy-by-device-plugin': Backdrop(
        'provider',
        'A10',
        '550.127.05',
        '2024-12-03T11:30:00Z',
        '2024-12-03T12:10:00Z',
        pci=('04',),
    ),
    'br-3817-eks-bottlerocket-gsp-firmware-dcgm-exporter-gpu-unresponsive': Backdrop(
        'eks-g5-xlarge-bottlerocket',
        'A10',
        '535.161.07',
        '2024-03-12T11:30:00Z',
        '2024-03-12T12:10:00Z',
        pci=('1e',),
    ),
    'gmt-109-benign-grafana-gpu-power-total-gauge-sums-samples-over-time-range': Backdrop(
        'dcgm-p100-node1',
        'A10',
        '450.51.06',
        '2020-09-01T11:30:00Z',
        '2020-09-01T12:10:00Z',
        pci=('01',),
    ),
    'gnntrk-95-tiger-cluster-job-gpu-util-33pct-dataloader-needs-more-cores': Backdrop(
        'tiger-gpu-node1',
        'A10',
        '470.57.02',
        '2022-10-07T16:18:00Z',
        '2022-10-07T17:08:00Z',
        pci=('04', '06', '84', '86'),
    ),
    'gpud-1072-benign-xid48-unhealthy-state-persists-after-injected-errors-and-reboots': Backdrop(
        'gpud-test-node1',
        'A10',
        '570.172.08',
        '2025-09-16T11:30:00Z',
        '2025-09-16T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '6b', '9a', 'ab', 'db'),
    ),
    'gpuop-629-benign-nvidia-smi-in-pod-shows-no-processes-pid-namespace-limitation': Backdrop(
        'k8s-gpu-node-crid',
        'A10',
        '535.104.05',
        '2023-12-21T11:30:00Z',
        '2023-12-21T12:10:00Z',
        pci=('01',),
    ),
    'gpushare-47-second-node-gpu-not-advertised-device-plugin-daemonset-service-account': Backdrop(
        'k8s-gpushare-node2',
        'A10',
        '384.111',
        '2019-07-29T11:30:00Z',
        '2019-07-29T12:10:00Z',
        pci=('01',),
    ),
    'gpushare-85-aws-stop-start-new-host-gpu-uuid-changed-stale-device-id': Backdrop(
        'aws-g3s-node1',
        'A10',
        '418.87.01',
        '2020-02-04T11:30:00Z',
        '2020-02-04T12:10:00Z',
        pci=('1e',),
    ),
    'gpustack-1426-docker-systemd-cgroup-containers-lose-gpu-nvml-unknown-error': Backdrop(
        'gpustack-worker1',
        'A10',
        '550.127.05',
        '2025-03-08T11:30:00Z',
        '2025-03-08T12:10:00Z',
        pci=('01',),
    ),
    'hami-1844-hami-shared-cache-stale-meminfo-vllm-overestimates-memory-oom': Backdrop(
        'k8s-hami-node2',
        'A10',
        '570.124.06',
        '2026-05-07T11:30:00Z',
        '2026-05-07T12:10:00Z',
        pci=('01',),
    ),
    'hamicore-79-hami-vgpu-pod-oom-below-limit-allocations-not-counted': Backdrop(
        'k8s-hami-node1',
        'A10',
        '550.127.05',
        '2025-06-16T11:30:00Z',
        '2025-06-16T12:10:00Z',
        pci=('01',),
    ),
    'instantid-60-cloud-gpu-server-cuda-unavailable-after-days-moved-to-another-machine': Backdrop(
        'cloud-gpu-server1',
        'A10',
        '535.154.05',
        '2024-03-04T11:30:00Z',
        '2024-03-04T12:10:00Z',
        pci=('01',),
    ),
    'lorax-237-runpod-triton-kernel-image-invalid-old-host-driver': Backdrop(
        'runpod-host-old',
        'A10',
        '525.105.17',
        '2024-02-14T11:30:00Z',
        '2024-02-14T12:10:00Z',
        pci=('01',),
    ),
    'rodan-1170-arbutus-vgpu-instance-nvidia-smi-fails-module-exec-format-error': Backdrop(
        'prod-rodan-slim',
        'A10',
        '470.239.06',
        '2024-06-10T11:30:00Z',
        '2024-06-10T12:10:00Z',
        pci=('05',),
    ),
    'scope-749-falai-h100-worker-nvlink-peer-access-fatal-hardware-error': Backdrop(
        'falai-h100-worker',
        'A10',
        '550.90.07',
        '2026-02-27T18:38:43Z',
        '2026-02-27T19:18:43Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'sky-2692-gcp-default-gpu-image-cudnn-undefined-symbol-latest-pytorch': Backdrop(
        'gcp-t4-spot-1',
        'A10',
        '510.47.03',
        '2023-10-11T11:30:00Z',
        '2023-10-11T12:10:00Z',
        pci=('04',),
    ),
    'slurmexp-16-benign-slurm-gpus-other-negative-race-between-sinfo-calls': Backdrop(
        'slurm-gpu-node01',
        'A10',
        '550.127.08',
        '2026-05-06T11:30:00Z',
        '2026-05-06T12:10:00Z',
        pci=('17', '31', 'b1', 'ca'),
    ),
    'vgpusched-44-two-pods-45pct-vgpu-slices-nccl-error-insufficient-resources': Backdrop(
        'k8s-vgpu-node1',
        'A10',
        '535.129.03',
        '2025-01-15T11:30:00Z',
        '2025-01-15T12:10:00Z',
        pci=('1b', '3d', '89', 'b1'),
    ),
    'wcomfy-198-runpod-worker-cuda-unknown-error-gpu-not-initialized-on-machine': Backdrop(
        'runpod-worker-4090',
        'A10',
        '570.172.08',
        '2026-02-12T11:30:00Z',
        '2026-02-12T12:10:00Z',
        pci=('01',),
    ),
    'z2jh-992-jupyterhub-image-puller-pods-skip-gpu-nodes-nvidia-taint': Backdrop(
        'gke-gpu-pool-node1',
        'A10',
        '396.26',
        '2018-10-23T11:30:00Z',
        '2018-10-23T12:10:00Z',
        pci=('04',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
