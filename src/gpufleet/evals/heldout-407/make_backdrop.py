"""heldout-public-407's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-407/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (no evidence prints a usable host name), GPU counts, bus numbers (01..N in index order) and the
driver (550.144.03, the same for every case) are stand-ins. No case uses extra: no source quotes an exporter value
as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'spirula-49-low-gpu-util-in-windows-task-manager-is-a-reporting-artifact-nvitop-shows-95pct-benign': Backdrop(
        'win-ws-3090ti',
        'A10',
        '550.144.03',
        '2026-09-03T11:30:00Z',
        '2026-09-03T12:10:00Z',
        pci=('01',),
    ),
    'hf-ateeqq-1-llama3-space-slow-app-hardcoded-to-cpu-instead-of-cuda': Backdrop(
        'hf-space-llama3-8b',
        'A10',
        '550.144.03',
        '2023-01-01T11:30:00Z',
        '2023-01-01T12:10:00Z',
        pci=('01',),
    ),
    'hf-guardiancc-2-face-swap-space-takes-hours-runs-on-cpu-no-gpu-hardware': Backdrop(
        'hf-space-video-face-swap',
        'A10',
        '550.144.03',
        '2023-01-01T11:30:00Z',
        '2023-01-01T12:10:00Z',
        pci=('01',),
    ),
    'chitchat-17-generation-slower-after-model-reload-old-model-not-unloaded-new-one-spills-to-shared-memory': Backdrop(
        'chitchat-desktop',
        'A10',
        '550.144.03',
        '2023-01-01T11:30:00Z',
        '2023-01-01T12:10:00Z',
        pci=('01',),
    ),
    'toybox-110-training-4-5x-slower-on-cluster-traced-to-slurm-settings-change': Backdrop(
        'slurm-node-01',
        'A10',
        '550.144.03',
        '2023-01-01T11:30:00Z',
        '2023-01-01T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'mortal-59-rtx4090-low-gpu-utilization-dataloader-buffer-starvation-fixed-by-file-batch-size': Backdrop(
        'autodl-4090-01',
        'A10',
        '550.144.03',
        '2023-01-01T11:30:00Z',
        '2023-01-01T12:10:00Z',
        pci=('01',),
    ),
    'simpledet-312-shared-8-gpu-server-training-slower-when-others-run-jobs-cpu-contention': Backdrop(
        'shared-gpu-server',
        'A10',
        '550.144.03',
        '2023-01-01T11:30:00Z',
        '2023-01-01T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'matconvnet-25-fcntrain-very-slow-gpu-mode-not-enabled-runs-on-cpu': Backdrop(
        'matconvnet-ws',
        'A10',
        '550.144.03',
        '2023-01-01T11:30:00Z',
        '2023-01-01T12:10:00Z',
        pci=('01',),
    ),
    'mmagic-629-training-gpu-utilization-low-cpu-augmentation-preprocessing-bottleneck': Backdrop(
        'mmagic-train-01',
        'A10',
        '550.144.03',
        '2021-11-25T11:30:00Z',
        '2021-11-25T12:10:00Z',
        pci=('01',),
    ),
    'ogkm-1266-rtx5090-large-slowdown-after-memory-locked-clocks-set-xbar-sys-clocks-collapse': Backdrop(
        'rtx5090-ws',
        'A10',
        '550.144.03',
        '2023-01-01T11:30:00Z',
        '2023-01-01T12:10:00Z',
        pci=('01',),
    ),
    'zachlatta-gist-3080ti-fans-not-spinning-one-locked-100pct-fixed-by-two-separate-pcie-power-cables': Backdrop(
        'rtx3080ti-ws',
        'A10',
        '550.144.03',
        '2021-10-18T11:30:00Z',
        '2021-10-18T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
