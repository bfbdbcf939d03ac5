"""heldout-public-236's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-236/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except dlbox1 and junyi-all-series, which their sources print), bus numbers where the source prints none, and the
driver (550.144.03, the same for every case) are stand-ins. Bus numbers printed by a source are kept: 06/87 (mxnet-2859),
05/06/09 (coral-31), 05 (i3d-8). No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'fastmri-challenge-198-vessl-node-python-zombie-processes-after-forced-stop-node-stuck-initializing': Backdrop(
        'iabeng-vessl-node',
        'A10',
        '550.144.03',
        '2023-08-01T11:30:00Z',
        '2023-08-01T12:10:00Z',
        pci=('01',),
    ),
    'mxnet-2859-about-70mb-on-gpu0-when-job-uses-gpu1-normal-context-memory-benign': Backdrop(
        'mxnet-m40-host',
        'A10',
        '550.144.03',
        '2016-07-27T11:30:00Z',
        '2016-07-27T12:10:00Z',
        pci=('06', '87'),
    ),
    'paddle-29331-nccl-error-in-docker-default-64mb-shm-nccl-2-7-uses-shared-memory': Backdrop(
        'paddle-docker-host',
        'A10',
        '550.144.03',
        '2020-12-03T11:30:00Z',
        '2020-12-03T12:10:00Z',
        pci=('01', '02'),
    ),
    'paddle-41150-training-oom-on-2gb-gpu-model-needs-more-memory-no-process-listed': Backdrop(
        'paddle-2gb-desktop',
        'A10',
        '550.144.03',
        '2022-03-30T11:30:00Z',
        '2022-03-30T12:10:00Z',
        pci=('01',),
    ),
    'paddle-docs-997-cuda-driver-version-insufficient-for-runtime-driver-too-old-upgrade': Backdrop(
        'paddle-install-host',
        'A10',
        '550.144.03',
        '2019-07-08T11:30:00Z',
        '2019-07-08T12:10:00Z',
        pci=('01',),
    ),
    'xxmyjk-blog-12-nvml-driver-library-version-mismatch-after-driver-update-reload-modules': Backdrop(
        'geeek-gpu-server',
        'A10',
        '550.144.03',
        '2019-04-25T11:30:00Z',
        '2019-04-25T12:10:00Z',
        pci=('01',),
    ),
    'langchain-chatchat-1189-gpu-idle-cpu-60-percent-cuda12-incompatible-with-torch-runs-on-cpu': Backdrop(
        'chatchat-win10-2x4090',
        'A10',
        '550.144.03',
        '2023-08-22T11:30:00Z',
        '2023-08-22T12:10:00Z',
        pci=('01', '02'),
    ),
    'chattts-103-slow-inference-gpu-not-saturated-one-cpu-core-pegged-torch-compile-disabled': Backdrop(
        'chattts-a10-server',
        'A10',
        '550.144.03',
        '2024-05-30T11:30:00Z',
        '2024-05-30T12:10:00Z',
        pci=('01',),
    ),
    'ktransformers-93-deepseek-v2-batch-inference-slow-low-gpu-util-host-ram-insufficient': Backdrop(
        'ktransformers-host',
        'A10',
        '550.144.03',
        '2024-09-20T11:30:00Z',
        '2024-09-20T12:10:00Z',
        pci=('01',),
    ),
    'qwen-362-task-manager-shows-gpu-idle-during-inference-default-view-excludes-cuda-benign': Backdrop(
        'qwen-win-4090',
        'A10',
        '550.144.03',
        '2023-09-26T11:30:00Z',
        '2023-09-26T12:10:00Z',
        pci=('01',),
    ),
    'twins-21-training-hangs-one-gpu-util-0-seven-at-100-suspected-nan-on-one-rank': Backdrop(
        'twins-8gpu-node',
        'A10',
        '550.144.03',
        '2021-10-31T11:30:00Z',
        '2021-10-31T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'yolov5-obb-439-gpu-util-jumps-0-97-percent-cpu-preprocessing-cannot-feed-batch-48': Backdrop(
        'yolov5obb-3090-pc',
        'A10',
        '550.144.03',
        '2022-08-17T11:30:00Z',
        '2022-08-17T12:10:00Z',
        pci=('01',),
    ),
    'vitforrice-1-cpu-500-percent-in-top-is-per-core-accounting-normal-benign': Backdrop(
        'vitforrice-server',
        'A10',
        '550.144.03',
        '2024-05-01T11:30:00Z',
        '2024-05-01T12:10:00Z',
        pci=('01',),
    ),
    'coral-usb-ros-31-dlbox1-training-fails-gpu-memory-full-another-users-job-on-shared-server': Backdrop(
        'dlbox1',
        'A10',
        '550.144.03',
        '2020-10-17T11:30:00Z',
        '2020-10-17T12:10:00Z',
        pci=('05', '06', '09'),
    ),
    'so-vits-svc-docs-14-slow-training-low-gpu-util-vram-full-shared-gpu-memory-sysmem-fallback': Backdrop(
        'sovits-2080s-pc',
        'A10',
        '550.144.03',
        '2024-02-07T11:30:00Z',
        '2024-02-07T12:10:00Z',
        pci=('01',),
    ),
    'i3d-finetune-8-tensorflow-bfc-allocator-ran-out-of-memory-warning-not-a-failure-benign': Backdrop(
        'junyi-all-series',
        'A10',
        '550.144.03',
        '2018-07-18T09:43:00Z',
        '2018-07-18T10:23:00Z',
        pci=('05',),
    ),
    'simple-faster-rcnn-198-device-side-assert-class-count-not-updated-application-fault': Backdrop(
        'fasterrcnn-train-host',
        'A10',
        '550.144.03',
        '2020-06-07T11:30:00Z',
        '2020-06-07T12:10:00Z',
        pci=('01',),
    ),
    'obbdetection-97-cuda-error-assert-late-in-training-random-perm-index-out-of-range': Backdrop(
        'obbdetection-train-host',
        'A10',
        '550.144.03',
        '2021-12-17T11:30:00Z',
        '2021-12-17T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
