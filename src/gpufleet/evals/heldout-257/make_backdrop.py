"""heldout-public-257's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-257/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts, bus numbers and the driver (550.144.03, the same for every case) are stand-ins. One source prints a bus id
(tensorflow/tensorflow#62170: 0000:00:07.0), kept as bus 07; elsewhere 01 for one GPU, 01..0N for N GPUs, and the
module's default table for the two 8-GPU stand-ins. No case uses extra: no source quotes an exporter value as a
metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'dynamo-11761-vllm-0-20-1-inductor-fused-kernel-illegal-memory-access-regression-bisected': Backdrop(
        'dynamo-b300-worker',
        'A10',
        '550.144.03',
        '2026-07-16T11:30:00Z',
        '2026-07-16T12:10:00Z', pci=('01',),
    ),
    'vllm-13693-deepseek-r1-h20-illegal-memory-access-over-32k-moe-cache-slice-bug': Backdrop(
        'h20-node-a',
        'A10',
        '550.144.03',
        '2025-02-22T11:30:00Z',
        '2025-02-22T12:10:00Z',
    ),
    'localai-7958-stopped-model-child-process-not-killed-keeps-vram-rtx-3060-k8s': Backdrop(
        'rke2-gpu-node',
        'A10',
        '550.144.03',
        '2026-01-10T11:30:00Z',
        '2026-01-10T12:10:00Z', pci=('01',),
    ),
    'vibevoice-comfyui-2-vram-not-freed-after-run-model-kept-loaded-by-design-benign': Backdrop(
        'comfyui-workstation',
        'A10',
        '550.144.03',
        '2025-08-28T11:30:00Z',
        '2025-08-28T12:10:00Z', pci=('01',),
    ),
    'vllm-7979-800m-gguf-model-uses-20g-vram-default-90pct-kv-cache-preallocation-benign': Backdrop(
        'vllm-gguf-host',
        'A10',
        '550.144.03',
        '2024-08-29T11:30:00Z',
        '2024-08-29T12:10:00Z', pci=('01', '02',),
    ),
    'vllm-omni-3768-tp-workers-default-to-cuda-0-extra-contexts-on-gpu0': Backdrop(
        'vllm-omni-tp-node',
        'A10',
        '550.144.03',
        '2026-05-20T11:30:00Z',
        '2026-05-20T12:10:00Z', pci=('01', '02',),
    ),
    'ffcv-190-pin-memory-thread-creates-extra-cuda-context-on-gpu0-every-rank': Backdrop(
        'ffcv-ddp-node',
        'A10',
        '550.144.03',
        '2022-03-13T11:30:00Z',
        '2022-03-13T12:10:00Z', pci=('01', '02',),
    ),
    'diffusers-8264-training-stuck-at-0pct-cpu-only-pytorch-build-installed': Backdrop(
        'diffusers-train-box',
        'A10',
        '550.144.03',
        '2024-05-28T11:30:00Z',
        '2024-05-28T12:10:00Z', pci=('01',),
    ),
    'tf-pose-674-training-killed-right-after-start-host-ram-oom': Backdrop(
        'tfpose-train-host',
        'A10',
        '550.144.03',
        '2021-02-12T11:30:00Z',
        '2021-02-12T12:10:00Z', pci=('01',),
    ),
    'hedwig-70-reg-lstm-gpu-run-killed-after-loading-embeddings-system-memory': Backdrop(
        'hedwig-gpu-box',
        'A10',
        '550.144.03',
        '2020-09-30T11:30:00Z',
        '2020-09-30T12:10:00Z', pci=('01',),
    ),
    'bdmc-3-accumulated-log-weights-keep-autograd-graph-gpu-oom-detach-fix': Backdrop(
        'bdmc-gpu-box',
        'A10',
        '550.144.03',
        '2021-05-13T11:30:00Z',
        '2021-05-13T12:10:00Z', pci=('01',),
    ),
    'relations-20-jacobian-graph-left-on-gpu-sweep-oom-detach-clone': Backdrop(
        'relations-sweep-box',
        'A10',
        '550.144.03',
        '2023-09-21T11:30:00Z',
        '2023-09-21T12:10:00Z', pci=('01',),
    ),
    'cogvlm-35-two-gpu-run-stuck-100pct-util-p2p-unsupported-and-small-dev-shm': Backdrop(
        'cogvlm-2gpu-box',
        'A10',
        '550.144.03',
        '2023-10-18T11:30:00Z',
        '2023-10-18T12:10:00Z', pci=('01', '02',),
    ),
    'sglang-11028-h800-tp8-p99-ttft-tail-cross-numa-rdma-numa-binding': Backdrop(
        'h800-hicache-node',
        'A10',
        '550.144.03',
        '2025-09-28T11:30:00Z',
        '2025-09-28T12:10:00Z',
    ),
    'bloom-inference-32-deepspeed-mii-4xa100-hangs-100pct-after-one-rank-dies-on-oom': Backdrop(
        'bloom-mii-node',
        'A10',
        '550.144.03',
        '2022-11-11T11:30:00Z',
        '2022-11-11T12:10:00Z', pci=('01', '02', '03', '04',),
    ),
    'openclaw-86048-wsl2-gpu-pv-llama-server-d-state-nvidia-smi-hangs-driver-lockup': Backdrop(
        'wsl2-rtx5090',
        'A10',
        '550.144.03',
        '2026-05-24T11:30:00Z',
        '2026-05-24T12:10:00Z', pci=('01',),
    ),
    'pytorch-20532-100-cuda-workers-each-400mb-context-per-gpu-oom-p3-8xlarge': Backdrop(
        'p3-8xlarge-a',
        'A10',
        '550.144.03',
        '2019-05-15T11:30:00Z',
        '2019-05-15T12:10:00Z', pci=('01', '02', '03', '04',),
    ),
    'ollama-9700-model-holds-memory-5-minutes-after-use-default-keep-alive-benign': Backdrop(
        'ollama-host',
        'A10',
        '550.144.03',
        '2025-03-12T11:30:00Z',
        '2025-03-12T12:10:00Z', pci=('01',),
    ),
    'llamafactory-3576-colab-t4-cuda-oom-at-half-vram-another-process-holds-vram': Backdrop(
        'colab-t4-runtime',
        'A10',
        '550.144.03',
        '2024-05-05T11:30:00Z',
        '2024-05-05T12:10:00Z', pci=('01',),
    ),
    'whale-10-ubuntu-crashes-and-reboots-during-fastai-training-1080ti-hardware-suspected': Backdrop(
        'whale-1080ti-box',
        'A10',
        '550.144.03',
        '2019-01-21T11:30:00Z',
        '2019-01-21T12:10:00Z', pci=('01',),
    ),
    'koboldcpp-773-3060-12gb-34b-model-vram-overflow-slow-task-manager-3d-engine-misleading': Backdrop(
        'kobold-3060-desktop',
        'A10',
        '550.144.03',
        '2024-04-11T11:30:00Z',
        '2024-04-11T12:10:00Z', pci=('01',),
    ),
    'tensorflow-62170-t4-device-created-with-10175-mb-log-line-not-a-lock-benign': Backdrop(
        'tf-t4-vm',
        'A10',
        '550.144.03',
        '2023-11-28T11:30:00Z',
        '2023-11-28T12:10:00Z', pci=('07',),
    ),
    'voice-cloning-app-82-app-shows-3gb-of-4gb-available-memory-is-total-minus-in-use-benign': Backdrop(
        'vca-750ti-desktop',
        'A10',
        '550.144.03',
        '2021-10-26T11:30:00Z',
        '2021-10-26T12:10:00Z', pci=('01',),
    ),
    'ollama-7666-docker-ggml-cuda-init-fails-driver-515-too-old-for-cuda-runtime': Backdrop(
        'ollama-docker-host',
        'A10',
        '550.144.03',
        '2024-11-15T11:30:00Z',
        '2024-11-15T12:10:00Z', pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
