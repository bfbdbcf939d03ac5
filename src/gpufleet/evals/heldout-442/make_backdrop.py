"""heldout-public-442's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-442/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description); hosts are
stand-ins except Elizabeth (printed by the framework-firmware-132 evidence); GPU counts are one GPU except the DGX H100 case
(eight, the system the source names); bus numbers are stand-ins 01..N except aikitoria-ogkm-9, whose evidence prints the
GPU at bus 84; the driver (550.144.03) is the same stand-in for every case. No case uses extra: no source quotes an
exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'pytorch-151486-rtx4090-segfaults-and-system-crashes-stopped-after-3-year-old-msi-z790-bios-update': Backdrop(
        'msi-z790-ws-01',
        'A10',
        '550.144.03',
        '2025-06-30T11:30:00Z',
        '2025-06-30T12:10:00Z',
        pci=('01',),
    ),
    'pytorch-122545-cuda-internal-assert-on-asus-z790-i9-13900k-stable-after-asus-bios-update-zh': Backdrop(
        'asus-z790-ws-01',
        'A10',
        '550.144.03',
        '2026-04-11T11:30:00Z',
        '2026-04-11T12:10:00Z',
        pci=('01',),
    ),
    'open-gpu-kernel-modules-937-h20-nodes-crash-daily-pcie-switch-dlp-fatal-from-gpu-masked-in-uesvrt': Backdrop(
        'h20-node-01',
        'A10',
        '550.144.03',
        '2025-09-23T11:30:00Z',
        '2025-09-23T12:10:00Z',
        pci=('01',),
    ),
    'infra-controller-2325-dgx-h100-boot-loop-host-posts-before-dpu-hbn-ready-bios-setup-prompt-timeout': Backdrop(
        'dgx-h100-01',
        'A10',
        '550.144.03',
        '2026-06-09T11:30:00Z',
        '2026-06-09T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'infra-controller-3667-bluefield2-dpu-redfish-missing-nicmode-prevent-allocations-atf-uefi-firmware-out-of-date': Backdrop(
        'bf2-host-01',
        'A10',
        '550.144.03',
        '2026-07-17T11:30:00Z',
        '2026-07-17T12:10:00Z',
        pci=('01',),
    ),
    'nccl-579-nccl-tests-timed-out-fixed-by-a-bios-setting-applied-by-the-administrator': Backdrop(
        'nccl-test-node-01',
        'A10',
        '550.144.03',
        '2021-12-22T11:30:00Z',
        '2021-12-22T12:10:00Z',
        pci=('01',),
    ),
    'aikitoria-ogkm-9-rtx5090-bar1-cannot-be-assigned-no-space-check-above-4g-decoding-rebar': Backdrop(
        'rtx5090-ws-01',
        'A10',
        '550.144.03',
        '2025-11-07T11:30:00Z',
        '2025-11-07T12:10:00Z',
        pci=('84',),
    ),
    'framework-firmware-132-egpu-rtx4080-not-recognized-after-bios-update-03-07-to-04-02': Backdrop(
        'Elizabeth',
        'A10',
        '550.144.03',
        '2025-11-20T11:30:00Z',
        '2025-11-20T12:10:00Z',
        pci=('01',),
    ),
    'fancontrol-3000-geforce-fans-at-0-percent-below-trigger-temperature-works-as-intended-benign': Backdrop(
        'rtx4070fe-desktop-01',
        'A10',
        '550.144.03',
        '2025-03-03T11:30:00Z',
        '2025-03-03T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
