"""heldout-public-471's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-471/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description); every
host name is a stand-in (no source prints one); every case is modelled as one GPU (no source shows more than one GPU
taking part); bus numbers are stand-ins 01 (no source prints a bus id for the failing GPU); the driver (550.144.03) is the
same stand-in for every case, so the version carries no signal. No case uses extra: no source quotes an exporter value
as a metric sample. The backdrop never points at the cause: flat, healthy metrics for every case.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'comfyui-4258-flux-schnell-crashes-on-rtx-4070ti-super-fixed-by-older-driver-551-23': Backdrop(
        'comfy-ws-02',
        'A10',
        '550.144.03',
        '2024-08-10T11:30:00Z',
        '2024-08-10T12:10:00Z',
        pci=('01',),
    ),
    'comfyui-5175-flux-load-disconnects-process-killed-host-ram-32gb-insufficient': Backdrop(
        'comfy-ws-01',
        'A10',
        '550.144.03',
        '2024-10-07T11:30:00Z',
        '2024-10-07T12:10:00Z',
        pci=('01',),
    ),
    'fluxgym-40-flux-lora-training-cuda-oom-gpu-memory-insufficient-fp8-model-fixed': Backdrop(
        'fluxgym-ws-01',
        'A10',
        '550.144.03',
        '2024-09-09T11:30:00Z',
        '2024-09-09T12:10:00Z',
        pci=('01',),
    ),
    'frankendriver-61-windows-code-43-gpu-not-initialised-faulty-card-suspected': Backdrop(
        'win-desktop-01',
        'A10',
        '550.144.03',
        '2024-10-14T11:30:00Z',
        '2024-10-14T12:10:00Z',
        pci=('01',),
    ),
    'kohya-ss-3031-runpod-pytorch-2-0-1-template-libnvrtc-so-12-missing-flux-lora': Backdrop(
        'runpod-pod-01',
        'A10',
        '550.144.03',
        '2025-01-01T11:30:00Z',
        '2025-01-01T12:10:00Z',
        pci=('01',),
    ),
    'mobileagent-60-torch-not-compiled-with-cuda-cpu-build-of-torch-installed-zh': Backdrop(
        'win-gpu-01',
        'A10',
        '550.144.03',
        '2024-09-13T11:30:00Z',
        '2024-09-13T12:10:00Z',
        pci=('01',),
    ),
    'ollama-4242-docker-ollama-not-using-gpu-driver-state-fixed-by-host-reboot': Backdrop(
        'ollama-docker-02',
        'A10',
        '550.144.03',
        '2024-05-08T11:30:00Z',
        '2024-05-08T12:10:00Z',
        pci=('01',),
    ),
    'ollama-6382-gemma2-27b-cuda-oom-on-first-prompt-too-many-layers-offloaded-to-vram': Backdrop(
        'ollama-win-01',
        'A10',
        '550.144.03',
        '2024-08-15T11:30:00Z',
        '2024-08-15T12:10:00Z',
        pci=('01',),
    ),
    'ppllava-1-nvidia-driver-too-old-found-11070-torch-2-needs-cuda-11-8': Backdrop(
        'gpu-ws-01',
        'A10',
        '550.144.03',
        '2024-11-07T11:30:00Z',
        '2024-11-07T12:10:00Z',
        pci=('01',),
    ),
    'storyteller-22-torch-not-compiled-with-cuda-cpu-only-pytorch-suspected': Backdrop(
        'gpu-ws-02',
        'A10',
        '550.144.03',
        '2024-02-11T11:30:00Z',
        '2024-02-11T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
