"""heldout-public-94's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-94/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); hosts, bus numbers and most drivers are
stand-ins (see each case's description). No case uses extra: no page quotes an exporter value as a metric
sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'gist-shuuchen-aws-v100-nvidia-smi-cannot-communicate-driver-not-installed': Backdrop(
        'ip-172-20-149-210',
        'A10',
        '418.67',
        '2019-06-10T11:30:00Z',
        '2019-06-10T12:10:00Z',
        pci=('01',),
    ),
    'grokdevops-street-ops-driver-breaks-after-kernel-update-module-not-rebuilt': Backdrop(
        'k8s-gpu-node-kernel-upgrade',
        'A10',
        '535.183.01',
        '2026-03-02T11:30:00Z',
        '2026-03-02T12:10:00Z',
        pci=('01',),
    ),
    'gcube-docs-node-failed-nvidia-driver-recognition-igpu-driver-conflict': Backdrop(
        'gcube-win-node-igpu',
        'A10',
        '581.42',
        '2026-03-02T11:30:00Z',
        '2026-03-02T12:10:00Z',
        pci=('01',),
    ),
    'rpufky-docs-display-driver-restarted-tdr-trips-at-100-percent-load': Backdrop(
        'win-workstation-tdr',
        'A10',
        '461.40',
        '2021-02-19T11:30:00Z',
        '2021-02-19T12:10:00Z',
        pci=('01',),
    ),
    'mynw-cuda-unavailable-after-reboot-nvidia-uvm-module-not-loaded': Backdrop(
        'dl-server-uvm-missing',
        'A10',
        '580.95.05',
        '2026-03-02T11:30:00Z',
        '2026-03-02T12:10:00Z',
        pci=('01',),
    ),
    'ai-infrastructure-runbook-nvml-driver-library-mismatch-module-not-reloaded': Backdrop(
        'gpu-node-nvml-mismatch',
        'A10',
        '580.95.05',
        '2026-03-02T11:30:00Z',
        '2026-03-02T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'daocloud-zestu-faq-gpu-memory-smaller-than-listed-ecc-enabled-benign': Backdrop(
        'zestu-container-instance',
        'A10',
        '580.95.05',
        '2026-03-02T11:30:00Z',
        '2026-03-02T12:10:00Z',
        pci=('01',),
    ),
    'crucialexams-sk0-005-two-t4-not-detected-post-insufficient-mmio-above-4g-decoding': Backdrop(
        'srv-2u-t4-upgrade',
        'A10',
        '580.95.05',
        '2026-03-02T11:30:00Z',
        '2026-03-02T12:10:00Z',
        pci=('01', '02'),
    ),
    'leeroopedia-deepspeed-nccl-silent-failures-docker-shm-64mb': Backdrop(
        'docker-deepspeed-node',
        'A10',
        '580.95.05',
        '2026-02-09T11:30:00Z',
        '2026-02-09T12:10:00Z',
        pci=('01', '02'),
    ),
    'nccl-docs-runtime-issues-systemd-removes-dev-shm-nccl-crash-at-init': Backdrop(
        'slurm-gpu-node-removeipc',
        'A10',
        '580.95.05',
        '2026-03-02T11:30:00Z',
        '2026-03-02T12:10:00Z',
        pci=('01', '02'),
    ),
    'modelarts-docs-no-gpu-found-cuda-error-no-device-cuda-visible-devices': Backdrop(
        'modelarts-train-node',
        'A10',
        '580.95.05',
        '2026-03-02T11:30:00Z',
        '2026-03-02T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'modelarts-docs-cannot-reinitialize-cuda-in-forked-subprocess-wrong-start-method': Backdrop(
        'modelarts-train-node-fork',
        'A10',
        '580.95.05',
        '2026-03-02T11:30:00Z',
        '2026-03-02T12:10:00Z',
        pci=('01',),
    ),
    'cachecha-nvidia-smi-guide-dev-nvidia-nodes-not-created-at-boot': Backdrop(
        'v100-pcie-4gpu-server',
        'A10',
        '410.48',
        '2026-03-02T11:30:00Z',
        '2026-03-02T12:10:00Z',
        pci=('18', '3b', '86', 'af'),
    ),
    'grafana-dashboard-18288-gpu-utilization-ignores-mig-partition-size-benign': Backdrop(
        'k8s-mig-gpu-node',
        'A10',
        '580.95.05',
        '2026-03-02T11:30:00Z',
        '2026-03-02T12:10:00Z',
        pci=('01',),
    ),
    'technolynx-low-gpu-utilization-38-percent-not-waste-benign': Backdrop(
        'inference-node-38pct',
        'A10',
        '580.95.05',
        '2026-03-02T11:30:00Z',
        '2026-03-02T12:10:00Z',
        pci=('01',),
    ),
    'prism-ai-secure-boot-blocks-unsigned-nvidia-580-module-key-rejected': Backdrop(
        'prism-dev-workstation',
        'A10',
        '580.95.05',
        '2026-03-02T11:30:00Z',
        '2026-03-02T12:10:00Z',
        pci=('01',),
    ),
    'theneuralbase-gpu-pod-pending-no-nvidia-device-plugin': Backdrop(
        'k8s-gpu-node-no-plugin',
        'A10',
        '580.95.05',
        '2026-03-02T11:30:00Z',
        '2026-03-02T12:10:00Z',
        pci=('01',),
    ),
    'madhan-homelab-gpu-operator-validator-fails-on-talos-library-paths': Backdrop(
        'talos-gpu-node',
        'A10',
        '580.95.05',
        '2026-03-02T11:30:00Z',
        '2026-03-02T12:10:00Z',
        pci=('01',),
    ),
    'apksp-gpu-at-82c-under-load-normal-and-safe-benign': Backdrop(
        'desktop-gpu-82c',
        'A10',
        '552.22',
        '2024-06-01T11:30:00Z',
        '2024-06-01T12:10:00Z',
        pci=('01',),
    ),
    'asisr-gtx1070-no-kernel-image-available-wrong-pytorch-cuda-build': Backdrop(
        'gtx1070-workstation',
        'A10',
        '570.133.07',
        '2026-03-02T11:30:00Z',
        '2026-03-02T12:10:00Z',
        pci=('01',),
    ),
    'aks-engine-v0-73-0-new-nvidia-driver-fails-on-older-nc6-skus': Backdrop(
        'aks-nc6-node',
        'A10',
        '515.65.01',
        '2022-11-08T11:30:00Z',
        '2022-11-08T12:10:00Z',
        pci=('01',),
    ),
    'modelarts-docs-training-exits-code-137-memory-overflow': Backdrop(
        'modelarts-train-node-137',
        'A10',
        '580.95.05',
        '2026-03-02T11:30:00Z',
        '2026-03-02T12:10:00Z',
        pci=('01',),
    ),
    'modelarts-docs-mxnet-kvstore-dist-async-blocks-server-unreachable': Backdrop(
        'modelarts-mxnet-worker',
        'A10',
        '580.95.05',
        '2026-03-02T11:30:00Z',
        '2026-03-02T12:10:00Z',
        pci=('01',),
    ),
    'modelarts-docs-cudnn-status-not-supported-non-contiguous-input': Backdrop(
        'modelarts-train-node-cudnn',
        'A10',
        '580.95.05',
        '2026-03-02T11:30:00Z',
        '2026-03-02T12:10:00Z',
        pci=('01',),
    ),
    'grokdevops-incident-replay-8-gpu-thermal-throttling-two-chassis-fans-failed': Backdrop(
        'r740xd-8gpu-train',
        'A10',
        '580.95.05',
        '2026-03-02T11:30:00Z',
        '2026-03-02T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'cuda-handbook-mirror-cannot-create-context-exclusive-or-prohibited-compute-mode': Backdrop(
        'cuda-node-compute-mode',
        'A10',
        '580.95.05',
        '2026-03-02T11:30:00Z',
        '2026-03-02T12:10:00Z',
        pci=('01',),
    ),
    'isolution-ru-sticky-cuda-error-only-recovered-by-ending-host-process': Backdrop(
        'cuda-app-host-sticky-error',
        'A10',
        '580.95.05',
        '2026-03-02T11:30:00Z',
        '2026-03-02T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
