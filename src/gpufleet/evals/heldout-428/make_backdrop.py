"""heldout-public-428's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-428/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description); no
source prints a host name, so every host is a stand-in; GPU counts follow the source where it gives one (2 for the
FastFold run with nproc_per_node=2, 4 A40s for Uni-Dock, 8 for the dorado cuda:0..7 run) and are a single GPU
otherwise; bus numbers 01.. are stand-ins (no source prints a bus id); the driver (550.144.03) is the same stand-in
for every case. No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never points
at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'methylseq-528-parabricks-fq2bammeth-fails-with-cpu-oom-72gb-host-ram-needs-100gb-plus': Backdrop(
        'nfcore-gpu-node',
        'A10',
        '550.144.03',
        '2025-05-15T11:30:00Z',
        '2025-05-15T12:10:00Z',
        pci=('01',),
    ),
    'cellpose-809-torch-cuda-not-installed-message-on-cpu-only-mac-expected-benign': Backdrop(
        'mac-laptop-cellpose',
        'A10',
        '550.144.03',
        '2023-11-02T11:30:00Z',
        '2023-11-02T12:10:00Z',
        pci=('01',),
    ),
    'dlc-1483-deeplabcut-trains-on-cpu-only-conda-env-missing-cudnn-cudatoolkit': Backdrop(
        'win10-dlc-ws',
        'A10',
        '550.144.03',
        '2021-08-25T11:30:00Z',
        '2021-08-25T12:10:00Z',
        pci=('01',),
    ),
    'pbwdl-5-parabricks-could-not-find-accessible-gpus-gpu-under-15gb-needs-low-memory-flag': Backdrop(
        'terra-gpu-vm',
        'A10',
        '550.144.03',
        '2023-10-13T11:30:00Z',
        '2023-10-13T12:10:00Z',
        pci=('01',),
    ),
    'stardist-51-stardist-3d-training-uses-330mib-of-gpu-tensorflow-not-using-gpu': Backdrop(
        'gtx1660-ws',
        'A10',
        '550.144.03',
        '2020-05-07T11:30:00Z',
        '2020-05-07T12:10:00Z',
        pci=('01',),
    ),
    'fastfold-37-fastfold-inference-cuda-oom-77gib-request-on-a100-fixed-by-chunk-size': Backdrop(
        'a100-fastfold',
        'A10',
        '550.144.03',
        '2022-07-29T11:30:00Z',
        '2022-07-29T12:10:00Z',
        pci=('01', '02'),
    ),
    'esm-49-esm-sequence-over-1022-residues-device-side-assert-poisons-gpu-context': Backdrop(
        'rtx8000-esm',
        'A10',
        '550.144.03',
        '2021-03-03T11:30:00Z',
        '2021-03-03T12:10:00Z',
        pci=('01',),
    ),
    'saw-157-stomics-saw-gpu-id-not-available-nvidia-driver-not-installed': Backdrop(
        'saw-server',
        'A10',
        '550.144.03',
        '2024-10-12T11:30:00Z',
        '2024-10-12T12:10:00Z',
        pci=('01',),
    ),
    'unidock-21-uni-dock-parallel-runs-devices-unavailable-all-on-one-gpu-set-cuda-visible-devices': Backdrop(
        'a40x4-dock',
        'A10',
        '550.144.03',
        '2023-08-23T11:30:00Z',
        '2023-08-23T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'nnunet-1387-nnunet-brats-low-gpu-use-slow-epochs-data-augmentation-cpu-bound': Backdrop(
        'rtx5000-nnunet',
        'A10',
        '550.144.03',
        '2023-04-07T11:30:00Z',
        '2023-04-07T12:10:00Z',
        pci=('01',),
    ),
    'monailabel-616-monai-label-multilabel-512x512-training-cuda-oom-32gb-gpu-too-small': Backdrop(
        'monailabel-32gb',
        'A10',
        '550.144.03',
        '2022-03-04T11:30:00Z',
        '2022-03-04T12:10:00Z',
        pci=('01',),
    ),
    'monailabel-1489-monai-label-deepedit-numpy-memoryerror-cachedataset-exhausts-memory': Backdrop(
        'monailabel-deepedit',
        'A10',
        '550.144.03',
        '2023-07-14T11:30:00Z',
        '2023-07-14T12:10:00Z',
        pci=('01',),
    ),
    'dorado-59-dorado-no-kernel-image-gtx-1050-ti-pascal-below-minimum-supported-architecture': Backdrop(
        'ubuntu-1050ti',
        'A10',
        '550.144.03',
        '2022-12-14T11:30:00Z',
        '2022-12-14T12:10:00Z',
        pci=('01',),
    ),
    'bonito-93-bonito-basecaller-cuda-oom-on-6gb-gpu-default-batch-needs-8gb': Backdrop(
        'bonito-6gb',
        'A10',
        '550.144.03',
        '2020-12-11T11:30:00Z',
        '2020-12-11T12:10:00Z',
        pci=('01',),
    ),
    'monai-1791-cucim-cufiledriver-cannot-be-open-falls-back-to-posix-io-expected-benign': Backdrop(
        'monai-ci-gpu',
        'A10',
        '550.144.03',
        '2021-03-17T11:30:00Z',
        '2021-03-17T12:10:00Z',
        pci=('01',),
    ),
    'cellpose-218-cellpose-low-gpu-use-mask-computation-cpu-bound-quality-control-step': Backdrop(
        'cellpose-gpu-ws',
        'A10',
        '550.144.03',
        '2021-03-08T11:30:00Z',
        '2021-03-08T12:10:00Z',
        pci=('01',),
    ),
    'dlc-2639-deeplabcut-3-minimal-gpu-usage-in-task-manager-gpus-are-being-used-benign': Backdrop(
        'rtx4090-dlc',
        'A10',
        '550.144.03',
        '2024-10-24T11:30:00Z',
        '2024-10-24T12:10:00Z',
        pci=('01',),
    ),
    'proteinfold-281-nf-core-proteinfold-singularity-apptainer-nv-flag-not-set-no-gpu-in-container': Backdrop(
        'proteinfold-gpu',
        'A10',
        '550.144.03',
        '2025-03-28T11:30:00Z',
        '2025-03-28T12:10:00Z',
        pci=('01',),
    ),
    'bacter-30-beast-bacter-module-runs-on-cpu-no-gpu-implementation-by-design': Backdrop(
        'beast-gpu-ws',
        'A10',
        '550.144.03',
        '2021-08-01T11:30:00Z',
        '2021-08-01T12:10:00Z',
        pci=('01',),
    ),
    'cellbender-161-cellbender-cuda-flag-on-machine-without-nvidia-gpu-trying-to-use-cuda': Backdrop(
        'cellbender-ws',
        'A10',
        '550.144.03',
        '2022-10-24T11:30:00Z',
        '2022-10-24T12:10:00Z',
        pci=('01',),
    ),
    'dorado-283-dorado-8-gpu-basecalling-killed-slurm-cgroup-oom-kill-host-memory': Backdrop(
        'slurm-8gpu-node',
        'A10',
        '550.144.03',
        '2023-07-05T11:30:00Z',
        '2023-07-05T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
