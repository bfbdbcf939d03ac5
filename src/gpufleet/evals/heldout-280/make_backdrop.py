"""heldout-public-280's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-280/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except VM-192-150-centos and jm01gp1jiobrain02, which the evidence prints), bus numbers (no source prints one for the
affected node: 01 for one GPU, 01 and 02 for two, 01..08 for eight) and the driver (550.144.03, the same for every case) are
stand-ins. No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'aws-ofi-nccl-1055-nccl-2-28-9-with-aws-ofi-nccl-plugin-deadlocks-on-p5-efa-2-27-7-works': Backdrop(
        'hyperpod-p5-node-a',
        'A10',
        '550.144.03',
        '2025-11-18T11:30:00Z',
        '2025-11-18T12:10:00Z',
        pci=('01', '02'),
    ),
    'awsome-dist-ai-292-aws-ofi-nccl-1-9-0-needs-libfabric-1-18-2-fabric-1-7-not-found-plugin-not-loaded': Backdrop(
        'efa-node-a',
        'A10',
        '550.144.03',
        '2024-05-01T11:30:00Z',
        '2024-05-01T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'clusterscope-199-cuda-visible-devices-set-to-slurm-localid-duplicate-gpu-detected-fairseq2': Backdrop(
        'slurm-gpu-node-a',
        'A10',
        '550.144.03',
        '2026-04-27T17:03:33Z',
        '2026-04-27T17:43:33Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'cuda-python-2154-nvml-invalid-nvlink-version-on-inactive-link-h100-test-fragility-benign': Backdrop(
        'win-h100-ci-runner',
        'A10',
        '550.144.03',
        '2026-05-29T11:30:00Z',
        '2026-05-29T12:10:00Z',
        pci=('01', '02'),
    ),
    'cuml-5961-multi-gpu-dbscan-nccl-warn-cuda-driver-insufficient-cuda-11-8-on-470-driver': Backdrop(
        'VM-192-150-centos',
        'A10',
        '550.144.03',
        '2024-07-19T11:30:00Z',
        '2024-07-19T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'deepep-16-h20-nvlink-337-gb-s-vs-900-gb-s-nominal-bidirectional-figure-expected-benign': Backdrop(
        'h20-node-a',
        'A10',
        '550.144.03',
        '2025-02-25T11:30:00Z',
        '2025-02-25T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'easyr1-228-nccl-shared-memory-segment-creation-fails-dev-shm-too-small-increase-shmem': Backdrop(
        'a100x4-node',
        'A10',
        '550.144.03',
        '2025-04-16T11:30:00Z',
        '2025-04-16T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'gardener-aws-1832-efa-nccl-error-4126-unresponsive-receiver-missing-self-referencing-sg-egress-rule': Backdrop(
        'shoot-efa-worker-a',
        'A10',
        '550.144.03',
        '2026-06-05T11:30:00Z',
        '2026-06-05T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'glm53-sparks-26-two-gb10-nodes-need-different-roce-gid-index-nccl-init-unhandled-system-error': Backdrop(
        'spark-head',
        'A10',
        '550.144.03',
        '2026-08-29T11:30:00Z',
        '2026-08-29T12:10:00Z',
        pci=('01',),
    ),
    'horovod-2420-stall-inspector-ranks-desynchronised-allreduce-vs-allgather-uneven-data': Backdrop(
        'hvd-worker-0',
        'A10',
        '550.144.03',
        '2020-11-08T11:30:00Z',
        '2020-11-08T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'nccl-1494-alternating-rings-nic-sends-pfc-bad-performance-bug-in-nccltopopostset': Backdrop(
        'roce-node-a',
        'A10',
        '550.144.03',
        '2025-02-13T11:30:00Z',
        '2025-02-13T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'nccl-258-nvswitch-busbw-122-vs-nvlink-130-slightly-higher-overhead-expected-benign': Backdrop(
        'nvswitch-node-a',
        'A10',
        '550.144.03',
        '2019-11-26T11:30:00Z',
        '2019-11-26T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'nccl-259-no-plugin-found-libnccl-net-info-line-and-small-fp-errors-are-normal-benign': Backdrop(
        'single-gpu-node-a',
        'A10',
        '550.144.03',
        '2019-10-14T11:30:00Z',
        '2019-10-14T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'nccl-tests-264-cuda-system-not-yet-initialized-nvidia-fabricmanager-not-enabled': Backdrop(
        'jm01gp1jiobrain02',
        'A10',
        '550.144.03',
        '2024-11-14T11:30:00Z',
        '2024-11-14T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'nccl-tests-7-out-of-bounds-values-failed-v100-driver-390-with-cuda-9-1-use-387': Backdrop(
        'v100-node-a',
        'A10',
        '550.144.03',
        '2018-04-27T11:30:00Z',
        '2018-04-27T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'prime-rl-3454-libfabric-needs-newer-libefa-efa-1-4-not-found-nccl-ofi-plugin-fails-to-load': Backdrop(
        'prime-rl-efa-node',
        'A10',
        '550.144.03',
        '2026-08-31T11:30:00Z',
        '2026-08-31T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'pytorch-ao-3841-h100-ci-nvls-multicast-bind-cuda-error-401-fabric-manager-nvswitch-config': Backdrop(
        'h100x4-ci-runner',
        'A10',
        '550.144.03',
        '2026-02-07T11:30:00Z',
        '2026-02-07T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'torchcomms-3130-b200-nvls-init-cuda-error-802-transient-fabric-manager-stall-retry': Backdrop(
        'b200-nvswitch-node',
        'A10',
        '550.144.03',
        '2026-07-14T11:30:00Z',
        '2026-07-14T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'nvidia-ctk-2037-containerd-8-mib-memlock-ibv-reg-mr-enomem-nccl-falls-back-to-tcp': Backdrop(
        'k8s-gpu-node-a',
        'A10',
        '550.144.03',
        '2026-08-31T11:30:00Z',
        '2026-08-31T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'nccl-mesh-51-four-node-roce-gid-type-mismatch-ibv-modify-qp-einval-gid-auto-discovery': Backdrop(
        'mesh-node-a',
        'A10',
        '550.144.03',
        '2026-01-19T11:30:00Z',
        '2026-01-19T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'torchcomms-2906-nccl-2-29-cpu-affinity-not-restored-threads-clamped-to-one-numa-node-ttft-regression': Backdrop(
        'gb200-node-a',
        'A10',
        '550.144.03',
        '2026-06-15T11:30:00Z',
        '2026-06-15T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'vggt-285-ddp-training-freezes-ranks-with-different-batch-counts-wait-in-allreduce': Backdrop(
        'vggt-train-node',
        'A10',
        '550.144.03',
        '2025-07-22T11:30:00Z',
        '2025-07-22T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'vllm-42075-ray-container-without-dev-infiniband-nccl-silently-falls-back-to-net-socket': Backdrop(
        'vllm-ray-node-a',
        'A10',
        '550.144.03',
        '2026-05-08T11:30:00Z',
        '2026-05-08T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
