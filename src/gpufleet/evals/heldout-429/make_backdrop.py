"""heldout-public-429's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-429/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description); hosts are
as printed where the evidence prints one (DESKTOP-1KK50V8) and stand-ins otherwise; every source is a single-GPU desktop,
laptop, Jetson board or unnamed node (one GPU at bus 01) except the DIFFNet case, whose command line runs two processes
(two GPUs at stand-in buses 01 and 02). The driver (550.144.03) is the same stand-in for every case. start/end are each
incident's time_range. No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never
points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

SKU = 'A10'
DRIVER = '550.144.03'

# folder: (host, time_range start, time_range end, pci buses)
_CASES = {
    'alturos-137-yolo-live-stream-detection-runs-on-cpu-missing-vc-redist-and-cudnn-dll-placement':
        ('alturos-920m-laptop', '2020-06-02T11:30:00Z', '2020-06-02T12:10:00Z', ('01',)),
    'd2-163-detectron2-gpu-memory-grows-early-in-training-then-plateaus-allocator-cache-benign':
        ('d2-train-node', '2019-10-24T11:30:00Z', '2019-10-24T12:10:00Z', ('01',)),
    'darknet-2691-darknet-build-prints-cuda-status-error-dark-cuda-c-only-an-info-message-benign':
        ('darknet-win-build', '2019-03-22T11:30:00Z', '2019-03-22T12:10:00Z', ('01',)),
    'darknet-6921-xavier-nx-yolov4-tiny-fps-varies-per-run-clocks-still-ramping-benign':
        ('darknet-xavier-nx', '2020-11-04T11:30:00Z', '2020-11-04T12:10:00Z', ('01',)),
    'deepstack-99-deepstack-gpu-docker-image-timeouts-cannot-detect-gpu-privileged-flag-suggested':
        ('deepstack-gpu-docker', '2021-04-22T11:30:00Z', '2021-04-22T12:10:00Z', ('01',)),
    'dfl-369-deepfacelab-h128-training-cuda-error-out-of-memory-rtx2080-super-lower-batch-size':
        ('dfl-rtx2080s-win', '2019-08-24T00:41:32Z', '2019-08-24T01:21:32Z', ('01',)),
    'dfl-5249-deepfacelab-quick96-winerror-1455-paging-file-too-small-virtual-memory':
        ('dfl-quick96-win', '2021-01-20T11:30:00Z', '2021-01-20T12:10:00Z', ('01',)),
    'dflive-155-deepfacelive-face-detector-cuda-failure-35-driver-older-than-cuda-runtime':
        ('DESKTOP-1KK50V8', '2023-05-10T11:30:00Z', '2023-05-10T12:10:00Z', ('01',)),
    'diffnet-10-two-gpu-ddp-training-hangs-at-start-until-nccl-p2p-disable':
        ('diffnet-2gpu', '2022-02-19T11:30:00Z', '2022-02-19T12:10:00Z', ('01', '02')),
    'dlc-792-deep-live-cam-cudnn-failure-4-wrong-driver-or-cuda-version':
        ('dlc-desktop', '2025-01-28T11:30:00Z', '2025-01-28T12:10:00Z', ('01',)),
    'dsyolo-366-deepstream-yolo-tensorrt-engine-build-outofmemory-workspace-larger-than-gpu-memory':
        ('dsyolo-4gb-node', '2023-06-05T11:30:00Z', '2023-06-05T12:10:00Z', ('01',)),
    'dsyolo-478-deepstream-yolo-21-fps-on-xavier-nx-capped-by-webcam-framerate-benign':
        ('dsyolo-xavier-nx', '2023-10-23T11:30:00Z', '2023-10-23T12:10:00Z', ('01',)),
    'ekaid-4-detectron2-bbox-generator-hardcoded-cuda-visible-devices-1-breaks-on-slurm-node':
        ('ekaid-slurm-node', '2023-10-09T11:30:00Z', '2023-10-09T12:10:00Z', ('01',)),
    'facerec-926-dlib-face-encodings-cudnn-status-execution-failed-driver-and-cuda-versions-mismatched':
        ('facerec-ubuntu1604', '2019-09-04T11:30:00Z', '2019-09-04T12:10:00Z', ('01',)),
    'insightface-1824-detection-model-runs-on-cpu-onnxruntime-gpu-does-not-match-cuda-10-1':
        ('insightface-cuda101-ws', '2021-11-15T11:30:00Z', '2021-11-15T12:10:00Z', ('01',)),
    'ivanano-50-deepstream-container-on-jetson-nano-shuts-down-power-limited-by-raising-inference-interval':
        ('iva-jetson-nano', '2022-04-08T11:30:00Z', '2022-04-08T12:10:00Z', ('01',)),
    'mediapipe-5503-gpu-delegate-in-nvidia-docker-fails-no-egl-display-gpu-support-not-available':
        ('mediapipe-docker-x86', '2026-06-16T11:30:00Z', '2026-06-16T12:10:00Z', ('01',)),
    'nextcloudfr-387-face-recognition-on-jetson-nano-process-killed-by-kernel-oom-image-too-large':
        ('jetson-nano-fr', '2020-11-30T11:30:00Z', '2020-11-30T12:10:00Z', ('01',)),
    'odc-248-opendatacam-jetson-nano-powers-off-on-battery-pack-set-5w-power-mode':
        ('odc-nano-battery', '2020-07-18T11:30:00Z', '2020-07-18T12:10:00Z', ('01',)),
    'odc-377-opendatacam-jetson-nano-fps-fluctuations-jetpack-4-4-regression-fixed-by-update':
        ('odc-jetson-nano', '2021-03-05T11:30:00Z', '2021-03-05T12:10:00Z', ('01',)),
    'roopu-122-faceswap-slow-gpu-seems-unused-codeformer-post-processing-benign':
        ('roopu-3090-win11', '2023-08-16T11:30:00Z', '2023-08-16T12:10:00Z', ('01',)),
    'sam-789-segment-anything-runs-out-of-memory-points-per-side-256-on-8gb-gpu':
        ('sam-8gb-desktop', '2024-11-02T11:30:00Z', '2024-11-02T12:10:00Z', ('01',)),
    'tffrcnn-38-tf-faster-rcnn-demo-no-cuda-capable-device-cuda-visible-devices-set-from-script-argument':
        ('tffrcnn-titanx', '2017-04-03T11:30:00Z', '2017-04-03T12:10:00Z', ('01',)),
}

INCIDENTS: dict[str, Backdrop] = {
    folder: Backdrop(host, SKU, DRIVER, start, end, pci=pci)
    for folder, (host, start, end, pci) in _CASES.items()
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
