"""heldout-public-265's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-265/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (one source, radiasoft/devops#224, prints its host rs2.local, which is used), bus numbers (no source prints one:
01 to 0N for N GPUs) and the driver (550.144.03 for every case but rs2.local, whose nvidia-smi header prints 455.45.01)
are stand-ins. No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'xinference-3432-vllm-qwen2-5-7b-holds-37g-gpu-memory-kv-cache-preallocation-normal-benign': Backdrop(
        'xinference-docker',
        'A10',
        '550.144.03',
        '2025-05-12T11:30:00Z',
        '2025-05-12T12:10:00Z',
        pci=('01',),
    ),
    'gpt-sovits-83-nvidia-driver-too-old-for-installed-pytorch-build': Backdrop(
        'gpt-sovits-host',
        'A10',
        '550.144.03',
        '2024-01-19T11:30:00Z',
        '2024-01-19T12:10:00Z',
        pci=('01',),
    ),
    'sglang-465-cuda-oom-h100-misspelled-cuda-visible-devices-ran-on-busy-gpu': Backdrop(
        'sglang-h100-host',
        'A10',
        '550.144.03',
        '2024-06-03T11:30:00Z',
        '2024-06-03T12:10:00Z',
        pci=('01',),
    ),
    'mvsep-44-cuda-visible-devices-ignored-gpu-id-hard-coded-always-first-gpu': Backdrop(
        'mvsep-2gpu-host',
        'A10',
        '550.144.03',
        '2024-11-17T11:30:00Z',
        '2024-11-17T12:10:00Z',
        pci=('01', '02',),
    ),
    'diluvian-11-fill-runs-on-cpu-cuda-visible-devices-overwritten-by-code': Backdrop(
        'diluvian-2gpu-host',
        'A10',
        '550.144.03',
        '2017-06-20T11:30:00Z',
        '2017-06-20T12:10:00Z',
        pci=('01', '02',),
    ),
    'video-llava-13-loading-checkpoint-shards-killed-insufficient-system-memory': Backdrop(
        'video-llava-host',
        'A10',
        '550.144.03',
        '2023-11-27T11:30:00Z',
        '2023-11-27T12:10:00Z',
        pci=('01',),
    ),
    'cortex-1518-serving-start-script-killed-loading-gpt2-instance-out-of-memory': Backdrop(
        'cortex-api-instance',
        'A10',
        '550.144.03',
        '2020-11-01T11:30:00Z',
        '2020-11-01T12:10:00Z',
        pci=('01',),
    ),
    'packnet-sfm-51-training-memory-leak-loss-kept-with-graph-detach-fix': Backdrop(
        'packnet-train-host',
        'A10',
        '550.144.03',
        '2020-07-22T11:30:00Z',
        '2020-07-22T12:10:00Z',
        pci=('01',),
    ),
    'tegnas-19-random-illegal-memory-access-zero-gradients-in-bad-architectures-code-bug': Backdrop(
        'tegnas-search-host',
        'A10',
        '550.144.03',
        '2022-01-04T11:30:00Z',
        '2022-01-04T12:10:00Z',
        pci=('01',),
    ),
    'inplace-abn-109-illegal-memory-access-library-bug-fixed-in-v1-0-0': Backdrop(
        'inplace-abn-host',
        'A10',
        '550.144.03',
        '2019-04-02T11:30:00Z',
        '2019-04-02T12:10:00Z',
        pci=('01',),
    ),
    'nemo-9146-llama2-pipeline-parallel-hang-nccl-p2p-level-env-and-memlock-limit': Backdrop(
        'nemo-pp-node',
        'A10',
        '550.144.03',
        '2024-06-17T11:30:00Z',
        '2024-06-17T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'llamafactory-2672-qwen-sft-stuck-gpu-util-0-fixed-by-newer-cuda': Backdrop(
        'llamafactory-sft-node',
        'A10',
        '550.144.03',
        '2024-03-02T11:30:00Z',
        '2024-03-02T12:10:00Z',
        pci=('01',),
    ),
    'hrnet-83-three-gpus-show-0pct-util-preprocessing-on-cpu-dominates': Backdrop(
        'hrnet-train-node',
        'A10',
        '550.144.03',
        '2021-11-20T11:30:00Z',
        '2021-11-20T12:10:00Z',
        pci=('01', '02', '03',),
    ),
    'espnet-1861-gpu-util-0-for-30-50s-during-training-cpu-busy': Backdrop(
        'espnet-train-host',
        'A10',
        '550.144.03',
        '2020-04-22T11:30:00Z',
        '2020-04-22T12:10:00Z',
        pci=('01',),
    ),
    'tgi-832-gpu-memory-7x-after-upgrade-warmup-preallocates-for-worst-case-benign': Backdrop(
        'tgi-serving-host',
        'A10',
        '550.144.03',
        '2023-08-23T11:30:00Z',
        '2023-08-23T12:10:00Z',
        pci=('01',),
    ),
    'tgi-755-llama-70b-gptq-warmup-not-enough-memory-for-4096-prefill-tokens': Backdrop(
        'tgi-4gpu-host',
        'A10',
        '550.144.03',
        '2023-08-01T11:30:00Z',
        '2023-08-01T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'clip-as-service-539-first-requests-slow-after-idle-gpu-needs-warm-up-benign': Backdrop(
        'clip-server-host',
        'A10',
        '550.144.03',
        '2020-04-17T11:30:00Z',
        '2020-04-17T12:10:00Z',
        pci=('01',),
    ),
    'detectron2-5318-nvrtc-invalid-gpu-architecture-cuda-11-3-too-old-fixed-with-11-6': Backdrop(
        'detectron2-host',
        'A10',
        '550.144.03',
        '2024-07-03T11:30:00Z',
        '2024-07-03T12:10:00Z',
        pci=('01',),
    ),
    'dogbreed-gluon-3-jupyter-kernel-dies-bad-alloc-host-ram-not-gpu-memory': Backdrop(
        'dogbreed-gtx1080',
        'A10',
        '550.144.03',
        '2018-01-09T11:30:00Z',
        '2018-01-09T12:10:00Z',
        pci=('01',),
    ),
    'radiasoft-devops-224-gpu-jupyter-kernel-restarts-gpus-taken-by-other-notebooks': Backdrop(
        'rs2.local',
        'A10',
        '455.45.01',
        '2021-05-12T11:30:00Z',
        '2021-05-12T12:10:00Z',
        pci=('01', '02',),
    ),
    'digits-1510-gpu-cuda-unknown-error-after-killing-training-process-reboot-fixes': Backdrop(
        'digits-server',
        'A10',
        '550.144.03',
        '2017-03-15T11:30:00Z',
        '2017-03-15T12:10:00Z',
        pci=('01',),
    ),
    'tensorflow-1205-network-fills-whole-6gb-card-on-gpu-but-2gb-on-cpu-allocator-behaviour-benign': Backdrop(
        'tf-gpu-workstation',
        'A10',
        '550.144.03',
        '2016-02-19T11:30:00Z',
        '2016-02-19T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
