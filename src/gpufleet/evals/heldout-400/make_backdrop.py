"""heldout-public-400's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-400/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (no evidence prints a usable host name), GPU counts (one per case), bus numbers (01) and the driver
(550.144.03, the same for every case) are stand-ins. No case uses extra: no source quotes an exporter value
as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'runpodctl-253-runpod-pod-container-fails-to-start-host-driver-older-than-image-cuda': Backdrop(
        'runpod-pod-01',
        'A10',
        '550.144.03',
        '2026-03-11T11:30:00Z',
        '2026-03-11T12:10:00Z',
        pci=('01',),
    ),
    'tenferro-1411-runpod-rtx4090-host-driver-550-cuda-12-4-rejects-nvrtc-12-8-ptx': Backdrop(
        'runpod-4090-01',
        'A10',
        '550.144.03',
        '2026-07-18T11:30:00Z',
        '2026-07-18T12:10:00Z',
        pci=('01',),
    ),
    'kaggle-1546-kaggle-p100-default-image-pytorch-has-no-sm60-kernels-training-fails': Backdrop(
        'kaggle-kernel',
        'A10',
        '550.144.03',
        '2026-03-20T11:30:00Z',
        '2026-03-20T12:10:00Z',
        pci=('01',),
    ),
    'joepenna-39-runpod-dreambooth-cuda-oom-template-webui-processes-hold-gpu-memory': Backdrop(
        'runpod-pod-02',
        'A10',
        '550.144.03',
        '2022-10-05T11:30:00Z',
        '2022-10-05T12:10:00Z',
        pci=('01',),
    ),
    'colab-1292-colab-status-bar-memory-differs-from-nvidia-smi-system-ram-vs-gpu-ram-benign': Backdrop(
        'colab-vm',
        'A10',
        '550.144.03',
        '2020-05-30T11:30:00Z',
        '2020-05-30T12:10:00Z',
        pci=('01',),
    ),
    'accelerate-1394-runpod-4090-inference-cpu-bottlenecked-low-single-core-epyc-host': Backdrop(
        'runpod-4090-02',
        'A10',
        '550.144.03',
        '2023-05-18T11:30:00Z',
        '2023-05-18T12:10:00Z',
        pci=('01',),
    ),
    'colab-5085-colab-runtime-upgraded-to-cuda-12-5-openpose-breaks-fallback-runtime': Backdrop(
        'colab-vm',
        'A10',
        '550.144.03',
        '2025-02-02T11:30:00Z',
        '2025-02-02T12:10:00Z',
        pci=('01',),
    ),
    'evobind-11-colab-xla-gemm-algorithm-picker-fails-after-google-cuda-update': Backdrop(
        'colab-vm',
        'A10',
        '550.144.03',
        '2024-01-17T11:30:00Z',
        '2024-01-17T12:10:00Z',
        pci=('01',),
    ),
    'colab-5729-colab-gpu-runtime-consumes-compute-units-while-idle-expected-benign': Backdrop(
        'colab-vm',
        'A10',
        '550.144.03',
        '2025-11-23T11:30:00Z',
        '2025-11-23T12:10:00Z',
        pci=('01',),
    ),
    'hf-anzorq-88-hf-space-gpu-reassigned-by-platform-bug-space-ran-on-cpu-and-errored': Backdrop(
        'hf-space-finetuned-diffusion',
        'A10',
        '550.144.03',
        '2023-01-01T11:30:00Z',
        '2023-01-01T12:10:00Z',
        pci=('01',),
    ),
    'hf-lambdalabs-11-duplicated-space-cuda-oom-on-t4-needs-a10g-large': Backdrop(
        'hf-space-image-mixer',
        'A10',
        '550.144.03',
        '2023-01-01T11:30:00Z',
        '2023-01-01T12:10:00Z',
        pci=('01',),
    ),
    'hf-walmart-7-zerogpu-space-memory-limit-exceeded-64gi-after-platform-change': Backdrop(
        'hf-space-phi3-medium',
        'A10',
        '550.144.03',
        '2023-01-01T11:30:00Z',
        '2023-01-01T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
