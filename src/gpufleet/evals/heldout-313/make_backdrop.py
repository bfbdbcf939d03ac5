"""heldout-public-313's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-313/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except gx10, which the evidence prints), bus numbers (01..N in index order; bus 07 of club-3090-751 as its
Xid lines print it) and the driver (550.144.03, the same for every case) are stand-ins. No case uses extra: no
source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'glm53-flash-193-dgx-spark-gx10-hard-hang-during-weight-load-global-oom-unified-memory': Backdrop(
        'gx10',
        'A10',
        '550.144.03',
        '2026-09-16T11:30:00Z',
        '2026-09-16T12:10:00Z',
        pci=('01', ),
    ),
    'framedipt-4-gpu-id-mismatch-gputil-nvidia-smi-order-vs-torch-cuda-order': Backdrop(
        'framedipt-node01',
        'A10',
        '550.144.03',
        '2026-03-23T11:30:00Z',
        '2026-03-23T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08', ),
    ),
    'fizgig-105-training-ran-on-a-different-card-nvml-vs-cuda-enumeration-order': Backdrop(
        'fizgig-ws01',
        'A10',
        '550.144.03',
        '2026-08-27T11:30:00Z',
        '2026-08-27T12:10:00Z',
        pci=('01', '02', ),
    ),
    'club-3090-173-lspci-pcie-link-downgraded-x4-on-oculink-egpu-expected-benign': Backdrop(
        'club3090-egpu01',
        'A10',
        '550.144.03',
        '2026-05-21T11:30:00Z',
        '2026-05-21T12:10:00Z',
        pci=('01', ),
    ),
    'mesh-llm-304-cuda-12-8-build-crashes-on-r535-driver-a30-a100-toolkit-vs-driver': Backdrop(
        'meshllm-a30-01',
        'A10',
        '550.144.03',
        '2026-04-16T11:30:00Z',
        '2026-04-16T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08', ),
    ),
    'llama-cpp-21438-docker-cuda-12-9-image-fails-on-hosts-with-drivers-capped-at-12-8': Backdrop(
        'vast-host01',
        'A10',
        '550.144.03',
        '2026-04-04T11:30:00Z',
        '2026-04-04T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08', ),
    ),
    'vllm-8847-extremely-low-throughput-nvidia-smi-gpu-reset-required-yes': Backdrop(
        'vllm-node01',
        'A10',
        '550.144.03',
        '2024-09-26T11:30:00Z',
        '2024-09-26T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08', ),
    ),
    'club-3090-751-garbage-output-and-xid-13-on-dual-3090-fixed-by-reseating-cables': Backdrop(
        'club3090-dual01',
        'A10',
        '550.144.03',
        '2026-07-21T22:43:57Z',
        '2026-07-21T23:23:57Z',
        pci=('07', '08', ),
    ),
    'onnxruntime-10226-inference-time-spikes-after-sleep-driver-dynamic-frequency-scaling-benign': Backdrop(
        'ort-win01',
        'A10',
        '550.144.03',
        '2022-03-01T11:30:00Z',
        '2022-03-01T12:10:00Z',
        pci=('01', ),
    ),
    'centermask-58-ctrl-c-leaves-dataloader-worker-processes-holding-gpu-memory': Backdrop(
        'centermask-node01',
        'A10',
        '550.144.03',
        '2021-02-22T11:30:00Z',
        '2021-02-22T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08', ),
    ),
    'dgx-spark-playbooks-102-16g-nccl-test-freezes-node-unified-memory-oom': Backdrop(
        'spark-node01',
        'A10',
        '550.144.03',
        '2026-08-17T11:30:00Z',
        '2026-08-17T12:10:00Z',
        pci=('01', ),
    ),
    'textgen-2330-gguf-model-runs-on-cpu-llama-cpp-python-built-without-cublas': Backdrop(
        'textgen-pc01',
        'A10',
        '550.144.03',
        '2023-05-25T11:30:00Z',
        '2023-05-25T12:10:00Z',
        pci=('01', ),
    ),
    'flagembedding-208-gpu-at-40-50-percent-cpu-bound-masking-increase-dataloader-workers': Backdrop(
        'flagemb-a10-01',
        'A10',
        '550.144.03',
        '2023-10-24T11:30:00Z',
        '2023-10-24T12:10:00Z',
        pci=('01', ),
    ),
    'opennmt-tf-799-multi-gpu-throughput-low-gpu-idle-online-tokenization': Backdrop(
        'onmt-node01',
        'A10',
        '550.144.03',
        '2021-02-26T11:30:00Z',
        '2021-02-26T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08', ),
    ),
    'gradients-god-1262-model-prep-stuck-cpu-thread-oversubscription-openmp-spin': Backdrop(
        'god-prep01',
        'A10',
        '550.144.03',
        '2026-06-29T11:30:00Z',
        '2026-06-29T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08', ),
    ),
    'ollama-8741-gpu-power-halves-at-long-context-memory-bandwidth-bound-benign': Backdrop(
        'ollama-node01',
        'A10',
        '550.144.03',
        '2025-01-31T11:30:00Z',
        '2025-01-31T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08', ),
    ),
    'pytorch-lightning-4833-gpu-util-plot-drops-to-zero-empty-cache-between-epochs-benign': Backdrop(
        'pl-node01',
        'A10',
        '550.144.03',
        '2020-11-24T11:30:00Z',
        '2020-11-24T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08', ),
    ),
    'wandb-7423-distributed-training-stalls-rank0-gpu-idle-caused-by-wandb-watch': Backdrop(
        'wandb-node01',
        'A10',
        '550.144.03',
        '2024-04-25T13:22:00Z',
        '2024-04-25T14:02:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08', ),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
