"""heldout-public-433's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-433/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description); hosts are
stand-ins except aitrain3 (chatglm-6b-191, printed in its shell prompt); GPU counts follow what the source names (four GPUs where
CUDA_VISIBLE_DEVICES / --selected_gpus names 0-3, eight for the Fabric Manager node and the 8x TITAN X host, three where device 2 is
requested, two for the two-card cases) and otherwise one GPU at bus 01; bus numbers are stand-ins except 49/4A/4B/4C for GPUs 4-7 of
paddle-16272, as printed. The driver (550.144.03) is the same stand-in for every case. No case uses extra: no source quotes an
exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'eva-83-t4-16g-finetune-cuda-oom-gpu-memory-too-small-needs-2x-v100-32g': Backdrop(
        'eva-finetune-t4',
        'A10',
        '550.144.03',
        '2023-03-03T11:30:00Z',
        '2023-03-03T12:10:00Z',
        pci=('01',),
    ),
    'med-chatglm-11-full-finetune-cuda-oom-on-a100-40g-full-finetuning-needs-too-much-memory': Backdrop(
        'med-chatglm-train',
        'A10',
        '550.144.03',
        '2023-04-21T11:30:00Z',
        '2023-04-21T12:10:00Z',
        pci=('01',),
    ),
    'qwen3-1509-qwen3-4b-awq-uses-18g-under-vllm-kv-cache-preallocation-benign': Backdrop(
        'qwen3-vllm-01',
        'A10',
        '550.144.03',
        '2025-06-19T11:30:00Z',
        '2025-06-19T12:10:00Z',
        pci=('01',),
    ),
    'visualglm-6b-55-finetune-oom-on-80g-with-low-usage-fixed-by-export-cuda-visible-devices': Backdrop(
        'visualglm-train',
        'A10',
        '550.144.03',
        '2023-05-24T11:30:00Z',
        '2023-05-24T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'xinference-2707-embedding-model-launch-fails-host-cuda-12-2-image-requires-cuda-12-4': Backdrop(
        'xinference-01',
        'A10',
        '550.144.03',
        '2024-12-26T11:30:00Z',
        '2024-12-26T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'smart-construction-39-gpu-inference-fails-nvidia-driver-too-old-for-torch-cuda-installed-cudatoolkit-10-0': Backdrop(
        'smart-construction-01',
        'A10',
        '550.144.03',
        '2021-04-07T11:30:00Z',
        '2021-04-07T12:10:00Z',
        pci=('01', '02', '03'),
    ),
    'paddledetection-1183-gpu-training-cudnn-not-initialized-old-gt720m-driver-385-supports-only-cuda-9': Backdrop(
        'paddledet-laptop',
        'A10',
        '550.144.03',
        '2020-08-10T11:30:00Z',
        '2020-08-10T12:10:00Z',
        pci=('01',),
    ),
    'yuan-2-0-99-container-cannot-get-gpu-nvidia-fabricmanager-not-installed': Backdrop(
        'yuan-infer-01',
        'A10',
        '550.144.03',
        '2024-01-22T11:30:00Z',
        '2024-01-22T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'api-for-open-llm-110-qwen-7b-takes-40g-under-vllm-vllm-caches-gpu-memory-benign': Backdrop(
        'open-llm-api-01',
        'A10',
        '550.144.03',
        '2023-09-07T11:30:00Z',
        '2023-09-07T12:10:00Z',
        pci=('01',),
    ),
    'lmdeploy-2418-initial-gpu-memory-after-start-is-kv-cache-preallocation-benign': Backdrop(
        'lmdeploy-serve-01',
        'A10',
        '550.144.03',
        '2024-09-04T11:30:00Z',
        '2024-09-04T12:10:00Z',
        pci=('01',),
    ),
    'internlm-95-chat-context-cache-keeps-gpu-memory-empty-cache-cannot-free-fixed-in-pr-133': Backdrop(
        'internlm-chat-01',
        'A10',
        '550.144.03',
        '2023-07-17T11:30:00Z',
        '2023-07-17T12:10:00Z',
        pci=('01',),
    ),
    'langchain-chatchat-3902-chatglm3-128k-inference-looks-hung-model-repeating-long-output-benign': Backdrop(
        'chatglm3-t4-infer',
        'A10',
        '550.144.03',
        '2024-04-26T11:30:00Z',
        '2024-04-26T12:10:00Z',
        pci=('01', '02'),
    ),
    'xinference-2360-vllm-two-4090-model-load-hangs-gpu-100-fixed-by-nccl-p2p-and-ib-disable': Backdrop(
        'xinference-4090',
        'A10',
        '550.144.03',
        '2024-09-24T11:30:00Z',
        '2024-09-24T12:10:00Z',
        pci=('01', '02'),
    ),
    'paddle-16272-multi-gpu-training-hangs-with-nccl-launch-mode-parallel-gpu7-idle': Backdrop(
        'paddle-p40-01',
        'A10',
        '550.144.03',
        '2019-03-19T11:30:00Z',
        '2019-03-19T12:10:00Z',
        pci=('40', '41', '42', '43', '49', '4A', '4B', '4C'),
    ),
    'paddledetection-1874-gpu-memory-stays-full-after-ctrl-c-leftover-reader-subprocesses': Backdrop(
        'ppyolo-train-01',
        'A10',
        '550.144.03',
        '2020-12-11T11:30:00Z',
        '2020-12-11T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'langchain-chatchat-470-chatglm-6b-int4-defaultcpuallocator-not-enough-memory-fixed-by-adding-8g-ram': Backdrop(
        'chatchat-win10',
        'A10',
        '550.144.03',
        '2023-05-26T11:30:00Z',
        '2023-05-26T12:10:00Z',
        pci=('01',),
    ),
    'chatglm3-107-model-load-killed-in-wsl2-wsl2-limits-ram-to-50-percent': Backdrop(
        'chatglm3-wsl2',
        'A10',
        '550.144.03',
        '2023-11-01T11:30:00Z',
        '2023-11-01T12:10:00Z',
        pci=('01',),
    ),
    'chatglm-6b-191-loading-checkpoint-shards-killed-at-50-percent-host-ram-insufficient-needs-13gb': Backdrop(
        'aitrain3',
        'A10',
        '550.144.03',
        '2023-03-22T11:30:00Z',
        '2023-03-22T12:10:00Z',
        pci=('01',),
    ),
    'paddleseg-1624-matting-training-runs-on-cpu-not-gpu-install-gpu-paddle-then-cudnn-7-6-5': Backdrop(
        'paddleseg-matting',
        'A10',
        '550.144.03',
        '2021-12-14T11:30:00Z',
        '2021-12-14T12:10:00Z',
        pci=('01',),
    ),
    'paddle-246-multi-gpu-training-hangs-in-gpu-to-gpu-copy-driver-367-titan-x-update-driver': Backdrop(
        'paddle-titanx-01',
        'A10',
        '550.144.03',
        '2016-10-25T11:30:00Z',
        '2016-10-25T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
