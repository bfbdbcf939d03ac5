"""heldout-public-438's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-438/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description); hosts are
stand-ins (no source prints a host name); GPU counts are as the sources state them (three for hbfreed, four for dronomyio,
otherwise one) and bus numbers are stand-ins (01, 02, ...); the driver (550.144.03) is the same stand-in for every case.
No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'reddit-sd-1k3n6fj-gpu-fans-not-spinning-at-full-load-overheats-after-latest-driver': Backdrop(
        'sd-desktop-4060ti',
        'A10',
        '550.144.03',
        '2025-04-20T11:30:00Z',
        '2025-04-20T12:10:00Z',
        pci=('01',),
    ),
    'ianlpaterson-t5820-3090ti-seven-power-cycles-before-post-pcie-link-training-benign': Backdrop(
        't5820-inference',
        'A10',
        '550.144.03',
        '2026-05-01T11:30:00Z',
        '2026-05-01T12:10:00Z',
        pci=('01',),
    ),
    'hbfreed-3x3090-reboots-when-all-three-torch-compile-at-once-power-transients-clock-lock': Backdrop(
        'hbfreed-3x3090',
        'A10',
        '550.144.03',
        '2026-03-12T11:30:00Z',
        '2026-03-12T12:10:00Z',
        pci=('01', '02', '03',),
    ),
    'snepi-3090fe-memory-junction-above-100c-fan-ramping-gddr6x-thermal-design': Backdrop(
        'snepi-desktop',
        'A10',
        '550.144.03',
        '2021-01-15T11:30:00Z',
        '2021-01-15T12:10:00Z',
        pci=('01',),
    ),
    'svethardware-54480-3090fe-mining-gddr6x-110c-stock-thermal-pads-replaced-temps-down-25c': Backdrop(
        'cryptoathome-rig',
        'A10',
        '550.144.03',
        '2021-06-01T11:30:00Z',
        '2021-06-01T12:10:00Z',
        pci=('01',),
    ),
    'dronomyio-cudakb-ollama-holds-nvidia-uvm-other-cuda-apps-fail-error-999-on-4x-3070': Backdrop(
        'rtx3070-x4',
        'A10',
        '550.144.03',
        '2025-09-22T11:30:00Z',
        '2025-09-22T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'fooocus-2342-gtx1650-8gb-ram-defaultcpuallocator-not-enough-memory-host-ram-too-small': Backdrop(
        'fooocus-gtx1650',
        'A10',
        '550.144.03',
        '2024-02-24T11:30:00Z',
        '2024-02-24T12:10:00Z',
        pci=('01',),
    ),
    'fooocus-193-rtx3060-laptop-cuda-oom-at-startup-swap-pagefile-too-small': Backdrop(
        'fooocus-3060-laptop',
        'A10',
        '550.144.03',
        '2023-08-18T11:30:00Z',
        '2023-08-18T12:10:00Z',
        pci=('01',),
    ),
    'rozek-blog-fedora-forced-reboot-before-akmods-built-nvidia-module-gpu-driver-missing-on-new-kernel': Backdrop(
        'fedora-desktop',
        'A10',
        '550.144.03',
        '2022-02-04T11:30:00Z',
        '2022-02-04T12:10:00Z',
        pci=('01',),
    ),
    'jeanfbrito-rtx3090-power-limited-to-280w-sw-power-cap-costs-under-1pct-benign': Backdrop(
        'llm-3090-box',
        'A10',
        '550.144.03',
        '2026-06-01T11:30:00Z',
        '2026-06-01T12:10:00Z',
        pci=('01',),
    ),
    'server-gear-4x-rtx4090-gpu-burn-draws-2160w-on-1800w-psus-smart-power-benign': Backdrop(
        'sys-741ge-4090',
        'A10',
        '550.144.03',
        '2024-01-15T11:30:00Z',
        '2024-01-15T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'mydrivers-20210817-rtx3070-screen-freezes-system-hangs-loose-card-poor-pcie-slot-contact': Backdrop(
        'diy-test-bench',
        'A10',
        '550.144.03',
        '2021-08-17T11:30:00Z',
        '2021-08-17T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
