"""heldout-public-104's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-104/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); hosts, bus numbers and most drivers are
stand-ins (see each case's description). No case uses extra: no source quotes an exporter value as a metric
sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'ai-stock-model-1068e57-gpu-util-1-64-percent-training-missing-batch-amp-worker-settings': Backdrop(
        'a10-train-vm',
        'A10',
        '580.65.06',
        '2025-11-20T11:30:00Z',
        '2025-11-20T12:10:00Z',
        pci=('01',),
    ),
    'chaelin-blog-d3737d0-nvml-driver-library-version-mismatch-after-driver-update': Backdrop(
        'linux-gpu-workstation',
        'A10',
        '470.57.02',
        '2021-09-24T11:30:00Z',
        '2021-09-24T12:10:00Z',
        pci=('01',),
    ),
    'engineersofai-96-core-dataloader-workers-remote-numa-memory-scaling-2-3x-not-6x': Backdrop(
        'epyc-2s-train-server',
        'A10',
        '550.54.14',
        '2025-06-01T11:30:00Z',
        '2025-06-01T12:10:00Z',
        pci=('01',),
    ),
    'fixstars-202601-blackwell-gpu-util-shows-100-percent-while-sms-underused-benign': Backdrop(
        'blackwell-ws',
        'A10',
        '580.65.06',
        '2026-01-15T11:30:00Z',
        '2026-01-15T12:10:00Z',
        pci=('01',),
    ),
    'gist-echain-5582822-tesla-k20m-nvidia-smi-unable-to-communicate-insufficiently-powered': Backdrop(
        'tesla-k20m-server',
        'A10',
        '319.17',
        '2013-05-15T11:30:00Z',
        '2013-05-15T12:10:00Z',
        pci=('01',),
    ),
    'gpu-speed-check-23b4f59-rtx4090-link-falls-back-to-pcie-1-1-on-some-boots': Backdrop(
        'win-rtx4090-desktop',
        'A10',
        '537.34',
        '2023-09-05T11:30:00Z',
        '2023-09-05T12:10:00Z',
        pci=('01',),
    ),
    'gpu-workload-debugging-27621a7-pods-stuck-containercreating-nvidia-runtime-on-wrong-containerd': Backdrop(
        '192-18-132-31',
        'A10',
        '570.133.20',
        '2025-09-28T11:30:00Z',
        '2025-09-28T12:10:00Z',
        pci=('01',),
    ),
    'heavyai-docs-two-gpus-each-at-pcie-x8-first-two-x16-slots-share-16-lanes-benign': Backdrop(
        'heavyai-2gpu-server',
        'A10',
        '550.54.14',
        '2024-06-01T11:30:00Z',
        '2024-06-01T12:10:00Z',
        pci=('01', '02'),
    ),
    'jiaxing-blog-b59fc95-slurm-node-down-after-manual-restart-needs-scontrol-resume': Backdrop(
        'slurm-compute-node',
        'A10',
        '525.60.13',
        '2023-01-06T11:30:00Z',
        '2023-01-06T12:10:00Z',
        pci=('01',),
    ),
    'lambda-docs-c6a157a-program-cannot-find-cudnn-outside-lambda-stack-license-limited': Backdrop(
        'lambda-cloud-instance',
        'A10',
        '515.65.01',
        '2022-10-30T11:30:00Z',
        '2022-10-30T12:10:00Z',
        pci=('01',),
    ),
    'llm-projects-37153c5-rtx4090-hpo-cuda-device-assert-after-oom-allocator-fragmentation': Backdrop(
        'ws-rtx4090-hpo',
        'A10',
        '580.65.06',
        '2025-10-28T11:30:00Z',
        '2025-10-28T12:10:00Z',
        pci=('01',),
    ),
    'minerstat-help-nvidia-throttling-slowdown-error-too-hot-power-brake-or-power-draw': Backdrop(
        'mining-rig-nvidia',
        'A10',
        '550.54.14',
        '2024-06-01T11:30:00Z',
        '2024-06-01T12:10:00Z',
        pci=('01',),
    ),
    'mini-xdr-08f84b4-sagemaker-p3-8xlarge-4xv100-dataparallel-hangs-at-batch-0-nccl-init': Backdrop(
        'sagemaker-ml-p3-8xlarge',
        'A10',
        '570.133.20',
        '2025-09-27T11:30:00Z',
        '2025-09-27T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'mlops-triton-49eec31-triton-pods-pending-requests-exceed-node-allocatable-gpu-node': Backdrop(
        'eks-gpu-node-triton',
        'A10',
        '580.65.06',
        '2025-12-12T11:30:00Z',
        '2025-12-12T12:10:00Z',
        pci=('01',),
    ),
    'modelarts-docs-a52ad03-no-cuda-capable-device-detected-cuda-visible-devices-incorrectly-set': Backdrop(
        'modelarts-training-node',
        'A10',
        '550.54.14',
        '2024-06-10T11:30:00Z',
        '2024-06-10T12:10:00Z',
        pci=('01',),
    ),
    'my-t450s-d8e5945-laptop-gpu-xid-79-fallen-off-bus-suspected-bios-power-or-thermal': Backdrop(
        'ubuntu-laptop-gtx1650ti',
        'A10',
        '525.105.17',
        '2023-04-06T11:30:00Z',
        '2023-04-06T12:10:00Z',
        pci=('01',),
    ),
    'nanotabpfn-5c9ad8a-a100-training-starved-77-percent-cpu-waiting-on-host-to-device-copies': Backdrop(
        'a100-train-node',
        'A10',
        '580.65.06',
        '2026-01-04T11:30:00Z',
        '2026-01-04T12:10:00Z',
        pci=('01',),
    ),
    'nvforum-241998-cuda-programs-force-p2-state-lower-clocks-by-design-benign': Backdrop(
        'linux-nvdec-desktop',
        'A10',
        '550.54.14',
        '2024-03-01T11:30:00Z',
        '2024-03-01T12:10:00Z',
        pci=('01',),
    ),
    'packetai-20250203-8xh100-nccl-heavy-job-100-percent-gpu-util-low-sm-activity-benign': Backdrop(
        'hgx-h100-node',
        'A10',
        '550.54.14',
        '2025-02-03T11:30:00Z',
        '2025-02-03T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'pcruns-1-gpu-pcie-link-gen-lower-at-idle-power-saving-downshift-benign': Backdrop(
        'desktop-gpu-pcie',
        'A10',
        '580.97',
        '2025-06-01T11:30:00Z',
        '2025-06-01T12:10:00Z',
        pci=('01',),
    ),
    'rag-ray-haystack-07a46b7-vllm-pod-pending-insufficient-gpu-nfd-not-tolerating-gpu-taint': Backdrop(
        'lke-rtx4000-node',
        'A10',
        '580.65.06',
        '2026-01-15T11:30:00Z',
        '2026-01-15T12:10:00Z',
        pci=('01',),
    ),
    'slurm-n4-2f780f5-h200-64gpu-stress-test-sync-stall-at-final-allreduce-clock-drift-loop-exit': Backdrop(
        '25a-hgpn206',
        'A10',
        '580.65.06',
        '2026-02-25T11:30:00Z',
        '2026-02-25T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'slurm-n4-6388ca1-h200-job-527-killed-after-51s-nfs-concurrent-write-overload-64-ranks': Backdrop(
        'h200-node-01',
        'A10',
        '580.65.06',
        '2026-02-03T11:30:00Z',
        '2026-02-03T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'stackoverflow-40937894-idle-tesla-k20c-shows-96-percent-volatile-gpu-util-meaning-benign': Backdrop(
        'tesla-k20c-server',
        'A10',
        '367.48',
        '2016-12-02T11:30:00Z',
        '2016-12-02T12:10:00Z',
        pci=('01', '02'),
    ),
    'svw-ansible-efbf9ec-labeler-fleet-driver-library-version-mismatch-kernel-6-14-needs-driver-570': Backdrop(
        'svw-ls-00',
        'A10',
        '565.57.01',
        '2025-12-04T11:30:00Z',
        '2025-12-04T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
