"""heldout-public-248's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-248/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts, bus numbers (no source prints one: 01 for one GPU, 01 and 02 for two) and the driver (550.144.03, the same
for every case) are stand-ins. No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'kaggle-cli-1151-p100-allocated-default-image-torch-cu128-no-sm60-kernels-no-kernel-image': Backdrop(
        'kaggle-p100-session',
        'A10',
        '550.144.03',
        '2026-07-30T11:30:00Z',
        '2026-07-30T12:10:00Z',
        pci=('01',),
    ),
    'colabtools-5667-colab-nvcc-12-5-ptx-too-new-for-driver-550-cuda-12-4-unsupported-ptx-version': Backdrop(
        'colab-gpu-runtime-5667',
        'A10',
        '550.144.03',
        '2025-10-19T11:30:00Z',
        '2025-10-19T12:10:00Z',
        pci=('01',),
    ),
    'a1111-docker-11-runpod-rtx5090-no-kernel-image-image-built-for-cuda-12-4-hosts': Backdrop(
        'runpod-rtx5090-pod',
        'A10',
        '550.144.03',
        '2026-01-13T11:30:00Z',
        '2026-01-13T12:10:00Z',
        pci=('01',),
    ),
    'ccsr-19-colab-t4-inference-dies-system-ram-exhausted-needs-high-ram-runtime': Backdrop(
        'colab-t4-runtime-ccsr',
        'A10',
        '550.144.03',
        '2024-02-26T11:30:00Z',
        '2024-02-26T12:10:00Z',
        pci=('01',),
    ),
    'ballonstranslator-485-kaggle-t4x2-second-gpu-idle-app-single-device-benign': Backdrop(
        'kaggle-t4x2-session-485',
        'A10',
        '550.144.03',
        '2024-06-17T11:30:00Z',
        '2024-06-17T12:10:00Z',
        pci=('01', '02'),
    ),
    'sd-webui-notebook-9-kaggle-two-t4-only-one-used-webui-single-gpu-benign': Backdrop(
        'kaggle-t4x2-session-9',
        'A10',
        '550.144.03',
        '2024-03-20T11:30:00Z',
        '2024-03-20T12:10:00Z',
        pci=('01', '02'),
    ),
    'ppsurf-4-hf-zerogpu-space-no-gpu-backend-cpu-torch-installed-at-setup-without-gpu': Backdrop(
        'hf-zerogpu-space-ppsurf',
        'A10',
        '550.144.03',
        '2025-05-19T11:30:00Z',
        '2025-05-19T12:10:00Z',
        pci=('01',),
    ),
    'speech-ai-forge-143-hf-zerogpu-fastapi-cuda-init-main-process-zero-needs-gradio-runtime': Backdrop(
        'hf-zerogpu-space-forge',
        'A10',
        '550.144.03',
        '2024-09-03T11:30:00Z',
        '2024-09-03T12:10:00Z',
        pci=('01',),
    ),
    'pytorch-77528-colab-torch-cu113-on-driver-460-cuda-11-2-looks-mismatched-minor-compat-benign': Backdrop(
        'colab-gpu-runtime-77528',
        'A10',
        '550.144.03',
        '2022-05-16T11:30:00Z',
        '2022-05-16T12:10:00Z',
        pci=('01',),
    ),
    'paddle-25852-aistudio-sidebar-shows-16g-gpu-memory-monitor-32g-display-lower-bound-benign': Backdrop(
        'aistudio-gpu-env',
        'A10',
        '550.144.03',
        '2020-07-30T11:30:00Z',
        '2020-07-30T12:10:00Z',
        pci=('01',),
    ),
    'areal-a40-gpu-fix-runpod-a40-grpo-cuda-oom-sglang-server-and-trainer-share-gpu0': Backdrop(
        'runpod-a40-pod-grpo',
        'A10',
        '550.144.03',
        '2025-11-09T11:30:00Z',
        '2025-11-09T12:10:00Z',
        pci=('01',),
    ),
    'areal-crash-diagnosis-runpod-gpu-util-drops-to-zero-step-57-was-container-restart-loop': Backdrop(
        'runpod-pod-grpo-restart',
        'A10',
        '550.144.03',
        '2025-11-09T11:30:00Z',
        '2025-11-09T12:10:00Z',
        pci=('01',),
    ),
    'colabtools-409-colab-runtime-moved-to-cuda-10-0-preinstalled-cupy-cuda92-broke-all-runtimes': Backdrop(
        'colab-gpu-runtime-409',
        'A10',
        '550.144.03',
        '2019-02-06T11:30:00Z',
        '2019-02-06T12:10:00Z',
        pci=('01',),
    ),
    'colabtools-4248-colab-gpu-not-used-after-cuda-tf-upgrade-tf-2-12-fallback-runtime-fixes': Backdrop(
        'colab-gpu-runtime-4248',
        'A10',
        '550.144.03',
        '2023-12-21T11:30:00Z',
        '2023-12-21T12:10:00Z',
        pci=('01',),
    ),
    'tensorflow-49455-colab-gpu-runtime-not-used-tf-2-5-cuda-mismatch-workaround-tf-2-4': Backdrop(
        'colab-gpu-runtime-49455',
        'A10',
        '550.144.03',
        '2021-05-21T11:30:00Z',
        '2021-05-21T12:10:00Z',
        pci=('01',),
    ),
    'one-click-llms-18-runpod-multi-gpu-vllm-pod-stuck-at-nccl-init-p2p-ib-disable-proposed': Backdrop(
        'runpod-2gpu-vllm-pod',
        'A10',
        '550.144.03',
        '2026-04-02T11:30:00Z',
        '2026-04-02T12:10:00Z',
        pci=('01', '02'),
    ),
    'yolov5-3012-colab-free-plan-low-gpu-utilization-two-vcpus-starve-dataloader': Backdrop(
        'colab-free-runtime-yolov5',
        'A10',
        '550.144.03',
        '2021-05-02T11:30:00Z',
        '2021-05-02T12:10:00Z',
        pci=('01',),
    ),
    'lium-io-1120-gpu-rental-platform-lowers-power-limit-to-100w-at-rental-start-renter-cannot-undo': Backdrop(
        'lium-staging-a4000',
        'A10',
        '550.144.03',
        '2026-07-07T11:30:00Z',
        '2026-07-07T12:10:00Z',
        pci=('01',),
    ),
    'kaggle-docker-python-377-kaggle-kernel-pytorch-dataloader-fails-default-docker-shm-no-shm-size-flag': Backdrop(
        'kaggle-gpu-kernel-377',
        'A10',
        '550.144.03',
        '2018-11-20T11:30:00Z',
        '2018-11-20T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
