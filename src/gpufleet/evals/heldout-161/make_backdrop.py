"""heldout-public-161's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-161/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list; two cases run on real A10s); hosts and most bus
numbers are stand-ins, and so are the drivers no report names (see each case's description). No case uses extra: no
report quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'aegis-td061-dgx-spark-ollama-container-100pct-cpu-docker-nvidia-runtime-not-configured': Backdrop(
        'dgx-spark-aegis',
        'A10',
        '580.95.05',
        '2025-12-10T11:30:00Z',
        '2025-12-10T12:10:00Z',
        pci=('01',),
    ),
    'aistock-a10-gpu-util-3pct-40-dataloader-workers-gpu-waits-for-data': Backdrop(
        'a10-train-vm',
        'A10',
        '550.127.05',
        '2025-11-20T11:30:00Z',
        '2025-11-20T12:10:00Z',
        pci=('00:07',),
    ),
    'aistock-benign-a10-gpu-util-0pct-job-still-loading-data-not-training-yet': Backdrop(
        'a10-train-vm',
        'A10',
        '550.127.05',
        '2025-11-19T11:30:00Z',
        '2025-11-19T12:10:00Z',
        pci=('00:07',),
    ),
    'aitoolkit-benign-gb10-nvidia-smi-memory-not-supported-dashboard-nan': Backdrop(
        'dgx-spark-aitk',
        'A10',
        '580.95.05',
        '2025-11-14T11:30:00Z',
        '2025-11-14T12:10:00Z',
        pci=('01',),
    ),
    'asokolsky-exi-rtx3050-nvml-driver-library-version-mismatch-reboot-helped': Backdrop(
        'exi',
        'A10',
        '550.144.03',
        '2025-04-20T11:30:00Z',
        '2025-04-20T12:10:00Z',
        pci=('01',),
    ),
    'cpmlive-0616-cluster-node-lost-its-gpus-node-restarted-training-resumed': Backdrop(
        'cpm-live-train-node',
        'A10',
        '470.82.01',
        '2022-06-16T11:30:00Z',
        '2022-06-16T12:10:00Z',
        pci=('07', '0a', '47', '4d', '87', '8d', 'c7', 'ca'),
    ),
    'cpmlive-0620-training-cuda-oom-twice-suspected-pytorch-memory-fragmentation': Backdrop(
        'cpm-live-train-node',
        'A10',
        '470.82.01',
        '2022-06-20T11:30:00Z',
        '2022-06-20T12:10:00Z',
        pci=('07', '0a', '47', '4d', '87', '8d', 'c7', 'ca'),
    ),
    'cpmlive-0916-cluster-unstable-node-running-the-model-failed-early-morning': Backdrop(
        'cpm-live-train-node-2',
        'A10',
        '470.82.01',
        '2022-09-16T11:30:00Z',
        '2022-09-16T12:10:00Z',
        pci=('07', '0a', '47', '4d', '87', '8d', 'c7', 'ca'),
    ),
    'dareoke-esxi-tesla-p40-rminitadapter-failed-bar1-unassigned-bios-vm': Backdrop(
        'k3s-gpu-agent',
        'A10',
        '535.230.02',
        '2025-12-10T11:30:00Z',
        '2025-12-10T12:10:00Z',
        pci=('05',),
    ),
    'dareoke-openshift-tesla-p40-rminitadapter-failed-power-cables-not-connected': Backdrop(
        'ocp-w-1',
        'A10',
        '535.261.03',
        '2025-12-06T11:30:00Z',
        '2025-12-06T12:10:00Z',
        pci=('13',),
    ),
    'dots-gpuutil-alphazero-arena-gpu-under-10pct-mcts-cpu-bound-batch-1': Backdrop(
        'ws-dotsandboxes',
        'A10',
        '560.35.03',
        '2025-11-10T11:30:00Z',
        '2025-11-10T12:10:00Z',
        pci=('01',),
    ),
    'dots-oomfix-alphazero-arena-cuda-oom-processes-times-models-oversubscribe-vram': Backdrop(
        'ws-dotsandboxes',
        'A10',
        '560.35.03',
        '2025-11-10T11:30:00Z',
        '2025-11-10T12:10:00Z',
        pci=('01',),
    ),
    'finetunelab-cancelled-training-job-keeps-running-orphan-holds-gpu-memory': Backdrop(
        'finetune-train-server',
        'A10',
        '570.133.07',
        '2025-12-13T11:30:00Z',
        '2025-12-13T12:10:00Z',
        pci=('01',),
    ),
    'finetunelab-vllm-qwen14b-unquantized-28gb-on-24gb-rtx3090-oom': Backdrop(
        'rtx3090-inference',
        'A10',
        '570.133.07',
        '2025-11-30T11:30:00Z',
        '2025-11-30T12:10:00Z',
        pci=('01',),
    ),
    'homeiac-ollamarca-rtx3070-k3s-ollama-185pct-cpu-fallback-gpu-config': Backdrop(
        'k3s-vm-still-fawn',
        'A10',
        '570.169',
        '2025-08-09T11:30:00Z',
        '2025-08-09T12:10:00Z',
        pci=('01',),
    ),
    'metaseq-opt175b-10pct-update-restarts-ecc-failure-and-hardware-issues': Backdrop(
        'opt-train-node',
        'A10',
        '470.57.02',
        '2021-11-17T11:30:00Z',
        '2021-11-17T12:10:00Z',
        pci=('07', '0f', '47', '4e', '87', '90', 'b7', 'bd'),
    ),
    'navsim-job268798-lightning-devices4-vs-slurm-ntasks-per-node1-mismatch': Backdrop(
        'l40s-node-02',
        'A10',
        '550.90.07',
        '2025-10-18T11:30:00Z',
        '2025-10-18T12:10:00Z',
        pci=('17', '3d', '97', 'bd'),
    ),
    'navsim-job273202-l40s-4node-slurm-oom-kill-host-ram-at-validation-start': Backdrop(
        'l40s-node-01',
        'A10',
        '550.90.07',
        '2025-10-16T11:30:00Z',
        '2025-10-16T12:10:00Z',
        pci=('17', '3d', '97', 'bd'),
    ),
    'oscartsao-hpo-rtx4090-device-side-assert-corrupts-cuda-context-cascade': Backdrop(
        'ws-rtx4090',
        'A10',
        '570.86.10',
        '2025-10-26T11:30:00Z',
        '2025-10-26T12:10:00Z',
        pci=('01',),
    ),
    'sheffield-benign-stanage-gpu-nodes-staggered-drain-reboot-driver-550-144-03': Backdrop(
        'stanage-gpu-node-2',
        'A10',
        '550.127.05',
        '2025-01-23T11:30:00Z',
        '2025-01-23T12:10:00Z',
        pci=('17', '31', 'b1', 'ca'),
    ),
    'sheffield-benign-stanage-planned-outage-15-19-dec-gpu-driver-525-147-05': Backdrop(
        'stanage-gpu-node',
        'A10',
        '525.147.05',
        '2023-12-15T08:30:00Z',
        '2023-12-15T09:10:00Z',
        pci=('17', '31', 'b1', 'ca'),
    ),
    'sheffield-bessemer-node026-node058-random-reboots-common-factor-gpu-driver': Backdrop(
        'bessemer-node026',
        'A10',
        '470.103.01',
        '2022-02-24T11:30:00Z',
        '2022-02-24T12:10:00Z',
        pci=('18', '3b', '86', 'af'),
    ),
    'universalsim-2gpu-ddp-no-speedup-io-bound-num-workers-0-preloaded-cache': Backdrop(
        'instance-27968251',
        'A10',
        '570.172.08',
        '2025-11-18T11:30:00Z',
        '2025-11-18T12:10:00Z',
        pci=('01', '02'),
    ),
    'uvarc-benign-afton-a40-gpu-nodes-unavailable-planned-maintenance-aug-13': Backdrop(
        'afton-a40-node',
        'A10',
        '550.90.07',
        '2024-08-13T09:30:00Z',
        '2024-08-13T10:10:00Z',
        pci=('1b', '3d', '89', 'b1'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
