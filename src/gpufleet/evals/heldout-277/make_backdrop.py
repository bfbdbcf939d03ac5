"""heldout-public-277's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-277/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except the ones the evidence prints), bus numbers (01 for one GPU, 01 and 02 for two) and the driver
(550.144.03, the same for every case) are stand-ins. No case uses extra: no source quotes an exporter value as a
metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'freetoken-233-wsl2-cudahostregister-out-of-memory-wsl-pinned-memory-wall-far-below-ram': Backdrop(
        'wsl2-rtx3090',
        'A10',
        '550.144.03',
        '2026-08-27T11:30:00Z',
        '2026-08-27T12:10:00Z',
        pci=('01',),
    ),
    'wsl-14078-pin-memory-out-of-memory-above-500mb-docker-on-wsl2-container-pinned-limit': Backdrop(
        'wsl2-docker-host',
        'A10',
        '550.144.03',
        '2026-01-17T11:30:00Z',
        '2026-01-17T12:10:00Z',
        pci=('01',),
    ),
    'acidanthera-2237-nvidia-module-key-rejected-secure-boot-bootloader-does-not-handle-signed-modules': Backdrop(
        'CS3003NS',
        'A10',
        '550.144.03',
        '2023-03-06T11:30:00Z',
        '2023-03-06T12:10:00Z',
        pci=('01',),
    ),
    'sdboot-conversion-2-nvidia-driver-cannot-load-secure-boot-shim-replaced-mok-not-enrolled': Backdrop(
        'legion-laptop',
        'A10',
        '550.144.03',
        '2023-05-31T11:30:00Z',
        '2023-05-31T12:10:00Z',
        pci=('01',),
    ),
    'jetson-containers-710-oci-runtime-error-on-every-container-after-apt-upgrade-nv-container-runtime-conflict': Backdrop(
        'jetson-l4t36',
        'A10',
        '550.144.03',
        '2024-11-01T11:30:00Z',
        '2024-11-01T12:10:00Z',
        pci=('01',),
    ),
    'edk2-59-tesla-k80-passthrough-ovmf-lacks-64-bit-pci-mmio-above-4g-decoding': Backdrop(
        'ovmf-guest',
        'A10',
        '550.144.03',
        '2016-02-22T11:30:00Z',
        '2016-02-22T12:10:00Z',
        pci=('01', '02'),
    ),
    'easy-gpu-pv-153-hyper-v-gpu-pv-vm-will-not-start-upper-mmio-region-above-cpu-physical-address-range': Backdrop(
        'hyperv-gpupv-host',
        'A10',
        '550.144.03',
        '2022-04-21T11:30:00Z',
        '2022-04-21T12:10:00Z',
        pci=('01',),
    ),
    'single-gpu-passthrough-33-passthrough-black-screen-gpu-flashed-with-mining-vbios-by-previous-owner': Backdrop(
        'vfio-host',
        'A10',
        '550.144.03',
        '2021-01-06T11:30:00Z',
        '2021-01-06T12:10:00Z',
        pci=('01',),
    ),
    'ogkm-1374-nvidia-unbind-for-vfio-hangs-forever-incorrect-usage-count-reference-count': Backdrop(
        'gpu-rebind-host',
        'A10',
        '550.144.03',
        '2026-09-19T11:30:00Z',
        '2026-09-19T12:10:00Z',
        pci=('01',),
    ),
    'ogkm-1119-unbind-from-unused-gpu-hangs-595-driver-regression-versus-590': Backdrop(
        'resolute-vfio-host',
        'A10',
        '550.144.03',
        '2026-04-25T11:30:00Z',
        '2026-04-25T12:10:00Z',
        pci=('01',),
    ),
    'system76-power-448-gpu-power-off-hangs-daemon-unkillable-processes-still-hold-nvidia-device': Backdrop(
        'adder',
        'A10',
        '550.144.03',
        '2025-02-26T11:30:00Z',
        '2025-02-26T12:10:00Z',
        pci=('01',),
    ),
    'qaidvoid-45-second-vm-hangs-and-host-shutdown-stuck-after-passthrough-vm-modprobe-vfio-pci-in-hook': Backdrop(
        'dual-gpu-vfio-host',
        'A10',
        '550.144.03',
        '2024-07-04T11:30:00Z',
        '2024-07-04T12:10:00Z',
        pci=('01', '02'),
    ),
    'harvester-5289-vm-with-two-vgpus-will-not-boot-only-one-vgpu-can-have-ramfb-enabled': Backdrop(
        'harvester-node',
        'A10',
        '550.144.03',
        '2024-03-05T11:30:00Z',
        '2024-03-05T12:10:00Z',
        pci=('01',),
    ),
    'cloud-hypervisor-5649-vmm-panics-on-vfio-passthrough-of-msi-only-quadro-t400-regression': Backdrop(
        'ch-vmm-host',
        'A10',
        '550.144.03',
        '2023-08-03T11:30:00Z',
        '2023-08-03T12:10:00Z',
        pci=('01',),
    ),
    'aks-4870-a10-vgpu-nodes-cuda-devices-busy-or-unavailable-nvml-unknown-error-vgpu-unlicensed': Backdrop(
        'aks-a10x8811f-36662775-vmss00002a',
        'A10',
        '550.144.03',
        '2025-03-16T22:38:27Z',
        '2025-03-16T23:18:27Z',
        pci=('01',),
    ),
    'sglang-7336-nvidia-smi-fails-on-jetson-cuda-tegra-expected-benign': Backdrop(
        'jetson-tegra-a',
        'A10',
        '550.144.03',
        '2025-06-19T11:30:00Z',
        '2025-06-19T12:10:00Z',
        pci=('01',),
    ),
    'oe4t-17-nvidia-smi-on-orin-shows-na-and-not-supported-stats-come-from-tegrastats-benign': Backdrop(
        'jetson-orin-edge',
        'A10',
        '550.144.03',
        '2024-10-16T11:30:00Z',
        '2024-10-16T12:10:00Z',
        pci=('01',),
    ),
    'bbswitch-101-acpi-dsm-argument-type-mismatch-warning-on-optimus-laptop-everything-works-benign': Backdrop(
        'fedora21-optimus',
        'A10',
        '550.144.03',
        '2014-11-20T11:30:00Z',
        '2014-11-20T12:10:00Z',
        pci=('01',),
    ),
    'dask-5628-wsl2-nvml-utilization-query-returns-unknown-error-while-memory-query-works-benign': Backdrop(
        'wsl2-dask-host',
        'A10',
        '550.144.03',
        '2021-12-24T11:30:00Z',
        '2021-12-24T12:10:00Z',
        pci=('01',),
    ),
    'xorbits-5070-wsl2-nvml-utilization-unsupported-gpu-dropped-from-detection-though-cuda-works-benign': Backdrop(
        'wsl2-inference-host',
        'A10',
        '550.144.03',
        '2026-06-24T11:30:00Z',
        '2026-06-24T12:10:00Z',
        pci=('01',),
    ),
    'nct-290-nested-docker-in-unprivileged-lxd-cannot-write-device-cgroup-rules-devices-allow-not-permitted': Backdrop(
        'lxd-nested-host',
        'A10',
        '550.144.03',
        '2021-09-13T11:30:00Z',
        '2021-09-13T12:10:00Z',
        pci=('01',),
    ),
    'ncr-25-nvidia-docker-inside-unprivileged-lxc-needs-no-cgroups-device-cgroup-setup-not-permitted': Backdrop(
        'lxc-nested-host',
        'A10',
        '550.144.03',
        '2018-05-02T11:30:00Z',
        '2018-05-02T12:10:00Z',
        pci=('01',),
    ),
    'kata-9401-k8s-kata-gpu-passthrough-hotplug-fails-sandbox-reserves-no-pcie-root-port': Backdrop(
        'k8s-kata-node',
        'A10',
        '550.144.03',
        '2024-04-03T11:30:00Z',
        '2024-04-03T12:10:00Z',
        pci=('01',),
    ),
    'kata-835-v100-not-usable-in-kata-guest-large-bar-needs-kata-1-11-and-above-4g-mmio-in-bios': Backdrop(
        'kata-v100-host',
        'A10',
        '550.144.03',
        '2020-10-01T11:30:00Z',
        '2020-10-01T12:10:00Z',
        pci=('34',),
    ),
    'optimus-vfio-2-laptop-quadro-passthrough-error-43-dgpu-vbios-without-uefi-patched-ovmf': Backdrop(
        'zbook15-vfio-host',
        'A10',
        '550.144.03',
        '2018-08-26T11:30:00Z',
        '2018-08-26T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
