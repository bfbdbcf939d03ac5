"""heldout-public-111's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-111/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
GPUs outside the SKU list are shown as A10 (the stand-in); one case whose report names a GPU of the
list (A100) uses it. Hosts, bus numbers and most drivers are stand-ins (see each case's description). No case
uses extra: no report quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'nvidia-container-toolkit-1398-segfault-in-nvsandboxutils-shutdown-fixed-by-570-driver-branch': Backdrop(
        'k8s-gpu-node-nvsandboxutils',
        'A10',
        '550.127.05',
        '2025-11-04T11:30:00Z',
        '2025-11-04T12:10:00Z',
        pci=('01',),
    ),
    'nvidia-container-toolkit-1203-cdi-mode-creates-non-injected-device-nodes-in-containers': Backdrop(
        'k8s-gpu-node-cdi',
        'A10',
        '570.133.20',
        '2025-08-01T11:30:00Z',
        '2025-08-01T12:10:00Z',
        pci=('01',),
    ),
    'apex-1051-rtx3080-no-kernel-image-apex-built-for-sm75-with-cuda10': Backdrop(
        'ws-rtx3080-apex',
        'A10',
        '460.32.03',
        '2021-02-10T11:30:00Z',
        '2021-02-10T12:10:00Z',
        pci=('01',),
    ),
    'tensorrt-948-engine-build-cuda-out-of-memory-workspace-too-large': Backdrop(
        'win-tensorrt-builder',
        'A10',
        '456.71',
        '2020-12-15T11:30:00Z',
        '2020-12-15T12:10:00Z',
        pci=('01',),
    ),
    'digits-1621-cuda-unknown-error-30-after-suspend-resume-reboot-fixes': Backdrop(
        'laptop-digits-optimus',
        'A10',
        '375.66',
        '2017-05-04T11:30:00Z',
        '2017-05-04T12:10:00Z',
        pci=('01',),
    ),
    'nvdiffrast-146-wrong-rasterization-on-a100-driver-bug-fixed-in-535-129-03': Backdrop(
        'a100-node-nvdiffrast',
        'A100',
        '535.104.05',
        '2023-11-30T11:30:00Z',
        '2023-11-30T12:10:00Z',
        pci=('01',),
    ),
    'nvdiffrast-222-illegal-memory-access-on-rtx5090-rasterizer-bug-fixed-in-v0-3-5': Backdrop(
        'ws-rtx5090-trellis',
        'A10',
        '575.57.08',
        '2025-11-26T11:30:00Z',
        '2025-11-26T12:10:00Z',
        pci=('01',),
    ),
    'stylegan3-141-gpu-usage-high-then-low-during-training-normal-fluctuation-benign': Backdrop(
        'rented-2xa6000-stylegan3',
        'A10',
        '470.103.01',
        '2022-03-22T11:30:00Z',
        '2022-03-22T12:10:00Z',
        pci=('01', '02'),
    ),
    'instantsplat-93-cuda-illegal-memory-access-diff-gaussian-rasterization-build-flag': Backdrop(
        'ws-instantsplat',
        'A10',
        '580.95.05',
        '2025-12-08T11:30:00Z',
        '2025-12-08T12:10:00Z',
        pci=('01',),
    ),
    'open-gpu-kernel-modules-76-quadro-k2100m-unsupported-open-driver-needs-turing-or-later': Backdrop(
        'laptop-quadro-k2100m',
        'A10',
        '418.113',
        '2022-05-12T11:30:00Z',
        '2022-05-12T12:10:00Z',
        pci=('01',),
    ),
    'tensorrt-2010-myelin-error-engine-compiled-against-other-cudnn-fixed-by-reconverting': Backdrop(
        't4-node-tensorrt',
        'A10',
        '510.47.03',
        '2022-05-27T11:30:00Z',
        '2022-05-27T12:10:00Z',
        pci=('01',),
    ),
    'nemo-15001-hf-nemo-checkpoint-conversion-host-oom-over-1-5tb-ram': Backdrop(
        'nemo-convert-node',
        'A10',
        '570.172.08',
        '2025-10-29T11:30:00Z',
        '2025-10-29T12:10:00Z',
        pci=('01',),
    ),
    'nemo-rl-3624-consolidated-checkpoint-save-on-nfs-exceeds-30-min-gloo-timeout': Backdrop(
        'nemo-rl-node-nfs',
        'A10',
        '580.65.06',
        '2026-08-13T11:30:00Z',
        '2026-08-13T12:10:00Z',
        pci=('01',),
    ),
    'digits-2015-out-of-memory-failed-to-allocate-batch-size-too-large': Backdrop(
        'docker-digits-host',
        'A10',
        '390.48',
        '2018-04-09T11:30:00Z',
        '2018-04-09T12:10:00Z',
        pci=('01',),
    ),
    'gpu-monitoring-tools-12-dmon-memory-utilization-1-percent-is-time-based-metric-benign': Backdrop(
        'dcgm-dmon-host',
        'A10',
        '396.44',
        '2018-09-10T11:30:00Z',
        '2018-09-10T12:10:00Z',
        pci=('01',),
    ),
    'isaac-gr00t-52-illegal-memory-error-on-3090-lora-finetune-fixed-by-smaller-batch': Backdrop(
        'ws-rtx3090-gr00t',
        'A10',
        '570.124.04',
        '2025-03-27T11:30:00Z',
        '2025-03-27T12:10:00Z',
        pci=('01',),
    ),
    'isaac-gr00t-41-orin-nano-crashes-or-reboots-on-inference-fp16-unsupported': Backdrop(
        'jetson-orin-nano-gr00t',
        'A10',
        '540.4.0',
        '2025-03-22T11:30:00Z',
        '2025-03-22T12:10:00Z',
        pci=('01',),
    ),
    'isaac-ros-argus-camera-36-libcudart-so-11-missing-on-jetpack-6-release-supports-jetpack-5-1-2': Backdrop(
        'jetson-jetpack6-argus',
        'A10',
        '540.2.0',
        '2024-01-09T11:30:00Z',
        '2024-01-09T12:10:00Z',
        pci=('01',),
    ),
    'isaac-ros-argus-camera-28-laggy-video-on-xavier-nx-clocks-not-maxed-power-mode': Backdrop(
        'jetson-xavier-nx-argus',
        'A10',
        '35.3.1',
        '2023-07-20T11:30:00Z',
        '2023-07-20T12:10:00Z',
        pci=('01',),
    ),
    'isaac-ros-argus-camera-33-low-fps-on-orin-nano-not-in-maximum-power-mode': Backdrop(
        'jetson-orin-nano-argus',
        'A10',
        '35.4.1',
        '2023-11-06T11:30:00Z',
        '2023-11-06T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
