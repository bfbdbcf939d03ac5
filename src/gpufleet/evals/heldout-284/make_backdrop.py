"""heldout-public-284's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-284/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description).
Hosts (except gpu-node, which the evidence prints), bus numbers (no source prints one: 01, 02, ... in index order) and the
driver (550.144.03, the same for every case) are stand-ins. No case uses extra: no source quotes an exporter value as a
metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'visualglm-203-multi-node-finetune-ncclinternalerror-missing-nccl-socket-ifname-setting': Backdrop(
        'visualglm-node0',
        'A10',
        '550.144.03',
        '2023-07-27T11:30:00Z',
        '2023-07-27T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'chinese-vicuna-49-8x-a6000-single-node-multi-gpu-hang-no-error-acs-disabled-in-bios': Backdrop(
        'a6000-8gpu-node',
        'A10',
        '550.144.03',
        '2023-04-09T11:30:00Z',
        '2023-04-09T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'glm4-763-vllm-killed-gpu4-5-memory-still-held-process-left-on-host-outside-container': Backdrop(
        'glm4-vllm-host',
        'A10',
        '550.144.03',
        '2025-04-23T11:30:00Z',
        '2025-04-23T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'hppe-gpu-resource-conflict-report-process-without-cuda-visible-devices-spread-over-gpu0-gpu1': Backdrop(
        'hppe-dual-gpu',
        'A10',
        '550.144.03',
        '2025-10-15T10:53:00Z',
        '2025-10-15T11:33:00Z',
        pci=('01', '02',),
    ),
    'hami-volcano-vgpu-device-plugin-18-8x-a100-node-reports-vgpu-memory-0-old-plugin-version': Backdrop(
        'gpu-node',
        'A10',
        '550.144.03',
        '2024-08-26T11:30:00Z',
        '2024-08-26T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'qwen-848-inference-inf-nan-probability-tensor-driver-545-from-cuda-repo-downgrade-to-535': Backdrop(
        'qwen-p40-host',
        'A10',
        '550.144.03',
        '2024-01-08T11:30:00Z',
        '2024-01-08T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'qwen3-804-8x-a100-zero3-cpu-offload-72b-exitcode-9-host-ram-exhausted-pin-memory-false': Backdrop(
        'a100-8gpu-zero3',
        'A10',
        '550.144.03',
        '2024-07-22T11:30:00Z',
        '2024-07-22T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
