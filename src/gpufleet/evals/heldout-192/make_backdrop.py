"""heldout-public-192's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-192/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list; the real hardware is named in each case's
description); hosts are stand-ins; bus numbers are stand-ins except where a source prints them (00:05 for the
cloud-hypervisor guest, 02:01 for the KubeVirt guest); drivers are stand-ins except where a post names one (see each
description). No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never points at
the cause: flat, healthy series only.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'ogkm-344-a100-vfio-cloud-hypervisor-nvrm-bar2-invalid-non-prefetchable-bar': Backdrop(
        'chv-a100-guest',
        'A10',
        '515.65.01',
        '2022-08-08T11:30:00Z',
        '2022-08-08T12:10:00Z',
        pci=('00:05',),
    ),
    'balena-464-jetson-orin-wrong-dtb-nvgpu-pmu-lsf-load-failed-gr-falcon': Backdrop(
        'jetson-agx-orin-64gb',
        'A10',
        '540.3.0',
        '2024-07-18T11:30:00Z',
        '2024-07-18T12:10:00Z',
        pci=('01',),
    ),
    'forwin-10379-wsl2-docker-nvidia-container-cli-driver-error-old-windows-build': Backdrop(
        'desktop-5a67sbm',
        'A10',
        '460.20',
        '2021-02-14T11:30:00Z',
        '2021-02-14T12:10:00Z',
        pci=('01',),
    ),
    'guiahardware-rtx5090-rtx6000pro-vfio-flr-reset-bug-gpu-unresponsive-in-vm': Backdrop(
        'kvm-gpu-cloud-node',
        'A10',
        '570.133.07',
        '2025-08-20T11:30:00Z',
        '2025-08-20T12:10:00Z',
        pci=('01',),
    ),
    'forwin-11309-docker-desktop-333-breaks-wsl2-gpu-downgrade-to-330': Backdrop(
        'win-dd-wsl2',
        'A10',
        '470.14',
        '2021-05-26T11:30:00Z',
        '2021-05-26T12:10:00Z',
        pci=('01',),
    ),
    'wsl-11870-nvidia-smi-segfault-in-wsl-on-560-drivers-537-works': Backdrop(
        'win-archwsl',
        'A10',
        '560.70',
        '2024-08-02T11:30:00Z',
        '2024-08-02T12:10:00Z',
        pci=('01',),
    ),
    'wsl-6617-preview-build-21327-gpu-compute-unavailable-dev-dxg-missing': Backdrop(
        'win-insider-21327',
        'A10',
        '465.21',
        '2021-03-03T11:30:00Z',
        '2021-03-03T12:10:00Z',
        pci=('01',),
    ),
    'jetsonstats-889-orin-jetpack7-gpu-usage-stuck-at-zero-nvml-latch-benign': Backdrop(
        'jetson-orin-jp7',
        'A10',
        '580.00',
        '2026-07-18T11:30:00Z',
        '2026-07-18T12:10:00Z',
        pci=('01',),
    ),
    'fancontrol-2765-tesla-p100-mcdm-mode-no-temperature-sensor-in-fancontrol-benign': Backdrop(
        'ws-rtx2060-p100',
        'A10',
        '560.94',
        '2024-10-04T11:30:00Z',
        '2024-10-04T12:10:00Z',
        pci=('01', '02'),
    ),
    'kata-13430-runtime-rs-filters-nvswitches-from-iommu-groups-nvlink-lost-in-tdx-guest': Backdrop(
        'hgx-h200-tdx-01',
        'A10',
        '580.95.05',
        '2026-07-22T11:30:00Z',
        '2026-07-22T12:10:00Z',
        pci=('19', '3b', '4c', '5d', '9b', 'bb', 'cb', 'db'),
    ),
    'kata-11912-a800-nvswitch-not-passed-to-kata-vm-gpus-on-phb-instead-of-nvlink': Backdrop(
        'a800-kata-host',
        'A10',
        '535.183.06',
        '2025-10-10T11:30:00Z',
        '2025-10-10T12:10:00Z',
        pci=('0f', '34', '48', '5a', '87', 'ae', 'c2', 'd7'),
    ),
    'kubevirt-gpu-plugin-2-geforce-gtx1050-vm-unable-to-determine-device-handle-driver-detects-hypervisor': Backdrop(
        'kubevirt-vm-gtx1050',
        'A10',
        '418.87.01',
        '2019-10-24T11:30:00Z',
        '2019-10-24T12:10:00Z',
        pci=('02:01',),
    ),
    'unraid-vgpu-driver-17-nvidia-smi-cannot-talk-to-driver-package-built-for-other-kernel': Backdrop(
        'unraid-6126',
        'A10',
        '535.129.03',
        '2023-12-07T11:30:00Z',
        '2023-12-07T12:10:00Z',
        pci=('01',),
    ),
    'vgpuarchive-1-vgpu-18-2-package-host-570-148-06-guest-570-148-08-nvrm-api-mismatch': Backdrop(
        'plex-vgpu-guest',
        'A10',
        '570.148.06',
        '2025-08-24T11:30:00Z',
        '2025-08-24T12:10:00Z',
        pci=('01',),
    ),
    'jammsen-7-proxmox-kernel-6-17-lxc-gpu-passthrough-lost-cgroup-device-ids-changed': Backdrop(
        'pve-frigate',
        'A10',
        '570.195.03',
        '2026-01-08T11:30:00Z',
        '2026-01-08T12:10:00Z',
        pci=('01',),
    ),
    'balena-jetson-142-xavier-nx-pmic-thermal-zone-always-100c-false-high-temperature-alarm-benign': Backdrop(
        'jetson-xavier-nx-devkit',
        'A10',
        '32.5.0',
        '2021-02-10T11:30:00Z',
        '2021-02-10T12:10:00Z',
        pci=('01',),
    ),
    'jetson-fan-ctl-16-nano-a02-inverted-pwm-fan-stops-when-hot': Backdrop(
        'jetson-nano-a02',
        'A10',
        '32.6.1',
        '2022-03-02T11:30:00Z',
        '2022-03-02T12:10:00Z',
        pci=('01',),
    ),
    'jetson-containers-617-agx-orin-openvla-slow-30w-power-mode-cap-maxn-restores': Backdrop(
        'agx-orin-64gb',
        'A10',
        '36.3.0',
        '2024-09-05T11:30:00Z',
        '2024-09-05T12:10:00Z',
        pci=('01',),
    ),
    'isaac-ros-common-30-agx-orin-container-pytorch-website-wheel-does-not-use-cuda': Backdrop(
        'agx-orin-isaac-dev',
        'A10',
        '34.1.1',
        '2022-07-08T11:30:00Z',
        '2022-07-08T12:10:00Z',
        pci=('01',),
    ),
    'wsl-12835-tesla-p4-tcc-mode-nvidia-smi-fails-in-wsl2-needs-wddm': Backdrop(
        'win-tesla-p4',
        'A10',
        '528.24',
        '2025-04-17T11:30:00Z',
        '2025-04-17T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
