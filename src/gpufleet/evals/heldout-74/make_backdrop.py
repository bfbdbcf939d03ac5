"""heldout-public-74's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-74/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
sku is one of the allowed SKUs; most are stand-ins (see each case's description). No case uses extra:
no report quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'gsmgotech-rtx-pro-6000-unusable-after-shipping-pcie-connector-snapped': Backdrop(
        'ws-rtx-pro-6000',
        'A10',
        '580.95.05',
        '2025-11-15T11:30:00Z',
        '2025-11-15T12:10:00Z',
        pci=('01',),
    ),
    'dipankardas-proxmox-laptop-mx330-passthrough-to-proxmox-vm-fails-mobile-gpu': Backdrop(
        'proxmox-laptop-mx330',
        'A10',
        '550.120',
        '2025-06-01T11:30:00Z',
        '2025-06-01T12:10:00Z',
        pci=('01',),
    ),
    'kouhan-00015593-gtx-580-gpu-memory-held-after-cuda-program-crash': Backdrop(
        'fedora-gtx580-server',
        'A10',
        '319.37',
        '2025-11-22T11:30:00Z',
        '2025-11-22T12:10:00Z',
        pci=('01',),
    ),
    '67wa-145873-eight-gpu-server-two-cards-not-detected-uneven-power-distribution': Backdrop(
        'gpu-server-8card',
        'A10',
        '535.104.05',
        '2025-06-01T11:30:00Z',
        '2025-06-01T12:10:00Z',
        pci=('1b', '1c', '1d', '1e', '3d', '3e', '3f', '40'),
    ),
    'youfailit-p67-display-garbled-lockup-no-post-video-card-rma': Backdrop(
        'desktop-xfx-agp',
        'A10',
        '84.21',
        '2006-02-06T11:30:00Z',
        '2006-02-06T12:10:00Z',
        pci=('01',),
    ),
    'devto-ingero-vllm-97-percent-gpu-util-while-throughput-drops-counter-not-cause-benign': Backdrop(
        'tensordock-rtx4090',
        'A10',
        '570.133.07',
        '2026-04-01T11:30:00Z',
        '2026-04-01T12:10:00Z',
        pci=('01',),
    ),
    'ornl-titan-gpu-boards-failing-silver-sulfide-corrosion-of-resistor': Backdrop(
        'titan-node-c0-0c0s0n0',
        'V100',
        '450.80.02',
        '2020-11-17T11:30:00Z',
        '2020-11-17T12:10:00Z',
        pci=('02',),
    ),
    'bittide-aicompass-rtx-3090-in-pcie-2-x4-slot-cripples-multi-gpu-inference': Backdrop(
        'node04-x399-4x3090',
        'A10',
        '570.133.07',
        '2026-05-01T11:30:00Z',
        '2026-05-01T12:10:00Z',
        pci=('09', '0a', '41', '42'),
    ),
    'c114pro-135946-rtx-5090-16-pin-connector-burned-native-cable-design-flaw-suspected': Backdrop(
        'gaming-pc-rtx5090-a',
        'A10',
        '581.29',
        '2025-10-15T11:30:00Z',
        '2025-10-15T12:10:00Z',
        pci=('01',),
    ),
    'clubic-589393-zotac-rtx-5090-connector-melted-psu-below-recommendation': Backdrop(
        'gaming-pc-rtx5090-b',
        'A10',
        '572.47',
        '2025-02-20T11:30:00Z',
        '2025-02-20T12:10:00Z',
        pci=('01',),
    ),
    'nvforum-15056-cuda-display-driver-stopped-responding-wddm-tdr-timeout': Backdrop(
        'win7-cuda-workstation',
        'A10',
        '195.62',
        '2009-11-01T11:30:00Z',
        '2009-11-01T12:10:00Z',
        pci=('01',),
    ),
    'yumie-2553141-rtx-3080-fe-overheating-over-100c-hole-in-vapor-chamber': Backdrop(
        'desktop-rtx3080-fe',
        'A10',
        '528.49',
        '2023-01-15T11:30:00Z',
        '2023-01-15T12:10:00Z',
        pci=('01',),
    ),
    'quirky-guy-1601-nvidia-container-toolkit-pod-crashloop-containerd-socket-corrupted': Backdrop(
        'k8s-gpu-node-1',
        'A10',
        '550.127.05',
        '2025-12-01T11:30:00Z',
        '2025-12-01T12:10:00Z',
        pci=('01',),
    ),
    'derio-frank-12-talos-gpu-operator-pods-stuck-init-validation-markers-never-created': Backdrop(
        'gpu-1',
        'A10',
        '570.133.20',
        '2026-03-01T11:30:00Z',
        '2026-03-01T12:10:00Z',
        pci=('01',),
    ),
    'exafunction-ecc-gpu-t4-shows-15gb-not-16gb-ecc-reservation-benign': Backdrop(
        'aws-g4dn-xlarge',
        'A10',
        '525.85.12',
        '2023-03-01T11:30:00Z',
        '2023-03-01T12:10:00Z',
        pci=('1e',),
    ),
    'thundergolfer-memory-capacity-l40s-shows-46068-mib-not-48gb-units-benign': Backdrop(
        'modal-l40s-worker',
        'L40S',
        '550.90.07',
        '2024-10-01T11:30:00Z',
        '2024-10-01T12:10:00Z',
        pci=('01',),
    ),
    'stackbytes-beehiiv-vllm-ttft-144s-gpu-not-slow-requests-queued-kv-cache-benign': Backdrop(
        'rtx4090-vllm-bench',
        'A10',
        '570.133.07',
        '2025-09-01T11:30:00Z',
        '2025-09-01T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
