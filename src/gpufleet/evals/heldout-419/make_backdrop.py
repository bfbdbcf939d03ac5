"""heldout-public-419's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-419/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the GPU a source names, if any, is in each description); hosts, GPU counts,
bus numbers (01..N in index order) and the driver (550.144.03, the same for every case) are stand-ins. No case uses extra:
no source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'yolov5-2877-cache-images-killed-at-45gb-host-ram-insufficient': Backdrop(
        'k80-train-01',
        'A10',
        '550.144.03',
        '2021-04-21T11:30:00Z',
        '2021-04-21T12:10:00Z',
        pci=('01',),
    ),
    'yolov5-2389-driver-435-too-old-for-torch-cuda-training-falls-back-to-cpu': Backdrop(
        'yolo-ws-01',
        'A10',
        '550.144.03',
        '2021-03-07T11:30:00Z',
        '2021-03-07T12:10:00Z',
        pci=('01',),
    ),
    'yolov5-6002-cpu-full-load-during-training-eight-dataloader-workers-by-design-benign': Backdrop(
        'yolo-ws-02',
        'A10',
        '550.144.03',
        '2021-12-16T11:30:00Z',
        '2021-12-16T12:10:00Z',
        pci=('01',),
    ),
    'obbdet-36-invalid-device-function-ops-built-for-other-cuda-than-pytorch': Backdrop(
        'obb-train-01',
        'A10',
        '550.144.03',
        '2021-09-29T11:30:00Z',
        '2021-09-29T12:10:00Z',
        pci=('01',),
    ),
    'detoxify-66-gpu-available-true-used-false-device-default-none-trains-on-cpu': Backdrop(
        'detox-train-01',
        'A10',
        '550.144.03',
        '2022-09-08T11:30:00Z',
        '2022-09-08T12:10:00Z',
        pci=('01',),
    ),
    'accelerate-96-accelerator-device-stays-cpu-cuda-unavailable-installation-problem': Backdrop(
        'accel-ws-01',
        'A10',
        '550.144.03',
        '2021-06-02T11:30:00Z',
        '2021-06-02T12:10:00Z',
        pci=('01',),
    ),
    'mdtpolicy-6-a100-gpu-utilization-20-40-percent-calvin-per-state-files-data-loading': Backdrop(
        'a100-calvin-01',
        'A10',
        '550.144.03',
        '2024-09-04T11:30:00Z',
        '2024-09-04T12:10:00Z',
        pci=('01',),
    ),
    'drlnav-147-rtx3060-low-gpu-usage-48w-td3-training-normal-for-workload-benign': Backdrop(
        'rtx3060-ws-01',
        'A10',
        '550.144.03',
        '2024-06-17T11:30:00Z',
        '2024-06-17T12:10:00Z',
        pci=('01',),
    ),
    'yolov7-445-w6-ddp-training-cuda-oom-at-batch-1-on-v100-16gb-ota-loss-memory': Backdrop(
        'v100-train-01',
        'A10',
        '550.144.03',
        '2022-08-06T11:30:00Z',
        '2022-08-06T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06',),
    ),
    'yolov7-135-yolov7-tiny-16-hours-per-epoch-mosaic-dataloader-fixed-pin-memory-false': Backdrop(
        'rtx3080ti-ws-01',
        'A10',
        '550.144.03',
        '2022-07-13T11:30:00Z',
        '2022-07-13T12:10:00Z',
        pci=('01',),
    ),
    'mmdet-10641-yolox-on-two-t4-gpu-utilization-drops-to-zero-slow-mixup-augmentation': Backdrop(
        't4-train-01',
        'A10',
        '550.144.03',
        '2023-07-14T11:30:00Z',
        '2023-07-14T12:10:00Z',
        pci=('01', '02',),
    ),
    'peft-79-v100-compute-capability-below-7-5-bitsandbytes-cuda-setup-error': Backdrop(
        'v100-peft-01',
        'A10',
        '550.144.03',
        '2023-02-13T11:30:00Z',
        '2023-02-13T12:10:00Z',
        pci=('01',),
    ),
    'tffrcnn-185-gtx1080ti-iteration-time-falls-from-1-4s-to-0-4s-warm-up-benign': Backdrop(
        'gtx1080ti-ws-01',
        'A10',
        '550.144.03',
        '2017-08-10T11:30:00Z',
        '2017-08-10T12:10:00Z',
        pci=('01',),
    ),
    'kubeflow-1042-tfjob-pod-gets-no-gpu-nvidia-smi-not-found-gpu-set-as-requests-not-limits': Backdrop(
        'gke-gpu-node-01',
        'A10',
        '550.144.03',
        '2018-06-20T11:30:00Z',
        '2018-06-20T12:10:00Z',
        pci=('01',),
    ),
    'ptop-245-pytorchjob-mnist-example-image-without-cuda-torch-cuda-false': Backdrop(
        'k8s-gpu-worker-01',
        'A10',
        '550.144.03',
        '2020-01-02T11:30:00Z',
        '2020-01-02T12:10:00Z',
        pci=('01',),
    ),
    'aicr-2280-kubeflow-trainer-runtime-requests-no-gpu-torch-runs-one-process-per-node': Backdrop(
        'aicr-gpu-node-01',
        'A10',
        '550.144.03',
        '2026-08-19T11:30:00Z',
        '2026-08-19T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
