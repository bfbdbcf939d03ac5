"""heldout-public-177's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-177/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); hosts are stand-ins; bus numbers and drivers are
the printed ones where a source prints them, stand-ins otherwise (see each case's description). No case uses extra: no
source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'retnet-trainwithmemoryfix-vram-oscillation-11gb-to-31gb-allocator-fragmentation': Backdrop(
        'retnet-distill-trainer',
        'A10',
        '570.172.08',
        '2025-11-26T11:30:00Z',
        '2025-11-26T12:10:00Z',
        pci=('01',),
    ),
    'nlpcourse-gpusetup-quadro-t1000-driver-545-dkms-fails-on-kernel-6-8-install-535': Backdrop(
        'nlp-lab-t1000-laptop',
        'A10',
        '545.29.06',
        '2025-11-20T11:30:00Z',
        '2025-11-20T12:10:00Z',
        pci=('01',),
    ),
    'carbonruntime-fixnvidiahost-nvml-driver-library-version-mismatch-after-driver-update-without-reboot': Backdrop(
        'carbon-runtime-host',
        'A10',
        '570.195.03',
        '2025-12-17T11:30:00Z',
        '2025-12-17T12:10:00Z',
        pci=('01',),
    ),
    'datadog-gpu-changelog-gpu-utilization-metric-removed-inaccurate-on-aggregation': Backdrop(
        'dd-agent-gpu-node',
        'A10',
        '550.127.05',
        '2025-06-02T11:30:00Z',
        '2025-06-02T12:10:00Z',
        pci=('01',),
    ),
    'nbethala-nvidiagpu-eks-tesla-t4-device-plugin-not-detecting-gpu-reinstalled-from-static-yaml': Backdrop(
        'ip-10-0-1-230.ec2.internal',
        'A10',
        '580.105.08',
        '2025-11-25T11:30:00Z',
        '2025-11-25T12:10:00Z',
        pci=('00:1e',),
    ),
    'molesza-rtx5090-readme-xid-13-69-driver-recovery-clocks-up-to-3090mhz-beyond-stable-range': Backdrop(
        'molesza-popos-rtx5090',
        'A10',
        '580.82.09',
        '2025-12-06T11:30:00Z',
        '2025-12-06T12:10:00Z',
        pci=('01',),
    ),
    'molesza-issues-rtx5090-suspend-resume-pcie-link-gen4-to-gen1-xid-32-driver-fails-to-reinit': Backdrop(
        'molesza-popos-rtx5090-s3',
        'A10',
        '580.82.09',
        '2025-12-07T11:30:00Z',
        '2025-12-07T12:10:00Z',
        pci=('01',),
    ),
    'gpuburnout-training-challenges-a100-1-6s-per-step-mmap-random-reads-gpu-starved-by-io': Backdrop(
        'colab-a100-gpt2-trainer',
        'A10',
        '550.54.15',
        '2026-02-02T11:30:00Z',
        '2026-02-02T12:10:00Z',
        pci=('00:04',),
    ),
    'gpuburnout-moose-h200-3b-run-hangs-corrupt-checkpoint-zombie-vram-moosefs-network-volume': Backdrop(
        'runpod-h200-3b-trainer',
        'A10',
        '570.133.20',
        '2026-04-12T11:30:00Z',
        '2026-04-12T12:10:00Z',
        pci=('01',),
    ),
    'gpuburnout-528-shards-a100-80gb-3b-model-oom-at-81gb-fp32-adamw-optimizer-state': Backdrop(
        'runpod-a100-3b-trainer',
        'A10',
        '570.133.20',
        '2026-04-07T11:30:00Z',
        '2026-04-07T12:10:00Z',
        pci=('01',),
    ),
    'goreg-crosslayer-gpucommanalysis-4x-v100-gpu0-slow-p2p-cross-numa-sys-topology': Backdrop(
        'crosslayer-4xv100',
        'A10',
        '550.54.15',
        '2025-06-12T11:30:00Z',
        '2025-06-12T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'containerz-rtx5090-laptop-power-analysis-sw-power-cap-95w-of-175w-bios-limit': Backdrop(
        'containerz-rtx5090-laptop',
        'A10',
        '580.95.05',
        '2025-12-15T11:30:00Z',
        '2025-12-15T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
