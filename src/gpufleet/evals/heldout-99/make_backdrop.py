"""heldout-public-99's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-99/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); hosts, bus numbers and most drivers are
stand-ins (see each case's description). No case uses extra: no source quotes an exporter value as a metric
sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'factryze-fan-speed-sxm-gpu-fan-reads-0-percent-chassis-fans-bmc-controlled-benign': Backdrop(
        'hgx-sxm-node-fanspeed',
        'A10',
        '550.54.15',
        '2026-01-01T11:30:00Z',
        '2026-01-01T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'betanews-2008-dell-notebook-nvidia-8400m-8600m-failures-weak-die-packaging-bios-fan-fix': Backdrop(
        'dell-vostro-8600mgs',
        'A10',
        '175.19',
        '2008-07-28T11:30:00Z',
        '2008-07-28T12:10:00Z',
        pci=('01',),
    ),
    'ja-stackoverflow-16317505-cuda-kernel-over-2s-hits-windows-tdr-watchdog-gpu-driver-reset': Backdrop(
        'win-cuda-workstation',
        'A10',
        '560.94',
        '2026-01-01T11:30:00Z',
        '2026-01-01T12:10:00Z',
        pci=('01',),
    ),
    'gopikrishnatummala-zoox-32xa100-training-58-percent-gpu-util-jpeg-decode-in-dataloader-workers': Backdrop(
        'a100-train-node-01',
        'A10',
        '535.104.05',
        '2026-01-01T11:30:00Z',
        '2026-01-01T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'ruibaoantu-3734696-a100-ghost-8gb-vram-no-such-process-after-kill-9': Backdrop(
        'a100x4-testbed',
        'A10',
        '515.65.01',
        '2025-09-25T11:30:00Z',
        '2025-09-25T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'sysdesign-wiki-databricks-run-crashed-7h-in-single-ib-port-down-longer-than-nccl-ib-timeout': Backdrop(
        'ib-train-node-01',
        'A10',
        '550.90.07',
        '2026-07-01T11:30:00Z',
        '2026-07-01T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'ace-hpc-ledger-slurm-nodes-drained-kill-task-failed-unkillable-job-processes': Backdrop(
        'kla-ac-cpu-04',
        'A10',
        '535.104.05',
        '2025-06-03T11:30:00Z',
        '2025-06-03T12:10:00Z',
        pci=('01',),
    ),
    'charliethornton-2014-no-video-after-lightning-storm-graphics-card-swapped-psu-blamed': Backdrop(
        'desktop-lightning',
        'A10',
        '344.11',
        '2014-10-15T11:30:00Z',
        '2014-10-15T12:10:00Z',
        pci=('01',),
    ),
    'azure-hb-hc-known-issues-lstopo-shows-32mb-l3-on-hb120rs-v3-cosmetic-error-benign': Backdrop(
        'azure-hb120rs-v3-vm',
        'A10',
        '525.85.12',
        '2023-03-10T11:30:00Z',
        '2023-03-10T12:10:00Z',
        pci=('01',),
    ),
    'ruibaoantu-3610797-a100-cluster-30-percent-of-nodes-gpus-unusable-loose-power-cables': Backdrop(
        'a100-node-powercable',
        'A10',
        '535.104.05',
        '2025-09-17T11:30:00Z',
        '2025-09-17T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'salilkadam-gpu-setup-k3s-gpu-node-allocatable-nvidia-com-gpu-0-device-plugin-not-deployed': Backdrop(
        'gpu-server',
        'A10',
        '575.64.03',
        '2025-09-02T11:30:00Z',
        '2025-09-02T12:10:00Z',
        pci=('01', '02',),
    ),
    'techpowerup-4617394-gpu-power-limit-throttling-memory-power-limit-suspected-like-strix-3080ti': Backdrop(
        'desktop-pwr-throttle',
        'A10',
        '560.94',
        '2026-01-01T11:30:00Z',
        '2026-01-01T12:10:00Z',
        pci=('01',),
    ),
    'salilkadam-gpu-setup-vllm-fails-on-rtx5090-blackwell-triton-kernel-gcc-toolchain-failure': Backdrop(
        'gpu-server',
        'A10',
        '575.64.03',
        '2025-09-03T11:30:00Z',
        '2025-09-03T12:10:00Z',
        pci=('01', '02',),
    ),
    'modelarts-no-socket-interface-found-nccl-ib-env-vars-not-set-ib-communication-interrupted': Backdrop(
        'modelarts-train-node-01',
        'A10',
        '470.57.02',
        '2026-01-01T11:30:00Z',
        '2026-01-01T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'modelarts-suspension-in-last-epoch-split-data-error-ranks-in-different-epochs-hang': Backdrop(
        'modelarts-train-node-02',
        'A10',
        '470.57.02',
        '2026-01-01T11:30:00Z',
        '2026-01-01T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'modelarts-suspension-before-training-got-completion-error-12-roce-v1-unstable-network': Backdrop(
        'modelarts-train-node-03',
        'A10',
        '470.57.02',
        '2026-01-01T11:30:00Z',
        '2026-01-01T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'modelarts-suspension-during-training-pytorch-dataloader-stuck-in-data-reading-num-workers': Backdrop(
        'modelarts-train-node-04',
        'A10',
        '470.57.02',
        '2026-01-01T11:30:00Z',
        '2026-01-01T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'modelarts-training-job-failed-oom-exit-137-cuda-out-of-memory-gpu-memory-insufficient': Backdrop(
        'modelarts-train-node-05',
        'A10',
        '470.57.02',
        '2026-01-01T11:30:00Z',
        '2026-01-01T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'nesi-faq-slurmstepd-detected-oom-kill-event-job-used-more-ram-than-slurm-reserved': Backdrop(
        'nesi-compute-node',
        'A10',
        '410.79',
        '2018-10-25T11:30:00Z',
        '2018-10-25T12:10:00Z',
        pci=('01',),
    ),
    'training-repo-oom-killer-kills-python3-training-at-50gb-ram-leak-in-dataset-tokenization': Backdrop(
        'training-box-61gb',
        'A10',
        '570.172.08',
        '2025-11-12T11:30:00Z',
        '2025-11-12T12:10:00Z',
        pci=('01',),
    ),
    'modelarts-max-pool2d-cuda-frame-failed-error-code-0-after-pytorch-1-3-to-1-4-upgrade': Backdrop(
        'modelarts-train-node-06',
        'A10',
        '440.33.01',
        '2026-01-01T11:30:00Z',
        '2026-01-01T12:10:00Z',
        pci=('01',),
    ),
    'modelarts-training-job-status-reviewing-job-initialization-custom-image-first-run-benign': Backdrop(
        'modelarts-train-node-07',
        'A10',
        '470.57.02',
        '2026-01-01T11:30:00Z',
        '2026-01-01T12:10:00Z',
        pci=('01',),
    ),
    'modelarts-notebook-dead-kernel-instance-breaks-down-insufficient-memory-large-data': Backdrop(
        'modelarts-notebook-01',
        'A10',
        '470.57.02',
        '2026-01-01T11:30:00Z',
        '2026-01-01T12:10:00Z',
        pci=('01',),
    ),
    'jetstream2-faq-gpu-not-usable-after-kernel-update-nvidia-dkms-modules-not-rebuilt': Backdrop(
        'js2-gpu-instance',
        'A10',
        '525.60.13',
        '2026-01-01T11:30:00Z',
        '2026-01-01T12:10:00Z',
        pci=('01',),
    ),
    'tencent-cloud-gpu-faq-nvidia-smi-shows-100-percent-util-no-app-running-ecc-scrubbing-benign': Backdrop(
        'gn-compute-instance-01',
        'A10',
        '470.57.02',
        '2026-01-01T11:30:00Z',
        '2026-01-01T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
