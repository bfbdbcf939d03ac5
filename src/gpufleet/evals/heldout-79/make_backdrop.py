"""heldout-public-79's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-79/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
sku is one of the allowed SKUs; every one here is a stand-in (see each case's description). No case uses extra:
no report quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'nvidia-attestation-ppcie-nscq-rdt-init-failure-switch-driver-not-matching-gpu-driver': Backdrop(
        'hgx-ppcie-node',
        'H100',
        '550.54.15',
        '2025-06-02T11:30:00Z',
        '2025-06-02T12:10:00Z'
    ),
    'huaweicloud-cce-gpumemoryerror-failed-remapped-rows-gpu-isolated': Backdrop(
        'cce-gpu-node-a',
        'A100',
        '535.161.08',
        '2025-09-05T11:30:00Z',
        '2025-09-05T12:10:00Z',
        pci=('07',),
    ),
    'huaweicloud-cce-gpuhealthwarning-failed-to-get-fan-state-fan-not-running-properly': Backdrop(
        'cce-gpu-node-b',
        'A10',
        '470.141.03',
        '2024-08-16T11:30:00Z',
        '2024-08-16T12:10:00Z',
        pci=('07',),
    ),
    'alibaba-ack-npd-xid-79-not-re-raised-after-node-restart-gpu-must-be-replaced': Backdrop(
        'ack-gpu-node',
        'A10',
        '550.127.08',
        '2025-06-24T11:30:00Z',
        '2025-06-24T12:10:00Z',
        pci=('07',),
    ),
    'leadtek-nvidia-smi-slow-first-cuda-call-persistence-mode-off-driver-unloads-when-idle-benign': Backdrop(
        'ws-persistence-off',
        'A10',
        '570.86.15',
        '2025-07-01T11:30:00Z',
        '2025-07-01T12:10:00Z',
        pci=('01',),
    ),
    'nvidia-vgpu-r525-kvm-incompatible-guest-driver-vgpu-fails-to-load': Backdrop(
        'kvm-vgpu-guest',
        'A10',
        '525.85.05',
        '2023-02-01T11:30:00Z',
        '2023-02-01T12:10:00Z',
        pci=('07',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
