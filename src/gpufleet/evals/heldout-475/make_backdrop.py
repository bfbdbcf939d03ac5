"""heldout-public-475's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-475/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
host names are the printed ones where the evidence prints one (kokkos-dev2, gpu02, node020) and stand-ins otherwise;
GPU counts follow the source's machine where it states one and are 1 otherwise; bus numbers are stand-ins 01..N
(no evidence prints a bus id); the driver (550.144.03) is the same stand-in for every case, so the version carries
no signal. No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never points at
the cause: flat, healthy metrics for every case.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'lammps-4027-kokkos-gpu-mpi-segfault-mpi-not-cuda-aware-rebuilt-with-ucx-openmpi': Backdrop(
        'lammps-gpu-ws',
        'A10',
        '550.144.03',
        '2023-12-19T11:30:00Z',
        '2023-12-19T12:10:00Z',
        pci=('01',),
    ),
    'trilinos-14844-ifpack2-mpi4-tests-segfault-on-volta-openmpi-not-cuda-aware': Backdrop(
        'kokkos-dev2',
        'A10',
        '550.144.03',
        '2026-01-08T11:30:00Z',
        '2026-01-08T12:10:00Z',
        pci=('01',),
    ),
    'lbpm-34-lbm-gpu-simulators-segfault-openmpi-built-without-cuda': Backdrop(
        'gpu02',
        'A10',
        '550.144.03',
        '2021-06-02T11:30:00Z',
        '2021-06-02T12:10:00Z',
        pci=('01',),
    ),
    'openmm-3927-benign-second-gpu-idle-during-md-no-deviceindex-set': Backdrop(
        'openmm-ws',
        'A10',
        '550.144.03',
        '2023-01-21T11:30:00Z',
        '2023-01-21T12:10:00Z',
        pci=('01', '02'),
    ),
    'warpx-371-benign-amrex-rank-to-gpu-mapping-warning-two-gtx1080ti': Backdrop(
        'warpx-desktop',
        'A10',
        '550.144.03',
        '2019-09-18T11:30:00Z',
        '2019-09-18T12:10:00Z',
        pci=('01', '02'),
    ),
    'openmm-2190-slurm-single-gpu-job-cuda-visible-devices-1-illegal-deviceindex': Backdrop(
        'bristol-gpu-node',
        'A10',
        '550.144.03',
        '2018-10-22T11:30:00Z',
        '2018-10-22T12:10:00Z',
        pci=('01', '02'),
    ),
    'amgx-233-openmp-offload-crash-more-ranks-than-gpus-inconsistent-rank-device-setting': Backdrop(
        'amgx-gpu-node',
        'A10',
        '550.144.03',
        '2023-02-23T11:30:00Z',
        '2023-02-23T12:10:00Z',
        pci=('01', '02'),
    ),
    'biosimspace-467-openmm-deviceindex-set-to-physical-cuda-visible-devices-ids': Backdrop(
        'bss-gpu-node',
        'A10',
        '550.144.03',
        '2025-11-06T11:30:00Z',
        '2025-11-06T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'yank-1305-multi-node-slurm-free-energy-run-stalls-cpu-100-gpu-0-more-openmm-threads': Backdrop(
        'yank-node-1',
        'A10',
        '550.144.03',
        '2023-08-25T11:30:00Z',
        '2023-08-25T12:10:00Z',
        pci=('01',),
    ),
    'fluidx3d-71-lbm-8-domains-on-4-gpus-runs-all-on-gpu0': Backdrop(
        'fluidx3d-node',
        'A10',
        '550.144.03',
        '2023-04-15T11:30:00Z',
        '2023-04-15T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'picongpu-2861-taurus-ml-adios-output-crashes-host-memory-too-small-for-6-gpus': Backdrop(
        'taurusml-node',
        'A10',
        '550.144.03',
        '2019-04-18T11:30:00Z',
        '2019-04-18T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06'),
    ),
    'a3fe-50-low-gpu-utilisation-gromacs-run-without-gpu-offload-flags': Backdrop(
        'a3fe-gpu-node',
        'A10',
        '550.144.03',
        '2025-06-13T11:30:00Z',
        '2025-06-13T12:10:00Z',
        pci=('01',),
    ),
    'biosimspace-18-somd-default-cycles-drop-gpu-utilisation-90-to-4-percent': Backdrop(
        'somd-ws',
        'A10',
        '550.144.03',
        '2023-03-10T11:30:00Z',
        '2023-03-10T12:10:00Z',
        pci=('01',),
    ),
    'openmm-62-benign-testinstallation-opencl-fails-cuda-holds-device-exclusive-mode': Backdrop(
        'node020',
        'A10',
        '550.144.03',
        '2013-07-19T11:30:00Z',
        '2013-07-19T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06'),
    ),
    'deepmd-1412-lammps-deepmd-se-e3-model-cuda-out-of-memory-descriptor-too-heavy': Backdrop(
        'deepmd-gpu-node',
        'A10',
        '550.144.03',
        '2022-01-12T11:30:00Z',
        '2022-01-12T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
