"""heldout-public-163's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-163/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); hosts, bus numbers and drivers are stand-ins
(no source prints a driver version; see each case's description). No case uses extra: no source quotes an exporter
value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'ciesta-fixgpuissue-rtx3050-torch-cu121-not-detecting-gpu-cuda-13-version-mismatch': Backdrop(
        'win-ciesta-rtx3050',
        'A10',
        '580.88',
        '2025-11-09T11:30:00Z',
        '2025-11-09T12:10:00Z',
        pci=('01',),
    ),
    'visempar-oomfixfinal-3b-fp16-lora-training-cuda-oom-on-24gb-gpu-model-too-large': Backdrop(
        'visempar-train-server',
        'A10',
        '550.127.05',
        '2025-12-24T11:30:00Z',
        '2025-12-24T12:10:00Z',
        pci=('01',),
    ),
    'yolocaptcha-fixgpumemory-a100-80gb-oom-78gib-held-by-crashed-zombie-training-process': Backdrop(
        'yolo-a100-trainer',
        'A10',
        '535.183.01',
        '2025-11-05T11:30:00Z',
        '2025-11-05T12:10:00Z',
        pci=('01',),
    ),
    'yolocaptcha-solusisharedmemory-a100-yolov8-dataloader-bus-error-dev-shm-full': Backdrop(
        'yolo-a100-trainer-shm',
        'A10',
        '535.183.01',
        '2025-11-05T11:30:00Z',
        '2025-11-05T12:10:00Z',
        pci=('01',),
    ),
    'matrimal-gpusetup-dqn-backend-training-on-cpu-pytorch-cpu-build-disk-too-small-for-cuda-wheel': Backdrop(
        'win-matrimal-backend',
        'A10',
        '522.06',
        '2025-10-17T11:30:00Z',
        '2025-10-17T12:10:00Z',
        pci=('01',),
    ),
    'harrunisk-overheating-ubuntu-gpu-65-75c-at-light-load-powermizer-forcing-max-performance-benign': Backdrop(
        'ubuntu1604-harrunisk-pc',
        'A10',
        '384.111',
        '2018-01-17T11:30:00Z',
        '2018-01-17T12:10:00Z',
        pci=('01',),
    ),
    'gptoss-gpusetupfix-6gb-gpu-unused-finetuning-on-cpu-pytorch-2-8-0-cpu-only-build': Backdrop(
        'win-gptoss-gtx1660s',
        'A10',
        '581.29',
        '2025-10-01T11:30:00Z',
        '2025-10-01T12:10:00Z',
        pci=('01',),
    ),
    'gptoss-gpuproblemsolution-gemma3-cuda-assertion-errors-in-generation-transformers-import-bug': Backdrop(
        'win-gptoss-gtx1660s-gen',
        'A10',
        '581.29',
        '2025-10-01T11:30:00Z',
        '2025-10-01T12:10:00Z',
        pci=('01',),
    ),
    'game1-gpusetup-rtx4070-dqn-training-on-cpu-no-cuda-pytorch-for-python-3-13': Backdrop(
        'win-game1-rtx4070',
        'A10',
        '581.57',
        '2025-12-18T11:30:00Z',
        '2025-12-18T12:10:00Z',
        pci=('01',),
    ),
    'omnimind-analiseparalelizacao-gtx1650-parallel-workers-killed-by-memory-overhead-on-linux': Backdrop(
        'kali-omnimind-gtx1650',
        'A10',
        '550.163.01',
        '2025-12-13T11:30:00Z',
        '2025-12-13T12:10:00Z',
        pci=('01',),
    ),
    'visempar-fixbitsandbytes-rtx6000-server-4bit-lora-fails-bitsandbytes-built-for-other-cuda': Backdrop(
        'visempar-train-server',
        'A10',
        '520.61.05',
        '2025-12-24T11:30:00Z',
        '2025-12-24T12:10:00Z',
        pci=('01',),
    ),
    'yolocaptcha-finalfixmemory-a100-80gb-yolov8x-1280-multiscale-batch32-still-cuda-oom': Backdrop(
        'yolo-a100-trainer-final',
        'A10',
        '535.183.01',
        '2025-11-05T11:30:00Z',
        '2025-11-05T12:10:00Z',
        pci=('01',),
    ),
    'ytcaption-gpustatus-proxmox-lxc-rtx3090-pytorch-error-803-old-cuda-compat-libcuda-in-image': Backdrop(
        'pve-lxc-audio-voice',
        'A10',
        '550.163.01',
        '2025-11-29T11:30:00Z',
        '2025-11-29T12:10:00Z',
        pci=('01',),
    ),
    'vllmchat-erroacessogpu-docker-desktop-vm-no-nvidia-runtime-could-not-select-device-driver-gpu': Backdrop(
        'ubuntu2404-vllm-docker',
        'A10',
        '570.133.07',
        '2026-02-14T11:30:00Z',
        '2026-02-14T12:10:00Z',
        pci=('01',),
    ),
    'ocrdeepseek-fixcudaerror-24gb-gpu-masked-scatter-assertion-on-1280px-images-model-code-bug': Backdrop(
        'ocr-deepseek-gpu24',
        'A10',
        '550.127.05',
        '2025-12-27T11:30:00Z',
        '2025-12-27T12:10:00Z',
        pci=('01',),
    ),
    'seqrerank-gpuutilizationanalysis-kaggle-t4-low-gpu-util-sequential-per-image-cpu-preprocessing': Backdrop(
        'kaggle-t4-notebook',
        'A10',
        '550.90.07',
        '2025-12-16T11:30:00Z',
        '2025-12-16T12:10:00Z',
        pci=('01',),
    ),
    'psmnet-running-stereo-depth-training-cuda-oom-on-2048px-cityscapes-images-input-too-large': Backdrop(
        'hustais-lab-laptop',
        'A10',
        '418.67',
        '2019-08-12T11:30:00Z',
        '2019-08-12T12:10:00Z',
        pci=('01',),
    ),
    'enstack-urgentfix-colab-training-10x-slower-after-resume-dataloader-reloads-1000-batches-from-drive': Backdrop(
        'colab-gpu-enstack',
        'A10',
        '550.54.15',
        '2026-01-17T11:30:00Z',
        '2026-01-17T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
