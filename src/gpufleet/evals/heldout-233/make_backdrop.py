"""heldout-public-233's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-233/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except yanwm5, printed by its source), bus numbers (none is printed) and the driver (550.144.03, the same for
every case) are stand-ins. No case uses extra: no source quotes an exporter value as a metric sample. The backdrop
never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'sadtalker-229-long-audio-inference-cuda-oom-reserved-far-above-allocated-max-split-size-fixed': Backdrop(
        'sadtalker-inference-host',
        'A10',
        '550.144.03',
        '2023-04-23T11:30:00Z',
        '2023-04-23T12:10:00Z',
        pci=('01',),
    ),
    'ollama-2706-llava-image-request-cuda-oom-memory-prediction-loaded-too-many-layers': Backdrop(
        'ollama-llava-host',
        'A10',
        '550.144.03',
        '2024-02-23T08:31:00Z',
        '2024-02-23T09:11:00Z',
        pci=('01',),
    ),
    'mmsegmentation-2085-dataloader-worker-terminated-limited-host-memory': Backdrop(
        'mmseg-train-host',
        'A10',
        '550.144.03',
        '2022-09-19T11:30:00Z',
        '2022-09-19T12:10:00Z',
        pci=('01',),
    ),
    'neuralrecon-129-ray-out-of-memory-95-percent-host-ram-fixed-fewer-workers': Backdrop(
        'yanwm5',
        'A10',
        '550.144.03',
        '2023-03-23T11:30:00Z',
        '2023-03-23T12:10:00Z',
        pci=('01',),
    ),
    'simplerl-reason-80-ray-actor-died-host-memory-leak-grpo-steps': Backdrop(
        'grpo-l20-host',
        'A10',
        '550.144.03',
        '2025-04-22T11:30:00Z',
        '2025-04-22T12:10:00Z',
        pci=('01', '02'),
    ),
    'torch7-464-aws-ami-reboot-nvidia-driver-not-found-reinstalled-driver': Backdrop(
        'g2-2xlarge-torch-ami',
        'A10',
        '550.144.03',
        '2015-11-17T11:30:00Z',
        '2015-11-17T12:10:00Z',
        pci=('03',),
    ),
    'jax-4050-auto-jaxlib-install-read-nvidia-smi-driver-cuda-version-not-toolkit': Backdrop(
        'jaxlib-install-host',
        'A10',
        '550.144.03',
        '2020-08-13T11:30:00Z',
        '2020-08-13T12:10:00Z',
        pci=('01',),
    ),
    'fastdeploy-1106-serving-container-failed-to-initialize-nvml-started-without-gpus-all': Backdrop(
        'fd-serving-win-host',
        'A10',
        '550.144.03',
        '2023-01-10T11:30:00Z',
        '2023-01-10T12:10:00Z',
        pci=('01',),
    ),
    'fastdeploy-2390-gpu-image-nvml-failed-driver-insufficient-forgot-gpus-all': Backdrop(
        'fd-gpu-image-host',
        'A10',
        '550.144.03',
        '2024-03-03T09:27:00Z',
        '2024-03-03T10:07:00Z',
        pci=('01',),
    ),
    'tvqa-6-device-1-still-occupies-gpu0-600mb-cuda-visible-devices-renumbering': Backdrop(
        'tvqa-train-host',
        'A10',
        '550.144.03',
        '2019-01-14T11:30:00Z',
        '2019-01-14T12:10:00Z',
        pci=('01', '02'),
    ),
    'pytorch-9158-cuda-visible-devices-set-in-code-after-import-ignored-job-lands-on-first-gpu': Backdrop(
        'pytorch-multi-gpu-host',
        'A10',
        '550.144.03',
        '2018-07-04T11:30:00Z',
        '2018-07-04T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'cutorch-396-gpu-memory-held-after-kill-process-still-running-in-background': Backdrop(
        'quadro-workstation',
        'A10',
        '550.144.03',
        '2016-04-28T11:30:00Z',
        '2016-04-28T12:10:00Z',
        pci=('01',),
    ),
    'rllm-568-interrupted-verl-run-leaves-orphan-vllm-workers-holding-gpu-memory-shutdown-placeholder': Backdrop(
        'rllm-verl-node',
        'A10',
        '550.144.03',
        '2026-05-07T11:30:00Z',
        '2026-05-07T12:10:00Z',
    ),
    'instructlab-2093-vllm-server-child-workers-survive-shutdown-process-group-kill': Backdrop(
        'ilab-ec2-host',
        'A10',
        '550.144.03',
        '2024-08-17T11:30:00Z',
        '2024-08-17T12:10:00Z',
        pci=('01', '02'),
    ),
    'unsloth-3331-vllm-enginecore-stuck-r-state-nvidia-uvm-spin-loop-unkillable-reboot-needed': Backdrop(
        'h100-vllm-server',
        'A10',
        '550.144.03',
        '2025-09-18T11:30:00Z',
        '2025-09-18T12:10:00Z',
        pci=('01',),
    ),
    'pinokio-1105-seed-vc-very-slow-gpu-idle-cpu-only-pytorch-build-installed': Backdrop(
        'win11-rtx3080',
        'A10',
        '550.144.03',
        '2026-07-14T11:30:00Z',
        '2026-07-14T12:10:00Z',
        pci=('01',),
    ),
    'deforum-132-pytorch-installs-cpu-only-build-cuda-not-available': Backdrop(
        'deforum-sd-host',
        'A10',
        '550.144.03',
        '2022-10-29T11:30:00Z',
        '2022-10-29T12:10:00Z',
        pci=('01',),
    ),
    'surogate-21-multithreaded-nccl-deadlock-launch-queue-exhaustion-fast-gpus-race-ahead': Backdrop(
        'surogate-train-node',
        'A10',
        '550.144.03',
        '2026-01-09T11:30:00Z',
        '2026-01-09T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'deepspeed-mii-121-nvidia-smi-memory-inflated-by-torch-cache-after-model-load-benign': Backdrop(
        'mii-inference-host',
        'A10',
        '550.144.03',
        '2022-12-19T11:30:00Z',
        '2022-12-19T12:10:00Z',
        pci=('01', '02'),
    ),
    'vllm-4723-20gb-reserved-for-125m-opt-model-kv-cache-preallocation-benign': Backdrop(
        'vllm-opt-host',
        'A10',
        '550.144.03',
        '2024-05-09T11:30:00Z',
        '2024-05-09T12:10:00Z',
        pci=('01',),
    ),
    'onnx-3491-nvidia-smi-cuda-11-2-vs-nvcc-11-1-driver-max-supported-version-benign': Backdrop(
        'ngc-pytorch-2010-host',
        'A10',
        '550.144.03',
        '2021-05-14T11:30:00Z',
        '2021-05-14T12:10:00Z',
        pci=('01',),
    ),
    'switch-cuda-4-nvidia-smi-still-shows-12-2-after-switching-toolkit-to-11-3-benign': Backdrop(
        'ubuntu2004-dual-toolkit',
        'A10',
        '550.144.03',
        '2024-10-24T11:30:00Z',
        '2024-10-24T12:10:00Z',
        pci=('01',),
    ),
    'fastchat-108-checkpointing-to-mounted-bucket-slows-training-local-disk-then-sync': Backdrop(
        'fastchat-train-node',
        'A10',
        '550.144.03',
        '2023-04-01T11:30:00Z',
        '2023-04-01T12:10:00Z',
    ),
    'vindlu-10-pretraining-waits-38s-of-40s-on-data-loading-too-many-workers-hdd': Backdrop(
        'vindlu-pretrain-node',
        'A10',
        '550.144.03',
        '2023-09-10T11:30:00Z',
        '2023-09-10T12:10:00Z',
    ),
    'fastintercu-vvc-2-training-64-days-gpu-util-0-data-loading-bottleneck-hdd': Backdrop(
        'win10-gtx1080ti',
        'A10',
        '550.144.03',
        '2022-01-03T11:30:00Z',
        '2022-01-03T12:10:00Z',
        pci=('01',),
    ),
    'sglang-27567-idle-gpu-at-max-boost-clocks-with-model-loaded-cuda-context-expected-benign': Backdrop(
        'sglang-4xh100-node',
        'A10',
        '550.144.03',
        '2026-06-08T11:30:00Z',
        '2026-06-08T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
