"""heldout-public-153's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-153/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); hosts and bus numbers are stand-ins, and
so are the drivers no write-up names (see each case's description). No case uses extra: no write-up quotes an
exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'wada-dev-3-rtx5090-ai-server-freezes-memtest-705-errors-bad-dimm-or-imc': Backdrop(
        'nixos-ai-server',
        'A10',
        '580.65.06',
        '2026-06-25T11:30:00Z',
        '2026-06-25T12:10:00Z',
        pci=('01',),
    ),
    'cappuccino-20260215-training-host-crashed-three-times-ram-94-percent-worker-memory-leak': Backdrop(
        'cappuccino-trainer',
        'A10',
        '570.133.07',
        '2026-02-15T00:44:00Z',
        '2026-02-15T01:24:00Z',
        pci=('01',),
    ),
    'kin-cnn-1-tensorflow-jit-compilation-failed-cuda-toolkit-ptxas-libdevice-missing': Backdrop(
        'postdoc-ws',
        'A10',
        '575.64.03',
        '2025-08-01T11:30:00Z',
        '2025-08-01T12:10:00Z',
        pci=('01',),
    ),
    'cheat-sheets-1-dual-rtx3090-nvidia-smi-cannot-communicate-driver-reinstalled': Backdrop(
        'lab-ubuntu-2x3090',
        'A10',
        '550.120',
        '2025-03-17T00:30:00Z',
        '2025-03-17T01:10:00Z',
        pci=('01', '07'),
    ),
    'difix-1-cuda-oom-52gib-request-23gib-free-allocator-fragmentation': Backdrop(
        'difix-train-node',
        'A10',
        '550.54.15',
        '2025-09-01T11:30:00Z',
        '2025-09-01T12:10:00Z',
        pci=('01',),
    ),
    'lexworking-1-h100-kvm-vm-cuda-error-802-ecc-and-persistence-blamed': Backdrop(
        'lex-h100-vm',
        'A10',
        '575.57.08',
        '2025-07-01T11:30:00Z',
        '2025-07-01T12:10:00Z',
        pci=('01',),
    ),
    'skt-sakura-1-ryzen-pc-sudden-blackout-power-supply-unit-failed-replaced': Backdrop(
        'win-ryzen5-3600',
        'A10',
        '536.23',
        '2023-06-01T11:30:00Z',
        '2023-06-01T12:10:00Z',
        pci=('01',),
    ),
    'widedeepspace-869-ml-training-pc-dead-after-bang-psu-capacitor-burst': Backdrop(
        'jisaku-tower-2010',
        'A10',
        '388.13',
        '2017-12-05T11:30:00Z',
        '2017-12-05T12:10:00Z',
        pci=('01',),
    ),
    'itsukey-134-pc-powers-off-gpu-at-100c-graphics-card-heatsink-not-cooling': Backdrop(
        'win-home-pc',
        'A10',
        '512.59',
        '2022-05-01T11:30:00Z',
        '2022-05-01T12:10:00Z',
        pci=('01',),
    ),
    'yuu999-1-gtx960-blackouts-then-smoke-graphics-card-failure': Backdrop(
        'ryzen7-5800x-pc',
        'A10',
        '466.77',
        '2021-06-01T11:30:00Z',
        '2021-06-01T12:10:00Z',
        pci=('01',),
    ),
    'h3d-1-rtx3090-pc-will-not-boot-motherboard-failure-likely': Backdrop(
        'i9-10900k-pc',
        'A10',
        '461.40',
        '2021-02-01T11:30:00Z',
        '2021-02-01T12:10:00Z',
        pci=('01',),
    ),
    'oisiso-2017-07-screen-artifacts-nvidia-device-stopped-dusty-graphics-card-replaced': Backdrop(
        'win-desktop-2017',
        'A10',
        '384.94',
        '2017-07-15T11:30:00Z',
        '2017-07-15T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
