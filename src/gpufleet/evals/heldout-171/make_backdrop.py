"""heldout-public-171's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-171/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); hosts, bus numbers and drivers are stand-ins
(see each case's description). No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'pcworld-rtx3090fe-overheating-finger-cot-left-inside-cooler': Backdrop(
        'rtx3090fe-owner-pc',
        'A10',
        '471.68',
        '2021-08-01T11:30:00Z',
        '2021-08-01T12:10:00Z',
        pci=('01',),
    ),
    'svethardware-asus-3080ti-gddr6x-110c-throttling-missing-thermal-pads': Backdrop(
        'asus-3080ti-tuf-pc',
        'A10',
        '466.77',
        '2021-07-01T11:30:00Z',
        '2021-07-01T12:10:00Z',
        pci=('01',),
    ),
    'chippl-geforce-r555-driver-bsod-on-old-cpus-without-popcnt': Backdrop(
        'win10-old-cpu-geforce',
        'A10',
        '560.81',
        '2024-08-01T11:30:00Z',
        '2024-08-01T12:10:00Z',
        pci=('01',),
    ),
    'leblog-rtx5060-black-screen-on-reboot-vbios-uefi-incompatibility': Backdrop(
        'rtx5060ti-desktop',
        'A10',
        '576.52',
        '2025-05-26T11:30:00Z',
        '2025-05-26T12:10:00Z',
        pci=('01',),
    ),
    'aporto-vastai-rtx3090-cuda-driver-initialization-failed-cpu-only-or-mismatched-torch': Backdrop(
        'vastai-upscale-gpu',
        'A10',
        '570.172.08',
        '2025-10-27T11:30:00Z',
        '2025-10-27T12:10:00Z',
        pci=('01',),
    ),
    'tiktok1-quickfixgpu-whisper-runs-on-cpu-pytorch-installed-without-cuda': Backdrop(
        'win-whisper-rtx-pc',
        'A10',
        '591.74',
        '2026-02-02T11:30:00Z',
        '2026-02-02T12:10:00Z',
        pci=('01',),
    ),
    'tiktok1-rtx5070-pytorch-architecture-mismatch-torch-built-without-blackwell-support': Backdrop(
        'win-rtx5070-pc',
        'A10',
        '591.74',
        '2026-02-02T11:30:00Z',
        '2026-02-02T12:10:00Z',
        pci=('01',),
    ),
    'technews-geforce-36447-driver-boot-failures-bsod-regression-hotfix-36451': Backdrop(
        'geforce-desktop-36447',
        'A10',
        '364.47',
        '2016-03-09T11:30:00Z',
        '2016-03-09T12:10:00Z',
        pci=('01',),
    ),
    'technews-geforce-36160-hotfix-memory-clock-not-reaching-full-speed-driver-bug': Backdrop(
        'geforce-desktop-36160',
        'A10',
        '361.43',
        '2016-01-13T11:30:00Z',
        '2016-01-13T12:10:00Z',
        pci=('01',),
    ),
    'svethardware-gb200-nvl72-racks-overheating-120kw-rack-design-changes': Backdrop(
        'gb200-nvl72-tray01',
        'A10',
        '570.86.15',
        '2024-11-18T11:30:00Z',
        '2024-11-18T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'purepc-gb200-servers-overheating-and-faults-in-accelerator-interconnect-orders-cut': Backdrop(
        'gb200-nvl72-tray02',
        'A10',
        '570.86.15',
        '2025-01-13T11:30:00Z',
        '2025-01-13T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'identification-dockergpu-could-not-select-device-driver-docker-lacks-nvidia-runtime': Backdrop(
        'cachyos-docker-gpu-host',
        'A10',
        '580.126.09',
        '2026-02-16T11:30:00Z',
        '2026-02-16T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
