"""heldout-public-340's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-340/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except ct-1382324094371889152, which the evidence prints), GPU counts, bus numbers (01..N in index order)
and the driver (550.144.03, the same for every case) are stand-ins. hami-715 fails on a master node the report
says has no GPU, so its backdrop has no GPU. No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'hami-715-k8s-master-without-gpu-set-to-nvidia-container-runtime-nvml-driver-not-loaded': Backdrop(
        'k8s-master',
        'A10',
        '550.144.03',
        '2024-12-17T11:30:00Z',
        '2024-12-17T12:10:00Z',
        pci=(),
    ),
    'hami-1112-vgpu-memory-limit-lost-in-ssh-session-env-var-not-inherited': Backdrop(
        'ct-1382324094371889152',
        'A10',
        '550.144.03',
        '2025-06-11T11:30:00Z',
        '2025-06-11T12:10:00Z',
        pci=('01',),
    ),
    'volcano-3220-gpu-job-pending-queue-quota-insufficient-extended-resources-in-queue-capability': Backdrop(
        'volcano-gpu-node',
        'A10',
        '550.144.03',
        '2023-11-22T11:30:00Z',
        '2023-11-22T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'hami-2020-abnormal-gpu-still-scheduled-allocatable-annotation-update-race': Backdrop(
        'hami-gpu-node',
        'A10',
        '550.144.03',
        '2026-07-07T11:30:00Z',
        '2026-07-07T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'vgpusched-28-tensorflow-exceeds-vgpu-memory-limit-device-plugin-supports-only-cuda-11-3': Backdrop(
        'vgpu-node',
        'A10',
        '550.144.03',
        '2022-11-14T11:30:00Z',
        '2022-11-14T12:10:00Z',
        pci=('01',),
    ),
    'chatglmeff-344-multi-node-chatglm2-training-error-host-or-gpu-memory-insufficient': Backdrop(
        'chatglm-node',
        'A10',
        '550.144.03',
        '2023-07-25T11:30:00Z',
        '2023-07-25T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'pai-2198-nvidia-smi-libnvidia-ml-not-found-outside-driver-container-env-normal-benign': Backdrop(
        'pai-worker',
        'A10',
        '550.144.03',
        '2019-03-01T11:30:00Z',
        '2019-03-01T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'vllm-13273-tp2-startup-hang-nvidia-smi-unresponsive-gpu-pair-cannot-communicate': Backdrop(
        'vllm-server',
        'A10',
        '550.144.03',
        '2025-02-17T11:30:00Z',
        '2025-02-17T12:10:00Z',
        pci=('01', '02',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
