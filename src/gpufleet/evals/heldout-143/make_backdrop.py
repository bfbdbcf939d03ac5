"""heldout-public-143's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-143/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list and for GPUs the sources do not name);
hosts (except rig-6600, named by its source), bus numbers and drivers (except 460.73.01, named by its source)
are stand-ins (see each case's description). No case uses extra: no source quotes an exporter value as a
metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'cloudera-cdsw-known-issue-tf24-cuda112-libcusolver-not-read-symlink-workaround': Backdrop(
        'cdsw-gpu-worker-1',
        'A10',
        '460.73.01',
        '2021-06-01T11:30:00Z',
        '2021-06-01T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'prng-cluster-rig6600-first-wave-gpu-jobs-killed-linux-oom-killer-7-7gb-ram': Backdrop(
        'rig-6600',
        'A10',
        '580.95.05',
        '2026-01-23T11:30:00Z',
        '2026-01-23T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'mkw-recomp-discussion-139-nvidia-drivers-617-621-gpu-drops-mid-race': Backdrop(
        'win-desktop-player',
        'A10',
        '617.00',
        '2026-06-01T11:30:00Z',
        '2026-06-01T12:10:00Z',
        pci=('01',),
    ),
    'hf-cogvideox-space-discussion-7-launch-timeout-was-mislabelled-host-oom': Backdrop(
        'hf-zerogpu-node-cogvideox',
        'A10',
        '550.54.15',
        '2024-08-10T11:30:00Z',
        '2024-08-10T12:10:00Z',
        pci=('01',),
    ),
    'hf-stable-dreamfusion-space-discussion-1-cuda-home-not-set-space-on-cpu-hardware': Backdrop(
        'hf-space-stable-dreamfusion',
        'A10',
        '515.65.01',
        '2022-10-10T11:30:00Z',
        '2022-10-10T12:10:00Z',
        pci=('01',),
    ),
    'hf-owsm-v3-space-discussion-3-error-output-cuda-out-of-memory': Backdrop(
        'hf-space-owsm-v3',
        'A10',
        '535.104.05',
        '2023-10-15T11:30:00Z',
        '2023-10-15T12:10:00Z',
        pci=('01',),
    ),
    'hf-all-in-one-space-discussion-3-torch-installed-without-cuda-ran-on-cpu': Backdrop(
        'hf-space-all-in-one',
        'A10',
        '535.104.05',
        '2023-07-01T11:30:00Z',
        '2023-07-01T12:10:00Z',
        pci=('01',),
    ),
    'hf-zerogpu-explorers-discussion-115-no-cuda-gpus-caused-by-torch-geometric-import': Backdrop(
        'hf-zerogpu-node-graphdit',
        'A10',
        '550.54.15',
        '2024-10-01T11:30:00Z',
        '2024-10-01T12:10:00Z',
        pci=('01',),
    ),
    'hf-stable-diffusion-v1-5-discussion-71-host-memory-not-reclaimed-pytorchfilereader': Backdrop(
        'sd-model-switch-server',
        'A10',
        '515.65.01',
        '2022-11-15T11:30:00Z',
        '2022-11-15T12:10:00Z',
        pci=('01',),
    ),
    'hf-john6666-post-spaces-fail-after-restart-zerogpu-moved-a100-to-h200-old-pytorch': Backdrop(
        'hf-zerogpu-node-h200',
        'A10',
        '570.124.06',
        '2025-04-20T11:30:00Z',
        '2025-04-20T12:10:00Z',
        pci=('01',),
    ),
    'latex-ocr-discussion-153-gpu-util-20-percent-cpu-to-gpu-data-transfer-bottleneck': Backdrop(
        'latexocr-train-server',
        'A10',
        '515.65.01',
        '2022-06-01T11:30:00Z',
        '2022-06-01T12:10:00Z',
        pci=('01',),
    ),
    'lightning-discussion-19043-gpu-util-low-until-data-loaded-data-loading-bottleneck': Backdrop(
        'lightning-train-node',
        'A10',
        '535.104.05',
        '2023-11-20T11:30:00Z',
        '2023-11-20T12:10:00Z',
        pci=('01',),
    ),
    'hf-lora-roulette-discussion-5-benign-zerogpu-quota-exceeded-expected-behaviour': Backdrop(
        'hf-zerogpu-node-lora-roulette',
        'A10',
        '535.129.03',
        '2024-02-15T11:30:00Z',
        '2024-02-15T12:10:00Z',
        pci=('01',),
    ),
    'hf-photomaker-discussion-13-benign-gpu-quota-exceeded-per-user-zerogpu-limit': Backdrop(
        'hf-zerogpu-node-photomaker',
        'A10',
        '535.129.03',
        '2024-01-20T11:30:00Z',
        '2024-01-20T12:10:00Z',
        pci=('01',),
    ),
    'hf-vistral-7b-discussion-7-benign-gpu-memory-grows-per-prompt-empty-cache-releases': Backdrop(
        'vistral-chat-server',
        'A10',
        '535.129.03',
        '2024-01-25T11:30:00Z',
        '2024-01-25T12:10:00Z',
        pci=('01',),
    ),
    'hf-grounding-dino-tiny-discussion-4-benign-gpu-memory-plateaus-after-two-inferences': Backdrop(
        'groundingdino-infer-server',
        'A10',
        '535.129.03',
        '2024-06-01T11:30:00Z',
        '2024-06-01T12:10:00Z',
        pci=('01',),
    ),
    'hf-smplerx-space-discussion-4-benign-space-down-while-moving-to-zerogpu': Backdrop(
        'hf-space-smplerx',
        'A10',
        '535.129.03',
        '2024-05-01T11:30:00Z',
        '2024-05-01T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
