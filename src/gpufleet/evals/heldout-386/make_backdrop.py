"""heldout-public-386's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-386/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (no evidence prints a usable host name), GPU counts, bus numbers (01..N in index order) and the driver
(550.144.03, the same for every case) are stand-ins. No case uses extra: no source quotes an exporter value
as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'accelerate-2837-ddp-wait-for-everyone-hangs-on-8x-rtx3090-server-nvidia-driver-problem': Backdrop(
        'rtx3090-server-b',
        'A10',
        '550.144.03',
        '2024-06-07T11:30:00Z',
        '2024-06-07T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'accelerate-2942-partialstate-wait-for-everyone-hangs-a10g-aws-driver-555-42-06': Backdrop(
        'a10g-node',
        'A10',
        '550.144.03',
        '2024-07-18T11:30:00Z',
        '2024-07-18T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'lmdeploy-1267-tp2-nccl-unhandled-cuda-error-driver-515-too-old-for-cuda-runtime-11-8': Backdrop(
        'v100-node',
        'A10',
        '550.144.03',
        '2024-03-11T11:30:00Z',
        '2024-03-11T12:10:00Z',
        pci=('01', '02',),
    ),
    'lmdeploy-1626-gpu-memory-73g-after-kv-cache-quantization-expected-aggressive-kv-cache-allocation-benign': Backdrop(
        'a100-node',
        'A10',
        '550.144.03',
        '2024-05-21T11:30:00Z',
        '2024-05-21T12:10:00Z',
        pci=('01',),
    ),
    'lmdeploy-1803-nccl-error-nccl-incompatible-with-local-cuda-12-2-reinstall-nccl': Backdrop(
        'lmdeploy-node',
        'A10',
        '550.144.03',
        '2024-06-21T11:30:00Z',
        '2024-06-21T12:10:00Z',
        pci=('01', '02',),
    ),
    'vllm-3069-tp2-nccl-cannot-be-captured-in-a-graph-nccl-cuda11-0-build-incompatible-with-cuda-11-6': Backdrop(
        'vllm-node',
        'A10',
        '550.144.03',
        '2024-02-28T11:30:00Z',
        '2024-02-28T12:10:00Z',
        pci=('01', '02',),
    ),
    'vllm-1801-tensor-parallel-hangs-ray-workers-nccl-watchdog-timeout-driver-545-29-02': Backdrop(
        'vllm-docker-host',
        'A10',
        '550.144.03',
        '2023-11-29T11:30:00Z',
        '2023-11-29T12:10:00Z',
        pci=('01', '02',),
    ),
    'tensorflow-44976-mirroredstrategy-stuck-iommu-redirects-p2p-turned-off-iommu-in-bios': Backdrop(
        'tf-workstation',
        'A10',
        '550.144.03',
        '2020-11-19T11:30:00Z',
        '2020-11-19T12:10:00Z',
        pci=('01', '02',),
    ),
    'tensorflow-32654-mirroredstrategy-infinite-polling-4-gpus-dmar-pte-write-faults-broken-p2p': Backdrop(
        'tf-4gpu-node',
        'A10',
        '550.144.03',
        '2019-09-30T11:30:00Z',
        '2019-09-30T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'gpustack-3744-llama-cpp-deployment-lands-on-quadro-k620-instead-of-a5000-cuda-device-order': Backdrop(
        'a5000-workstation',
        'A10',
        '550.144.03',
        '2025-12-05T11:30:00Z',
        '2025-12-05T12:10:00Z',
        pci=('01', '02', '03',),
    ),
    'gpustack-5152-selected-gpu-0-1-runs-on-1-2-mixed-p40-1080ti-set-cuda-device-order-pci-bus-id': Backdrop(
        'p40-1080ti-worker',
        'A10',
        '550.144.03',
        '2026-04-16T11:30:00Z',
        '2026-04-16T12:10:00Z',
        pci=('01', '02', '03',),
    ),
    'lora-easy-training-scripts-178-cuda-oom-8gb-gpu-0-expandable-segments-will-not-help-workload-exceeds-vram': Backdrop(
        'lora-trainer',
        'A10',
        '550.144.03',
        '2024-02-14T11:30:00Z',
        '2024-02-14T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
