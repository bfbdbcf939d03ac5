"""heldout-public-391's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-391/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except server.home, debian and cloudstation, which the evidence prints), GPU counts, bus numbers (01..N in index order) and the
driver (550.144.03, the same for every case) are stand-ins. No case uses extra: no source quotes an exporter value
as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'viseron-246-object-detection-stops-opencl-error-gpu-runs-out-of-memory': Backdrop(
        'viseron-nvr',
        'A10',
        '550.144.03',
        '2021-07-06T11:30:00Z',
        '2021-07-06T12:10:00Z',
        pci=('01',),
    ),
    'llamaswap-759-gpu-monitor-fails-reading-gpuch-nvidia-smi-loop-option-removed-benign': Backdrop(
        'llm-host',
        'A10',
        '550.144.03',
        '2026-05-15T11:30:00Z',
        '2026-05-15T12:10:00Z',
        pci=('01',),
    ),
    'llamaswap-1155-gpu-stats-freeze-nvidia-smi-collector-exited-never-restarted-benign': Backdrop(
        'llama-swap-host',
        'A10',
        '550.144.03',
        '2026-09-22T11:30:00Z',
        '2026-09-22T12:10:00Z',
        pci=('01',),
    ),
    'ollama-7006-ollama-docker-fails-to-init-cuda-host-container-runtime-component-mismatch': Backdrop(
        'ollama-docker-host',
        'A10',
        '550.144.03',
        '2024-09-28T11:30:00Z',
        '2024-09-28T12:10:00Z',
        pci=('01',),
    ),
    'dynamicrafter-41-comfyui-node-update-oom-tooncrafter-decodes-all-16-frames-at-once': Backdrop(
        'comfyui-host',
        'A10',
        '550.144.03',
        '2024-06-02T11:30:00Z',
        '2024-06-02T12:10:00Z',
        pci=('01',),
    ),
    'comfyui-14126-ltx-workflow-cuda-oom-after-update-bisected-to-commit-0a2dd86': Backdrop(
        'comfyui-portable',
        'A10',
        '550.144.03',
        '2026-05-27T11:30:00Z',
        '2026-05-27T12:10:00Z',
        pci=('01',),
    ),
    'truenasdrv-11-truenas-update-docker-fails-unknown-runtime-nvidia-driver-reinstalled-via-script': Backdrop(
        'cloudstation',
        'A10',
        '550.144.03',
        '2026-06-06T11:30:00Z',
        '2026-06-06T12:10:00Z',
        pci=('01',),
    ),
    'beszel-375-nvidia-container-cli-cannot-load-libnvidia-ml-fixed-by-reinstalling-docker-ce': Backdrop(
        'beszel-agent-host',
        'A10',
        '550.144.03',
        '2025-01-07T11:30:00Z',
        '2025-01-07T12:10:00Z',
        pci=('01',),
    ),
    'fr-extmodel-4-gtx1060-face-recognition-slower-than-cpu-dlib-not-built-with-cuda': Backdrop(
        'facerec-model-server',
        'A10',
        '550.144.03',
        '2022-03-19T11:30:00Z',
        '2022-03-19T12:10:00Z',
        pci=('01',),
    ),
    'facerecognition-640-nextcloud-face-recognition-uses-cpu-dlib-pdlib-must-be-compiled-with-cuda': Backdrop(
        'nextcloud-host',
        'A10',
        '550.144.03',
        '2023-03-05T11:30:00Z',
        '2023-03-05T12:10:00Z',
        pci=('01',),
    ),
    'newelle-339-llama-server-zombie-holds-vram-after-exit-next-model-load-oom': Backdrop(
        'arch-desktop',
        'A10',
        '550.144.03',
        '2026-01-20T11:30:00Z',
        '2026-01-20T12:10:00Z',
        pci=('01',),
    ),
    'kreier-homelab-ollama-4-gpu-box-latency-from-gtx1060-on-pcie-1-0-x1-slot': Backdrop(
        'server.home',
        'A10',
        '550.144.03',
        '2025-03-01T11:30:00Z',
        '2025-03-01T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'fooocus-1426-pc-keeps-crashing-gtx-1660-does-not-support-always-gpu-flag': Backdrop(
        'fooocus-pc',
        'A10',
        '550.144.03',
        '2023-12-15T11:30:00Z',
        '2023-12-15T12:10:00Z',
        pci=('01',),
    ),
    'comfyui-15276-earlyoom-kills-comfyui-30gb-rss-after-update-to-commit-15266': Backdrop(
        'debian',
        'A10',
        '550.144.03',
        '2026-08-04T11:30:00Z',
        '2026-08-04T12:10:00Z',
        pci=('01',),
    ),
    'textgen-2750-exllama-vram-not-freed-on-unload-model-switch-cuda-oom': Backdrop(
        'textgen-webui-pc',
        'A10',
        '550.144.03',
        '2023-06-18T11:30:00Z',
        '2023-06-18T12:10:00Z',
        pci=('01',),
    ),
    'llamaswap-315-swap-group-does-not-unload-other-group-cudamalloc-oom': Backdrop(
        'llama-swap-box',
        'A10',
        '550.144.03',
        '2025-09-01T11:30:00Z',
        '2025-09-01T12:10:00Z',
        pci=('01',),
    ),
    'monitorix-415-nvidiagpu-rrd-update-fails-nvidia-smi-prints-bracketed-na-benign': Backdrop(
        'monitorix-host',
        'A10',
        '550.144.03',
        '2022-03-19T11:30:00Z',
        '2022-03-19T12:10:00Z',
        pci=('01',),
    ),
    'gpustat-141-gpustat-shows-308mb-used-on-idle-gpu-after-r515-pynvml-mismatch-benign': Backdrop(
        'gpustat-host',
        'A10',
        '550.144.03',
        '2022-11-06T11:30:00Z',
        '2022-11-06T12:10:00Z',
        pci=('01',),
    ),
    'glances-1097-gpu-plugin-critical-init-error-pynvml-on-pip-python2-only-benign': Backdrop(
        'lab-gpu-box',
        'A10',
        '550.144.03',
        '2017-05-25T11:30:00Z',
        '2017-05-25T12:10:00Z',
        pci=('01', '02',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
