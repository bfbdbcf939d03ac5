"""heldout-public-249's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-249/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts, bus numbers (01 for one GPU, 01..NN for several; 02/03 and 03 where the source prints them) and the driver
(550.144.03, the same for every case) are stand-ins. No case uses extra: no source quotes an exporter value as a
metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'xinference-3962-a800-server-hangs-after-2-days-one-gpu-uncorrectable-ecc-cards-replaced': Backdrop(
        'xinference-a800-node',
        'A10',
        '550.144.03',
        '2025-08-18T11:30:00Z',
        '2025-08-18T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'koboldcpp-1180-laptop-generation-slows-when-minimized-e-core-scheduling': Backdrop(
        'koboldcpp-laptop',
        'A10',
        '550.144.03',
        '2024-10-21T11:30:00Z',
        '2024-10-21T12:10:00Z',
        pci=('01',),
    ),
    'ollama-2235-gpu-ram-not-released-after-exit-model-kept-loaded-5-min-by-design-benign': Backdrop(
        'ollama-ubuntu-host',
        'A10',
        '550.144.03',
        '2024-01-27T11:30:00Z',
        '2024-01-27T12:10:00Z',
        pci=('01',),
    ),
    'llm-d-122-published-image-vllm-cannot-find-gpus-nvidia-base-image-change-ld-library-path': Backdrop(
        'llm-d-gcp-node',
        'A10',
        '550.144.03',
        '2025-06-26T11:30:00Z',
        '2025-06-26T12:10:00Z',
        pci=('01',),
    ),
    'miaai-dspark-74-dgx-spark-tp2-vllm-shm-spin-wait-pins-cpu-cores-soc-heat': Backdrop(
        'dgx-spark-head',
        'A10',
        '550.144.03',
        '2026-08-17T11:30:00Z',
        '2026-08-17T12:10:00Z',
        pci=('01',),
    ),
    'unsloth-6352-mixed-gpu-host-model-lands-on-wrong-gpu-nvidia-smi-vs-cuda-index-mismatch': Backdrop(
        'unsloth-studio-win',
        'A10',
        '550.144.03',
        '2026-06-16T11:30:00Z',
        '2026-06-16T12:10:00Z',
        pci=('01', '02',),
    ),
    'kohya-ss-884-lora-training-5x-slower-nvidia-driver-535-98-bug-rollback-532-03': Backdrop(
        'kohya-rtx3080-pc',
        'A10',
        '550.144.03',
        '2023-06-01T11:30:00Z',
        '2023-06-01T12:10:00Z',
        pci=('01',),
    ),
    'lmdeploy-185-turbomind-execute-failure-triton-server-in-docker-no-cuda-device-pinned': Backdrop(
        'lmdeploy-triton-host',
        'A10',
        '550.144.03',
        '2023-08-01T11:30:00Z',
        '2023-08-01T12:10:00Z',
        pci=('01', '02',),
    ),
    'openrlhf-360-ray-ppo-72b-worker-killed-maintainer-host-ram-oom-reporter-doubts': Backdrop(
        'openrlhf-node-1',
        'A10',
        '550.144.03',
        '2024-07-15T11:30:00Z',
        '2024-07-15T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'a1111-12793-gtx-1660-super-draws-65-75w-instead-of-110-125w-after-driver-537-13': Backdrop(
        'a1111-gtx1660s-pc',
        'A10',
        '550.144.03',
        '2023-08-26T11:30:00Z',
        '2023-08-26T12:10:00Z',
        pci=('01',),
    ),
    'ollama-5093-second-tesla-m60-idle-model-fits-one-gpu-single-gpu-by-design-benign': Backdrop(
        'ollama-m60-host',
        'A10',
        '550.144.03',
        '2024-06-17T05:48:28Z',
        '2024-06-17T06:28:28Z',
        pci=('01', '02',),
    ),
    'dlzerotoall-116-tf-example-fills-both-gtx-1080-memory-tensorflow-preallocates-benign': Backdrop(
        'dlzero-gtx1080-server',
        'A10',
        '550.144.03',
        '2017-04-13T11:30:00Z',
        '2017-04-13T12:10:00Z',
        pci=('02', '03',),
    ),
    'darknet-4386-cpu-ram-training-illegal-memory-access-critical-xid-gpu-03-config-fix': Backdrop(
        'darknet-train-host',
        'A10',
        '550.144.03',
        '2019-12-05T11:30:00Z',
        '2019-12-05T12:10:00Z',
        pci=('03',),
    ),
    'llamafactory-2880-qwen-7b-api-vram-grows-15g-to-26g-cache-normal-benign': Backdrop(
        'llamafactory-api-host',
        'A10',
        '550.144.03',
        '2024-03-18T11:30:00Z',
        '2024-03-18T12:10:00Z',
        pci=('01',),
    ),
    'chatglm6b-393-vram-rises-with-dialogue-turns-kv-cache-of-context-benign': Backdrop(
        'chatglm-web-host',
        'A10',
        '550.144.03',
        '2023-04-04T11:30:00Z',
        '2023-04-04T12:10:00Z',
        pci=('01',),
    ),
    'chatglm6b-64-web-demo-vram-13gb-grows-until-oom-dialogue-history-grows-input': Backdrop(
        'chatglm-demo-host',
        'A10',
        '550.144.03',
        '2023-03-15T11:30:00Z',
        '2023-03-15T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
