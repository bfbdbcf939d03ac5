"""heldout-public-114's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-114/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); hosts, bus numbers and most drivers are
stand-ins (see each case's description). Cases with 8 GPUs use the default HGX bus numbers; the one bus id a
page prints (01 in the NVIDIA A100 Xid 94 example) is used. No case uses extra: no page quotes an exporter value
as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'ai-infrastructure-01-runbook-pcie-p2p-low-copy-bandwidth-link-trained-down-or-acs-redirect': Backdrop(
        'gpu-node-pcie-regress',
        'A10',
        '535.104.05',
        '2026-01-15T11:30:00Z',
        '2026-01-15T12:10:00Z',
    ),
    'ai-infrastructure-02-runbook-image-drift-works-on-most-nodes-fails-on-some-version-drift': Backdrop(
        'gpu-node-drifted',
        'A10',
        '535.104.05',
        '2026-01-15T11:30:00Z',
        '2026-01-15T12:10:00Z',
    ),
    'ai-infrastructure-03-runbook-nccl-hang-no-xid-one-stalled-rank-or-bad-fabric-link': Backdrop(
        'gpu-node-nccl-rank',
        'A10',
        '535.104.05',
        '2026-01-15T11:30:00Z',
        '2026-01-15T12:10:00Z',
    ),
    'ai-infrastructure-04-runbook-gpus-thermal-throttling-across-many-nodes-cdu-cooling-alarm': Backdrop(
        'gpu-node-cdu-loop',
        'A10',
        '535.104.05',
        '2026-01-15T11:30:00Z',
        '2026-01-15T12:10:00Z',
    ),
    'nvidia-a100-mem-error-mgmt-05-xid-94-contained-ecc-error-log-example': Backdrop(
        'a100-node-xid94',
        'A10',
        '535.104.05',
        '2026-01-15T11:30:00Z',
        '2026-01-15T12:10:00Z',
        pci=('01',),
    ),
    'nvidia-a100-mem-error-mgmt-06-row-remapping-pending-until-next-gpu-reset': Backdrop(
        'a100-node-remap',
        'A10',
        '535.104.05',
        '2026-01-15T11:30:00Z',
        '2026-01-15T12:10:00Z',
        pci=('01',),
    ),
    'manishklach-07-hbm-thermal-throttling-silent-p99-up-30-percent-nvidia-smi-looks-fine': Backdrop(
        'h200-vllm-node',
        'A10',
        '580.95.05',
        '2026-04-15T11:30:00Z',
        '2026-04-15T12:10:00Z',
    ),
    'cr0x-08-ubuntu-kernel-update-gpus-missing-dkms-did-not-build-nvidia-module': Backdrop(
        'ubuntu2404-gpu-node',
        'A10',
        '550.127.05',
        '2026-01-15T11:30:00Z',
        '2026-01-15T12:10:00Z',
    ),
    'startaitools-09-coreweave-64-gpu-job-xid-94-contained-memory-error-restart-app': Backdrop(
        'coreweave-node-xid94',
        'A10',
        '580.95.05',
        '2026-01-15T11:30:00Z',
        '2026-01-15T12:10:00Z',
    ),
    'jishuzhan-1949515409518014466-gpu-server-reboots-under-training-load-psu-power-insufficient': Backdrop(
        'multi-gpu-ws-psu',
        'A10',
        '535.104.05',
        '2026-01-15T11:30:00Z',
        '2026-01-15T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'xfyun-csdn-68cbb8f5-gpu-randomly-drops-off-fallen-off-the-bus-recurring-pcie-slot-or-power': Backdrop(
        'gpu-server-diaoka',
        'A10',
        '535.104.05',
        '2026-01-15T11:30:00Z',
        '2026-01-15T12:10:00Z',
    ),
    'errorcanon-12-tensorflow-cuda-driver-version-insufficient-for-cuda-runtime': Backdrop(
        'tf-gpu-host',
        'A10',
        '470.256.02',
        '2026-01-15T11:30:00Z',
        '2026-01-15T12:10:00Z',
        pci=('01',),
    ),
    'gse-kz-13-rack-tasks-10-15-percent-slower-one-gpu-overheating-dropping-clocks': Backdrop(
        'rack-node-hot-gpu',
        'A10',
        '535.104.05',
        '2026-01-15T11:30:00Z',
        '2026-01-15T12:10:00Z',
    ),
    'ask-csdn-9268564-8x-v100-nvidia-smi-shows-only-gpus-0-3-above-4g-decoding-bar-not-enabled': Backdrop(
        'dgx1-v100-node',
        'A10',
        '535.129.03',
        '2026-02-07T11:30:00Z',
        '2026-02-07T12:10:00Z',
    ),
    'kubernai-15-dcgm-gpu-util-low-on-running-workload-io-bound-or-waiting-on-cpu': Backdrop(
        'k8s-gpu-worker',
        'A10',
        '535.104.05',
        '2026-01-15T11:30:00Z',
        '2026-01-15T12:10:00Z',
        pci=('01',),
    ),
    'factryze-glossary-16-xid-79-gpu-fallen-off-bus-repeated-means-gpu-or-riser-replacement': Backdrop(
        'gpu-node-offbus',
        'A10',
        '535.104.05',
        '2026-01-15T11:30:00Z',
        '2026-01-15T12:10:00Z',
    ),
    'ai-hpc-roadmap-17-nccl-hang-at-init-process-group-rank-15-never-launches': Backdrop(
        'node1',
        'A10',
        '535.104.05',
        '2026-01-15T11:30:00Z',
        '2026-01-15T12:10:00Z',
    ),
    '25621-github-io-18-pytorch-guide-distributed-hang-one-rank-skipped-a-collective': Backdrop(
        'ddp-train-node',
        'A10',
        '535.104.05',
        '2026-01-15T11:30:00Z',
        '2026-01-15T12:10:00Z',
    ),
    'cr0x-19-gpu-clocks-wobble-below-boost-under-load-power-limit-by-design-benign': Backdrop(
        'gpu-host-boost',
        'A10',
        '535.104.05',
        '2026-01-15T11:30:00Z',
        '2026-01-15T12:10:00Z',
        pci=('01',),
    ),
    'cr0x-20-gpu-running-pcie-x8-instead-of-x16-fine-for-compute-island-workloads-benign': Backdrop(
        'gpu-host-x8-link',
        'A10',
        '535.104.05',
        '2026-01-15T11:30:00Z',
        '2026-01-15T12:10:00Z',
        pci=('01',),
    ),
    'helpmanual-21-nvml-clocks-throttle-reason-gpuidle-nothing-running-benign': Backdrop(
        'idle-gpu-host',
        'A10',
        '535.104.05',
        '2026-01-15T11:30:00Z',
        '2026-01-15T12:10:00Z',
        pci=('01',),
    ),
    'managedcuda-22-nvml-clocks-throttle-reason-syncboost-held-to-group-clocks-benign': Backdrop(
        'syncboost-group-host',
        'A10',
        '535.104.05',
        '2026-01-15T11:30:00Z',
        '2026-01-15T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'lucaberton-23-nccl-watchdog-collective-timeout-allreduce-1800s-network-interface-misconfiguration': Backdrop(
        'multinode-rank0-node',
        'A10',
        '580.95.05',
        '2026-01-15T11:30:00Z',
        '2026-01-15T12:10:00Z',
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
