"""heldout-public-424's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-424/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description); hosts are
as printed where the evidence prints one (iron, Pallas) and stand-ins otherwise; GPU counts and bus numbers are as printed
where the evidence prints them (01 for iron and for the Proxmox case, 03/04/73/74 for the Garden Linux case) and a single
GPU at bus 01 otherwise; the driver (550.144.03) is the same stand-in for every case. No case uses extra: no source quotes
an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'distrobox-477-podman-distrobox-nvml-driver-library-version-mismatch-container-driver-differs-from-host': Backdrop(
        'distrobox-host',
        'A10',
        '550.144.03',
        '2022-10-14T11:30:00Z',
        '2022-10-14T12:10:00Z',
        pci=('01',),
    ),
    'celluloid-310-flatpak-app-fails-after-nvidia-driver-update-flatpak-gl-runtime-not-yet-published': Backdrop(
        'el74-desktop',
        'A10',
        '550.144.03',
        '2017-09-23T11:30:00Z',
        '2017-09-23T12:10:00Z',
        pci=('01',),
    ),
    'toolbox-1573-toolbx-enter-fails-nvml-init-nouveau-forced-while-proprietary-driver-still-installed': Backdrop(
        'fedora-toolbx-ws',
        'A10',
        '550.144.03',
        '2024-10-24T11:30:00Z',
        '2024-10-24T12:10:00Z',
        pci=('01',),
    ),
    'truenasapps-1291-truenas-app-cannot-get-nvidia-gpu-install-nvidia-drivers-setting-off': Backdrop(
        'truenas-scale-01',
        'A10',
        '550.144.03',
        '2025-01-04T11:30:00Z',
        '2025-01-04T12:10:00Z',
        pci=('01',),
    ),
    'eve-4631-eve-os-jetson-orin-cdi-spec-malformed-containerd-cannot-enable-gpu-for-containers': Backdrop(
        'eve-orin-01',
        'A10',
        '550.144.03',
        '2025-02-19T11:30:00Z',
        '2025-02-19T12:10:00Z',
        pci=('01',),
    ),
    'nvcr-28-fedora-docker-containers-lose-nvidia-device-access-selinux-labels-reset-on-reboot': Backdrop(
        'fedora-docker-01',
        'A10',
        '550.144.03',
        '2018-06-04T11:30:00Z',
        '2018-06-04T12:10:00Z',
        pci=('01',),
    ),
    'popos-447-popos-secure-boot-uki-nvidia-dkms-module-key-rejected-mok-not-in-machine-keyring': Backdrop(
        'acer-nitro-popos',
        'A10',
        '550.144.03',
        '2026-07-05T11:30:00Z',
        '2026-07-05T12:10:00Z',
        pci=('01',),
    ),
    'nixpkgs-344174-nixos-open-kernel-module-on-maxwell-laptop-gpu-probe-failed': Backdrop(
        'iron',
        'A10',
        '550.144.03',
        '2024-10-22T07:59:52Z',
        '2024-10-22T08:39:52Z',
        pci=('01',),
    ),
    'gamescope-987-gamescope-black-window-on-nvidia-driver-bug-revert-gamescope-package': Backdrop(
        'endeavouros-3090',
        'A10',
        '550.144.03',
        '2023-10-15T11:30:00Z',
        '2023-10-15T12:10:00Z',
        pci=('01',),
    ),
    'bazzite-3589-bazzite-rebase-nvidia-gpu-idle-apps-render-on-igpu-or-cpu-prime-offload-dormant': Backdrop(
        'bazzite-asus-laptop',
        'A10',
        '550.144.03',
        '2025-12-04T11:30:00Z',
        '2025-12-04T12:10:00Z',
        pci=('01',),
    ),
    'proxmoxxyz-proxmox-vfio-gpu-vanishes-from-lspci-mid-game-oxidised-pcie-riser-contact': Backdrop(
        'pve-msfs',
        'A10',
        '550.144.03',
        '2025-09-30T11:30:00Z',
        '2025-09-30T12:10:00Z',
        pci=('01',),
    ),
    'qwen3090-2-wsl2-dxgkio-make-resident-enomem-not-oom-expandable-segments-refused-by-gpu-pv': Backdrop(
        'wsl2-rtx3090',
        'A10',
        '550.144.03',
        '2026-08-23T11:30:00Z',
        '2026-08-23T12:10:00Z',
        pci=('01',),
    ),
    'gardenlinux-4556-garden-linux-nccl-p2p-fails-under-iommu-until-nccl-cumem-enable-set': Backdrop(
        'gardenlinux-bg-s2',
        'A10',
        '550.144.03',
        '2026-06-30T11:30:00Z',
        '2026-06-30T12:10:00Z',
        pci=('03', '04', '73', '74',),
    ),
    'kvgpudp-105-kubevirt-passthrough-gpu-falls-off-bus-device-plugin-keeps-advertising-it': Backdrop(
        'kubevirt-gpu-node-01',
        'A10',
        '550.144.03',
        '2024-05-24T11:30:00Z',
        '2024-05-24T12:10:00Z',
        pci=('01',),
    ),
    'ctk-1611-fedora-nvidia-cdi-refresh-boot-error-driver-not-loaded-succeeds-on-retry-benign': Backdrop(
        'Pallas',
        'A10',
        '550.144.03',
        '2026-01-24T13:15:43Z',
        '2026-01-24T13:55:43Z',
        pci=('01',),
    ),
    'cardwire-89-laptop-gpu-mode-switch-breaks-nvidia-powerd-dgpu-stuck-at-lower-power': Backdrop(
        'legion',
        'A10',
        '550.144.03',
        '2026-07-19T12:37:36Z',
        '2026-07-19T13:17:36Z',
        pci=('01',),
    ),
    'optimus-370-arch-hybrid-mode-nvidia-smi-shows-30pct-gpu-util-at-idle-low-clock-artifact-benign': Backdrop(
        'arch-gnome-laptop',
        'A10',
        '550.144.03',
        '2021-02-05T11:30:00Z',
        '2021-02-05T12:10:00Z',
        pci=('01',),
    ),
    'hwe-61-silverblue-nvidia-turing-laptop-nvidia-powerd-fails-by-design-benign': Backdrop(
        'hawkeyeninja',
        'A10',
        '550.144.03',
        '2023-03-27T19:51:19Z',
        '2023-03-27T20:31:19Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
