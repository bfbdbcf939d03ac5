"""heldout-public-129's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-129/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list, and for the A100 / RTX 5090 / GeForce cards the
reports name); hosts (one printed in a report, the rest descriptive), bus numbers and most drivers are stand-ins (see each
case's description). No case uses extra: no report quotes an exporter value as a metric sample. The backdrop never points
at the cause: flat, healthy series only.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'alexeldeib-gist-1755bc9f-aks-a100-pod-loses-gpu-after-systemctl-daemon-reload-cgroupv2': Backdrop(
        'aks-nca100-36400834-vmss000000',
        'A10',
        '525.105.17',
        '2023-08-22T11:30:00Z',
        '2023-08-22T12:10:00Z',
        pci=('01',),
    ),
    'espoirmur-gist-5597796-nvidia-smi-cannot-reach-driver-unsigned-module-blocked-by-secure-boot': Backdrop(
        'ubuntu2404-workstation-secureboot',
        'A10',
        '570.133.07',
        '2025-07-30T11:30:00Z',
        '2025-07-30T12:10:00Z',
        pci=('01',),
    ),
    'fixstars-2017-10-two-gtx1080ti-minitower-training-slows-insufficient-cooling-thermal': Backdrop(
        'fixstars-minitower-2x1080ti',
        'A10',
        '384.90',
        '2017-10-17T11:30:00Z',
        '2017-10-17T12:10:00Z',
        pci=('01', '02'),
    ),
    'ehrlich-c206c555-gpu-fans-only-silent-or-full-throttle-twist-tie-lodged-in-fans': Backdrop(
        'gaming-desktop-fan-control',
        'A10',
        '550.120',
        '2025-06-02T11:30:00Z',
        '2025-06-02T12:10:00Z',
        pci=('01',),
    ),
    'ingero-hashtag-1-gpu-idle-2s-per-batch-cpu-numpy-sync-in-forward-pass': Backdrop(
        'train-node-ingero',
        'A10',
        '570.124.06',
        '2026-03-02T11:30:00Z',
        '2026-03-02T12:10:00Z',
        pci=('01',),
    ),
    'nvforum-366221-gemma4-vlm-vram-and-host-memory-leak-cublas-workspace-caching': Backdrop(
        'wsl2-rtx5090-llama-server',
        'A10',
        '595.71',
        '2026-04-08T11:30:00Z',
        '2026-04-08T12:10:00Z',
        pci=('01',),
    ),
    'mpu-1-nvidia-smi-in-container-shows-no-process-list-pid-namespace-benign': Backdrop(
        'docker-gpu-host-mpu',
        'A10',
        '550.144.03',
        '2025-09-01T11:30:00Z',
        '2025-09-01T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
