"""heldout-public-208's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-208/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list; the real hardware is named in each case's
description); hosts and bus numbers are stand-ins, and so are the drivers except two that the sources print (577.03 in
janus-gpusetup-..., 580.126.09 in legion-419-...). No case uses extra: no source quotes an exporter value as a metric
sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'jdftx-193-gpu-build-no-kernel-image-arch-flag-not-passed-to-compiler': Backdrop(
        'hpc-jdftx-gpu01',
        'A10',
        '470.82.01',
        '2021-11-26T11:30:00Z',
        '2021-11-26T12:10:00Z',
        pci=('01',),
    ),
    'jade-31-gromacs-2018-gpus-not-detected-cuda-runtime-version-mismatch': Backdrop(
        'jade-dgx1-node',
        'A10',
        '384.111',
        '2018-01-26T11:30:00Z',
        '2018-01-26T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'tomotwin-3-install-cudatoolkit-conflicts-cuda-10-2-driver-too-old': Backdrop(
        'cryoet-ws01',
        'A10',
        '440.100',
        '2022-10-20T11:30:00Z',
        '2022-10-20T12:10:00Z',
        pci=('01',),
    ),
    'wangfeng-3dgs-5-gpu-memory-grows-until-oom-ssim-bug-fixed-by-torchmetrics-upgrade': Backdrop(
        'gsplat-a6000-ws',
        'A10',
        '525.125.06',
        '2023-06-26T11:30:00Z',
        '2023-06-26T12:10:00Z',
        pci=('01',),
    ),
    'ed3dgs-7-training-runs-out-of-memory-excessive-number-of-gaussians': Backdrop(
        'ed3dgs-trainer',
        'A10',
        '550.107.02',
        '2024-09-12T11:30:00Z',
        '2024-09-12T12:10:00Z',
        pci=('01',),
    ),
    'kilosort-670-ks4-cuda-out-of-memory-cache-not-emptied-between-phases': Backdrop(
        'ephys-sorter-pc',
        'A10',
        '551.86',
        '2024-04-25T11:30:00Z',
        '2024-04-25T12:10:00Z',
        pci=('01',),
    ),
    'kilosort-216-eig-on-gpu-out-of-memory-very-long-recordings': Backdrop(
        'ephys-1080-ws',
        'A10',
        '450.51.05',
        '2020-07-14T11:30:00Z',
        '2020-07-14T12:10:00Z',
        pci=('01',),
    ),
    'janus-gpusetup-rtx4050-laptop-training-on-cpu-cpu-only-pytorch-wheel': Backdrop(
        'janus-laptop-rtx4050',
        'A10',
        '577.03',
        '2025-10-26T11:30:00Z',
        '2025-10-26T12:10:00Z',
        pci=('01',),
    ),
    'topaz-216-cryosparc-denoise-no-cuda-setdevice-pytorch-without-cuda': Backdrop(
        'cryosparc-worker',
        'A10',
        '550.120',
        '2025-01-05T11:30:00Z',
        '2025-01-05T12:10:00Z',
        pci=('01',),
    ),
    'nnunet-1884-gpu-utilization-drops-to-zero-cpu-or-io-bottleneck': Backdrop(
        'nnunet-4x1080ti',
        'A10',
        '535.146.02',
        '2024-01-10T11:30:00Z',
        '2024-01-10T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'openmvs-298-depth-map-fusion-killed-not-enough-ram-swap-fixed': Backdrop(
        'mvs-recon-01',
        'A10',
        '390.25',
        '2018-02-09T11:30:00Z',
        '2018-02-09T12:10:00Z',
        pci=('01',),
    ),
    'openmvs-600-densifypointcloud-killed-out-of-memory-751-images': Backdrop(
        'mvs-instance-8c',
        'A10',
        '450.51.05',
        '2020-07-27T11:30:00Z',
        '2020-07-27T12:10:00Z',
        pci=('01',),
    ),
    'openmvs-662-refinemesh-killed-when-swap-full-lower-resolution-fixed': Backdrop(
        'mvs-refine-ws',
        'A10',
        '525.116.04',
        '2023-05-12T11:30:00Z',
        '2023-05-12T12:10:00Z',
        pci=('01',),
    ),
    'gacopl-nicehashminer-12-gtx1080-only-p2-state-pascal-pstate-not-settable-benign': Backdrop(
        'mining-rig-gtx1080',
        'A10',
        '382.53',
        '2017-06-25T11:30:00Z',
        '2017-06-25T12:10:00Z',
        pci=('01',),
    ),
    'mangohud-1736-rtx5090-power-throttle-flag-is-sw-power-cap-benign': Backdrop(
        'gaming-desktop-5090',
        'A10',
        '580.82.07',
        '2025-09-03T11:30:00Z',
        '2025-09-03T12:10:00Z',
        pci=('01',),
    ),
    'legion-585-cpu-400mhz-and-gpu-clamped-12w-ec-asserting-bd-prochot': Backdrop(
        'legion-laptop-585',
        'A10',
        '580.82.09',
        '2026-09-17T11:30:00Z',
        '2026-09-17T12:10:00Z',
        pci=('01',),
    ),
    'legion-419-laptop-gpu-power-stuck-80w-nvidia-powerd-not-installed': Backdrop(
        'legion-pro7-4090',
        'A10',
        '580.126.09',
        '2026-04-09T11:30:00Z',
        '2026-04-09T12:10:00Z',
        pci=('01',),
    ),
    'legion-492-loq-gpu-thermal-throttling-fans-not-controllable-from-linux': Backdrop(
        'loq-15iax9e',
        'A10',
        '580.95.05',
        '2026-08-14T11:30:00Z',
        '2026-08-14T12:10:00Z',
        pci=('01',),
    ),
    'kilosort-743-ks4-clustering-gpu-idle-in-task-manager-not-a-gpu-usage-measure-benign': Backdrop(
        'ephys-a2000-server',
        'A10',
        '556.12',
        '2024-07-24T11:30:00Z',
        '2024-07-24T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
