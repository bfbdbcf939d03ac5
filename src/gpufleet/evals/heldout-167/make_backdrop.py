"""heldout-public-167's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-167/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list; for the sirzzang case it is the A10G of g5.xlarge);
hosts, bus numbers and all drivers but one (545.23.08, named by the gitcode write-up) are stand-ins (see each case's
description). No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never points at
the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'ips99-112002-gpu-server-hang-nmi-soft-lockup-in-nvidia-ioctl-blamed-on-gpu-high-load': Backdrop(
        'dell-gpu-srv-ips99',
        'A10',
        '535.183.01',
        '2023-06-01T11:30:00Z',
        '2023-06-01T12:10:00Z',
        pci=('01',),
    ),
    'newbetuts-765509-ubuntu-1604-upgrade-nvidia-module-not-loaded-secure-boot-unsigned-module': Backdrop(
        'ubuntu1604-ws-nvidia',
        'A10',
        '361.42',
        '2016-04-25T11:30:00Z',
        '2016-04-25T12:10:00Z',
        pci=('01',),
    ),
    'marong-wiki-vram-overflow-two-llms-plus-lora-loaded-at-once-cuda-oom-on-40gb-gpu': Backdrop(
        'marong-llm-40gb',
        'A10',
        '550.90.07',
        '2025-06-01T11:30:00Z',
        '2025-06-01T12:10:00Z',
        pci=('01',),
    ),
    'sirzzang-eks-gpu-0301-device-plugin-disabled-allocatable-gpu-zero-pods-pending': Backdrop(
        'ip-192-168-aa-aa.ap-northeast-2.compute.internal',
        'A10',
        '580.95.05',
        '2026-04-05T11:30:00Z',
        '2026-04-05T12:10:00Z',
        pci=('01',),
    ),
    'tistory9566-568-k8s-ddp-two-rtx-pro-6000-nccl-allreduce-watchdog-timeout-p2p-without-nvlink': Backdrop(
        'k8s-gpu-rtxpro6000',
        'A10',
        '580.95.05',
        '2025-11-13T11:30:00Z',
        '2025-11-13T12:10:00Z',
        pci=('01', '02'),
    ),
    'gitcode-f1cad9-lightning-ddp-hangs-after-driver-545-23-08-upgrade-nccl-p2p-broken-rollback-535': Backdrop(
        'rtx3090-ddp-node',
        'A10',
        '545.23.08',
        '2023-11-15T11:30:00Z',
        '2023-11-15T12:10:00Z',
        pci=('01', '02'),
    ),
    'haotian-hardcase-cublas-invalid-value-in-training-torch-build-incompatible-with-cuda-version': Backdrop(
        'drugdiscovery-ws',
        'A10',
        '515.65.01',
        '2024-04-19T11:30:00Z',
        '2024-04-19T12:10:00Z',
        pci=('01',),
    ),
    'mykola-fixnvidiadriver-kernel-upgrade-nvidia-module-not-built-nvidia-smi-cannot-communicate': Backdrop(
        'linux-ws-mykola',
        'A10',
        '570.169',
        '2025-07-30T11:30:00Z',
        '2025-07-30T12:10:00Z',
        pci=('01',),
    ),
    'xdnf-20116-rtx3090-training-memory-creeps-to-cuda-oom-grad-tensors-kept-in-python-lists': Backdrop(
        'rtx3090-multilabel-train',
        'A10',
        '550.120',
        '2025-09-05T11:30:00Z',
        '2025-09-05T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
