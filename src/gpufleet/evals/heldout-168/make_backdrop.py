"""heldout-public-168's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-168/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list: GeForce, Quadro, RTX PRO and Titan cards);
hosts, bus numbers and drivers are stand-ins except where a case's description says the report prints them
(glava-165: bus 01 and driver 440.59; engine-sim-232: driver 516.94; foldingathome-1720: bus 09; osprey3-67: the host name gpu-compute7).
No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'relion-619-refine3d-gpu-oom-without-zero-mask-random-noise-masking-needs-extra-gpu-memory': Backdrop(
        'relion-ws-619',
        'A10',
        '440.64',
        '2020-05-07T11:30:00Z',
        '2020-05-07T12:10:00Z',
        pci=('01',),
    ),
    'relion-715-refine3d-850px-box-gpu-lack-of-memory-on-two-gtx1080ti-box-too-large': Backdrop(
        'relion-ws-715',
        'A10',
        '455.38',
        '2020-11-26T11:30:00Z',
        '2020-11-26T12:10:00Z',
        pci=('01', '02',),
    ),
    'openmm-2739-drude-simulation-cufft-alloc-failed-error-initializing-fft-2-huge-pme-grid': Backdrop(
        'openmm-ws-2739',
        'A10',
        '440.82',
        '2020-06-12T11:30:00Z',
        '2020-06-12T12:10:00Z',
        pci=('01',),
    ),
    'gaussian-splatting-447-train-illegal-memory-access-scaling-lr-typo-set-to-1': Backdrop(
        'gsplat-ws-447',
        'A10',
        '535.129.03',
        '2023-11-09T11:30:00Z',
        '2023-11-09T12:10:00Z',
        pci=('01',),
    ),
    'vkd3d-proton-1925-last-of-us-xid-109-crash-loading-save-before-menu-frametime-spike-race': Backdrop(
        'linux-gamer-1925',
        'A10',
        '560.35.03',
        '2024-08-31T11:30:00Z',
        '2024-08-31T12:10:00Z',
        pci=('01',),
    ),
    'nerfstudio-2016-instant-ngp-killed-while-caching-373-images-likely-host-ram': Backdrop(
        'nerf-ws-2016',
        'A10',
        '525.116.04',
        '2023-06-05T11:30:00Z',
        '2023-06-05T12:10:00Z',
        pci=('01', '02',),
    ),
    'hashcat-1027-titan-x-temperature-watchdog-disabled-nvml-fixed-by-driver-update': Backdrop(
        'hashcat-titanx-1027',
        'A10',
        '375.26',
        '2017-02-28T11:30:00Z',
        '2017-02-28T12:10:00Z',
        pci=('01',),
    ),
    'lc0-883-cuda-driver-version-insufficient-for-cuda-runtime-driver-older-than-toolkit': Backdrop(
        'win-lc0-883',
        'A10',
        '398.36',
        '2019-06-10T11:30:00Z',
        '2019-06-10T12:10:00Z',
        pci=('01',),
    ),
    'openmm-3685-cufft-error-charmm-membrane-second-cuda-toolkit-in-path': Backdrop(
        'openmm-ws-3685',
        'A10',
        '510.73.05',
        '2022-07-08T11:30:00Z',
        '2022-07-08T12:10:00Z',
        pci=('01',),
    ),
    'colmap-627-siftgpu-illegal-memory-access-on-driver-418-ok-on-410': Backdrop(
        'colmap-srv-627',
        'A10',
        '418.56',
        '2019-06-14T11:30:00Z',
        '2019-06-14T12:10:00Z',
        pci=('01',),
    ),
    'glava-165-quadro-m1200-laptop-xorg-gpu-memory-3-7gb-held-by-glava-visualizer': Backdrop(
        'kubuntu-m1200-165',
        'A10',
        '440.59',
        '2020-06-04T11:30:00Z',
        '2020-06-04T12:10:00Z',
        pci=('01',),
    ),
    'osprey3-67-cuda-error-out-of-memory-at-context-create-on-shared-gpu-machine': Backdrop(
        'gpu-compute7',
        'A10',
        '384.90',
        '2017-10-28T11:30:00Z',
        '2017-10-28T12:10:00Z',
        pci=('01',),
    ),
    'alphafold-1113-rtx-pro-4500-runs-on-cpu-only-cuda-12-8-jax-0-6-not-compatible': Backdrop(
        'af2-rtxpro-1113',
        'A10',
        '570.124.06',
        '2026-01-15T11:30:00Z',
        '2026-01-15T12:10:00Z',
        pci=('01',),
    ),
    'deeplabcut-2455-training-on-cpu-tensorflow-could-not-find-cuda-drivers-version-compat': Backdrop(
        'dlc-ws-2455',
        'A10',
        '535.129.03',
        '2023-11-27T11:30:00Z',
        '2023-11-27T12:10:00Z',
        pci=('01',),
    ),
    'alphafold-non-docker-1-gpu-not-found-jaxlib-without-cuda-fixed-with-cuda111-wheel': Backdrop(
        'af2-nodocker-1',
        'A10',
        '470.103.01',
        '2022-04-16T11:30:00Z',
        '2022-04-16T12:10:00Z',
        pci=('01',),
    ),
    'lammps-3348-kokkos-reaxff-lost-atoms-rtx3090-unstable-clocks-card-faulty': Backdrop(
        'lammps-rtx3090-3348',
        'A10',
        '510.73.05',
        '2022-07-15T11:30:00Z',
        '2022-07-15T12:10:00Z',
        pci=('01',),
    ),
    'gpumd-46-cudamemset-error-on-cluster-job-gpu-busy-select-allocated-device': Backdrop(
        'cluster-gpumd-46',
        'A10',
        '440.33.01',
        '2020-01-13T11:30:00Z',
        '2020-01-13T12:10:00Z',
        pci=('01', '02',),
    ),
    'foldingathome-1720-rtx2080ti-bad-work-unit-loop-after-linux-suspend-resume': Backdrop(
        'fah-linux-1720',
        'A10',
        '545.29.06',
        '2024-01-17T11:30:00Z',
        '2024-01-17T12:10:00Z',
        pci=('09',),
    ),
    'g-helper-5340-laptop-nvidia-gpu-43c-awake-at-idle-normal-when-gpu-not-sleeping-benign': Backdrop(
        'asus-laptop-5340',
        'A10',
        '576.52',
        '2026-05-03T11:30:00Z',
        '2026-05-03T12:10:00Z',
        pci=('01',),
    ),
    'fancontrol-1085-nvapi-gpu-not-powered-error-after-wake-from-sleep-harmless-benign': Backdrop(
        'win-fancontrol-1085',
        'A10',
        '516.94',
        '2022-09-06T11:30:00Z',
        '2022-09-06T12:10:00Z',
        pci=('01',),
    ),
    'asus-fan-control-23-fx553vd-laptop-85-86c-at-full-load-in-games-fine-benign': Backdrop(
        'asus-fx553vd-23',
        'A10',
        '440.82',
        '2020-04-25T11:30:00Z',
        '2020-04-25T12:10:00Z',
        pci=('01',),
    ),
    'hashcat-1757-driver-temperature-threshold-met-warning-expected-under-heavier-load-benign': Backdrop(
        'win7-hashcat-1757',
        'A10',
        '416.34',
        '2018-11-04T11:30:00Z',
        '2018-11-04T12:10:00Z',
        pci=('01', '02',),
    ),
    'fancontrol-1615-rtx4090-fans-0-rpm-until-fancontrol-loads-vbios-zero-rpm-normal-benign': Backdrop(
        'win-4090-1615',
        'A10',
        '531.18',
        '2023-03-12T11:30:00Z',
        '2023-03-12T12:10:00Z',
        pci=('01',),
    ),
    'engine-sim-232-rtx3070-screens-black-and-app-crash-on-driver-516-94-revert-to-512-15': Backdrop(
        'win-3070-232',
        'A10',
        '516.94',
        '2022-09-07T11:30:00Z',
        '2022-09-07T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
