"""heldout-public-86's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-86/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
GPUs outside the SKU list (GeForce, Quadro, TITAN, Jetson integrated GPUs) are shown as A10; the A100 hosts the reports
name are shown as A100. Hosts, bus numbers and most drivers are stand-ins (see each case's description). No case uses
extra: no report quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'gdrcopy-305-gdrcopy-sanity-pin-buffer-fails-on-560-driver-gdrdrv-bug-fixed-in-master': Backdrop(
        'a100-gdrcopy-host',
        'A100',
        '560.35.03',
        '2024-09-20T11:30:00Z',
        '2024-09-20T12:10:00Z',
        pci=('01',),
    ),
    'warp-1944-cuda-error-700-illegal-address-on-sm120-after-compile-order-cuda-13-1-toolkit-bug': Backdrop(
        'ws-sm120-warp',
        'A10',
        '580.95.05',
        '2026-09-11T11:30:00Z',
        '2026-09-11T12:10:00Z',
        pci=('01',),
    ),
    'dali-backend-147-triton-dali-memory-grows-on-pipeline-restart-after-decode-error-dali-leak': Backdrop(
        'triton-dali-server',
        'A10',
        '515.65.01',
        '2022-08-10T11:30:00Z',
        '2022-08-10T12:10:00Z',
        pci=('01',),
    ),
    'deep-object-pose-88-gtx1080-training-bottlenecked-by-batch-loading-num-workers-0-on-windows': Backdrop(
        'win-gtx1080-dope',
        'A10',
        '441.20',
        '2019-11-18T11:30:00Z',
        '2019-11-18T12:10:00Z',
        pci=('01',),
    ),
    'gcvit-14-8x-a100-training-slow-cpu-bound-dataloader-eight-processes-at-100-percent': Backdrop(
        'slurm-8xa100-gcvit',
        'A100',
        '470.57.02',
        '2022-07-22T11:30:00Z',
        '2022-07-22T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'instant-ngp-860-mx150-4gb-testbed-crashes-at-start-not-enough-cuda-memory': Backdrop(
        'laptop-mx150-ngp',
        'A10',
        '516.59',
        '2022-08-09T11:30:00Z',
        '2022-08-09T12:10:00Z',
        pci=('01',),
    ),
    'tensorrt-2062-rtx3090-mismatched-engine-outputs-fixed-by-cuda-11-6-r510-driver': Backdrop(
        'ws-rtx3090-trt',
        'A10',
        '470.129.06',
        '2022-06-16T11:30:00Z',
        '2022-06-16T12:10:00Z',
        pci=('01',),
    ),
    'nvdiffrast-75-quadro-rtx5000-cuda-error-209-no-kernel-for-arch-pytorch-too-old': Backdrop(
        'ws-quadro-rtx5000',
        'A10',
        '450.80.02',
        '2022-05-03T11:30:00Z',
        '2022-05-03T12:10:00Z',
        pci=('01',),
    ),
    'cuda-samples-34-cudaerrornodevice-code-100-driver-installation-issue': Backdrop(
        'ws-cuda-samples',
        'A10',
        '440.64',
        '2020-04-06T11:30:00Z',
        '2020-04-06T12:10:00Z',
        pci=('01',),
    ),
    'tensorrtllm-backend-481-triton-loads-both-model-copies-on-first-gpu-instance-group-ignored': Backdrop(
        'triton-trtllm-2gpu',
        'A10',
        '550.54.15',
        '2024-05-29T11:30:00Z',
        '2024-05-29T12:10:00Z',
        pci=('01', '02'),
    ),
    'trt-pose-158-jetson-nano-2gb-model-load-killed-host-ram-fixed-by-16gb-swap': Backdrop(
        'jetson-nano-2gb-trtpose',
        'A10',
        '470.103.01',
        '2022-04-01T11:30:00Z',
        '2022-04-01T12:10:00Z',
        pci=('01',),
    ),
    'torch2trt-428-jetson-nano-4gb-demo-killed-insufficient-main-memory': Backdrop(
        'jetson-nano-4gb-torch2trt',
        'A10',
        '450.80.02',
        '2021-01-04T11:30:00Z',
        '2021-01-04T12:10:00Z',
        pci=('01',),
    ),
    'nanoowl-34-orin-fps-below-readme-images-loaded-from-disk-io': Backdrop(
        'jetson-agx-orin-nanoowl',
        'A10',
        '540.4.0',
        '2025-12-14T11:30:00Z',
        '2025-12-14T12:10:00Z',
        pci=('01',),
    ),
    'isaac-ros-apriltag-44-xavier-launch-fails-old-jetpack-5-1-0-isaac-ros-needs-5-1-2': Backdrop(
        'jetson-xavier-isaacros',
        'A10',
        '35.2.1',
        '2023-12-18T11:30:00Z',
        '2023-12-18T12:10:00Z',
        pci=('01',),
    ),
    'triton-2562-no-supported-gpus-detected-gpu-held-by-stray-nvidia-cuda-mps-server': Backdrop(
        'triton-shared-gpu-host',
        'A10',
        '460.32.03',
        '2021-02-26T11:30:00Z',
        '2021-02-26T12:10:00Z',
        pci=('01',),
    ),
    'triton-5641-orin-docker-gpus-flag-oci-hook-error-igpu-needs-nvidia-container-runtime': Backdrop(
        'jetson-orin-triton',
        'A10',
        '35.2.1',
        '2023-04-14T11:30:00Z',
        '2023-04-14T12:10:00Z',
        pci=('01',),
    ),
    'foundationpose-267-rtx3060-12gb-cuda-oom-on-kinect-sequence-image-resolution': Backdrop(
        'ws-rtx3060-foundationpose',
        'A10',
        '550.120',
        '2024-11-27T11:30:00Z',
        '2024-11-27T12:10:00Z',
        pci=('01',),
    ),
    'jetbot-426-jetson-nano-turns-off-mid-task-battery-pack-cannot-supply-current': Backdrop(
        'jetbot-nano-waveshare',
        'A10',
        '460.39',
        '2021-04-22T11:30:00Z',
        '2021-04-22T12:10:00Z',
        pci=('01',),
    ),
    'transformerengine-1159-rtx3090-fp8-assertion-ampere-has-no-fp8-support': Backdrop(
        'ws-rtx3090-te',
        'A10',
        '550.107.02',
        '2024-09-05T11:30:00Z',
        '2024-09-05T12:10:00Z',
        pci=('01',),
    ),
    'tensorrt-1647-segfault-building-engine-with-custom-fp16-upsample-plugin-kernel-bug': Backdrop(
        'ws-trt515-plugin',
        'A10',
        '418.67',
        '2021-12-14T11:30:00Z',
        '2021-12-14T12:10:00Z',
        pci=('01',),
    ),
    'instant-ngp-1219-cutlass-matmul-error-internal-on-pre-turing-gpus-gpu-too-old': Backdrop(
        'win-gtx1080-gtx1060-ngp',
        'A10',
        '528.49',
        '2023-02-17T11:30:00Z',
        '2023-02-17T12:10:00Z',
        pci=('01', '02'),
    ),
    'tensorrt-llm-5306-gpu-memory-doubles-kv-cache-preallocated-by-free-gpu-memory-fraction-benign': Backdrop(
        'trtllm-pytorch-host',
        'A10',
        '570.133.20',
        '2025-06-18T11:30:00Z',
        '2025-06-18T12:10:00Z',
        pci=('01',),
    ),
    'tensorrt-llm-493-skipping-tactic-insufficient-memory-warning-during-build-benign': Backdrop(
        'trtllm-build-host',
        'A10',
        '535.129.03',
        '2023-11-28T11:30:00Z',
        '2023-11-28T12:10:00Z',
        pci=('01',),
    ),
    'tensorrtllm-backend-151-triton-cpu-always-100-percent-with-no-requests-waiting-thread-benign': Backdrop(
        'triton-trtllm-idle',
        'A10',
        '535.129.03',
        '2023-11-24T11:30:00Z',
        '2023-11-24T12:10:00Z',
        pci=('01',),
    ),
    'tensorrt-2940-titan-rtx-vs-rtx3090-engine-results-differ-within-tolerance-expected-benign': Backdrop(
        'ws-titanrtx-rtx3090-trt',
        'A10',
        '525.105.17',
        '2023-05-08T11:30:00Z',
        '2023-05-08T12:10:00Z',
        pci=('01', '02'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
