"""heldout-public-301's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-301/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
every host name is a stand-in (no kept excerpt prints the affected host's name); bus numbers are stand-ins
(01..N in index order) except bus b3 of the Quadro P5000 in harvester-pcidevices-81, which the evidence prints;
the driver (550.144.03, the same for every case) is a stand-in. No case uses extra: no source quotes an exporter
value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'k8s-device-plugin-235-device-plugin-pod-fails-on-cgroup-v2-container-toolkit-has-no-cgroupv2-support': Backdrop(
        'k3s-gpu-node',
        'A10',
        '550.144.03',
        '2021-03-29T11:30:00Z',
        '2021-03-29T12:10:00Z',
        pci=('01',),
    ),
    'nixpkgs-127146-nvidia-docker-cgroup-subsystem-devices-not-found-libnvidia-container-lacks-cgroup-v2': Backdrop(
        'nixos-gpu-host',
        'A10',
        '550.144.03',
        '2021-06-16T11:30:00Z',
        '2021-06-16T12:10:00Z',
        pci=('01',),
    ),
    'harvester-11029-gpu-passthrough-vm-with-hotplug-disk-fails-host-doesnt-support-passthrough-kubevirt-1-7-bug': Backdrop(
        'harvester-node',
        'A10',
        '550.144.03',
        '2026-06-29T11:30:00Z',
        '2026-06-29T12:10:00Z',
        pci=('01',),
    ),
    'harvester-3309-vm-with-assigned-gpu-will-not-boot-vfio-dma-map-error-pcidevices-controller-bug': Backdrop(
        'harvester-node',
        'A10',
        '550.144.03',
        '2022-12-21T11:30:00Z',
        '2022-12-21T12:10:00Z',
        pci=('01',),
    ),
    'harvester-pcidevices-81-p5000-passthrough-fails-bar1-cant-reserve-gpu-still-held-by-host-efi-framebuffer': Backdrop(
        't7920-worker',
        'A10',
        '550.144.03',
        '2024-06-12T02:12:37Z',
        '2024-06-12T02:52:37Z',
        pci=('b3',),
    ),
    'kata-containers-4358-gpu-in-kata-vm-unusable-without-pcie-root-port-for-large-bar-mem-reserve': Backdrop(
        'kata-gpu-host',
        'A10',
        '550.144.03',
        '2022-06-21T11:30:00Z',
        '2022-06-21T12:10:00Z',
        pci=('01',),
    ),
    'antmicro-jetson-nano-baseboard-14-xavier-nx-carrier-shuts-down-under-gpu-load-5v-rail-drops-below-4-75v': Backdrop(
        'xavier-nx-carrier',
        'A10',
        '550.144.03',
        '2020-09-01T11:30:00Z',
        '2020-09-01T12:10:00Z',
        pci=('01',),
    ),
    'aikitoria-open-gpu-kernel-modules-6-rtx-5090-p2p-bandwidth-low-acs-still-enabled-despite-bios-setting': Backdrop(
        'p2p-5090-host',
        'A10',
        '550.144.03',
        '2025-10-09T11:30:00Z',
        '2025-10-09T12:10:00Z',
        pci=('01', '02'),
    ),
    'nvidia-docker-753-cuda-9-2-container-requirement-error-host-driver-390-older-than-396': Backdrop(
        'docker-gpu-host',
        'A10',
        '550.144.03',
        '2018-06-04T11:30:00Z',
        '2018-06-04T12:10:00Z',
        pci=('01',),
    ),
    'torch-distlearn-8-cuda-ipc-not-possible-between-gpus-solved-by-disabling-pcie-acs': Backdrop(
        'multi-gpu-host',
        'A10',
        '550.144.03',
        '2016-03-09T11:30:00Z',
        '2016-03-09T12:10:00Z',
        pci=('01', '02'),
    ),
    'nvidia-docker-1429-cuda-11-1-image-requirement-error-on-driver-450-libnvidia-container-detection-bug': Backdrop(
        'docker-gpu-host',
        'A10',
        '550.144.03',
        '2020-12-11T11:30:00Z',
        '2020-12-11T12:10:00Z',
        pci=('01',),
    ),
    'nv-kernels-37-gpu-passthrough-backport-host-dmesg-errors-fixed-by-cma-1g-kernel-parameter': Backdrop(
        'passthrough-host',
        'A10',
        '550.144.03',
        '2025-01-06T11:30:00Z',
        '2025-01-06T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    't-rex-1103-cant-get-power-for-gpu-0-nvml-reports-no-power-reading-for-gtx-1050-ti-benign': Backdrop(
        'mining-rig',
        'A10',
        '550.144.03',
        '2022-02-20T11:30:00Z',
        '2022-02-20T12:10:00Z',
        pci=('01',),
    ),
    'jetson-containers-179-l4t-container-libcublas-file-too-short-cuda-not-mounted-by-nvidia-runtime': Backdrop(
        'jetson-l4t',
        'A10',
        '550.144.03',
        '2022-08-09T11:30:00Z',
        '2022-08-09T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
