"""heldout-public-165's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-165/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for the GPUs the threads name); hosts and bus numbers are stand-ins except
where a thread prints them (dask-5342: buses 15 and 2D; fasterwhisper-1229: bus 82; deepspeech-2055: the host name);
drivers are stand-ins except where a thread prints one (ollama-17290, dask-5342, fasterwhisper-1229). No case uses
extra: no source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'opensora-611-wsl-gpu-util-1pct-windows-overlay-not-reporting-gpu-in-use-benign': Backdrop(
        'wsl-opensora-ws',
        'A10',
        '555.99',
        '2024-07-16T11:30:00Z',
        '2024-07-16T12:10:00Z',
        pci=('01',),
    ),
    'dask-5342-wsl-nvidia-smi-gpu-util-na-quadro-rtx8000-platform-quirk-benign': Backdrop(
        'wsl-dask-ws',
        'A10',
        '510.10',
        '2021-09-22T11:30:00Z',
        '2021-09-22T12:10:00Z',
        pci=('15', '2D'),
    ),
    'helion-3572-autotuner-rebenchmark-on-gpu-idle-since-search-clock-ramp-reorders-results-benign': Backdrop(
        'helion-bench-01',
        'A10',
        '580.95.05',
        '2026-09-07T11:30:00Z',
        '2026-09-07T12:10:00Z',
        pci=('01',),
    ),
    'ssdpytorch-82-gpu-inference-slower-than-cpu-first-images-gpu-warm-up-benign': Backdrop(
        'ssd-infer-ws',
        'A10',
        '516.94',
        '2022-10-27T11:30:00Z',
        '2022-10-27T12:10:00Z',
        pci=('01',),
    ),
    'ollama-17290-tesla-p40-models-on-cpu-driver-535-below-ollama-550-minimum': Backdrop(
        'ollama-p40-srv',
        'A10',
        '535.309.01',
        '2026-07-22T11:30:00Z',
        '2026-07-22T12:10:00Z',
        pci=('01', '02'),
    ),
    'fasterwhisper-363-ctranslate2-cuda-driver-version-insufficient-update-gpu-driver': Backdrop(
        'ubuntu-whisper-ws',
        'A10',
        '470.199.02',
        '2023-07-20T11:30:00Z',
        '2023-07-20T12:10:00Z',
        pci=('01',),
    ),
    'fasterwhispergui-96-rtx2070-cuda-driver-insufficient-new-build-needs-newer-driver': Backdrop(
        'win10-fwgui-2070',
        'A10',
        '512.95',
        '2024-03-11T11:30:00Z',
        '2024-03-11T12:10:00Z',
        pci=('01',),
    ),
    'lightning-8457-gan-cuda-oom-loss-tensors-kept-on-gpu-in-logging-dict': Backdrop(
        'gan-train-ws',
        'A10',
        '460.80',
        '2021-07-19T11:30:00Z',
        '2021-07-19T12:10:00Z',
        pci=('01',),
    ),
    'slamllm-109-8xa100-ddp-nccl-timeout-after-checkpoint-save-rank0-suspected': Backdrop(
        'slam-a100-node',
        'A10',
        '535.161.08',
        '2024-07-01T11:30:00Z',
        '2024-07-01T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'darknet-4903-low-gpu-utilization-long-load-time-hdd-and-cpu-bottleneck': Backdrop(
        'darknet-train-ws',
        'A10',
        '440.64',
        '2020-02-23T11:30:00Z',
        '2020-02-23T12:10:00Z',
        pci=('01',),
    ),
    'whisperlocaltranscribe-8-whisper-runs-on-cpu-wrong-torch-build-installed': Backdrop(
        'whisper-local-ws',
        'A10',
        '576.52',
        '2025-07-10T11:30:00Z',
        '2025-07-10T12:10:00Z',
        pci=('01',),
    ),
    'fasterwhisper-930-install-replaces-conda-cuda-pytorch-with-cpu-build': Backdrop(
        'win-fw-conda-ws',
        'A10',
        '556.12',
        '2024-07-30T11:30:00Z',
        '2024-07-30T12:10:00Z',
        pci=('01',),
    ),
    'espnet-1345-tts-train-all-cpu-cores-100pct-omp-threads-fixed-by-omp-num-threads-1': Backdrop(
        'espnet-tts-ws',
        'A10',
        '418.87.01',
        '2019-11-12T11:30:00Z',
        '2019-11-12T12:10:00Z',
        pci=('01',),
    ),
    'freemotion-6-zombie-processes-hold-gpu-memory-after-training-aborts': Backdrop(
        'freemotion-train-srv',
        'A10',
        '550.144.03',
        '2025-06-23T11:30:00Z',
        '2025-06-23T12:10:00Z',
        pci=('01',),
    ),
    'deepspeech-2055-gtx1080-host-preprocessing-fills-31g-ram-python-oom-killed': Backdrop(
        'yihuachiu-GTX1080',
        'A10',
        '410.104',
        '2019-04-25T11:30:00Z',
        '2019-04-25T12:10:00Z',
        pci=('01',),
    ),
    'ollama-5958-model-load-fails-unable-to-allocate-backend-buffer-host-ram-too-small': Backdrop(
        'ollama-small-ws',
        'A10',
        '550.107.02',
        '2024-08-14T11:30:00Z',
        '2024-08-14T12:10:00Z',
        pci=('01',),
    ),
    'albumentations-1825-dataloader-workers-hang-cv2-omp-threads-settings-prevent-hang': Backdrop(
        'albu-train-ws',
        'A10',
        '550.90.07',
        '2024-07-01T11:30:00Z',
        '2024-07-01T12:10:00Z',
        pci=('01',),
    ),
    'caffe-2903-8-titanx-multi-gpu-slow-p2p-pairs-bios-device-numbering-topology': Backdrop(
        'tyan-b7079-8gpu',
        'A10',
        '352.39',
        '2015-08-23T11:30:00Z',
        '2015-08-23T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'horovod-969-4-titanx-slower-machine-single-pcie-root-complex-topology': Backdrop(
        'horovod-slow-4gpu',
        'A10',
        '410.79',
        '2019-03-30T11:30:00Z',
        '2019-03-30T12:10:00Z',
        pci=('02', '03', '82', '83'),
    ),
    'deepspeed-1576-a100-pod-epyc-h2d-memcpy-4-12gbps-without-numa-affinity': Backdrop(
        'a100-pod-epyc7543',
        'A10',
        '470.82.01',
        '2021-11-19T11:30:00Z',
        '2021-11-19T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'fasterwhisper-1229-unraid-docker-tesla-p40-cuda-error-nvidia-visible-devices-missing': Backdrop(
        'unraid-p40',
        'A10',
        '565.77',
        '2025-01-30T11:30:00Z',
        '2025-01-30T12:10:00Z',
        pci=('82',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
