"""heldout-public-418's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-418/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description); hosts,
GPU counts, bus numbers (01..N in index order; 41 for the llama.cpp#21564 case, as its Xid lines print it) and the driver
(550.144.03, the same for every case) are stand-ins. No case uses extra: no source quotes an exporter value as a metric
sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'witticism-22-cuda-unspecified-launch-failure-after-suspend-resume-gpu-context-invalid': Backdrop(
        'witticism-desktop',
        'A10',
        '550.144.03',
        '2025-08-18T11:30:00Z',
        '2025-08-18T12:10:00Z',
        pci=('01',),
    ),
    'ollama-8426-cuda-unspecified-launch-failure-after-hibernation-nvidia-cuda-suspend-bug': Backdrop(
        'mint-rtx4060ti',
        'A10',
        '550.144.03',
        '2025-02-27T11:30:00Z',
        '2025-02-27T12:10:00Z',
        pci=('01',),
    ),
    'ollama-7630-gpus-not-used-runs-on-cpu-mig-mode-enabled-not-supported': Backdrop(
        'ollama-ubuntu2204',
        'A10',
        '550.144.03',
        '2024-11-12T11:30:00Z',
        '2024-11-12T12:10:00Z',
        pci=('01',),
    ),
    'ollama-10505-ollama-ps-memory-differs-from-nvidia-smi-reserved-memory-benign': Backdrop(
        'wsl2-2080ti-x2',
        'A10',
        '550.144.03',
        '2025-04-30T11:30:00Z',
        '2025-04-30T12:10:00Z',
        pci=('01', '02',),
    ),
    'llamacpp-5327-vram-full-gpu-compute-idle-partial-offload-cpu-bottleneck': Backdrop(
        'rtx3090-desktop',
        'A10',
        '550.144.03',
        '2024-02-05T11:30:00Z',
        '2024-02-05T12:10:00Z',
        pci=('01',),
    ),
    'llamacpp-24398-rtx5090-flash-attention-kernel-warp-misaligned-register-crash': Backdrop(
        'rtx5090-laptop',
        'A10',
        '550.144.03',
        '2026-06-10T11:30:00Z',
        '2026-06-10T12:10:00Z',
        pci=('01',),
    ),
    'llamacpp-21564-rtx5090-xid-43-llama-server-after-flash-attn-kernel-change-rollback-fixes': Backdrop(
        'rtx5090-llama-server',
        'A10',
        '550.144.03',
        '2026-04-07T13:41:08Z',
        '2026-04-07T14:21:08Z',
        pci=('41',),
    ),
    'jan-1350-jan-runs-on-cpu-gpus-unused-cuda-toolkit-not-installed': Backdrop(
        'win10-970-3090',
        'A10',
        '550.144.03',
        '2024-01-04T11:30:00Z',
        '2024-01-04T12:10:00Z',
        pci=('01', '02',),
    ),
    'jan-981-jan-runs-on-cpu-by-default-missing-cudart-runtime': Backdrop(
        'win-jan-i7-12700',
        'A10',
        '550.144.03',
        '2023-12-13T11:30:00Z',
        '2023-12-13T12:10:00Z',
        pci=('01',),
    ),
    'jan-1812-settings-say-cuda-missing-run-mode-cpu-but-gpu-in-use-benign': Backdrop(
        'win-rtx2070',
        'A10',
        '550.144.03',
        '2024-01-27T11:30:00Z',
        '2024-01-27T12:10:00Z',
        pci=('01',),
    ),
    'aio-8462-local-ai-container-falls-back-to-cpu-llvmpipe-no-nvidia-runtime-requested': Backdrop(
        'nextcloud-aio-rtx5070',
        'A10',
        '550.144.03',
        '2026-07-17T11:30:00Z',
        '2026-07-17T12:10:00Z',
        pci=('01',),
    ),
    'xtts-31-whisper-aborts-libcudnn-ops-infer-so-8-missing-install-cudnn': Backdrop(
        'xtts-venv-host',
        'A10',
        '550.144.03',
        '2024-06-10T11:30:00Z',
        '2024-06-10T12:10:00Z',
        pci=('01',),
    ),
    'stllama-2-cuda-error-999-pinned-memory-unknown-error-driver-530-updated-to-545': Backdrop(
        'ubuntu-4090-docker',
        'A10',
        '550.144.03',
        '2023-11-02T11:30:00Z',
        '2023-11-02T12:10:00Z',
        pci=('01',),
    ),
    'buzz-723-faster-whisper-crash-in-cudnn64-8-dll-cuda-11-4-and-12-4-fixed-by-cuda-11-8': Backdrop(
        'win-buzz-desktop',
        'A10',
        '550.144.03',
        '2024-04-15T11:30:00Z',
        '2024-04-15T12:10:00Z',
        pci=('01',),
    ),
    'kobold-344-ram-99-percent-but-process-shows-12gb-mmap-page-cache-benign': Backdrop(
        'win-64gb-kobold',
        'A10',
        '550.144.03',
        '2023-07-24T11:30:00Z',
        '2023-07-24T12:10:00Z',
        pci=('01',),
    ),
    'kobold-57-65b-model-load-stalls-on-32gb-ram-not-enough-memory-swap': Backdrop(
        'gtx1080-i7-8700k',
        'A10',
        '550.144.03',
        '2023-04-13T11:30:00Z',
        '2023-04-13T12:10:00Z',
        pci=('01',),
    ),
    'wsw-50-faster-whisper-cuda-failed-out-of-memory-not-enough-vram-for-large-v2': Backdrop(
        'win-faster-whisper',
        'A10',
        '550.144.03',
        '2023-08-01T11:30:00Z',
        '2023-08-01T12:10:00Z',
        pci=('01',),
    ),
    'lms-297-lm-studio-model-load-fails-exit-code-loads-with-gpu-offload-0-not-enough-vram': Backdrop(
        'win10-lmstudio-laptop',
        'A10',
        '550.144.03',
        '2025-01-11T11:30:00Z',
        '2025-01-11T12:10:00Z',
        pci=('01',),
    ),
    'gpt4all-1690-vulkan-out-of-device-memory-a100s-unused-picks-dgx-display-device': Backdrop(
        'dgx-station-a100',
        'A10',
        '550.144.03',
        '2023-11-29T11:30:00Z',
        '2023-11-29T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'owui-7516-open-webui-cuda-container-could-not-select-device-driver-gpu-container-toolkit-missing': Backdrop(
        'debian126-docker',
        'A10',
        '550.144.03',
        '2024-12-01T11:30:00Z',
        '2024-12-01T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
