"""heldout-public-469's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-469/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description); every
host name is a stand-in (no source prints one); GPU counts follow the source (2 for the two-GPU machine of
CompVis/stable-diffusion#87, 1 otherwise); bus numbers are stand-ins 01..N (no source prints a bus id); the driver
(550.144.03) is the same stand-in for every case, so the version carries no signal. No case uses extra: no source quotes
an exporter value as a metric sample. The backdrop never points at the cause: flat, healthy metrics for every case.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'wzmiaomiao-dlip-545-nccl-unhandled-system-error-school-hpc-version-mismatch-suspected-zh': Backdrop(
        'hpc-gpu-01',
        'A10',
        '550.144.03',
        '2022-04-30T11:30:00Z',
        '2022-04-30T12:10:00Z',
        pci=('01',),
    ),
    'latent-diffusion-102-rtx3090-sm86-not-compatible-pytorch-build-without-sm86': Backdrop(
        'ws-3090-01',
        'A10',
        '550.144.03',
        '2022-07-09T11:30:00Z',
        '2022-07-09T12:10:00Z',
        pci=('01',),
    ),
    'fast-stable-diffusion-2-colab-no-kernel-image-stale-install-in-gdrive-fixed-notebook': Backdrop(
        'colab-vm-01',
        'A10',
        '550.144.03',
        '2022-09-23T11:30:00Z',
        '2022-09-23T12:10:00Z',
        pci=('01',),
    ),
    'stable-diffusion-86-gtx1080ti-cuda-oom-gpu0-txt2img-defaults-too-large-for-11gb': Backdrop(
        'ws-1080ti-01',
        'A10',
        '550.144.03',
        '2022-08-25T11:30:00Z',
        '2022-08-25T12:10:00Z',
        pci=('01',),
    ),
    'stable-diffusion-66-default-n-samples-3-oom-on-11-12gb-cards-batch-1-fits': Backdrop(
        'ws-3060-01',
        'A10',
        '550.144.03',
        '2022-08-23T11:30:00Z',
        '2022-08-23T12:10:00Z',
        pci=('01',),
    ),
    'dreambooth-sd-18-finetune-oom-gpu0-24gb-not-enough-gradient-checkpointing-disabled': Backdrop(
        'ws-24gb-01',
        'A10',
        '550.144.03',
        '2022-09-15T11:30:00Z',
        '2022-09-15T12:10:00Z',
        pci=('01',),
    ),
    'easydiffusion-289-defaultcpuallocator-not-enough-memory-pc-ram-too-small': Backdrop(
        'win-pc-01',
        'A10',
        '550.144.03',
        '2022-10-06T11:30:00Z',
        '2022-10-06T12:10:00Z',
        pci=('01',),
    ),
    'mmdetection-6993-dataloader-bus-error-insufficient-shm-without-docker-enlarge-system-shm': Backdrop(
        'train-01',
        'A10',
        '550.144.03',
        '2022-01-12T11:30:00Z',
        '2022-01-12T12:10:00Z',
        pci=('01',),
    ),
    'joepenna-dreambooth-15-runpod-training-killed-template-webui-processes-still-running': Backdrop(
        'runpod-pod-01',
        'A10',
        '550.144.03',
        '2022-09-30T11:30:00Z',
        '2022-09-30T12:10:00Z',
        pci=('01',),
    ),
    'fast-stable-diffusion-1103-colab-no-cuda-gpus-available-check-a-gpu-was-assigned': Backdrop(
        'colab-vm-02',
        'A10',
        '550.144.03',
        '2022-12-21T11:30:00Z',
        '2022-12-21T12:10:00Z',
        pci=('01',),
    ),
    'sd-webui-4414-laptop-mx450-not-used-participant-says-select-device-id': Backdrop(
        'laptop-envy-01',
        'A10',
        '550.144.03',
        '2022-11-07T11:30:00Z',
        '2022-11-07T12:10:00Z',
        pci=('01',),
    ),
    'stable-diffusion-87-second-gpu-tensors-on-cuda0-and-cuda1-use-cuda-visible-devices': Backdrop(
        'ws-2gpu-01',
        'A10',
        '550.144.03',
        '2022-08-25T11:30:00Z',
        '2022-08-25T12:10:00Z',
        pci=('01', '02'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
