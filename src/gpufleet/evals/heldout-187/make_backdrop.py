"""heldout-public-187's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-187/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); hosts, bus numbers and drivers are stand-ins
except the one driver a source prints (535.274.02, the microdao case; see each case's description). No case uses
extra: no source quotes an exporter value as a metric sample. The backdrop never points at the cause: every series is
the flat healthy backdrop the module writes.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'cursos-c64ab2c-rtx4050-llama-cpp-layers-on-cpu-no-cuda-build': Backdrop(
        'win-rtx4050-cursos',
        'A10',
        '566.36',
        '2025-11-17T11:30:00Z',
        '2025-11-17T12:10:00Z',
        pci=('01',),
    ),
    'fase7-d2051fe-ollama-container-on-cpu-conflicting-gpu-env-vars-runtime-nvidia': Backdrop(
        'wsl2-rtx3050-fase7',
        'A10',
        '576.88',
        '2025-12-17T11:30:00Z',
        '2025-12-17T12:10:00Z',
        pci=('01',),
    ),
    'lgs-26b778c-a100-colab-training-oom-full-precision-batch4-exceeds-40gb': Backdrop(
        'colab-a100-lgs',
        'A10',
        '550.54.15',
        '2026-01-21T11:30:00Z',
        '2026-01-21T12:10:00Z',
        pci=('01',),
    ),
    'microdao-3de3c8c-ollama-on-cpu-1583pct-gpu-idle-ollama-not-configured-for-gpu': Backdrop(
        'node1-rtx4000ada',
        'A10',
        '535.274.02',
        '2025-11-27T11:30:00Z',
        '2025-11-27T12:10:00Z',
        pci=('01',),
    ),
    'piper-4a5839a-training-host-ram-oom-not-vram-ddp-workers-low-ram-server': Backdrop(
        'immers-4gpu-piper',
        'A10',
        '570.172.08',
        '2026-01-15T11:30:00Z',
        '2026-01-15T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'piper-fa75fc4-ddp-gpu0-3gb-more-memory-than-gpu1-rank0-normal-benign': Backdrop(
        'piper-2gpu-ddp',
        'A10',
        '570.172.08',
        '2026-01-18T11:30:00Z',
        '2026-01-18T12:10:00Z',
        pci=('01', '02'),
    ),
    'projectp-d100824-colab-tensorflow-cufft-register-error-benign-no-gpu-cpu-fallback': Backdrop(
        'colab-projectp',
        'A10',
        '550.54.15',
        '2025-07-01T08:40:12Z',
        '2025-07-01T09:20:12Z',
        pci=('01',),
    ),
    'ujaran-ae6b29d-rtx3060ti-cuda-available-false-cpu-only-pytorch-wheel': Backdrop(
        'win-rtx3060ti-ujaran',
        'A10',
        '576.80',
        '2025-07-06T11:30:00Z',
        '2025-07-06T12:10:00Z',
        pci=('01',),
    ),
    'wan22-9f8b2ed-rtx5090-sm120-unsupported-by-stable-pytorch-needs-cu128-nightly': Backdrop(
        'serverless-rtx5090-wan22',
        'A10',
        '570.153.02',
        '2025-09-02T11:30:00Z',
        '2025-09-02T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
