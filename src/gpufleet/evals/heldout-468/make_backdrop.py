"""heldout-public-468's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-468/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description); every
host name is a stand-in (no source prints one); GPU counts follow the source (8 for the 8x A100 node, 4 for the 4x V100
machine and the Kubernetes GPU node, 1 otherwise); bus numbers are stand-ins 01..N (no source prints a bus id); the driver
(550.144.03) is the same stand-in for every case, so the version carries no signal. No case uses extra: no source quotes
an exporter value as a metric sample. The backdrop never points at the cause: flat, healthy metrics for every case.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'voice-cloning-app-60-rtx-a6000-sm86-not-in-pytorch-build-fixed-by-cuda-11-1-release': Backdrop(
        'a6000-ws-01',
        'A10',
        '550.144.03',
        '2021-08-09T11:30:00Z',
        '2021-08-09T12:10:00Z',
        pci=('01',),
    ),
    'metabin-15-rtx-3060-sm86-incompatible-pytorch-fixed-by-torch-1-10-1': Backdrop(
        'rtx3060-ws-01',
        'A10',
        '550.144.03',
        '2021-12-11T11:30:00Z',
        '2021-12-11T12:10:00Z',
        pci=('01',),
    ),
    'pytorch-52288-rtx-a6000-sm86-needs-cuda-11-build-of-pytorch': Backdrop(
        'a6000-ws-02',
        'A10',
        '550.144.03',
        '2021-02-16T11:30:00Z',
        '2021-02-16T12:10:00Z',
        pci=('01',),
    ),
    'negativo17-116-nvidia-smi-cannot-reach-driver-after-495-update-downgrade-to-470-82-fixes': Backdrop(
        'fedora-ws-01',
        'A10',
        '550.144.03',
        '2021-11-08T11:30:00Z',
        '2021-11-08T12:10:00Z',
        pci=('01',),
    ),
    'aphantasia-22-cuda-oom-on-gpu0-6gb-batch-too-large-reduced-samples': Backdrop(
        'ws-6gb-01',
        'A10',
        '550.144.03',
        '2021-05-15T11:30:00Z',
        '2021-05-15T12:10:00Z',
        pci=('01',),
    ),
    'improved-diffusion-3-4x-v100-16gb-oom-above-batch-4-expected-for-model-size': Backdrop(
        'v100x4-01',
        'A10',
        '550.144.03',
        '2021-05-28T11:30:00Z',
        '2021-05-28T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'k8s-device-plugin-248-nvidia-smi-stuck-in-d-state-in-containers-fixed-by-persistence-mode': Backdrop(
        'k8s-gpu-01',
        'A10',
        '550.144.03',
        '2021-05-17T11:30:00Z',
        '2021-05-17T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'jax-7760-jax-does-not-find-gpu-pip-constraint-conflict-installs-wrong-jaxlib': Backdrop(
        'jax-ws-01',
        'A10',
        '550.144.03',
        '2021-08-30T11:30:00Z',
        '2021-08-30T12:10:00Z',
        pci=('01',),
    ),
    'deepcell-tf-574-rtx-a5000-driver-495-libcusolver-missing-gpu-registration-skipped': Backdrop(
        'a5000-ws-01',
        'A10',
        '550.144.03',
        '2022-01-10T11:30:00Z',
        '2022-01-10T12:10:00Z',
        pci=('01',),
    ),
    'cml-654-tensorflow-gpu-libraries-not-found-runner-image-cuda-version-vs-tensorflow': Backdrop(
        'cml-runner-01',
        'A10',
        '550.144.03',
        '2021-07-12T11:30:00Z',
        '2021-07-12T12:10:00Z',
        pci=('01',),
    ),
    'nvidia-docker-1549-debian11-cgroupv2-nvml-unknown-error-in-containers': Backdrop(
        'debian11-gpu-01',
        'A10',
        '550.144.03',
        '2021-09-22T11:30:00Z',
        '2021-09-22T12:10:00Z',
        pci=('01',),
    ),
    'pytorch-68735-ddp-nccl-2-10-3-fails-on-8x-a100-suspected-nccl-p2p-topology': Backdrop(
        'a100x8-01',
        'A10',
        '550.144.03',
        '2022-01-12T11:30:00Z',
        '2022-01-12T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
