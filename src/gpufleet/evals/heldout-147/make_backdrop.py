"""heldout-public-147's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-147/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list: mining cards, consumer and mobile-chip
boards); hosts and bus numbers are stand-ins, and so are the drivers no report names (see each case's
description; dartraiden-250 names 472.12 and cmp50hx-unlock-51 names 610.43.03 with its bus ids). No case uses extra: no report quotes an exporter
value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'dartraiden-nvidia-patcher-503-cmp50hx-not-seen-by-nvidia-smi-gpu-power-cable-8plus6-instead-of-two-8pin': Backdrop(
        'ubuntu-cmp50hx-rig',
        'A10',
        '580.65.06',
        '2026-07-15T11:30:00Z',
        '2026-07-15T12:10:00Z',
        pci=('01',),
    ),
    'dartraiden-nvidia-patcher-261-p106-100-load-100-percent-25-fps-after-cpu-swap-2200g-gives-8-pcie-lanes': Backdrop(
        'win-p106-desktop',
        'A10',
        '572.83',
        '2025-05-18T11:30:00Z',
        '2025-05-18T12:10:00Z',
        pci=('01',),
    ),
    'stable-diffusion-portable-4-out-of-memory-your-gpu-is-not-enough-buy-a-new-one': Backdrop(
        'win-sd-portable-pc',
        'A10',
        '528.24',
        '2023-02-05T11:30:00Z',
        '2023-02-05T12:10:00Z',
        pci=('01',),
    ),
    'nomeroff-net-112-cuda-error-out-of-memory-gtx1650-3433mb-model-needs-about-5g': Backdrop(
        'ws-gtx1650-tf',
        'A10',
        '456.71',
        '2020-10-30T11:30:00Z',
        '2020-10-30T12:10:00Z',
        pci=('01',),
    ),
    'ru-gpts-64-gpu-not-used-torch-installed-without-cuda-support': Backdrop(
        'ws-rugpt3-cuda110',
        'A10',
        '465.89',
        '2021-07-05T11:30:00Z',
        '2021-07-05T12:10:00Z',
        pci=('01',),
    ),
    'kandinsky-2-40-cuda-out-of-memory-10-76-gib-gpu0-memory-not-freed-after-generations': Backdrop(
        'ws-kandinsky-2080ti',
        'A10',
        '531.41',
        '2023-04-07T11:30:00Z',
        '2023-04-07T12:10:00Z',
        pci=('01',),
    ),
    'dartraiden-nvidia-patcher-523-benign-cmp40hx-fans-cycle-at-idle-mining-card-bios-by-design': Backdrop(
        'win-cmp40hx-desktop',
        'A10',
        '581.57',
        '2026-05-11T11:30:00Z',
        '2026-05-11T12:10:00Z',
        pci=('01',),
    ),
    'frankendriver-65-mllse-rtx3060m-12gb-driver-crashes-in-benchmarks-faulty-memory-bank-card-returned': Backdrop(
        'teststand-3060m',
        'A10',
        '566.36',
        '2024-11-04T11:30:00Z',
        '2024-11-04T12:10:00Z',
        pci=('01',),
    ),
    'ru-gpts-59-gpt3xl-finetune-out-of-memory-deepspeed-cpu-offload-fixed-by-deepspeedcpuadam': Backdrop(
        'ws-rugpt3xl-finetune',
        'A10',
        '460.73.01',
        '2021-05-17T11:30:00Z',
        '2021-05-17T12:10:00Z',
        pci=('01',),
    ),
    'stable-video-diffusion-justrin-1-torch-built-without-cuda-a-library-installs-newer-torch': Backdrop(
        'win-svd-installer-pc',
        'A10',
        '546.17',
        '2023-11-26T11:30:00Z',
        '2023-11-26T12:10:00Z',
        pci=('01',),
    ),
    'dartraiden-nvidia-patcher-250-benign-p104-100-performs-like-1050ti-hardware-pcie-x4-by-design': Backdrop(
        'xeon-2670v3-p104',
        'A10',
        '472.12',
        '2025-04-21T11:30:00Z',
        '2025-04-21T12:10:00Z',
        pci=('03', '04'),
    ),
    'cmp50hx-unlock-51-x99-llm-server-three-cmp50hx-stuck-at-pcie-gen1-after-unlock-update': Backdrop(
        'x99-llm-server',
        'A10',
        '610.43.03',
        '2026-09-22T11:30:00Z',
        '2026-09-22T12:10:00Z',
        pci=('03', '04', '07'),
    ),
    'dartraiden-nvidia-patcher-60-cmp30hx-code-12-insufficient-resources-asus-h81-fixed-by-bios-update': Backdrop(
        'win-h81-cmp30hx',
        'A10',
        '537.58',
        '2023-11-01T11:30:00Z',
        '2023-11-01T12:10:00Z',
        pci=('01',),
    ),
    'lolminer-1321-12-card-rig-hangs-every-30-min-after-update-gpu-temp-not-found-fixed-in-1-46a': Backdrop(
        'hiveos-tb250-btc-rig',
        'A10',
        '510.47.03',
        '2022-02-23T11:30:00Z',
        '2022-02-23T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08', '09', '0a', '0b', '0c'),
    ),
    'watchdog4danilaminer-17-card-error-cycles-and-system-freezes-tune-miner-intensity-i-1-2': Backdrop(
        'win-ton-danila-rig',
        'A10',
        '497.29',
        '2021-12-30T11:30:00Z',
        '2021-12-30T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
