"""heldout-public-256's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-256/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts, bus numbers (no source prints one: 01 for one GPU, 01 and 02 for two) and the driver (550.144.03, the same
for every case) are stand-ins. No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'make-it-animatable-12-hf-zerogpu-worker-error-backend-changed-old-torch-unsupported': Backdrop(
        'hf-zerogpu-make-it-animatable',
        'A10',
        '550.144.03',
        '2025-04-18T11:30:00Z',
        '2025-04-18T12:10:00Z',
        pci=('01',),
    ),
    'open-sora-532-hf-zerogpu-space-http-500-zerogpu-init-unknown-infra-issue': Backdrop(
        'hf-zerogpu-open-sora',
        'A10',
        '550.144.03',
        '2024-06-24T11:30:00Z',
        '2024-06-24T12:10:00Z',
        pci=('01',),
    ),
    'kernelbench-92-modal-container-bad-kernel-illegal-access-poisons-gpu-state-new-container': Backdrop(
        'modal-kernelbench-container',
        'A10',
        '550.144.03',
        '2025-11-18T11:30:00Z',
        '2025-11-18T12:10:00Z',
        pci=('01',),
    ),
    'mlx-2428-modal-notebook-cudamemadvise-invalid-device-ordinal-gvisor-sandbox-gap': Backdrop(
        'modal-notebook-mlx',
        'A10',
        '550.144.03',
        '2025-07-29T11:30:00Z',
        '2025-07-29T12:10:00Z',
        pci=('01',),
    ),
    'cogview2-12-replicate-a100-cuda-oom-after-some-images-memory-persists-between-predictions': Backdrop(
        'replicate-cogview2-worker',
        'A10',
        '550.144.03',
        '2022-06-18T11:30:00Z',
        '2022-06-18T12:10:00Z',
        pci=('01',),
    ),
    'fast-sd-2903-paperspace-a4000-fails-to-start-probably-server-maintenance-benign': Backdrop(
        'paperspace-a4000',
        'A10',
        '550.144.03',
        '2024-08-03T11:30:00Z',
        '2024-08-03T12:10:00Z',
        pci=('01',),
    ),
    'colabtools-2964-colab-gpu-runtime-unused-code-not-written-for-gpu': Backdrop(
        'colab-gpu-runtime-2964',
        'A10',
        '550.144.03',
        '2022-08-01T11:30:00Z',
        '2022-08-01T12:10:00Z',
        pci=('01',),
    ),
    'lium-io-1052-gpu-rental-pod-created-without-explicit-dev-nvidia-devices-minor-query-rejected': Backdrop(
        'lium-executor-ad801688',
        'A10',
        '550.144.03',
        '2026-06-02T11:30:00Z',
        '2026-06-02T12:10:00Z',
        pci=('01', '02'),
    ),
    'lium-io-1142-blackwell-ghost-100pct-utilization-latch-on-idle-gpu-telemetry-only-benign': Backdrop(
        'lium-executor-blackwell',
        'A10',
        '550.144.03',
        '2026-07-16T11:30:00Z',
        '2026-07-16T12:10:00Z',
        pci=('01',),
    ),
    'comfyui-mcp-118-runpod-template-cu130-torch-needs-driver-580-hosts-below-cuda-gate': Backdrop(
        'runpod-agent-panel-pod',
        'A10',
        '550.144.03',
        '2026-07-05T11:30:00Z',
        '2026-07-05T12:10:00Z',
        pci=('01',),
    ),
    'tenferro-rs-1410-runpod-ci-pod-cuda-12-8-ptx-on-cuda-12-4-driver-host-filter': Backdrop(
        'runpod-ci-pod',
        'A10',
        '550.144.03',
        '2026-07-18T11:30:00Z',
        '2026-07-18T12:10:00Z',
        pci=('01',),
    ),
    'vits-554-colab-not-utilizing-gpu-warning-during-cpu-upload-step-benign': Backdrop(
        'colab-t4-vits',
        'A10',
        '550.144.03',
        '2023-12-18T11:30:00Z',
        '2023-12-18T12:10:00Z',
        pci=('01',),
    ),
    'comfyui-multigpu-170-runpod-a40-50gb-ram-fills-loading-fp16-models-machine-dead': Backdrop(
        'runpod-a40-wan22',
        'A10',
        '550.144.03',
        '2026-02-05T11:30:00Z',
        '2026-02-05T12:10:00Z',
        pci=('01',),
    ),
    'comfyui-with-flux-8-runpod-a4000-16gb-default-flux-workflow-memory-full-needs-24gb': Backdrop(
        'runpod-a4000-flux',
        'A10',
        '550.144.03',
        '2024-11-09T11:30:00Z',
        '2024-11-09T12:10:00Z',
        pci=('01',),
    ),
    'rkt-3-kaggle-gpu-session-13gb-ram-limit-reached-code-needs-32gb': Backdrop(
        'kaggle-rkt-session',
        'A10',
        '550.144.03',
        '2021-03-19T11:30:00Z',
        '2021-03-19T12:10:00Z',
        pci=('01',),
    ),
    'colabtools-1493-colab-illegal-memory-access-blocks-cuda-until-restart-device-mismatch-in-user-code': Backdrop(
        'colab-runtime-1493',
        'A10',
        '550.144.03',
        '2020-08-11T11:30:00Z',
        '2020-08-11T12:10:00Z',
        pci=('01',),
    ),
    'h2ogpt-61-hf-space-demo-gpu-oom-from-memory-fragmentation': Backdrop(
        'hf-space-h2ogpt',
        'A10',
        '550.144.03',
        '2023-04-20T11:30:00Z',
        '2023-04-20T12:10:00Z',
        pci=('01', '02'),
    ),
    'painterleaf-9-hf-inference-api-intermittent-cuda-oom-on-14gb-gpu-free-tier-limits': Backdrop(
        'hf-inference-api-worker',
        'A10',
        '550.144.03',
        '2024-05-14T11:30:00Z',
        '2024-05-14T12:10:00Z',
        pci=('01',),
    ),
    'colabtools-49-colab-gpu-slower-than-laptop-cpu-checkpointing-disk-bandwidth-suspected': Backdrop(
        'colab-gpu-runtime-49',
        'A10',
        '550.144.03',
        '2018-02-06T11:30:00Z',
        '2018-02-06T12:10:00Z',
        pci=('01',),
    ),
    'kohya-colab-133-colab-jaxlib-falling-back-to-cpu-warning-training-uses-gpu-benign': Backdrop(
        'colab-kohya-trainer',
        'A10',
        '550.144.03',
        '2024-04-10T11:30:00Z',
        '2024-04-10T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
