"""heldout-public-157's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-157/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); hosts and bus numbers are stand-ins, and
so are the drivers no report names (see each case's description). No case uses extra: no report quotes an
exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'aiserver-32-benign-v100-sw-power-cap-175w-kept-sweep-shows-cap-is-fine': Backdrop(
        'ai-server',
        'A10',
        '580.126.09',
        '2026-08-04T11:30:00Z',
        '2026-08-04T12:10:00Z',
        pci=('01', '02', '03'),
    ),
    'arctictraining-345-benign-gb10-nvidia-smi-memory-usage-not-supported-unified-memory': Backdrop(
        'spark-dev-01',
        'A10',
        '580.126.09',
        '2026-01-28T11:30:00Z',
        '2026-01-28T12:10:00Z',
        pci=('01',),
    ),
    'deepspeed-3165-local-rank-wrong-when-cuda-visible-devices-set-slurm-nonexistent-device': Backdrop(
        'slurm-gpu-n01',
        'A10',
        '525.105.17',
        '2023-04-08T11:30:00Z',
        '2023-04-08T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'dsparkvision-31-gb10-worker-hard-power-off-fieldiag-gpustress-gfw-boot-failure-rma': Backdrop(
        'spark-worker',
        'A10',
        '580.126.09',
        '2026-08-19T11:30:00Z',
        '2026-08-19T12:10:00Z',
        pci=('01',),
    ),
    'fasterwhisper-1080-cudnn-ops64-9-dll-not-found-cudnn-version-mismatch-old-torch': Backdrop(
        'win-ws-fwhisper',
        'A10',
        '565.90',
        '2024-10-22T11:30:00Z',
        '2024-10-22T12:10:00Z',
        pci=('01',),
    ),
    'gptoss-267-multinode-torchrun-global-rank-used-as-cuda-device-index': Backdrop(
        'h100-node-02',
        'A10',
        '580.95.05',
        '2026-08-16T11:30:00Z',
        '2026-08-16T12:10:00Z',
        pci=('01', '21', '41', '61'),
    ),
    'minefield-115-dgx-spark-triangle-stock-nccl-round-robins-hcas-ibv-modify-qp-timeout': Backdrop(
        'spark-node-a',
        'A10',
        '580.126.09',
        '2026-09-13T11:30:00Z',
        '2026-09-13T12:10:00Z',
        pci=('01',),
    ),
    'neutree-96-k8s-cpu-cluster-pods-get-all-gpus-nvidia-runtime-mounts-without-request': Backdrop(
        'k8s-gpu-node-03',
        'A10',
        '570.158.01',
        '2025-07-25T11:30:00Z',
        '2025-07-25T12:10:00Z',
        pci=('01', '21', '41', '61'),
    ),
    'pytorch-18313-1080ti-oom-after-some-epochs-memory-not-freed-deleted-each-epoch': Backdrop(
        'dl-ws-1080ti',
        'A10',
        '418.43',
        '2019-03-23T11:30:00Z',
        '2019-03-23T12:10:00Z',
        pci=('01',),
    ),
    'qwen3-873-cublas-status-alloc-failed-not-enough-gpu-memory-ran-on-single-card': Backdrop(
        'llm-ws-02',
        'A10',
        '550.90.07',
        '2024-08-23T11:30:00Z',
        '2024-08-23T12:10:00Z',
        pci=('01', '02'),
    ),
    'sleap-677-benign-tf-redzone-allocation-warning-low-gpu-memory-safe-to-ignore': Backdrop(
        'sleap-laptop-3050ti',
        'A10',
        '510.54',
        '2022-03-16T11:30:00Z',
        '2022-03-16T12:10:00Z',
        pci=('01',),
    ),
    'sparkvllm-321-gb10-enginecore-rpc-timeout-unified-memory-pressure-head-node': Backdrop(
        'spark-head',
        'A10',
        '580.142',
        '2026-07-18T11:30:00Z',
        '2026-07-18T12:10:00Z',
        pci=('01',),
    ),
    'sparkvllm-392-two-sparks-startup-fails-after-nvidia-system-update-kernel-regression': Backdrop(
        'spark-head',
        'A10',
        '580.126.09',
        '2026-09-14T11:30:00Z',
        '2026-09-14T12:10:00Z',
        pci=('01',),
    ),
    'ssasc-2-gpu-memory-rising-loss-tensors-accumulated-without-item': Backdrop(
        'ssc-train-01',
        'A10',
        '535.104.05',
        '2023-09-01T11:30:00Z',
        '2023-09-01T12:10:00Z',
        pci=('01',),
    ),
    'stylegan2pt-11-cuda-memory-grows-loss-graph-saved-every-iteration': Backdrop(
        'gan-ws-01',
        'A10',
        '450.66',
        '2020-08-24T11:30:00Z',
        '2020-08-24T12:10:00Z',
        pci=('01',),
    ),
    'unsloth-10283-benign-gb10-nvidia-smi-memory-query-returns-na-non-reporting-part': Backdrop(
        'spark-dev-02',
        'A10',
        '580.126.09',
        '2026-09-08T11:30:00Z',
        '2026-09-08T12:10:00Z',
        pci=('01',),
    ),
    'vllm-41725-dgx-spark-tp2-nccl-allreduce-hang-pip-nccl-build-differs-from-system-nccl': Backdrop(
        'spark-head',
        'A10',
        '580.126.09',
        '2026-07-23T11:30:00Z',
        '2026-07-23T12:10:00Z',
        pci=('01',),
    ),
    'vllm-46307-gb10-unified-memory-profiling-exceeds-gpu-memory-utilization-host-wedges': Backdrop(
        'spark-gb10-01',
        'A10',
        '580.126.09',
        '2026-06-21T11:30:00Z',
        '2026-06-21T12:10:00Z',
        pci=('01',),
    ),
    'vllm-56824-gb10-engine-startup-exhausts-unified-memory-nv-err-no-memory': Backdrop(
        'spark-gb10-02',
        'A10',
        '580.173.02',
        '2026-09-14T11:30:00Z',
        '2026-09-14T12:10:00Z',
        pci=('01',),
    ),
    'whisperct2-115-libcudnn-ops-so9-unable-to-load-ctranslate2-cudnn9-vs-cudnn8': Backdrop(
        'asr-ws-01',
        'A10',
        '550.127.05',
        '2025-01-07T11:30:00Z',
        '2025-01-07T12:10:00Z',
        pci=('01',),
    ),
    'xdit-731-nccl-uniqueid-store-timeout-600000ms-missing-device-id-set-device-rank-mod': Backdrop(
        'xdit-node-01',
        'A10',
        '580.95.05',
        '2026-07-08T11:30:00Z',
        '2026-07-08T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
