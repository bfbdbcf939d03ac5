"""heldout-public-207's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-207/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list) except the H100 case; hosts, bus numbers and
drivers are stand-ins except where a report prints them (bus 07, 2e and 01 of three cases; four drivers), as each
case's description says. No case uses extra: no source quotes an exporter value as a metric sample. The
backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'qaidvoid-12-single-gpu-passthrough-code43-fixed-by-efifb-off': Backdrop(
        'kvm-single-gpu-host',
        'A10',
        '510.68.02',
        '2022-05-15T11:30:00Z',
        '2022-05-15T12:10:00Z',
        pci=('07',),
    ),
    'joeknock90-5-gt710-passthrough-code43-vendor-id-hidden-set-after-windows-install': Backdrop(
        'kvm-gt710-host',
        'A10',
        '410.66',
        '2018-10-22T11:30:00Z',
        '2018-10-22T12:10:00Z',
        pci=('01',),
    ),
    'easygpupv-40-hyperv-gpu-pv-vm-fails-mmio-region-above-physical-address-range': Backdrop(
        'hyperv-gpupv-host',
        'A10',
        '497.29',
        '2022-01-10T11:30:00Z',
        '2022-01-10T12:10:00Z',
        pci=('01',),
    ),
    'gmsl-3-jetson-orin-nano-boot-loop-bootloader-version-mismatch-with-sd-image': Backdrop(
        'jetson-orin-nano-gmsl',
        'A10',
        '35.3.1',
        '2024-10-09T11:30:00Z',
        '2024-10-09T12:10:00Z',
        pci=('00',),
    ),
    'sk1080-16-ovirt-proxmox-gtx1070-passthrough-code43-fixed-by-switching-to-uefi': Backdrop(
        'ovirt-gtx1070-host',
        'A10',
        '385.69',
        '2017-09-30T11:30:00Z',
        '2017-09-30T12:10:00Z',
        pci=('01',),
    ),
    'harvester-8972-extra-nvidia-gpu-invalid-pci-io-region-efi-firmware-mmio-patch': Backdrop(
        'harvester-gpu-node',
        'A10',
        '570.172.08',
        '2025-08-29T11:30:00Z',
        '2025-08-29T12:10:00Z',
        pci=('18', '3b', '86', 'af'),
    ),
    'harvester-7463-h100-passthrough-vm-128gb-boot-loop-needs-more-reserved-memory': Backdrop(
        'xe8640-harvester',
        'H100',
        '550.127.05',
        '2025-01-29T11:30:00Z',
        '2025-01-29T12:10:00Z',
        pci=('18', '3b', '86', 'af'),
    ),
    'truenas-apps-1501-tesla-p40-unavailable-to-apps-after-update-gpu-isolated': Backdrop(
        'truenas-scale-p40',
        'A10',
        '550.127.05',
        '2025-01-29T11:30:00Z',
        '2025-01-29T12:10:00Z',
        pci=('01',),
    ),
    'nvitop-5-mig-a100-gpu-utilization-fan-memory-unavailable-expected': Backdrop(
        'a100-mig-node',
        'A10',
        '470.57.02',
        '2021-08-11T11:30:00Z',
        '2021-08-11T12:10:00Z',
        pci=('01',),
    ),
    'hwsensors-251-gtx780-fan-reading-stuck-at-19-rpm-cosmetic-sensor-value': Backdrop(
        'osx-gtx780-workstation',
        'A10',
        '343.01.01f01',
        '2014-10-26T11:30:00Z',
        '2014-10-26T12:10:00Z',
        pci=('01',),
    ),
    'jetson-inference-1473-jetson-nano-overheats-and-shuts-down-no-fan-run-5w-mode': Backdrop(
        'jetson-nano-dl',
        'A10',
        '32.7.2',
        '2022-08-18T11:30:00Z',
        '2022-08-18T12:10:00Z',
        pci=('00',),
    ),
    'novidio-1-unraid-vgpu-driver-535-build-lacks-cuda-fixed-by-merged-driver': Backdrop(
        'unraid-vgpu-host',
        'A10',
        '535.161.05',
        '2024-12-30T11:30:00Z',
        '2024-12-30T12:10:00Z',
        pci=('01',),
    ),
    'unraid-nvidia-driver-3-lxc-containers-broken-after-host-driver-update-userspace-version-must-match': Backdrop(
        'unraid-lxc-dev',
        'A10',
        '570.153.02',
        '2025-06-06T11:30:00Z',
        '2025-06-06T12:10:00Z',
        pci=('01',),
    ),
    'nano-build-opencv-37-jetson-nano-shuts-down-under-gpu-load-on-battery-pack-power-supply': Backdrop(
        'jetbot-nano',
        'A10',
        '32.4.3',
        '2020-07-14T11:30:00Z',
        '2020-07-14T12:10:00Z',
        pci=('00',),
    ),
    'truenas-nvidia-drivers-16-passthrough-p4000-not-offered-to-apps-until-nvidia-smi-initialises-card': Backdrop(
        'truenas-vm-p4000',
        'A10',
        '570.172.08',
        '2026-07-24T11:30:00Z',
        '2026-07-24T12:10:00Z',
        pci=('01',),
    ),
    'incus-1322-rtx3060ti-nvidia-devices-missing-in-container-nvidia-container-toolkit-not-installed': Backdrop(
        'incus-arch-host',
        'A10',
        '560.35.03',
        '2024-10-21T11:30:00Z',
        '2024-10-21T12:10:00Z',
        pci=('01',),
    ),
    'vllm-playground-11-jetson-thor-orin-gpu-status-shows-0gb-memory-0c-unified-memory-na': Backdrop(
        'jetson-thor-devkit',
        'A10',
        '580.00',
        '2026-01-09T11:30:00Z',
        '2026-01-09T12:10:00Z',
        pci=('00',),
    ),
    'easygpupv-54-hyperv-gpu-pv-directx-fails-in-vm-fixed-by-downgrading-nvidia-driver-511-to-510': Backdrop(
        'hyperv-gpupv-gtx10',
        'A10',
        '511.23',
        '2022-01-12T11:30:00Z',
        '2022-01-12T12:10:00Z',
        pci=('01',),
    ),
    'qubes-8631-xen-update-breaks-gpu-passthrough-hvm-limited-to-2gib-ram': Backdrop(
        'qubes-gpu-hvm-host',
        'A10',
        '545.29.06',
        '2024-01-20T11:30:00Z',
        '2024-01-20T12:10:00Z',
        pci=('01',),
    ),
    'docker-for-win-13333-docker-desktop-4171-upgrade-breaks-wsl2-gpu-containers-hang': Backdrop(
        'win11-dockerdesktop-wsl2',
        'A10',
        '531.41',
        '2023-03-24T11:30:00Z',
        '2023-03-24T12:10:00Z',
        pci=('01',),
    ),
    'harvester-11108-gpu-passthrough-vm-stops-when-host-enters-maintenance-mode-during-upgrade': Backdrop(
        'harvester-node-gpu',
        'A10',
        '570.172.08',
        '2026-07-09T11:30:00Z',
        '2026-07-09T12:10:00Z',
        pci=('3b',),
    ),
    'lxd-5618-cuda-getdevicecount-returned-30-in-container-nvidia-uvm-device-missing': Backdrop(
        'lxd-cuda-host',
        'A10',
        '390.116',
        '2019-04-02T11:30:00Z',
        '2019-04-02T12:10:00Z',
        pci=('01',),
    ),
    'joeknock90-11-gtx1060-nodedev-detach-hangs-modules-in-use-framebuffer-unbind-race': Backdrop(
        'kvm-gtx1060-host',
        'A10',
        '440.44',
        '2020-01-13T11:30:00Z',
        '2020-01-13T12:10:00Z',
        pci=('2e',),
    ),
    'jetson-fan-ctl-7-agx-xavier-maxn-sporadic-reboots-fan-pwm-writes-voltage-swing': Backdrop(
        'agx-xavier-maxn',
        'A10',
        '32.4.3',
        '2020-08-01T11:30:00Z',
        '2020-08-01T12:10:00Z',
        pci=('00',),
    ),
    'vgpu-unlock-84-proxmox7-vgpu-host-driver-460-dkms-build-fails-kernel-mdev-api-change': Backdrop(
        'pve7-vgpu-m2000',
        'A10',
        '460.32.04',
        '2021-11-20T11:30:00Z',
        '2021-11-20T12:10:00Z',
        pci=('01',),
    ),
    'gpu-operator-637-mig-a100-node-advertises-both-gpu-and-mig-resources-mixed-strategy': Backdrop(
        'rke2-a100-mig',
        'A10',
        '535.129.03',
        '2023-12-17T11:30:00Z',
        '2023-12-17T12:10:00Z',
        pci=('18', '3b'),
    ),
    'joeknock90-38-gtx1080-vm-stuck-creating-domain-gpu-still-active-in-host': Backdrop(
        'arch-gtx1080-host',
        'A10',
        '460.39',
        '2021-02-06T11:30:00Z',
        '2021-02-06T12:10:00Z',
        pci=('01',),
    ),
    'chironjit-2-rtx2070s-single-gpu-passthrough-host-freezes-modules-not-unloading-iommu-support': Backdrop(
        'omen30l-rtx2070s',
        'A10',
        '470.74',
        '2021-10-11T11:30:00Z',
        '2021-10-11T12:10:00Z',
        pci=('01',),
    ),
    'yolo-tensorrt-164-xavier-nx-yolov4-slow-inference-low-power-mode-fixed-15w-and-cpu-turbo': Backdrop(
        'xavier-nx-yolo',
        'A10',
        '32.5.1',
        '2022-02-09T11:30:00Z',
        '2022-02-09T12:10:00Z',
        pci=('00',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
