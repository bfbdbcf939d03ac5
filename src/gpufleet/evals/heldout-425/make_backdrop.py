"""heldout-public-425's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-425/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description); every host
is a stand-in (no kept excerpt prints a host name); GPU counts follow the report where it states one (8 for the DeepSpeed
8x3090 case, the B200 EP=8 case and the NVSwitch node, 4 for the 4x3090 and 4-rank cases, 2 for the GB200 pair) and are
one GPU otherwise; no excerpt prints bus ids, so bus numbers are stand-ins (01 for one GPU, 18/2a/3a/5d/9a/ab/ba/db for
multi-GPU nodes); the driver (550.144.03) is the same stand-in for every case. No case uses extra: no source quotes an
exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'alora4bit-89-suspected-cpu-mode-low-gpu-temp-during-4bit-lora-finetune-gpu-full-throttle-case-open-benign': Backdrop(
        'rtx2060s-desktop',
        'A10',
        '550.144.03',
        '2023-04-20T11:30:00Z',
        '2023-04-20T12:10:00Z',
        pci=('01',),
    ),
    'ds-4867-deepspeed-zero-infinity-nvme-offload-killed-signal-9-host-ram-oom-8x3090': Backdrop(
        'ds-3090x8',
        'A10',
        '550.144.03',
        '2023-12-25T11:30:00Z',
        '2023-12-25T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'fa-2493-flash-attn-source-build-max-jobs-uses-all-880gb-ram-host-oom-hard-reboot': Backdrop(
        'fa-build-96c',
        'A10',
        '550.144.03',
        '2026-04-24T11:30:00Z',
        '2026-04-24T12:10:00Z',
        pci=('01',),
    ),
    'fa-389-flash-attn-source-build-fails-with-large-max-jobs-host-ram-exhausted-128gb-used': Backdrop(
        'fa-build-a100',
        'A10',
        '550.144.03',
        '2023-07-28T11:30:00Z',
        '2023-07-28T12:10:00Z',
        pci=('01',),
    ),
    'fastchat-2619-vllm-worker-awq-70b-on-4x3090-server-reboots-stated-out-of-memory': Backdrop(
        'fastchat-3090x4',
        'A10',
        '550.144.03',
        '2023-10-30T11:30:00Z',
        '2023-10-30T12:10:00Z',
        pci=('18', '2a', '3a', '5d'),
    ),
    'flashinfer-3053-gb200-mnnvl-oneshot-allreduce-kernel-hang-during-piecewise-cuda-graph-replay': Backdrop(
        'gb200-node-01',
        'A10',
        '550.144.03',
        '2026-04-13T11:30:00Z',
        '2026-04-13T12:10:00Z',
        pci=('18', '2a'),
    ),
    'flashinfer-3279-vllm-workers-hang-nvfp4-moe-ep8-b200-bisected-to-flashinfer-0-6-8-post1': Backdrop(
        'b200-node-01',
        'A10',
        '550.144.03',
        '2026-05-01T11:30:00Z',
        '2026-05-01T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'flashinfer-4032-nvfp4-moe-bmm-kernel-warps-trap-peer-ranks-spin-in-all-reduce-hang-flashinfer-0-6-14': Backdrop(
        'nvfp4-node-01',
        'A10',
        '550.144.03',
        '2026-07-17T11:30:00Z',
        '2026-07-17T12:10:00Z',
        pci=('18', '2a', '3a', '5d'),
    ),
    'h1111-28-bitsandbytes-compiled-without-gpu-support-warning-on-windows-safe-to-ignore-benign': Backdrop(
        'h1111-win-ws',
        'A10',
        '550.144.03',
        '2025-06-05T11:30:00Z',
        '2025-06-05T12:10:00Z',
        pci=('01',),
    ),
    'moss-22-flash-attn-2-8-1-fails-on-driver-below-550-compress-mode-packaging-downgrade-to-2-8-0': Backdrop(
        'moss-ttsd-ws',
        'A10',
        '550.144.03',
        '2025-07-16T11:30:00Z',
        '2025-07-16T12:10:00Z',
        pci=('01',),
    ),
    'nccl-1043-nccl-tests-stuck-on-nvswitch-node-fabric-manager-multicast-team-errors-gone-after-reboot': Backdrop(
        'nvswitch-node-01',
        'A10',
        '550.144.03',
        '2023-10-31T20:29:37Z',
        '2023-10-31T21:09:37Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'peft-3265-prepare-model-for-kbit-training-leaves-1gb-reserved-in-cuda-allocator-cache-oom-on-8gb': Backdrop(
        'jetson-orin-nano',
        'A10',
        '550.144.03',
        '2026-05-31T11:30:00Z',
        '2026-05-31T12:10:00Z',
        pci=('01',),
    ),
    'triton-3001-triton-device-kernel-image-is-invalid-old-driver-470-fixed-by-upgrading-to-535': Backdrop(
        'triton-a100-01',
        'A10',
        '550.144.03',
        '2024-01-24T11:30:00Z',
        '2024-01-24T12:10:00Z',
        pci=('01',),
    ),
    'vllm-424-xformers-a-matching-triton-is-not-available-warning-harmless-cutlass-backend-benign': Backdrop(
        'vllm-host-01',
        'A10',
        '550.144.03',
        '2023-07-11T11:30:00Z',
        '2023-07-11T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
