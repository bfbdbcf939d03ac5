"""heldout-public-184's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-184/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); hosts, bus numbers and drivers are stand-ins
except where a source prints them (see each case's description: cryodrgn's bus 09 and driver 535.183.01, NBMiner #826's
driver 510.60.02, RFdiffusion #14's driver 510.108.03, Lutris #5533's driver 555.58.02). No case uses extra: no source
quotes an exporter value as a metric sample. The backdrop never points at the cause: flat, healthy values only.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'abfe-40-h100-gromacs-mdrun-not-using-gpu-cuda-and-conda-gmx-incompatible': Backdrop(
        'abfe-h100-ws',
        'A10',
        '550.127.05',
        '2025-01-17T11:30:00Z',
        '2025-01-17T12:10:00Z',
        pci=('01',),
    ),
    'alphafold3-46-flash-attention-triton-unsupported-on-pre-ampere-gpu-generation': Backdrop(
        'af3-singularity-node',
        'A10',
        '550.90.07',
        '2024-11-14T11:30:00Z',
        '2024-11-14T12:10:00Z',
        pci=('01',),
    ),
    'foundry-5-titan-rtx-cuequivariance-fused-kernels-unsupported-named-symbol-not-found': Backdrop(
        'foundry-titanrtx-ws',
        'A10',
        '575.57.08',
        '2025-08-26T11:30:00Z',
        '2025-08-26T12:10:00Z',
        pci=('01',),
    ),
    'rfdiffusion-14-se3nv-env-installs-pytorch-cpu-on-cuda-11-6-driver': Backdrop(
        'rfdiffusion-ws',
        'A10',
        '510.108.03',
        '2023-04-02T11:30:00Z',
        '2023-04-02T12:10:00Z',
        pci=('01',),
    ),
    '3dgs-avatar-22-cuda-oom-on-a800-80gb-distcuda2-bug': Backdrop(
        'gs-avatar-a800',
        'A10',
        '535.161.08',
        '2024-06-12T11:30:00Z',
        '2024-06-12T12:10:00Z',
        pci=('01',),
    ),
    'cryodrgn-403-abinit-het-cuda-oom-rtx2080ti-fixed-by-batch-size-1': Backdrop(
        'cryodrgn-ws',
        'A10',
        '535.183.01',
        '2024-09-20T11:30:00Z',
        '2024-09-20T12:10:00Z',
        pci=('09', '0a'),
    ),
    'mani-gs-2-illegal-memory-access-on-rtx4090-poisson-mesh-cleaning-bug': Backdrop(
        'manigs-4090-ws',
        'A10',
        '550.54.15',
        '2024-07-08T11:30:00Z',
        '2024-07-08T12:10:00Z',
        pci=('01',),
    ),
    'unidock-141-cuda-error-700-illegal-address-grid-buffer-overflow': Backdrop(
        'unidock-ws',
        'A10',
        '550.107.02',
        '2024-09-12T11:30:00Z',
        '2024-09-12T12:10:00Z',
        pci=('01',),
    ),
    'gnina-318-host-memory-grows-until-oom-input-reader-runs-ahead-of-workers': Backdrop(
        'gnina-mint-ws',
        'A10',
        '550.120',
        '2025-04-30T11:30:00Z',
        '2025-04-30T12:10:00Z',
        pci=('01',),
    ),
    'nbminer-17-cuda-out-of-memory-11-gpu-rig-host-ram-too-small': Backdrop(
        'nbminer-celeron-rig',
        'A10',
        '397.93',
        '2018-06-05T11:30:00Z',
        '2018-06-05T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08', '09', '0a', '0b'),
    ),
    'drmd-12-a100-idle-during-openmm-production-md-too-many-cpu-workers': Backdrop(
        'drmd-a100-server',
        'A10',
        '535.183.06',
        '2025-06-30T11:30:00Z',
        '2025-06-30T12:10:00Z',
        pci=('01', '41', '81', 'c1'),
    ),
    'relion-1056-refinement-memory-failure-wrong-gpu-use-option-mapping': Backdrop(
        'relion5-ws',
        'A10',
        '545.23.08',
        '2023-12-27T11:30:00Z',
        '2023-12-27T12:10:00Z',
        pci=('01', '21', '41', '61'),
    ),
    'nicehashminer-300-sixth-gpu-crashes-riser-molex-power-not-seated': Backdrop(
        'nhm-6gpu-rig',
        'A10',
        '385.41',
        '2017-09-11T11:30:00Z',
        '2017-09-11T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06'),
    ),
    'nbminer-826-rtx3070ti-crash-from-high-overclock-stuck-xorg-reboot-needed': Backdrop(
        'walrus',
        'A10',
        '510.60.02',
        '2022-05-08T11:30:00Z',
        '2022-05-08T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'lutris-5533-game-crash-in-gamescope-after-nvidia-555-upgrade-fixed-by-downgrade': Backdrop(
        'endeavour-3080-desktop',
        'A10',
        '555.58.02',
        '2024-07-12T11:30:00Z',
        '2024-07-12T12:10:00Z',
        pci=('01',),
    ),
    'wolf-60-gamescope-vblankmanager-errors-with-nvidia-545-550-fixed-by-535': Backdrop(
        'wolf-streaming-host',
        'A10',
        '545.29.06',
        '2024-02-01T11:30:00Z',
        '2024-02-01T12:10:00Z',
        pci=('01',),
    ),
    'meshroom-886-benign-low-gpu-usage-in-depthmap-is-normal': Backdrop(
        'meshroom-1050ti-pc',
        'A10',
        '442.19',
        '2020-05-08T11:30:00Z',
        '2020-05-08T12:10:00Z',
        pci=('01',),
    ),
    'gomc-93-benign-10pct-gpu-utilisation-small-monte-carlo-system': Backdrop(
        'gomc-ws',
        'A10',
        '390.67',
        '2018-06-01T11:30:00Z',
        '2018-06-01T12:10:00Z',
        pci=('01',),
    ),
    'ethereum-nvidia-miner-35-benign-gtx10-p2-state-not-p0': Backdrop(
        'ethminer-rig',
        'A10',
        '381.22',
        '2017-07-11T11:30:00Z',
        '2017-07-11T12:10:00Z',
        pci=('01',),
    ),
    'lolminer-1851-benign-memory-clock-lock-5001-runs-6000-no-such-state': Backdrop(
        'lolminer-3070m-laptop',
        'A10',
        '528.49',
        '2023-02-06T11:30:00Z',
        '2023-02-06T12:10:00Z',
        pci=('01',),
    ),
    'gpufoam-2-all-mpi-ranks-on-gpu0-of-3x-a30-manual-device-mapping-needed': Backdrop(
        'gpufoam-a30-node',
        'A10',
        '550.144.03',
        '2025-06-19T11:30:00Z',
        '2025-06-19T12:10:00Z',
        pci=('17', '65', 'ca'),
    ),
    'pair-allegro-11-kokkos-4-gpu-device-mismatch-wrong-g-parameter': Backdrop(
        'allegro-4gpu-node',
        'A10',
        '525.60.13',
        '2023-01-06T11:30:00Z',
        '2023-01-06T12:10:00Z',
        pci=('1b', '1c', '1d', '1e'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
