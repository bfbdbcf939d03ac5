"""heldout-public-218's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-218/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (one is the container name the excerpt prints), bus numbers and the driver (550.144.03, the same for every case)
are stand-ins. The 8-GPU case uses the default HGX bus numbers. No case uses extra: no source quotes an exporter value
as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'llamacpp-27330-rtx5090-cuda-graphs-hang-gpu-channel-rc-watchdog-xid8-disable-graphs-workaround': Backdrop(
        'llamacpp-rtx5090-ws',
        'A10',
        '550.144.03',
        '2026-08-28T11:30:00Z',
        '2026-08-28T12:10:00Z',
        pci=('01',),
    ),
    'stylegan2-ada-264-cuda-misaligned-address-fixed-by-lowering-gpu-overclock': Backdrop(
        'stylegan-oc-ws',
        'A10',
        '550.144.03',
        '2022-10-24T11:30:00Z',
        '2022-10-24T12:10:00Z',
        pci=('01',),
    ),
    'ollama-9160-gpu-vram-usage-didnt-recover-within-timeout-just-a-warning-benign': Backdrop(
        'ollama-svc-host',
        'A10',
        '550.144.03',
        '2025-02-17T11:30:00Z',
        '2025-02-17T12:10:00Z',
        pci=('01',),
    ),
    'vllm-25596-cublas-no-current-cuda-context-warning-during-dbo-cudagraph-capture-benign': Backdrop(
        'vllm-dbo-dp2-host',
        'A10',
        '550.144.03',
        '2025-09-24T11:30:00Z',
        '2025-09-24T12:10:00Z',
        pci=('01', '02'),
    ),
    'vllm-6025-producer-process-terminated-before-shared-cuda-tensors-released-teardown-warning-benign': Backdrop(
        'vllm-tp2-host',
        'A10',
        '550.144.03',
        '2024-07-01T11:30:00Z',
        '2024-07-01T12:10:00Z',
        pci=('01', '02'),
    ),
    'videocaptioner-555-faster-whisper-cuda-driver-version-insufficient-fixed-by-updating-nvidia-driver': Backdrop(
        'videocaptioner-win-pc',
        'A10',
        '550.144.03',
        '2025-04-11T11:30:00Z',
        '2025-04-11T12:10:00Z',
        pci=('01',),
    ),
    'whisper-webui-414-faster-whisper-incompatible-with-cuda-below-12-pin-0-10-1': Backdrop(
        'whisper-webui-pc',
        'A10',
        '550.144.03',
        '2024-12-03T11:30:00Z',
        '2024-12-03T12:10:00Z',
        pci=('01',),
    ),
    'effdet-317-dataloader-worker-bus-error-insufficient-shared-memory-host-ram-reduce-num-workers': Backdrop(
        'effdet-train-host',
        'A10',
        '550.144.03',
        '2020-05-19T11:30:00Z',
        '2020-05-19T12:10:00Z',
        pci=('01', '02'),
    ),
    'deepdrug-3-out-of-memory-on-2x-rtx-a6000-377g-host-fixed-by-num-workers-1': Backdrop(
        'deepdrug-a6000-host',
        'A10',
        '550.144.03',
        '2022-04-13T11:30:00Z',
        '2022-04-13T12:10:00Z',
        pci=('01', '02'),
    ),
    'avatarify-15-gtx1080-2-fps-torch-build-without-working-cuda-fixed-by-changing-torch': Backdrop(
        'avatarify-laptop-1080',
        'A10',
        '550.144.03',
        '2020-04-12T11:30:00Z',
        '2020-04-12T12:10:00Z',
        pci=('01',),
    ),
    'fastchat-2181-gpus-flag-ignored-cuda-visible-devices-set-after-torch-import-after-refactor': Backdrop(
        'fastchat-2gpu-host',
        'A10',
        '550.144.03',
        '2023-08-08T11:30:00Z',
        '2023-08-08T12:10:00Z',
        pci=('01', '02'),
    ),
    'sd-webui-442-cuda-visible-devices-set-after-torch-imports-always-uses-gpu0': Backdrop(
        'sdwebui-win11-2gpu',
        'A10',
        '550.144.03',
        '2022-09-14T11:30:00Z',
        '2022-09-14T12:10:00Z',
        pci=('01', '02'),
    ),
    'online-rlhf-22-8x-a100-nccl-allgather-watchdog-timeout-fixed-by-nccl-p2p-and-ib-disable': Backdrop(
        'rlhf-8xa100-node',
        'A10',
        '550.144.03',
        '2024-08-16T11:30:00Z',
        '2024-08-16T12:10:00Z',
    ),
    'skyrl-325-multi-gpu-nccl-broadcast-watchdog-timeout-p2p-unsupported-set-p2p-shm-disable': Backdrop(
        'skyrl-4gpu-node',
        'A10',
        '550.144.03',
        '2025-09-18T22:48:00Z',
        '2025-09-18T23:28:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'llamafactory-3673-tf-trt-warning-could-not-find-tensorrt-just-ignore-benign': Backdrop(
        'dsw-60082-56c79f4648-hdxv7',
        'A10',
        '550.144.03',
        '2024-05-10T11:03:00Z',
        '2024-05-10T11:43:00Z',
        pci=('01',),
    ),
    'sleap-671-tensorflow-gpu-0-bfc-allocator-warning-low-gpu-memory-gpu-still-used-benign': Backdrop(
        'sleap-train-pc',
        'A10',
        '550.144.03',
        '2022-03-12T11:30:00Z',
        '2022-03-12T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
