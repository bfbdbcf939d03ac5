"""heldout-public-124's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-124/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
GPUs outside the SKU list are shown as A10; hosts, bus numbers and most drivers are stand-ins (see each
case's description). No case uses extra: no document quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'homeiac-rca-2026-01-01-gpu-k3s-node-notready-usb-zfs-pool-suspended-blocked-gpu-vm': Backdrop(
        'k3s-vm-pumped-piglet-gpu',
        'A10',
        '535.274.02',
        '2026-01-01T01:11:00Z',
        '2026-01-01T01:51:00Z',
        pci=('01',),
    ),
    'homeiac-rca-2026-02-23-llm-inference-1-token-per-sec-model-larger-than-vram-cpu-gpu-split': Backdrop(
        'k3s-vm-pumped-piglet-gpu',
        'A10',
        '535.274.02',
        '2026-02-23T23:14:00Z',
        '2026-02-23T23:54:00Z',
        pci=('01',),
    ),
    'homeiac-still-fawn-2025-10-06-gpu-passthrough-node-spontaneous-shutdowns-psu-failure-under-load': Backdrop(
        'still-fawn',
        'A10',
        '535.274.02',
        '2025-10-06T11:30:00Z',
        '2025-10-06T12:10:00Z',
        pci=('01',),
    ),
    'ai-scientist-v2-rtx5090-runpod-cuda-no-kernel-image-sm120-pytorch-build-falls-back-to-cpu': Backdrop(
        'runpod-3x-rtx5090',
        'A10',
        '570.133.07',
        '2025-10-22T11:30:00Z',
        '2025-10-22T12:10:00Z',
        pci=('01', '02', '03'),
    ),
    'isaac-ros-dnn-inference-dope-operation-failed-process-died-gpu-not-enough-memory': Backdrop(
        'isaac-ros-dope-host',
        'A10',
        '515.48.07',
        '2022-06-27T11:30:00Z',
        '2022-06-27T12:10:00Z',
        pci=('01',),
    ),
    'homeiac-secure-boot-nvidia-module-key-rejected-by-service-gpu-passthrough-vm': Backdrop(
        'proxmox-vm-105',
        'A10',
        '535.274.02',
        '2025-10-21T11:30:00Z',
        '2025-10-21T12:10:00Z',
        pci=('01',),
    ),
    'azure-kb4023409-n-series-gpu-disabled-nvidia-oops-rm-init-adapter-after-kernel-4-4-0-75': Backdrop(
        'azure-nc-ubuntu1604',
        'A10',
        '375.66',
        '2020-07-21T11:30:00Z',
        '2020-07-21T12:10:00Z',
        pci=('01',),
    ),
    'ubuntu-ollama-kokoro-fastapi-cuda-error-distro-driver-installs-older-cuda-than-12-8': Backdrop(
        'ubuntu-ollama-kokoro-vm',
        'A10',
        '550.144.03',
        '2025-08-02T11:30:00Z',
        '2025-08-02T12:10:00Z',
        pci=('01',),
    ),
    'headless-wan2gp-runpod-eur-is-1-nvml-unknown-error-after-workload-driver-or-container-suspected': Backdrop(
        'runpod-eur-is-1-pod',
        'A10',
        '570.124.06',
        '2026-01-13T11:30:00Z',
        '2026-01-13T12:10:00Z',
        pci=('01',),
    ),
    'cce-faq-insufficient-nvidia-com-gpu-scheduling-failure-node-label-or-driver-not-running': Backdrop(
        'cce-gpu-node',
        'A10',
        '535.161.08',
        '2025-10-27T11:30:00Z',
        '2025-10-27T12:10:00Z',
        pci=('01',),
    ),
    'cce-faq-gpu-card-unavailable-device-plugin-gpu-driver-wasnt-ready-addon-or-driver-fault': Backdrop(
        'cce-gpu-node-a',
        'A10',
        '535.161.08',
        '2025-10-27T11:30:00Z',
        '2025-10-27T12:10:00Z',
        pci=('01',),
    ),
    'azurehpc-nhc-nd-h100-v5-nccl-allreduce-fails-rdma-nic-naming-mlx5-1-ethernet-persistent-naming': Backdrop(
        'elsah100',
        'H100',
        '570.133.20',
        '2025-06-25T05:46:16Z',
        '2025-06-25T06:26:16Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'mlperf-local-test-jw2-72-percent-slower-identical-a30-driver-535-vs-570-version-mismatch': Backdrop(
        'jw2',
        'A30',
        '535.247.01',
        '2025-07-22T11:30:00Z',
        '2025-07-22T12:10:00Z',
        pci=('01',),
    ),
    'ucsf-wynton-2024-01-25-emergency-compute-shutdown-chilled-water-cooling-failure': Backdrop(
        'wynton-compute-node',
        'A10',
        '535.154.05',
        '2024-01-25T18:55:00Z',
        '2024-01-25T19:35:00Z',
        pci=('01',),
    ),
    'ucsf-wynton-2022-09-06-campus-power-glitch-servers-affected-jobs-terminated': Backdrop(
        'wynton-compute-node-b',
        'A10',
        '515.65.01',
        '2022-09-06T21:43:00Z',
        '2022-09-06T22:23:00Z',
        pci=('01',),
    ),
    'cce-faq-gpu-node-drained-device-plugin-abnormal-after-addon-upgrade-planned-drain-benign': Backdrop(
        'cce-gpu-node-vgpu',
        'A10',
        '535.161.08',
        '2025-10-27T11:30:00Z',
        '2025-10-27T12:10:00Z',
        pci=('01',),
    ),
    'cce-pre-upgrade-gpu-pods-rebuilt-when-kubelet-restarts-during-cluster-upgrade-benign': Backdrop(
        'cce-gpu-node-upgrade',
        'A10',
        '535.161.08',
        '2026-03-04T11:30:00Z',
        '2026-03-04T12:10:00Z',
        pci=('01',),
    ),
    'nersc-perlmutter-2022-02-decreased-gpu-performance-during-rolling-cooling-maintenance-benign': Backdrop(
        'perlmutter-gpu-node',
        'A100',
        '470.57.02',
        '2022-02-07T11:30:00Z',
        '2022-02-07T12:10:00Z',
        pci=('01',),
    ),
    'tencent-gpu-instance-vnc-console-black-screen-after-gpu-driver-install-framebuffer-benign': Backdrop(
        'tencent-gpu-instance',
        'A10',
        '460.106.00',
        '2021-06-01T11:30:00Z',
        '2021-06-01T12:10:00Z',
        pci=('01',),
    ),
    'gogooku3-a100-nvidia-smi-0-percent-util-during-cpu-bound-phase-sm-100-percent-false-alarm': Backdrop(
        'gogooku3-a100',
        'A100',
        '570.133.20',
        '2025-10-16T13:31:00Z',
        '2025-10-16T14:11:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
