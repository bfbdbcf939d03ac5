"""heldout-public-375's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-375/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts, GPU counts, bus numbers (01..N in index order) and the driver (550.144.03, the same for every case) are stand-ins:
no evidence prints a usable host name. No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'koboldcpp-1711-koboldcpp-crash-on-prompt-cuda-out-of-memory-pool-alloc-blas-batch-too-large': Backdrop(
        'kcpp-host',
        'A10',
        '550.144.03',
        '2025-08-26T11:30:00Z',
        '2025-08-26T12:10:00Z',
        pci=('01',),
    ),
    'invokeai-5399-update-replaced-cuda-pytorch-with-cpu-build-xformers-cant-load-cuda-extensions': Backdrop(
        'invokeai-host',
        'A10',
        '550.144.03',
        '2024-01-04T11:30:00Z',
        '2024-01-04T12:10:00Z',
        pci=('01',),
    ),
    'invokeai-7945-rtx-5080-cuda-kernel-error-outdated-pytorch-without-sm120-support': Backdrop(
        'invokeai-rtx50',
        'A10',
        '550.144.03',
        '2025-04-20T11:30:00Z',
        '2025-04-20T12:10:00Z',
        pci=('01',),
    ),
    'comfyui-tooncrafter-18-custom-node-install-replaced-cuda-torch-torch-not-compiled-with-cuda': Backdrop(
        'comfy-host',
        'A10',
        '550.144.03',
        '2024-06-21T11:30:00Z',
        '2024-06-21T12:10:00Z',
        pci=('01',),
    ),
    'sd-webui-forge-3069-rtx-5090-very-slow-generation-running-on-cpu-cuda-toolkit-too-old': Backdrop(
        'forge-rtx5090',
        'A10',
        '550.144.03',
        '2025-11-17T11:30:00Z',
        '2025-11-17T12:10:00Z',
        pci=('01',),
    ),
    'bookbridge-179-whisper-transcription-fails-libcublas-so-12-missing-prebuilt-image-without-cuda-libs': Backdrop(
        'unraid-rtx3080',
        'A10',
        '550.144.03',
        '2026-03-09T11:30:00Z',
        '2026-03-09T12:10:00Z',
        pci=('01',),
    ),
    'gpt4all-2199-unable-to-retrieve-gpu-devices-nouveau-driver-in-use-instead-of-nvidia-535': Backdrop(
        'gpt4all-ubuntu',
        'A10',
        '550.144.03',
        '2024-04-15T11:30:00Z',
        '2024-04-15T12:10:00Z',
        pci=('01',),
    ),
    'gpt4all-2378-v2-8-0-crash-with-cuda-ptx-compiled-with-unsupported-toolchain-fixed-in-v2-8-1': Backdrop(
        'gpt4all-win',
        'A10',
        '550.144.03',
        '2024-06-01T11:30:00Z',
        '2024-06-01T12:10:00Z',
        pci=('01',),
    ),
    'text-generation-webui-5851-exllamav2-0-0-18-upgrade-breaks-inference-revert-to-0-0-17': Backdrop(
        'textgen-host',
        'A10',
        '550.144.03',
        '2024-04-12T11:30:00Z',
        '2024-04-12T12:10:00Z',
        pci=('01',),
    ),
    'linuxserver-faster-whisper-23-gpu-image-2-0-0-broken-ctranslate2-cudnn-dependency-mismatch-fixed': Backdrop(
        'whisper-gpu',
        'A10',
        '550.144.03',
        '2024-10-29T11:30:00Z',
        '2024-10-29T12:10:00Z',
        pci=('01',),
    ),
    'swarmui-879-no-backends-available-after-update-stale-blackwell-nightly-comfy-backend-install': Backdrop(
        'swarmui-host',
        'A10',
        '550.144.03',
        '2025-07-07T11:30:00Z',
        '2025-07-07T12:10:00Z',
        pci=('01',),
    ),
    'coursia-3804-comfyui-qwen-generation-hung-vram-integer-overflow-ksampler-offloaded-to-cpu': Backdrop(
        'comfyui-qwen',
        'A10',
        '550.144.03',
        '2026-06-20T11:30:00Z',
        '2026-06-20T12:10:00Z',
        pci=('01',),
    ),
    'suse-ai-stack-7-ollama-does-not-detect-gpu-without-nvidia-runtime-class-kubernetes': Backdrop(
        'suse-ai-node',
        'A10',
        '550.144.03',
        '2025-05-09T11:30:00Z',
        '2025-05-09T12:10:00Z',
        pci=('01',),
    ),
    'ollama-3474-llama-cpp-runner-left-as-zombie-after-ollama-killed-subprocess-signalling-bug': Backdrop(
        'ollama-host',
        'A10',
        '550.144.03',
        '2024-04-03T11:30:00Z',
        '2024-04-03T12:10:00Z',
        pci=('01',),
    ),
    'ollama-9496-cuinit-err-100-log-lines-from-deliberate-cuda-visible-devices-minus-1-benign': Backdrop(
        'ollama-cpu-test',
        'A10',
        '550.144.03',
        '2025-03-04T11:30:00Z',
        '2025-03-04T12:10:00Z',
        pci=('01',),
    ),
    'ollama-2226-wrong-elf-class-elfclass32-nvml-log-line-32-bit-library-skipped-gpu-detected-benign': Backdrop(
        'ollama-fedora',
        'A10',
        '550.144.03',
        '2024-01-27T11:30:00Z',
        '2024-01-27T12:10:00Z',
        pci=('01',),
    ),
    'llama-cpp-python-101-system-info-shows-blas-0-although-cublas-build-is-used-stale-flag-printout-benign': Backdrop(
        'llm-webui-host',
        'A10',
        '550.144.03',
        '2023-04-21T11:30:00Z',
        '2023-04-21T12:10:00Z',
        pci=('01',),
    ),
    'jan-3761-gpu-accelerated-model-fails-to-start-cudamalloc-out-of-memory-3b-q8-on-4gb-gtx-1050-ti': Backdrop(
        'jan-laptop',
        'A10',
        '550.144.03',
        '2024-10-03T11:30:00Z',
        '2024-10-03T12:10:00Z',
        pci=('01',),
    ),
    'jan-7881-4b-model-fails-to-load-on-1gb-vram-gpu-cuda-backend-chosen-although-model-does-not-fit': Backdrop(
        'jan-win',
        'A10',
        '550.144.03',
        '2026-04-01T11:30:00Z',
        '2026-04-01T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
