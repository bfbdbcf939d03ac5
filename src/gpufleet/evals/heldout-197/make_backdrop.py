"""heldout-public-197's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-197/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in the conventions use; the real boards are named in each description); hosts,
bus numbers and most drivers are stand-ins (three cases use the driver their source prints: 535.171.04, 570.124.06,
387.12; see each description). No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'ollama-5035-docker-ollama-falls-back-to-cpu-after-40h-nvidia-uvm-suspected': Backdrop(
        'ollama-docker-2gpu',
        'A10',
        '535.171.04',
        '2024-06-20T11:30:00Z',
        '2024-06-20T12:10:00Z',
        pci=('01', '02'),
    ),
    'ollama-9517-windows-ollama-detects-gpu-but-runs-on-cpu-no-gpu-backends-loaded': Backdrop(
        'win-ollama-pc',
        'A10',
        '572.16',
        '2025-03-05T11:38:37Z',
        '2025-03-05T12:18:37Z',
        pci=('01',),
    ),
    'ollama-9753-rtx-a5000-70b-q4-model-exceeds-24gb-vram-spills-to-cpu-ram': Backdrop(
        'ws-a5000',
        'A10',
        '572.70',
        '2025-03-14T11:30:00Z',
        '2025-03-14T12:10:00Z',
        pci=('01',),
    ),
    'minimax-42-h200x8-vllm-nccl-unhandled-system-error-dev-shm-segment-creation-failed': Backdrop(
        'hpcai-h200-vm',
        'A10',
        '550.127.08',
        '2025-04-06T20:16:48Z',
        '2025-04-06T20:56:48Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'mmdetection-5263-test-run-killed-linux-oom-killer-fixed-by-adding-virtual-memory': Backdrop(
        'mmdet-linux-box',
        'A10',
        '460.73.01',
        '2021-06-01T11:30:00Z',
        '2021-06-01T12:10:00Z',
        pci=('01',),
    ),
    'detectron-327-bbox-evaluation-killed-kernel-oom-killer-python2-31gb-rss': Backdrop(
        'detectron-tomcat',
        'A10',
        '384.111',
        '2018-03-29T01:15:59Z',
        '2018-03-29T01:55:59Z',
        pci=('01',),
    ),
    'lingvo-140-gpu-utilization-swings-0-100-input-generator-does-not-prefetch': Backdrop(
        'lingvo-trainer',
        'A10',
        '418.67',
        '2019-08-09T11:30:00Z',
        '2019-08-09T12:10:00Z',
        pci=('01',),
    ),
    'darknet-3191-pc-reboots-seconds-into-tiny-yolo-training-hardware-or-power-supply': Backdrop(
        'win-darknet-pc',
        'A10',
        '430.64',
        '2019-05-19T11:30:00Z',
        '2019-05-19T12:10:00Z',
        pci=('01',),
    ),
    'pytorch-80876-torch-1-12-ignores-cuda-visible-devices-set-in-script-job-sees-all-gpus': Backdrop(
        'lab-7gpu-server',
        'A10',
        '515.48.07',
        '2022-07-05T11:30:00Z',
        '2022-07-05T12:10:00Z',
        pci=('1a', '1b', '3d', '3e', '88', '89', 'b1'),
    ),
    'tinygrad-5230-nv-backend-ignores-cuda-visible-devices-loads-gpu0-instead-of-gpu1': Backdrop(
        'tinygrad-2x4090',
        'A10',
        '550.90.07',
        '2024-06-29T11:30:00Z',
        '2024-06-29T12:10:00Z',
        pci=('01', '02'),
    ),
    'vllm-16901-rtx-5090-no-kernel-image-pytorch-build-lacks-sm-120': Backdrop(
        'rtx5090-ubuntu',
        'A10',
        '570.124.06',
        '2025-04-21T11:30:00Z',
        '2025-04-21T12:10:00Z',
        pci=('01',),
    ),
    'medclip-2-jax-training-stuck-with-cuda-11-4-fixed-by-downgrading-to-11-2': Backdrop(
        'medclip-trainer',
        'A10',
        '470.57.02',
        '2021-08-21T11:30:00Z',
        '2021-08-21T12:10:00Z',
        pci=('01',),
    ),
    'miprometheus-111-out-of-memory-from-loss-tensors-accumulating-each-iteration': Backdrop(
        'miprom-trainer',
        'A10',
        '410.78',
        '2018-12-10T11:30:00Z',
        '2018-12-10T12:10:00Z',
        pci=('01',),
    ),
    'tensorflow-14423-driver-387-12-system-freezes-when-terminating-tf-on-gtx-950m': Backdrop(
        'ubuntu-gtx950m-laptop',
        'A10',
        '387.12',
        '2017-11-09T11:30:00Z',
        '2017-11-09T12:10:00Z',
        pci=('01',),
    ),
    'mmdetection-415-desktop-dies-in-epoch-7-at-800px-gpu-too-hot': Backdrop(
        'mmdet-desktop',
        'A10',
        '410.48',
        '2019-03-19T11:30:00Z',
        '2019-03-19T12:10:00Z',
        pci=('01',),
    ),
    'multiplanarunet-30-system-restarts-at-training-start-two-3090s-power-suspected': Backdrop(
        'unet-2x3090',
        'A10',
        '515.76',
        '2022-11-11T11:30:00Z',
        '2022-11-11T12:10:00Z',
        pci=('01', '02'),
    ),
    'tgi-1482-gpu-draws-100w-while-idle-health-endpoint-allocates-on-gpu-benign': Backdrop(
        'tgi-awq-node',
        'A10',
        '545.23.08',
        '2024-01-25T11:30:00Z',
        '2024-01-25T12:10:00Z',
        pci=('01',),
    ),
    'n2v-119-tensorflow-cuda-11-0-ptxas-does-not-know-sm-86-training-slow': Backdrop(
        'n2v-sm86-ws',
        'A10',
        '510.47.03',
        '2022-03-04T19:27:19Z',
        '2022-03-04T20:07:19Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
