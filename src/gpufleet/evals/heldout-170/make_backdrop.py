"""heldout-public-170's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-170/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list or unnamed); hosts, bus numbers and drivers are
stand-ins (bogonets-answer uses the driver version its page prints, 450.36.06). No case uses extra: no source quotes an exporter
value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'multiviewdriveraction-oomquickfix-video-training-cuda-oom-fp32-batch4-activations-kept-for-backward': Backdrop(
        'ws-multiview-train',
        'A10',
        '570.133.07',
        '2026-02-08T11:30:00Z',
        '2026-02-08T12:10:00Z',
        pci=('01',),
    ),
    'issuerecord-tensorrt-execute-cuda-error-700-illegal-memory-access-output-buffer-allocated-too-small': Backdrop(
        'ws-issuerecord-trt',
        'A10',
        '535.171.04',
        '2022-11-24T11:30:00Z',
        '2022-11-24T12:10:00Z',
        pci=('01',),
    ),
    'tlswlghks-blog-device-side-assert-nll-loss-target-out-of-range-random-labels-up-to-vocab-size': Backdrop(
        'ws-unlearning-train',
        'A10',
        '550.120',
        '2025-03-12T11:30:00Z',
        '2025-03-12T12:10:00Z',
        pci=('01',),
    ),
    'eecoder-blog-nvidia-driver-errors-kernel-module-build-fails-gcc-version-and-cuda-unknown-error-uvm': Backdrop(
        'srv-eecoder-ubuntu2204',
        'A10',
        '550.54.14',
        '2024-03-12T11:30:00Z',
        '2024-03-12T12:10:00Z',
        pci=('01',),
    ),
    'aimingh-tensorflow-issues-cudnn-status-internal-error-failed-to-get-convolution-algorithm-gpu-memory': Backdrop(
        'ws-aimingh-tf',
        'A10',
        '455.45.01',
        '2021-01-14T11:30:00Z',
        '2021-01-14T12:10:00Z',
        pci=('01',),
    ),
    'besty1993-blog-tensorflow-training-host-memory-leak-dataset-from-generator-gc-collect-each-epoch': Backdrop(
        'ws-besty-tf',
        'A10',
        '450.80.02',
        '2020-11-13T11:30:00Z',
        '2020-11-13T12:10:00Z',
        pci=('01',),
    ),
    'graduatemaster-memoryissueanalysis-bo-loop-dies-silently-at-iteration-13-or-36-gpu-memory-accumulating': Backdrop(
        'win-gradmaster-gpu',
        'A10',
        '581.57',
        '2025-11-13T11:30:00Z',
        '2025-11-13T12:10:00Z',
        pci=('01',),
    ),
    'bogonets-answer-troubleshooting-docker-gpu-container-fails-nvidia-container-cli-libnvidia-tls-450-36-06-missing': Backdrop(
        'srv-answer-docker',
        'A10',
        '450.36.06',
        '2022-09-01T11:30:00Z',
        '2022-09-01T12:10:00Z',
        pci=('01',),
    ),
    'lizhenyang-blog-pytorch-dataloader-socket-error-connection-refused-dev-shm-64m-too-small': Backdrop(
        'srv-lizhenyang-train',
        'A10',
        '384.111',
        '2018-03-06T11:30:00Z',
        '2018-03-06T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
