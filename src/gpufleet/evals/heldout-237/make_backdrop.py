"""heldout-public-237's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-237/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (one printed by its source is kept: chris-desktop), bus numbers (01 for every case; the one bus a source
prints, 0000:01:00.0 in vga-passthrough-15, is 01 too) and the driver (550.144.03, the same for every case) are
stand-ins. No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never points
at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'ollama-4256-jetson-agx-orin-cublas-resource-allocation-failed-built-in-wrong-docker-image': Backdrop(
        'agx-orin-64gb',
        'A10',
        '550.144.03',
        '2024-05-08T11:30:00Z',
        '2024-05-08T12:10:00Z',
        pci=('01',),
    ),
    'vga-passthrough-15-vfio-group-not-viable-nvidia-driver-bound-gpu-instead-of-vfio-pci': Backdrop(
        'kvm-vfio-host',
        'A10',
        '550.144.03',
        '2018-02-07T11:30:00Z',
        '2018-02-07T12:10:00Z',
        pci=('01',),
    ),
    'deepstream-yolo-101-jetson-nano-ram-exhausted-shared-cpu-gpu-memory-close-background-processes': Backdrop(
        'jetson-nano',
        'A10',
        '550.144.03',
        '2021-11-29T11:30:00Z',
        '2021-11-29T12:10:00Z',
        pci=('01',),
    ),
    'deep-daze-105-jetson-nano-4gb-imagine-killed-out-of-ram-fixed-by-larger-swap': Backdrop(
        'chris-desktop',
        'A10',
        '550.144.03',
        '2021-03-23T11:30:00Z',
        '2021-03-23T12:10:00Z',
        pci=('01',),
    ),
    'deep-sort-yolov3-111-jetson-nano-session-hangs-page-allocation-stalls-oom-killer': Backdrop(
        'jetson-nano-tf',
        'A10',
        '550.144.03',
        '2019-05-27T11:30:00Z',
        '2019-05-27T12:10:00Z',
        pci=('01',),
    ),
    'librehardwaremonitor-2224-gpu-power-sensor-gone-after-sleep-nvidia-driver-power-api-bug-benign': Backdrop(
        'win11-rtx2060',
        'A10',
        '550.144.03',
        '2026-02-15T11:30:00Z',
        '2026-02-15T12:10:00Z',
        pci=('01',),
    ),
    'easy-gpu-pv-125-hyperv-gpu-partition-refused-by-device-assignment-group-policy-registry-fix': Backdrop(
        'ws2022-hyperv',
        'A10',
        '550.144.03',
        '2022-02-25T11:30:00Z',
        '2022-02-25T12:10:00Z',
        pci=('01',),
    ),
    'lxd-4651-lxd-3-10-snap-nvidia-hook-passes-invalid-option-to-nvidia-container-cli-container-wont-start': Backdrop(
        'lxd-snap-host',
        'A10',
        '550.144.03',
        '2018-06-14T08:45:00Z',
        '2018-06-14T09:25:00Z',
        pci=('01',),
    ),
    'cloud-hypervisor-2000-tesla-m40-driver-wont-load-in-vm-nvidia-driver-needs-msi-x-or-intx': Backdrop(
        'clh-vfio-host',
        'A10',
        '550.144.03',
        '2021-01-27T11:30:00Z',
        '2021-01-27T12:10:00Z',
        pci=('01',),
    ),
    'harvester-10707-sr-iov-vgpu-cannot-enable-old-vgpu-kvm-driver-550-90-05-with-kernel-6-14': Backdrop(
        'harvester-gpu-node',
        'A10',
        '550.144.03',
        '2026-06-02T11:30:00Z',
        '2026-06-02T12:10:00Z',
        pci=('01',),
    ),
    'glances-3580-jetson-tegra-nvml-per-metric-queries-not-supported-gpu-shows-na-benign': Backdrop(
        'jetson-orin-glances',
        'A10',
        '550.144.03',
        '2026-06-07T11:30:00Z',
        '2026-06-07T12:10:00Z',
        pci=('01',),
    ),
    'jetson-stats-425-jtop-misses-gpu-on-new-l4t-until-service-restart-monitoring-not-gpu-benign': Backdrop(
        'jetson-jp511',
        'A10',
        '550.144.03',
        '2023-06-24T11:30:00Z',
        '2023-06-24T12:10:00Z',
        pci=('01',),
    ),
    'flashrt-7-jetson-container-without-runtime-nvidia-torch-cuda-unavailable-csv-mounts-skipped': Backdrop(
        'jetson-thor',
        'A10',
        '550.144.03',
        '2026-05-03T11:30:00Z',
        '2026-05-03T12:10:00Z',
        pci=('01',),
    ),
    'nv-monitor-10-orin-nano-super-gpu-stats-empty-tool-links-desktop-nvml-not-tegra-benign': Backdrop(
        'orin-nano-super',
        'A10',
        '550.144.03',
        '2026-04-02T11:30:00Z',
        '2026-04-02T12:10:00Z',
        pci=('01',),
    ),
    'wsl-40715-wsl2-dxgkrnl-adapter-info-ioctl-failures-at-boot-gpu-compute-works-benign': Backdrop(
        'win11-wsl2-p4000',
        'A10',
        '550.144.03',
        '2026-06-05T11:30:00Z',
        '2026-06-05T12:10:00Z',
        pci=('01',),
    ),
    'wsl-40580-wsl2-dxgkrnl-fortify-field-spanning-write-warning-every-boot-gpu-works-benign': Backdrop(
        'win11-wsl2-arch',
        'A10',
        '550.144.03',
        '2026-05-18T11:30:00Z',
        '2026-05-18T12:10:00Z',
        pci=('01',),
    ),
    'audio-cpp-12-orin-nano-nvmap-alloc-failure-boot-persistent-nvmap-fragmentation-reboot-clears': Backdrop(
        'orin-nano-bench',
        'A10',
        '550.144.03',
        '2026-08-20T11:30:00Z',
        '2026-08-20T12:10:00Z',
        pci=('01',),
    ),
    'wsl-6098-wsl2-cuda-devices-busy-or-unavailable-windows-insider-build-regression': Backdrop(
        'win10-insider-wsl2',
        'A10',
        '550.144.03',
        '2020-10-15T11:30:00Z',
        '2020-10-15T12:10:00Z',
        pci=('01',),
    ),
    'tensorflow-53341-cuinit-cuda-error-unknown-in-lxc-nvidia-uvm-not-initialised-on-host-before-container-start': Backdrop(
        'lxc-gpu-host',
        'A10',
        '550.144.03',
        '2022-06-17T11:30:00Z',
        '2022-06-17T12:10:00Z',
        pci=('01',),
    ),
    'jetson-inference-559-jetpack-4-4-pytorch-wheel-built-for-older-cuda-libcudart-10-0-missing': Backdrop(
        'jetson-nano-jp44',
        'A10',
        '550.144.03',
        '2020-04-28T11:30:00Z',
        '2020-04-28T12:10:00Z',
        pci=('01',),
    ),
    'jetson-inference-1932-jetpack-5-pytorch-from-official-pip-wheels-cuda-unavailable-needs-jetson-build': Backdrop(
        'jetson-jp512',
        'A10',
        '550.144.03',
        '2025-03-20T11:30:00Z',
        '2025-03-20T12:10:00Z',
        pci=('01',),
    ),
    'gvisor-12773-gvisor-sandbox-crashes-eof-on-boot-nvproxy-does-not-support-driver-570-211-01': Backdrop(
        'gvisor-gpu-node',
        'A10',
        '550.144.03',
        '2026-03-23T11:30:00Z',
        '2026-03-23T12:10:00Z',
        pci=('01',),
    ),
    'ray-66161-ci-gpu-runners-gvisor-sandbox-creation-fails-driver-550-90-07-unsupported-by-nvproxy': Backdrop(
        'buildkite-gpu-runner',
        'A10',
        '550.144.03',
        '2026-09-14T11:30:00Z',
        '2026-09-14T12:10:00Z',
        pci=('01',),
    ),
    'gvisor-10997-gvisor-gpu-container-hangs-runsc-handler-not-routed-through-nvidia-container-runtime-no-prestart-hook': Backdrop(
        'containerd-gvisor-node',
        'A10',
        '550.144.03',
        '2024-10-21T11:30:00Z',
        '2024-10-21T12:10:00Z',
        pci=('01',),
    ),
    'rvvm-197-vfio-gpu-with-large-bar-cannot-be-assigned-in-risc-v-guest-pci-window-too-small': Backdrop(
        'rvvm-vfio-host',
        'A10',
        '550.144.03',
        '2025-09-03T11:30:00Z',
        '2025-09-03T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
