"""heldout-public-71's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-71/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
sku is one of the allowed SKUs; most are stand-ins (see each case's description). No case uses extra:
no report quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    # one entry per case folder (the folder name is the key); sku: one of A10, A30, L40S, V100, A100,
    # H100, H200, B200, GB200, B300 (a stand-in where the report's GPU is not one of them: the case's
    # description says so); driver: the version the report names, else a stand-in (said in the
    # description); start/end: the incident's time_range; pci: one bus number per GPU, in index order.
    'trt-3663-jetson-orin-nx-over-current-throttle-under-detectron2-load-expected-benign': Backdrop(
        'jetson-orin-nx',
        'A10',
        '535.104.05',
        '2024-02-13T11:30:00Z',
        '2024-02-13T12:10:00Z',
        pci=('01',),
    ),
    'nemo-8992-context-parallel-nccl-timeout-longer-sequences-raise-timeout': Backdrop(
        'megatron-cp-node',
        'A100',
        '535.104.05',
        '2024-04-26T11:30:00Z',
        '2024-04-26T12:10:00Z',
        pci=('07', '0f'),
    ),
    'nccl-tests-112-allreduce-65-percent-of-link-bandwidth-acs-enabled': Backdrop(
        'host1',
        'A100',
        '510.47.03',
        '2022-07-07T11:30:00Z',
        '2022-07-07T12:10:00Z',
        pci=('07', '0f', '47', '4e', '87', '90', 'b7', 'bd'),
    ),
    'nccl-tests-252-nccl-network-error-fixed-by-disabling-acs-h100': Backdrop(
        'kolyoz1',
        'H100',
        '550.90.07',
        '2024-09-24T11:30:00Z',
        '2024-09-24T12:10:00Z',
        pci=('42', '55', 'd4', 'e6'),
    ),
    'pyxis-90-container-sees-all-64-cpus-in-lscpu-normal-behaviour-benign': Backdrop(
        'slurm-gpu-node',
        'A100',
        '515.65.01',
        '2022-09-08T11:30:00Z',
        '2022-09-08T12:10:00Z',
        pci=('07',),
    ),
    'trtllm-1588-2x-4090d-no-peer-access-disable-custom-all-reduce': Backdrop(
        'trtllm-2x4090d',
        'A10',
        '550.54.15',
        '2024-05-15T11:30:00Z',
        '2024-05-15T12:10:00Z',
        pci=('01', '02'),
    ),
    'trtllm-1499-2x-a30-peer-access-not-supported-topology-custom-allreduce': Backdrop(
        'trtllm-2xa30',
        'A30',
        '510.73.08',
        '2024-05-09T11:30:00Z',
        '2024-05-09T12:10:00Z',
        pci=('3b', '5e'),
    ),
    'dcgm-119-nvlink-byte-metrics-not-supported-on-a100-hopper-only-benign': Backdrop(
        'dcgm-a100-node',
        'A100',
        '525.60.13',
        '2024-03-20T11:30:00Z',
        '2024-03-20T12:10:00Z',
        pci=('07',),
    ),
    'nvidia-docker-1137-nvidia-container-cli-driver-error-fixed-by-driver-430-50': Backdrop(
        'docker-gpu-host',
        'A10',
        '430.26',
        '2019-11-27T11:30:00Z',
        '2019-11-27T12:10:00Z',
        pci=('01',),
    ),
    'ogkm-1083-595-driver-lowers-gpu-target-temperature-to-75c-throttling': Backdrop(
        'arch-laptop-2070maxq',
        'A10',
        '595.58.03',
        '2026-03-27T11:30:00Z',
        '2026-03-27T12:10:00Z',
        pci=('01',),
    ),
    'nccl-1311-ipoib-link-flap-ehostunreach-job-relaunch': Backdrop(
        'ipoib-gpu-node',
        'A100',
        '550.54.15',
        '2024-06-03T11:30:00Z',
        '2024-06-03T12:10:00Z',
        pci=('07', '0f'),
    ),
    'nvidia-docker-1366-nvidia-smi-no-processes-run-outside-container-benign': Backdrop(
        'docker-gpu1-host',
        'A10',
        '465.27',
        '2021-06-02T11:30:00Z',
        '2021-06-02T12:10:00Z',
        pci=('01',),
    ),
    'ogkm-875-laptop-3050-boot-freeze-open-driver-clang-built-kernel': Backdrop(
        'cachyos-laptop-3050',
        'A10',
        '570.153.02',
        '2025-06-07T11:30:00Z',
        '2025-06-07T12:10:00Z',
        pci=('01',),
    ),
    'ogkm-82-rtx-3050-open-module-data-center-only-another-driver-bound': Backdrop(
        'xorg-desktop-3050',
        'A10',
        '515.43.04',
        '2022-05-12T11:30:00Z',
        '2022-05-12T12:10:00Z',
        pci=('01',),
    ),
    'nccl-tests-169-two-node-allreduce-exceeds-nic-without-ring-expected-benign': Backdrop(
        'roce-a100-node',
        'A100',
        '535.104.05',
        '2023-10-12T11:30:00Z',
        '2023-10-12T12:10:00Z',
        pci=('07', '0f', '47', '4e', '87', '90', 'b7', 'bd'),
    ),
    'ogkm-626-nvidia-smi-power-usage-missing-api-mismatch-550-76-vs-550-67': Backdrop(
        'Reverier-Arch',
        'A10',
        '550.67',
        '2024-05-03T11:30:00Z',
        '2024-05-03T12:10:00Z',
        pci=('01',),
    ),
    'nemo-8897-asr-training-host-ram-exhausted-memory-leak-restart-workaround': Backdrop(
        'asr-training-node',
        'A100',
        '535.104.05',
        '2024-04-12T11:30:00Z',
        '2024-04-12T12:10:00Z',
        pci=('07', '0f'),
    ),
    'gpu-operator-277-cuda-validator-vectoradd-fails-fixed-by-newer-driver': Backdrop(
        'gpu-operator-node',
        'A10',
        '450.80.02',
        '2021-11-10T11:30:00Z',
        '2021-11-10T12:10:00Z',
        pci=('01',),
    ),
    'gpu-operator-2596-gpu-operator-install-fails-inforom-corrupted-likely-faulty-gpu': Backdrop(
        'ubuntu2604-k8s-node',
        'A10',
        '580.95.05',
        '2026-07-07T11:30:00Z',
        '2026-07-07T12:10:00Z',
        pci=('01',),
    ),
    'gpu-operator-531-toolkit-crashloop-unresolvable-cdi-devices-spec-not-generated': Backdrop(
        'cdi-toolkit-node',
        'A10',
        '525.105.17',
        '2023-05-22T11:30:00Z',
        '2023-05-22T12:10:00Z',
        pci=('01',),
    ),
    'cudf-spark-636-two-executors-one-gpu-rmm-pool-larger-than-free-memory': Backdrop(
        'yq01-sys-hic-k8s-v100-box-a223-0151',
        'V100',
        '450.51.06',
        '2020-09-01T11:30:00Z',
        '2020-09-01T12:10:00Z',
        pci=('1a',),
    ),
    'cutlass-1276-sm90-evt-illegal-memory-access-not-a-cutlass-bug': Backdrop(
        'h100-dev-box',
        'H100',
        '530.30.02',
        '2023-12-20T11:30:00Z',
        '2023-12-20T12:10:00Z',
        pci=('19',),
    ),
    'nct-580-no-cgroups-true-nvml-unknown-error-revert-fixed': Backdrop(
        'docker-nocgroups-host',
        'A10',
        '570.86.16',
        '2025-03-07T11:30:00Z',
        '2025-03-07T12:10:00Z',
        pci=('01',),
    ),
    'nct-940-cuda-12-8-image-on-565-driver-require-cuda-unsatisfied': Backdrop(
        'cuda128-docker-host',
        'A10',
        '565.77',
        '2025-02-25T11:30:00Z',
        '2025-02-25T12:10:00Z',
        pci=('01',),
    ),
    'nemo-10192-24-07-container-host-oom-kill-at-checkpoint': Backdrop(
        'as01r3b17',
        'H100',
        '550.54.15',
        '2024-08-18T11:30:00Z',
        '2024-08-18T12:10:00Z',
        pci=('18', '2a', '3a', '5d'),
    ),
    'gpu-operator-389-cuda-validators-crashloop-fixed-in-operator-v22-9-0': Backdrop(
        'validator-k8s-node',
        'A10',
        '515.65.01',
        '2022-10-04T11:30:00Z',
        '2022-10-04T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
