"""heldout-public-222's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-222/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)); where pci is left out,
the default eight-GPU HGX bus numbers are used (the cases whose source speaks of eight GPUs or a DGX/HGX node).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts, bus numbers where the source prints none, and the driver (550.144.03, the same for every case) are stand-ins.
No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'cosmos-reason1-61-jetson-thor-nvml-error-not-supported-telemetry-not-implemented-on-jetson-benign': Backdrop(
        'jetson-thor-devkit',
        'A10',
        '550.144.03',
        '2025-09-04T11:30:00Z',
        '2025-09-04T12:10:00Z',
        pci=('01',),
    ),
    'cubecos-1247-rtx-pro-6000-card-vanishes-from-inventory-after-pgpu-to-sriov-switch-software-visibility-bug-not-dead-card': Backdrop(
        'cn13',
        'A10',
        '550.144.03',
        '2026-09-09T11:30:00Z',
        '2026-09-09T12:10:00Z',
        pci=('42', '8c', '04', 'c8'),
    ),
    'cubecos-1528-pgpu-instance-loses-passthrough-gpu-after-host-reboot-nova-resume-path-drops-accel-info': Backdrop(
        'cubecos-gpu-node',
        'A10',
        '550.144.03',
        '2026-09-22T11:30:00Z',
        '2026-09-22T12:10:00Z',
        pci=('01',),
    ),
    'cudacosine-1-jetson-orin-nano-cuda-kernels-return-zeros-cuda-version-mismatch-fixed-with-cuda-11-7': Backdrop(
        'jetson-orin-nano',
        'A10',
        '550.144.03',
        '2024-05-14T11:30:00Z',
        '2024-05-14T12:10:00Z',
        pci=('01',),
    ),
    'diffusion-pipe-ui-22-wsl2-training-stuck-and-pc-froze-too-little-ram-allocated-to-wsl2': Backdrop(
        'win-wsl2-3090',
        'A10',
        '550.144.03',
        '2025-02-01T11:30:00Z',
        '2025-02-01T12:10:00Z',
        pci=('01',),
    ),
    'dra-driver-nvidia-gpu-1333-hgx-vfio-passthrough-gpu-stranded-after-kubelet-plugin-restart-drops-from-allocatable-fm-partition-held': Backdrop(
        'hgx-dra-node',
        'A10',
        '550.144.03',
        '2026-08-12T11:30:00Z',
        '2026-08-12T12:10:00Z',
    ),
    'easygpupv-274-hyperv-gpu-pv-vm-nvidia-installer-says-driver-not-compatible-by-design-drivers-come-from-host-benign': Backdrop(
        'win10-gpupv-vm',
        'A10',
        '550.144.03',
        '2023-04-19T11:30:00Z',
        '2023-04-19T12:10:00Z',
        pci=('01',),
    ),
    'edk2-12997-ovmf-mmio-window-exhausted-by-8-gpu-passthrough-512gb-bars-one-gpu-unusable-in-vm': Backdrop(
        'kvm-8gpu-guest',
        'A10',
        '550.144.03',
        '2026-08-21T11:30:00Z',
        '2026-08-21T12:10:00Z',
    ),
    'harvester-10026-harvester-1-8-kernel-6-14-nvidia-vgpu-driver-no-longer-creates-mdev-vgpus-never-created': Backdrop(
        'harvester-gpu-node',
        'A10',
        '550.144.03',
        '2026-02-08T11:30:00Z',
        '2026-02-08T12:10:00Z',
        pci=('01',),
    ),
    'harvester-6521-upgrade-1-3-1-to-1-3-2-clears-nvidia-driver-toolkit-vgpu-driver-endpoint-vm-unschedulable': Backdrop(
        'harvester-a2-node',
        'A10',
        '550.144.03',
        '2024-09-06T11:30:00Z',
        '2024-09-06T12:10:00Z',
        pci=('01',),
    ),
    'harvester-8059-quadro-p1000-not-listed-as-sriov-vgpu-device-gpu-lacks-sriov-vgpu-by-design-benign': Backdrop(
        'dell-3660-p1000',
        'A10',
        '550.144.03',
        '2025-04-13T11:30:00Z',
        '2025-04-13T12:10:00Z',
        pci=('01',),
    ),
    'ipw-40-jetson-orin-nvml-inits-but-power-energy-util-queries-not-supported-no-energy-data-benign': Backdrop(
        'jetson-orin-nano-ipw',
        'A10',
        '550.144.03',
        '2026-09-18T11:30:00Z',
        '2026-09-18T12:10:00Z',
        pci=('01',),
    ),
    'jailmaker-127-truenas-dragonfish-jail-nvidia-passthrough-libnvidia-ml-file-too-short-missing-bind-mounts': Backdrop(
        'truenas-dragonfish',
        'A10',
        '550.144.03',
        '2024-04-24T11:30:00Z',
        '2024-04-24T12:10:00Z',
        pci=('01',),
    ),
    'kubevirt-7547-tesla-t4-vmi-not-schedulable-gpu-missing-from-allocatable-kubevirt-v0-45-gke-bug-fixed-by-upgrade': Backdrop(
        'anthos-kubevirt-node',
        'A10',
        '550.144.03',
        '2022-04-14T11:30:00Z',
        '2022-04-14T12:10:00Z',
        pci=('01',),
    ),
    'lxd-10566-gpu-id-0-is-the-aspeed-bmc-vga-so-container-gets-no-nvidia-gpu-drm-id-numbering': Backdrop(
        'lxd-2gpu-host',
        'A10',
        '550.144.03',
        '2022-06-17T11:30:00Z',
        '2022-06-17T12:10:00Z',
        pci=('03', '82'),
    ),
    'lxd-15872-dgx-gpus-with-large-mmio-windows-fail-lxd-vm-passthrough-pci-hole64-too-small': Backdrop(
        'dgx-lxd-certhost',
        'A10',
        '550.144.03',
        '2025-06-24T11:30:00Z',
        '2025-06-24T12:10:00Z',
    ),
    'lxd-3650-gpu-attach-assumed-nvidia-index-equals-dri-card-index-wrong-nvidia-device-passed-to-container': Backdrop(
        'lxd-gpu-host',
        'A10',
        '550.144.03',
        '2017-08-10T11:30:00Z',
        '2017-08-10T12:10:00Z',
        pci=('01',),
    ),
    'nixpkgs-400096-incus-6-11-nvidia-runtime-containers-fail-to-start-incus-release-bug-fixed-by-patches': Backdrop(
        'incus-nvidia-host',
        'A10',
        '550.144.03',
        '2025-04-19T11:30:00Z',
        '2025-04-19T12:10:00Z',
        pci=('01',),
    ),
    'obico-552-jetson-nano-ml-api-container-cuda-driver-insufficient-for-runtime-version-mismatch': Backdrop(
        'jetson-nano-tsd',
        'A10',
        '550.144.03',
        '2022-01-02T15:47:00Z',
        '2022-01-02T16:27:00Z',
        pci=('01',),
    ),
    'ollama-1302-ollama-does-not-see-gpu-proxmox-masks-avx-in-vm-cpu-model': Backdrop(
        'pve-vm-ollama2',
        'A10',
        '550.144.03',
        '2024-03-12T11:30:00Z',
        '2024-03-12T12:10:00Z',
        pci=('01',),
    ),
    'ollama-8606-proxmox-vm-default-cpu-type-lacks-avx-gpu-unused-fixed-cpu-host': Backdrop(
        'pve-vm-ollama',
        'A10',
        '550.144.03',
        '2025-01-28T11:30:00Z',
        '2025-01-28T12:10:00Z',
        pci=('01',),
    ),
    'onediff-95-out-of-host-memory-error-in-wsl2-pinned-host-memory-limit-upstream-wsl-problem': Backdrop(
        'win-wsl2-onediff',
        'A10',
        '550.144.03',
        '2023-02-10T11:30:00Z',
        '2023-02-10T12:10:00Z',
        pci=('01',),
    ),
    'pytorch-aarch64-3-jetson-nano-third-party-torch-wheel-is-cpu-only-cuda-not-available': Backdrop(
        'jetson-nano-torch',
        'A10',
        '550.144.03',
        '2020-08-19T11:30:00Z',
        '2020-08-19T12:10:00Z',
        pci=('01',),
    ),
    'wsl-6809-windows-insider-build-21354-dev-dxg-missing-wsl2-gpu-unavailable-fixed-in-build-21359': Backdrop(
        'win10-insider-wsl2',
        'A10',
        '550.144.03',
        '2021-04-15T11:30:00Z',
        '2021-04-15T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
