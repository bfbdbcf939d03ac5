"""heldout-public-140's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-140/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
SKUs are the ones the reports name where the table knows them (A100, H100, H200, V100); every other GPU
(GeForce / RTX PRO / A40 / GB10 / unnamed) is shown as A10. Hosts, bus numbers and most drivers are stand-ins (see
each case's description). No case uses extra: no report quotes an exporter value as a metric sample. The backdrop
never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'deepops-443-dcgm-exporter-crashes-repeatedly-resource-limits-too-low': Backdrop(
        'k8s-gpu-node-01',
        'A10',
        '440.33.01',
        '2020-02-19T11:30:00Z',
        '2020-02-19T12:10:00Z',
        pci=('01', '21', '41', '61', '81', 'a1', 'c1', 'e1'),
    ),
    'isaacsim-643-rtx5070-app-crash-after-ready-fixed-by-isaac-sim-5-1-upgrade': Backdrop(
        'ws-rtx5070',
        'A10',
        '580.159.03',
        '2026-05-29T11:30:00Z',
        '2026-05-29T12:10:00Z',
        pci=('01',),
    ),
    'isaacsim-677-rtxpro4500-headless-crash-scenedb-isaac-5-1-regression-not-driver': Backdrop(
        'fedora-rtxpro4500',
        'A10',
        '595.71.05',
        '2026-06-21T11:30:00Z',
        '2026-06-21T12:10:00Z',
        pci=('01',),
    ),
    'cudf-spark-1630-tpcds-q95-gpu-oom-edge-of-a100-memory-4-concurrent-tasks': Backdrop(
        'spark-a100-exec',
        'A100',
        '450.80.02',
        '2021-02-16T11:30:00Z',
        '2021-02-16T12:10:00Z',
        pci=('01', '21', '41', '61', '81', 'a1', 'c1', 'e1'),
    ),
    'dcgm-exporter-599-h200-mig-exporter-cpu-spike-node-hang-podmapper-per-scrape': Backdrop(
        'k8s-h200-mig-01',
        'H200',
        '570.172.08',
        '2025-12-12T11:30:00Z',
        '2025-12-12T12:10:00Z',
        pci=('01', '21', '41', '61', '81', 'a1', 'c1', 'e1'),
    ),
    'deepops-1102-dgx-a100-slurm-gpu-bind-single-wrong-device-gres-conf-cores-column': Backdrop(
        'dgx-a100-01',
        'A100',
        '470.103.01',
        '2022-02-26T11:30:00Z',
        '2022-02-26T12:10:00Z',
        pci=('01', '21', '41', '61', '81', 'a1', 'c1', 'e1'),
    ),
    'gpu-operator-487-operator-pods-stuck-in-init-kernel-update-incompatible-driver-suggested': Backdrop(
        'k8s-gpu-node-02',
        'A10',
        '550.54.15',
        '2024-04-15T11:30:00Z',
        '2024-04-15T12:10:00Z',
        pci=('01', '21', '41', '61', '81', 'a1', 'c1', 'e1'),
    ),
    'megatron-380-oom-loading-dp-independent-checkpoint-distributed-optimizer-redundant-memory': Backdrop(
        'train-node-01',
        'A10',
        '525.105.17',
        '2023-06-20T11:30:00Z',
        '2023-06-20T12:10:00Z',
        pci=('01', '21', '41', '61', '81', 'a1', 'c1', 'e1'),
    ),
    'megatron-3558-excess-reserved-gpu-memory-on-resume-with-optimizer-state': Backdrop(
        'train-node-02',
        'H100',
        '570.124.06',
        '2026-02-24T11:30:00Z',
        '2026-02-24T12:10:00Z',
        pci=('01', '41'),
    ),
    'dcgm-144-a40-gpu0-xid-119-gsp-rpc-timeout-triggered-by-dcgmi-dmon-profiling-field': Backdrop(
        'a40-node-01',
        'A10',
        '535.129.03',
        '2024-01-12T11:30:00Z',
        '2024-01-12T12:10:00Z',
        pci=('07', '08', '47', '48'),
    ),
    'libnvidia-container-187-enroot-gpu-container-start-fails-persistenced-socket-fixed-library': Backdrop(
        'slurm-gpu-node-01',
        'A10',
        '515.65.01',
        '2022-10-27T11:30:00Z',
        '2022-10-27T12:10:00Z',
        pci=('01', '21', '41', '61', '81', 'a1', 'c1', 'e1'),
    ),
    'gpu-monitoring-tools-133-dcgm-exporter-high-cpu-usage-inefficient-nvml': Backdrop(
        'gpu-node-03',
        'A10',
        '460.73.01',
        '2021-06-28T11:30:00Z',
        '2021-06-28T12:10:00Z',
        pci=('01', '21', '41', '61', '81', 'a1', 'c1', 'e1'),
    ),
    'edge-llm-30-dgx-spark-engine-build-oom-killer-3-4x-model-size-in-ram': Backdrop(
        'dgx-spark-01',
        'A10',
        '580.95.05',
        '2026-02-04T11:30:00Z',
        '2026-02-04T12:10:00Z',
        pci=('01',),
    ),
    'trtllm-577-v100-engine-build-host-ram-32g-not-enough': Backdrop(
        'v100-ws-01',
        'V100',
        '535.129.03',
        '2023-12-06T11:30:00Z',
        '2023-12-06T12:10:00Z',
        pci=('01',),
    ),
    'dcgm-56-benign-profiling-module-unrecoverable-error-while-cupti-profiler-holds-lock': Backdrop(
        'a100-server-01',
        'A100',
        '515.65.01',
        '2022-12-01T11:30:00Z',
        '2022-12-01T12:10:00Z',
        pci=('01', '21', '41', '61', '81', 'a1', 'c1', 'e1'),
    ),
    'dcgm-exporter-53-benign-mig-gract-differs-between-dcgmi-and-exporter-instantaneous-samples': Backdrop(
        'a100-mig-01',
        'A100',
        '470.82.01',
        '2022-03-22T11:30:00Z',
        '2022-03-22T12:10:00Z',
        pci=('01',),
    ),
    'trtllm-681-benign-gpu-memory-stays-after-model-delete-pytorch-caching-pool': Backdrop(
        'bench-node-01',
        'A10',
        '535.129.03',
        '2023-12-18T11:30:00Z',
        '2023-12-18T12:10:00Z',
        pci=('01', '21', '41', '61', '81', 'a1', 'c1', 'e1'),
    ),
    'gpu-operator-381-benign-driver-daemonset-init-driver-preinstalled-a100-works': Backdrop(
        'k8s-a100-01',
        'A100',
        '515.48.07',
        '2022-08-05T11:30:00Z',
        '2022-08-05T12:10:00Z',
        pci=('4f',),
    ),
    'dcgm-55-benign-dcgmi-diag-level3-tests-skipped-is-allowed-not-set': Backdrop(
        'gpu-node-04',
        'A10',
        '520.61.05',
        '2022-11-23T11:30:00Z',
        '2022-11-23T12:10:00Z',
        pci=('01', '21', '41', '61', '81', 'a1', 'c1', 'e1'),
    ),
    'dcgm-284-benign-memory-diag-alloc-error-insufficient-free-memory-not-hardware': Backdrop(
        'gpu-node-05',
        'A10',
        '580.95.05',
        '2026-03-06T11:30:00Z',
        '2026-03-06T12:10:00Z',
        pci=('01', '21', '41', '61', '81', 'a1', 'c1', 'e1'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
