"""heldout-public-91's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-91/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
GPUs the reports do not name, GeForce, Jetson and other parts outside the SKU list are shown as A10 (the stand-in);
H100 is used where a report names it (and stands in for the unnamed MIG-capable GPUs of the mig-parted case), A100 where a
thread names it. Hosts, most bus numbers and most drivers are stand-ins (see each
case's description). No case uses extra: no report quotes an exporter value as a metric sample. The backdrop never
points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'mig-parted-181-mig-mode-toggle-gpu-reset-fails-in-use-by-another-client-nvidia-drm-loaded': Backdrop(
        'hgx-4gpu-mig',
        'H100',
        '570.124.06',
        '2025-03-12T11:30:00Z',
        '2025-03-12T12:10:00Z',
        pci=('01', '47', '81', 'c2'),
    ),
    'instant-ngp-182-rtx3060ti-cudamalloc-out-of-memory-86-4k-images-exceed-8gb-vram': Backdrop(
        'win-rtx3060ti-ngp',
        'A10',
        '511.79',
        '2022-02-20T11:30:00Z',
        '2022-02-20T12:10:00Z',
        pci=('01',),
    ),
    'instant-ngp-393-rtx2060-could-not-allocate-memory-4032x3024-images-fixed-by-downsampling': Backdrop(
        'win-rtx2060-ngp',
        'A10',
        '512.15',
        '2022-03-28T11:30:00Z',
        '2022-03-28T12:10:00Z',
        pci=('01',),
    ),
    'digits-1607-geforce-940mx-1gb-caffe-out-of-memory-fixed-by-smaller-images': Backdrop(
        'laptop-940mx-digits',
        'A10',
        '375.66',
        '2017-05-02T11:30:00Z',
        '2017-05-02T12:10:00Z',
        pci=('01',),
    ),
    'nemo-2718-asr-training-host-ram-grows-until-exhausted-workers-load-manifests-per-gpu': Backdrop(
        'asr-train-node',
        'A10',
        '470.57.02',
        '2021-08-24T11:30:00Z',
        '2021-08-24T12:10:00Z',
        pci=('01',),
    ),
    'trt-pose-130-xavier-nx-kernel-dies-converting-model-to-trt-no-swap-configured': Backdrop(
        'jetson-xavier-nx',
        'A10',
        '460.73.01',
        '2021-05-26T11:30:00Z',
        '2021-05-26T12:10:00Z',
        pci=('01',),
    ),
    'tf-trt-models-47-jetson-nano-tf-trt-optimization-killed-fixed-with-4gb-swap': Backdrop(
        'jetson-nano-tftrt',
        'A10',
        '418.56',
        '2019-04-23T11:30:00Z',
        '2019-04-23T12:10:00Z',
        pci=('01',),
    ),
    'isaac-ros-common-37-jetson-orin-isaac-ros-fails-on-l4t-34-1-fixed-by-jetpack-upgrade': Backdrop(
        'jetson-agx-orin',
        'A10',
        '525.85.12',
        '2023-03-01T11:30:00Z',
        '2023-03-01T12:10:00Z',
        pci=('01',),
    ),
    'nvdiffrast-58-rtx3080-docker-eglinitialize-failed-driver-issue-fixed-by-reinstalling-driver': Backdrop(
        'ws-rtx3080-docker',
        'A10',
        '470.86',
        '2021-12-07T11:30:00Z',
        '2021-12-07T12:10:00Z',
        pci=('01',),
    ),
    'isaacsim-517-isaac-sim-5-1-crash-after-driver-update-to-595-71-unvalidated-driver': Backdrop(
        'win-isaacsim-ws',
        'A10',
        '595.71',
        '2026-03-04T11:30:00Z',
        '2026-03-04T12:10:00Z',
        pci=('01',),
    ),
    'isaacsim-537-isaac-sim-fails-to-detect-cuda-device-on-driver-595-79-works-with-580': Backdrop(
        'win-isaacsim-595',
        'A10',
        '595.79',
        '2026-03-16T11:30:00Z',
        '2026-03-16T12:10:00Z',
        pci=('01',),
    ),
    'jetbot-229-jetson-nano-keeps-shutting-down-lack-of-power-fixed-by-better-usb-cable': Backdrop(
        'jetbot-nano',
        'A10',
        '450.51.05',
        '2020-07-23T11:30:00Z',
        '2020-07-23T12:10:00Z',
        pci=('01',),
    ),
    'isaaclab-2756-torch-distributed-with-cuda-visible-devices-renderer-picks-unmasked-gpu': Backdrop(
        'ws-8gpu-isaaclab',
        'A10',
        '580.95.05',
        '2026-08-27T11:30:00Z',
        '2026-08-27T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'nemo-9291-multinode-h100-gpt-training-hangs-100-percent-util-low-power-fixed-by-barrier-and-p2p-disable': Backdrop(
        'dgx-h100-node01',
        'H100',
        '535.161.08',
        '2024-05-23T11:30:00Z',
        '2024-05-23T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'dra-driver-nvidia-gpu-46-dra-claims-never-allocated-on-k8s-1-29-old-dynamic-resource-allocation-package': Backdrop(
        'k8s-gpu-worker-dra',
        'A10',
        '535.129.03',
        '2024-01-05T11:30:00Z',
        '2024-01-05T12:10:00Z',
        pci=('01',),
    ),
    'dra-driver-nvidia-gpu-149-dra-plugin-fails-sync-prepared-devices-mig-precreated-on-a100': Backdrop(
        'k8s-a100-dra',
        'A100',
        '550.90.07',
        '2024-08-27T11:30:00Z',
        '2024-08-27T12:10:00Z',
        pci=('01', '02'),
    ),
    'libnvidia-container-177-ldcache-error-ldconfig-fails-dev-remount-in-1-9-0-suspected': Backdrop(
        'centos7-gpu-container-host',
        'A10',
        '515.48.07',
        '2022-07-21T11:30:00Z',
        '2022-07-21T12:10:00Z',
        pci=('01',),
    ),
    'lidar-ai-solution-175-orin-bevfusion-inference-slow-device-not-in-maxn-power-mode': Backdrop(
        'jetson-orin-lidar',
        'A10',
        '535.104.05',
        '2023-11-09T11:30:00Z',
        '2023-11-09T12:10:00Z',
        pci=('01',),
    ),
    'tensorrt-2412-same-gpu-slower-on-xeon-host-than-core-i7-kernel-launch-bound-model': Backdrop(
        'xeon-e5-trt-host',
        'A10',
        '520.61.05',
        '2022-10-25T11:30:00Z',
        '2022-10-25T12:10:00Z',
        pci=('01',),
    ),
    'gdrcopy-221-gdrcopy-write-bandwidth-below-rdma-nics-cpu-initiated-pcie-writes-by-design-benign': Backdrop(
        'gdrcopy-bench-host',
        'A10',
        '470.82.01',
        '2022-01-26T11:30:00Z',
        '2022-01-26T12:10:00Z',
        pci=('01',),
    ),
    'tf-trt-models-41-tx2-first-inference-0-8s-warmup-not-a-fault-benign': Backdrop(
        'jetson-tx2-tftrt',
        'A10',
        '410.104',
        '2019-05-08T11:30:00Z',
        '2019-05-08T12:10:00Z',
        pci=('01',),
    ),
    'tensorrt-llm-2034-runner-takes-90-percent-of-gpu-memory-kv-cache-fraction-default-benign': Backdrop(
        'trtllm-inference-host',
        'A10',
        '550.90.07',
        '2024-07-30T11:30:00Z',
        '2024-07-30T12:10:00Z',
        pci=('01',),
    ),
    'digits-1505-digits-caffe-uses-2gb-more-gpu-memory-nv-caffe-preallocation-benign': Backdrop(
        'ws-digits-vgg16',
        'A10',
        '375.39',
        '2017-03-10T11:30:00Z',
        '2017-03-10T12:10:00Z',
        pci=('01',),
    ),
    'tensorrt-4100-trtexec-first-runs-slow-gpu-in-idle-mode-needs-warmup-benign': Backdrop(
        'trtexec-bench-host',
        'A10',
        '560.35.03',
        '2024-08-28T11:30:00Z',
        '2024-08-28T12:10:00Z',
        pci=('01',),
    ),
    'jetbot-360-jetson-nano-power-bank-cuts-power-after-seconds-ports-brown-out-power-control-ic': Backdrop(
        'jetbot-nano-a02',
        'A10',
        '470.63.01',
        '2021-09-30T11:30:00Z',
        '2021-09-30T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
