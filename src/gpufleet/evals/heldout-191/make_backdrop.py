"""heldout-public-191's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-191/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
SKUs: A100 (p4d.24xlarge; Perlmutter GPU nodes), V100 (a Volta70 test machine), H100 standing in for GH200.
Hosts are the names the reports print where they print one (compute-od-gpu-dy-p4d-24xlarge-1, ascicgpu14), stand-ins
otherwise; bus numbers, GPU counts where not printed, and all drivers are stand-ins (no source prints a driver version
or a bus id; see each case's description). No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'pyxis-81-p4d-parallelcluster-container-cuda-unknown-error-until-nvidia-uvm-loaded': Backdrop(
        'compute-od-gpu-dy-p4d-24xlarge-1',
        'A100',
        '510.47.03',
        '2022-06-28T11:30:00Z',
        '2022-06-28T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'trilinos-7251-ascicgpu14-upgrade-mass-kokkos-cuda-initialisation-failures': Backdrop(
        'ascicgpu14',
        'V100',
        '440.64.00',
        '2020-04-23T11:30:00Z',
        '2020-04-23T12:10:00Z',
        pci=('3b', 'd8'),
    ),
    'e3sm-8650-perlmutter-pm-gpu-libcudart13-missing-after-nersc-maintenance': Backdrop(
        'perlmutter-gpu-nid',
        'A100',
        '570.124.06',
        '2026-08-20T11:30:00Z',
        '2026-08-20T12:10:00Z',
        pci=('03', '41', '82', 'c1'),
    ),
    'uccl-956-gh200-slingshot-expert-parallel-bandwidth-drop-numa-affinity': Backdrop(
        'gh200-node-1',
        'H100',
        '550.54.15',
        '2026-06-12T11:30:00Z',
        '2026-06-12T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'e3sm-5291-perlmutter-mpi-bcast-hang-writing-restarts-slingshot-network': Backdrop(
        'pm-gpu-nid-hang',
        'A100',
        '515.65.01',
        '2022-11-10T11:30:00Z',
        '2022-11-10T12:10:00Z',
        pci=('03', '41', '82', 'c1'),
    ),
    'scream-1896-pm-gpu-cudatoolkit-11-7-illegal-address-fixed-by-staying-on-11-5': Backdrop(
        'pm-gpu-nid-cuda117',
        'A100',
        '515.48.07',
        '2022-08-25T11:30:00Z',
        '2022-08-25T12:10:00Z',
        pci=('03', '41', '82', 'c1'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
