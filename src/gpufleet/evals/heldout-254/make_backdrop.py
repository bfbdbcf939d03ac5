"""heldout-public-254's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-254/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except devfair0317 and orodruin, which the evidence prints), bus numbers (no source prints one: 01 for one
GPU, 01 and 02 for two) and the driver (550.144.03, the same for every case) are stand-ins. No case uses extra: no
source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'mcmicro-209-singularity-containall-drops-slurm-cuda-visible-devices-container-gpu-selection': Backdrop(
        'o2-gpu-node',
        'A10',
        '550.144.03',
        '2020-09-28T11:30:00Z',
        '2020-09-28T12:10:00Z',
        pci=('01', '02'),
    ),
    'pytorch-80637-pip-cu113-wheel-loads-older-cudnn-from-ld-library-path-runpath': Backdrop(
        'devfair0317',
        'A10',
        '550.144.03',
        '2022-06-30T11:30:00Z',
        '2022-06-30T12:10:00Z',
        pci=('01',),
    ),
    'alan-cluster-57-conda-cudatoolkit-11-3-and-pip-jax-too-new-for-cluster-cuda-11-0-driver': Backdrop(
        'alan-gpu-node',
        'A10',
        '550.144.03',
        '2022-10-02T11:30:00Z',
        '2022-10-02T12:10:00Z',
        pci=('01',),
    ),
    'wsl-8274-image-committed-from-wsl2-gpu-container-carries-empty-libcuda-libnvidia-ml-on-k8s': Backdrop(
        'k8s-gpu-server',
        'A10',
        '550.144.03',
        '2022-04-12T11:30:00Z',
        '2022-04-12T12:10:00Z',
        pci=('01',),
    ),
    'docker-snap-148-snap-docker-nvidia-support-ubuntu-core-only-libnvidia-ml-load-failed-classic': Backdrop(
        'ubuntu2204-server',
        'A10',
        '550.144.03',
        '2023-07-26T11:30:00Z',
        '2023-07-26T12:10:00Z',
        pci=('01',),
    ),
    'docker-snap-180-snap-docker-unknown-runtime-nvidia-fixed-by-updating-snap-and-system': Backdrop(
        'orodruin',
        'A10',
        '550.144.03',
        '2024-09-03T11:30:00Z',
        '2024-09-03T12:10:00Z',
        pci=('01',),
    ),
    'nix-stable-diffusion-14-nix-flake-overlay-typo-torch-built-without-cuda-gpu-unused': Backdrop(
        'nixos-sd-workstation',
        'A10',
        '550.144.03',
        '2022-12-03T11:30:00Z',
        '2022-12-03T12:10:00Z',
        pci=('01',),
    ),
    'guix-science-nonfree-27-guix-cuda-toolkit-package-not-found-by-jax-torch-tensorflow-preload': Backdrop(
        'guix-workstation',
        'A10',
        '550.144.03',
        '2024-10-06T11:30:00Z',
        '2024-10-06T12:10:00Z',
        pci=('01',),
    ),
    'test-infra-4567-conda-falls-back-to-cpu-pytorch-build-when-cuda-builds-missing-nightly': Backdrop(
        'conda-nightly-host',
        'A10',
        '550.144.03',
        '2023-09-12T11:30:00Z',
        '2023-09-12T12:10:00Z',
        pci=('01',),
    ),
    'cloudml-samples-451-pytorch-custom-container-dataloader-bus-error-shm-too-small-v100': Backdrop(
        'ai-platform-v100-trainer',
        'A10',
        '550.144.03',
        '2019-08-21T11:30:00Z',
        '2019-08-21T12:10:00Z',
        pci=('01',),
    ),
    'physical-ai-studio-312-compose-without-gpu-reservation-container-unaware-of-nvidia-gpu': Backdrop(
        'remote-gpu-server',
        'A10',
        '550.144.03',
        '2026-03-05T11:30:00Z',
        '2026-03-05T12:10:00Z',
        pci=('01',),
    ),
    'docker-diffusers-api-runpod-2-cpu-only-no-gpu-detected-during-docker-build-informational-benign': Backdrop(
        'lambda-gpu-build-server',
        'A10',
        '550.144.03',
        '2023-06-10T11:30:00Z',
        '2023-06-10T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
