"""heldout-public-189's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-189/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list) except the two H100/H200 cases, shown as
H100; hosts, bus numbers and drivers are stand-ins (one case uses the driver its log prints, 575.57.08; see each
case's description). No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never
points at the cause (flat, healthy series).
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'b00t-259-llama-server-brew-build-without-cuda-runs-on-cpu': Backdrop(
        'b00t-llm-host',
        'A10',
        '570.133.07',
        '2026-03-16T11:30:00Z',
        '2026-03-16T12:10:00Z',
        pci=('01',),
    ),
    'mediswarm-343-containers-lose-gpu-nvml-unknown-error-systemd-cgroup-daemon-reload': Backdrop(
        'odelia-swarm-client',
        'A10',
        '550.144.03',
        '2026-06-19T11:30:00Z',
        '2026-06-19T12:10:00Z',
        pci=('01',),
    ),
    'ollama-6928-cuda-context-800-in-docker-after-toolkit-driver-update-mismatch': Backdrop(
        'ollama-docker-host',
        'A10',
        '570.86.15',
        '2025-04-06T11:30:00Z',
        '2025-04-06T12:10:00Z',
        pci=('01',),
    ),
    'ollama-11593-rtx-pro-6000-blackwell-cuda-init-failure-3-driver-bug-uvm-hmm': Backdrop(
        'rtxpro6000-llm-host',
        'A10',
        '575.57.08',
        '2025-08-22T11:30:00Z',
        '2025-08-22T12:10:00Z',
        pci=('01',),
    ),
    'uhdm-28-training-one-epoch-per-night-3070ti-wrong-gpu-id': Backdrop(
        'uhdm-3070ti-ws',
        'A10',
        '535.171.04',
        '2024-06-10T11:30:00Z',
        '2024-06-10T12:10:00Z',
        pci=('01',),
    ),
    'kohyass-961-lora-training-extremely-slow-vram-spills-to-shared-gpu-memory': Backdrop(
        'kohya-3070ti-win',
        'A10',
        '536.99',
        '2023-08-01T11:30:00Z',
        '2023-08-01T12:10:00Z',
        pci=('01',),
    ),
    'invokeai-1202-running-on-cpu-device-type-cpu-broken-pytorch-install': Backdrop(
        'invokeai-1080ti-win',
        'A10',
        '522.25',
        '2022-10-21T11:30:00Z',
        '2022-10-21T12:10:00Z',
        pci=('01',),
    ),
    'storytoolkitai-192-cant-select-gpu-updater-uninstalls-torch-cuda': Backdrop(
        'storytoolkit-ws',
        'A10',
        '560.94',
        '2024-08-28T11:30:00Z',
        '2024-08-28T12:10:00Z',
        pci=('01',),
    ),
    'langchain-chatchat-35-loading-checkpoint-shards-killed-host-memory': Backdrop(
        'chatglm-kb-host',
        'A10',
        '525.105.17',
        '2023-04-07T11:30:00Z',
        '2023-04-07T12:10:00Z',
        pci=('01',),
    ),
    'accelerate-2722-sigkill-on-save-steps-deepspeed-zero3-system-memory': Backdrop(
        'hf-zero3-trainer',
        'A10',
        '535.161.07',
        '2024-04-30T11:30:00Z',
        '2024-04-30T12:10:00Z',
        pci=('01',),
    ),
    'cometml-205-gpu-utilization-graph-drops-to-zero-every-few-seconds-panel-bug': Backdrop(
        'comet-train-ws',
        'A10',
        '410.93',
        '2019-01-22T11:30:00Z',
        '2019-01-22T12:10:00Z',
        pci=('01',),
    ),
    'wandb-4606-colab-gpu-metrics-missing-wandb-0135-0136-bug': Backdrop(
        'colab-gpu-runtime',
        'A10',
        '460.32.03',
        '2022-12-10T11:30:00Z',
        '2022-12-10T12:10:00Z',
        pci=('01',),
    ),
    'nemorl-83-gpu-monitoring-metrics-ignored-wandb-step-advances-too-fast': Backdrop(
        'nemo-rl-node',
        'H100',
        '550.127.08',
        '2025-03-25T11:30:00Z',
        '2025-03-25T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'milesdiffusion-57-wandb-gpu-sm-active-missing-old-wandb-and-stats-disabled': Backdrop(
        'miles-h100-node',
        'H100',
        '570.172.08',
        '2026-07-22T11:30:00Z',
        '2026-07-22T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'comfyuimanager-2138-black-screen-blamed-on-update-was-loose-system-ram': Backdrop(
        'comfy-5090-ws',
        'A10',
        '580.88',
        '2025-09-12T11:30:00Z',
        '2025-09-12T12:10:00Z',
        pci=('01',),
    ),
    'dcttspytorch-5-gpu-idle-between-iterations-nfs-data-loading-bottleneck': Backdrop(
        'dctts-v100-node',
        'A10',
        '418.67',
        '2019-05-10T11:30:00Z',
        '2019-05-10T12:10:00Z',
        pci=('01',),
    ),
    'gpustack-2246-a100-gpu-lost-randomly-nvidia-container-toolkit-docker-runtime': Backdrop(
        'gpustack-a100-worker',
        'A10',
        '550.90.07',
        '2025-06-19T11:30:00Z',
        '2025-06-19T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
