"""heldout-public-439's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-439/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description); hosts are
as printed where the evidence prints one (node01, bessemer-node026) and stand-ins otherwise; one GPU at a stand-in bus per
node (the set convention for silent sources), except the Summit node of octotiger-290 (six GPUs: Summit nodes carry six V100s)
and the ShARC DGX-1 node of sheffield-568 (eight GPUs, stand-in buses); the driver (550.144.03) is the same stand-in for every
case. No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'cuhksz-csc4005-7-course-cluster-node01-cuda-error-35-driver-insufficient-no-nvidia-driver-on-node': Backdrop(
        'node01',
        'A10',
        '550.144.03',
        '2023-09-11T11:30:00Z',
        '2023-09-11T12:10:00Z',
        pci=('01',),
    ),
    'octotiger-290-summit-invalid-device-ordinal-wrong-jsrun-resource-set-gpu-binding': Backdrop(
        'summit-node-01',
        'A10',
        '550.144.03',
        '2020-05-13T11:30:00Z',
        '2020-05-13T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06'),
    ),
    'cbio-cluster-220-torque-gpu-session-lands-on-gpu-used-by-another-job-wrong-queue': Backdrop(
        'hal-gpu-node-01',
        'A10',
        '550.144.03',
        '2015-03-04T11:30:00Z',
        '2015-03-04T12:10:00Z',
        pci=('03',),
    ),
    'spack-27969-e4s-legion-cuda-build-fails-libcuda-not-found-container-without-driver-mapped': Backdrop(
        'e4s-build-01',
        'A10',
        '550.144.03',
        '2021-12-13T11:30:00Z',
        '2021-12-13T12:10:00Z',
        pci=('01',),
    ),
    'cmssw-49828-cern-t4-test-machine-nvml-error-18-driver-library-version-mismatch': Backdrop(
        'cms-gpu-t4-01',
        'A10',
        '550.144.03',
        '2026-01-14T23:48:20Z',
        '2026-01-15T00:28:20Z',
        pci=('01',),
    ),
    'uabrc-438-cheaha-ask-ci-pytorch-gpu-not-found-no-gpu-requested-or-cpu-build': Backdrop(
        'cheaha-pascal-01',
        'A10',
        '550.144.03',
        '2022-12-02T11:30:00Z',
        '2022-12-02T12:10:00Z',
        pci=('01',),
    ),
    'ocf-puppet-631-hpc-nodes-cuda-in-singularity-fails-after-reboot-until-nvidia-modprobe': Backdrop(
        'ocf-hpc-01',
        'A10',
        '550.144.03',
        '2019-05-24T11:30:00Z',
        '2019-05-24T12:10:00Z',
        pci=('01',),
    ),
    'sheffield-changelog-2022-02-11-bessemer-node026-gpu-node-random-reboots-hardware-fault-part-replaced': Backdrop(
        'bessemer-node026',
        'A10',
        '550.144.03',
        '2022-02-11T11:30:00Z',
        '2022-02-11T12:10:00Z',
        pci=('01',),
    ),
    'sheffield-hpc-568-sharc-gpu-driver-crashes-during-course-driver-upgrade-requested': Backdrop(
        'sharc-dgx1-01',
        'A10',
        '550.144.03',
        '2017-03-01T11:30:00Z',
        '2017-03-01T12:10:00Z',
        pci=('06', '07', '0a', '0b', '85', '86', '89', '8a'),
    ),
    'openmm-1006-cluster-head-node-nvidia-ko-no-such-device-expected-without-gpu-benign': Backdrop(
        'cluster-head-01',
        'A10',
        '550.144.03',
        '2015-07-03T11:30:00Z',
        '2015-07-03T12:10:00Z',
        pci=('01',),
    ),
    'cudaapi-jl-105-cuda-error-100-warning-on-gpu-node-gpu-not-requested-by-job-benign': Backdrop(
        'julia-cluster-node-01',
        'A10',
        '550.144.03',
        '2020-02-11T11:30:00Z',
        '2020-02-11T12:10:00Z',
        pci=('01',),
    ),
    'sheffield-changelog-2024-01-08-bessemer-gpu-nodes-planned-driver-upgrade-525-to-535-benign': Backdrop(
        'bessemer-gpu-01',
        'A10',
        '550.144.03',
        '2024-01-08T11:30:00Z',
        '2024-01-08T12:10:00Z',
        pci=('01',),
    ),
    'sheffield-changelog-2022-04-05-bessemer-sharc-rolling-reboots-security-update-longer-queues-benign': Backdrop(
        'sharc-gpu-01',
        'A10',
        '550.144.03',
        '2022-04-05T11:30:00Z',
        '2022-04-05T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
