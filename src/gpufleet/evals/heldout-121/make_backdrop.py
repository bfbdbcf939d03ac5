"""heldout-public-121's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-121/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); hosts, bus numbers and most drivers are
stand-ins (see each case's description). No case uses extra: no report quotes an exporter value as a metric
sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'cudf-13388-wsl-cuinit-no-device-nvml-unknown-mixed-driver-versions': Backdrop(
        'wsl2-rapids-workstation',
        'A10',
        '531.79',
        '2023-05-22T11:30:00Z',
        '2023-05-22T12:10:00Z',
        pci=('01',),
    ),
    'dra-driver-136-quickstart-pods-pending-resourceclass-not-created': Backdrop(
        'k8s-dra-quickstart-node',
        'A10',
        '550.90.07',
        '2024-07-01T11:30:00Z',
        '2024-07-01T12:10:00Z',
        pci=('01',),
    ),
    'megatron-bridge-3706-h100-fp8-oom-allocator-fragmentation-after-base-bump': Backdrop(
        'h100-perf-node-a',
        'A10',
        '580.95.05',
        '2026-05-06T11:30:00Z',
        '2026-05-06T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'nemo-rl-919-fsdp2-qwen3-30b-oom-memory-fragmentation-expandable-segments': Backdrop(
        'fsdp2-8gpu-node',
        'A10',
        '570.158.01',
        '2025-08-13T11:30:00Z',
        '2025-08-13T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'megatron-lm-878-errno-28-no-space-docker-shared-memory': Backdrop(
        'docker-megatron-host',
        'A10',
        '535.183.01',
        '2024-06-20T11:30:00Z',
        '2024-06-20T12:10:00Z',
        pci=('01',),
    ),
    'warp-100-cuda-memory-leak-torch-interop-requires-grad': Backdrop(
        'warp-torch-dev-box',
        'A10',
        '530.41.03',
        '2023-06-03T11:30:00Z',
        '2023-06-03T12:10:00Z',
        pci=('01',),
    ),
    'warp-1429-cuda-graph-retained-alloc-memory-leak': Backdrop(
        'warp-graph-dev-box',
        'A10',
        '580.95.05',
        '2026-05-06T11:30:00Z',
        '2026-05-06T12:10:00Z',
        pci=('01',),
    ),
    'dra-driver-1272-kubelet-plugin-crashloop-nvml-not-found-directory-named-libnvidia-ml': Backdrop(
        'onprem-l40s-worker',
        'A10',
        '570.133.20',
        '2026-07-24T11:30:00Z',
        '2026-07-24T12:10:00Z',
        pci=('01', '02'),
    ),
    'dra-driver-5-kubelet-plugin-crash-openshift-libnvidia-ml-not-in-path': Backdrop(
        'openshift-rhcos-gpu-worker',
        'A10',
        '535.86.10',
        '2023-08-08T11:30:00Z',
        '2023-08-08T12:10:00Z',
        pci=('01',),
    ),
    'dra-driver-575-kubelet-plugin-crash-pcie-root-unresolvable-azure-vm': Backdrop(
        'azure-nc48ads-a100-v4-vm',
        'A10',
        '570.172.08',
        '2025-09-15T11:30:00Z',
        '2025-09-15T12:10:00Z',
        pci=('01', '02'),
    ),
    'dra-driver-1014-kubelet-plugin-undefined-symbol-nvml-addressing-mode-driver-570': Backdrop(
        'gpu-cloud-k8s-worker',
        'A10',
        '570.172.08',
        '2026-04-10T11:30:00Z',
        '2026-04-10T12:10:00Z',
        pci=('01',),
    ),
    'aicr-2641-imex-unhealthy-condition-on-idle-gb300-no-imex-daemon-benign': Backdrop(
        'gb300-idle-node-a',
        'A10',
        '580.95.05',
        '2026-09-08T11:30:00Z',
        '2026-09-08T12:10:00Z',
        pci=('9d',),
    ),
    'tensorrt-llm-17160-gb300-moe-alltoall-slowdown-nccl-2-30-4-regression-pin-2-29-7': Backdrop(
        'gb300-nvl72-tray-a',
        'A10',
        '580.95.05',
        '2026-08-01T11:30:00Z',
        '2026-08-01T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'open-gpu-kernel-modules-1098-blank-boot-log-line-flagged-as-error-benign': Backdrop(
        'Pallas',
        'A10',
        '595.45.04',
        '2026-04-04T11:30:00Z',
        '2026-04-04T12:10:00Z',
        pci=('07',),
    ),
    'open-gpu-kernel-modules-658-r555-stutter-gsp-enablement': Backdrop(
        'r555-desktop-tester',
        'A10',
        '555.52.04',
        '2024-06-06T11:30:00Z',
        '2024-06-06T12:10:00Z',
        pci=('01',),
    ),
    'cudf-2478-extra-gpu-memory-first-dataframe-cuda-context-creation-benign': Backdrop(
        'rapids-dev-box',
        'A10',
        '418.67',
        '2019-08-15T11:30:00Z',
        '2019-08-15T12:10:00Z',
        pci=('01',),
    ),
    'transformerengine-989-mpi-tp-comm-overlap-hang-tcp-interface-selection': Backdrop(
        'mpi-train-node-0',
        'A10',
        '550.54.15',
        '2024-07-05T11:30:00Z',
        '2024-07-05T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'transformerengine-986-multi-node-hang-initialize-ub-after-pr901-bootstrap-assumption': Backdrop(
        'nemo-multinode-node-0',
        'A10',
        '550.54.15',
        '2024-07-03T11:30:00Z',
        '2024-07-03T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'nvidia-container-toolkit-1967-container-cuinit-unknown-after-toolkit-1-19-1': Backdrop(
        'manjaro-docker-host',
        'A10',
        '580.173.02',
        '2026-08-01T11:30:00Z',
        '2026-08-01T12:10:00Z',
        pci=('01',),
    ),
    'dcgm-308-imex-unhealthy-false-positive-dra-compute-domains-benign': Backdrop(
        'mnnvl-dra-node-a',
        'A10',
        '580.95.05',
        '2026-08-13T11:30:00Z',
        '2026-08-13T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'dcgm-exporter-80-exporter-crash-api-version-mismatch-release-bug-benign': Backdrop(
        'k8s-v100-a100-worker',
        'A10',
        '470.129.06',
        '2022-07-19T11:30:00Z',
        '2022-07-19T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
