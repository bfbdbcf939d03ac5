"""heldout-public-385's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-385/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except ip-10-111-61-177.ec2.internal and pop-os, which the evidence prints), GPU counts, bus numbers (01..N in index
order, except the bus ids the evidence prints: 05..91 for nccl-104, d6 for GPU 7 of dcgm-exporter-46, 01 for nvidia-docker-1648)
and the driver (550.144.03, the same for every case) are stand-ins. No case uses extra: no source quotes an exporter value
as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'dcgm-exporter-440-nvml-unknown-error-in-exporter-after-no-cgroups-true-for-rootless-docker': Backdrop(
        'gpu-host-440',
        'A10',
        '550.144.03',
        '2025-01-14T11:30:00Z',
        '2025-01-14T12:10:00Z',
        pci=('01',),
    ),
    'dcgm-exporter-46-a100-gpu7-err-state-breaks-nvml-for-containers-cleared-by-driver-unload-or-reboot': Backdrop(
        'a100-node-46',
        'A10',
        '550.144.03',
        '2022-03-01T11:30:00Z',
        '2022-03-01T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', 'd6',),
    ),
    'dcgm-exporter-7-dcgmi-dmon-profiling-module-unrecoverable-error-while-exporter-holds-profiler-benign': Backdrop(
        'gpu-host-dcgm7',
        'A10',
        '550.144.03',
        '2021-08-25T11:30:00Z',
        '2021-08-25T12:10:00Z',
        pci=('01',),
    ),
    'gpu-monitoring-tools-2-dcgm-exporter-nvidia-smi-not-found-default-runtime-not-nvidia-benign': Backdrop(
        'k8s-gpu-gmt2',
        'A10',
        '550.144.03',
        '2018-08-02T11:30:00Z',
        '2018-08-02T12:10:00Z',
        pci=('01',),
    ),
    'gpu-operator-107-dcgm-exporter-fatal-profiling-not-supported-on-geforce-dcp-counters-benign': Backdrop(
        'k8s-gpu-107',
        'A10',
        '550.144.03',
        '2020-11-24T11:30:00Z',
        '2020-11-24T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'gpu-operator-331-operator-pod-crashloop-oomkilled-node-memory-suspected': Backdrop(
        'ip-10-111-61-177.ec2.internal',
        'A10',
        '550.144.03',
        '2022-04-06T11:30:00Z',
        '2022-04-06T12:10:00Z',
        pci=('01',),
    ),
    'nccl-104-8x-m40-allreduce-test-stalls-pcie-acs-enabled-check-fixed': Backdrop(
        'm40-node-104',
        'A10',
        '550.144.03',
        '2017-07-07T11:30:00Z',
        '2017-07-07T12:10:00Z',
        pci=('05', '08', '0d', '13', '83', '89', '8e', '91',),
    ),
    'nccl-1637-two-rtx-5090-p2p-failure-nccl-2-25-1-maxsharedmem-exceeds-device-limit-fixed-in-2-26': Backdrop(
        'ws-5090-1637',
        'A10',
        '550.144.03',
        '2025-03-13T11:30:00Z',
        '2025-03-13T12:10:00Z',
        pci=('01', '02',),
    ),
    'nccl-30-six-tesla-allreduce-test-hangs-acs-already-off-fixed-by-newer-driver': Backdrop(
        'tesla-node-30',
        'A10',
        '550.144.03',
        '2016-06-17T11:30:00Z',
        '2016-06-17T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06',),
    ),
    'nvidia-container-toolkit-305-libnvidia-ml-load-failure-only-with-toolkit-1-14-4-not-1-14-3': Backdrop(
        'nextflow-gpu-305',
        'A10',
        '550.144.03',
        '2024-01-27T11:30:00Z',
        '2024-01-27T12:10:00Z',
        pci=('01',),
    ),
    'nvidia-docker-1648-container-start-driver-rpc-timeout-persistence-daemon-not-running': Backdrop(
        'pop-os',
        'A10',
        '550.144.03',
        '2023-02-06T13:45:00Z',
        '2023-02-06T14:25:00Z',
        pci=('01',),
    ),
    'nvidia-docker-270-nvml-driver-library-version-mismatch-driver-in-bad-state-reinstall-and-reboot': Backdrop(
        'gpu-host-270',
        'A10',
        '550.144.03',
        '2016-12-17T11:30:00Z',
        '2016-12-17T12:10:00Z',
        pci=('01',),
    ),
    'nvidia-docker-876-libnvidia-ml-not-found-in-container-ldconfig-empty-driver-install-problem': Backdrop(
        'debian-gpu-876',
        'A10',
        '550.144.03',
        '2018-12-19T11:30:00Z',
        '2018-12-19T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
