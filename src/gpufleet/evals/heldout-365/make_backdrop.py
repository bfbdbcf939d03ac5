"""heldout-public-365's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-365/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except fractal-desktop, Nitro-NL16-71G and dell-r7525-01.gsslab.brq2.redhat.com, which the evidence prints), GPU counts,
bus numbers (01..N in index order) and the driver (550.144.03, the same for every case) are stand-ins. No case uses extra:
no source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'ogkm-256-nvidia-module-wont-load-on-linux-5-18-missing-endbr-ibt-proprietary-driver-built-without-ibt': Backdrop(
        'gpu-host-5-18',
        'A10',
        '550.144.03',
        '2022-11-08T11:30:00Z',
        '2022-11-08T12:10:00Z',
        pci=('01',),
    ),
    'ogkm-1021-driver-590-fails-to-build-on-kernel-6-19-driver-predates-kernel-compat-update-released': Backdrop(
        'fractal-desktop',
        'A10',
        '550.144.03',
        '2026-02-09T11:30:00Z',
        '2026-02-09T12:10:00Z',
        pci=('01',),
    ),
    'ogkm-1255-loading-nvidia-module-hangs-ibt-cet-kernel-control-protection-fault-init-module-lacks-endbr': Backdrop(
        'Nitro-NL16-71G',
        'A10',
        '550.144.03',
        '2026-07-22T11:30:00Z',
        '2026-07-22T12:10:00Z',
        pci=('01',),
    ),
    'cnvgd-90-ubuntu-nvidia-580-hangs-and-crashes-on-ibt-kernels-missing-ibt-support-sru': Backdrop(
        'ubuntu-gpu-node',
        'A10',
        '550.144.03',
        '2026-06-23T11:30:00Z',
        '2026-06-23T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'polloloco-mr9-proxmox-8-2-kernel-6-8-breaks-vgpu-host-driver-three-kernel-changes': Backdrop(
        'pve-vgpu-host',
        'A10',
        '550.144.03',
        '2024-05-01T11:30:00Z',
        '2024-05-01T12:10:00Z',
        pci=('01',),
    ),
    'dxgubuntu-1-hyper-v-gpu-p-ubuntu-vm-nvml-gpu-access-blocked-wrong-kernel-booted-not-dxgkrnl-kernel': Backdrop(
        'hyperv-ubuntu-vm',
        'A10',
        '550.144.03',
        '2022-07-24T11:30:00Z',
        '2022-07-24T12:10:00Z',
        pci=('01',),
    ),
    'easygpupv-444-hyper-v-gpu-pv-vms-stuck-loading-after-windows-cumulative-update-mmio-space-raised-fixed': Backdrop(
        'hyperv-host',
        'A10',
        '550.144.03',
        '2025-10-16T11:30:00Z',
        '2025-10-16T12:10:00Z',
        pci=('01',),
    ),
    'dxgdkms-9-hyper-v-gpu-p-linux-vm-dxgkrnl-module-not-loaded-secure-boot-blocks-unsigned-modprobe': Backdrop(
        'hyperv-linux-vm',
        'A10',
        '550.144.03',
        '2026-03-22T11:30:00Z',
        '2026-03-22T12:10:00Z',
        pci=('01',),
    ),
    'rebaruefi-75-second-gpu-not-recognized-or-no-boot-after-rebar-bios-mod-not-enough-bar-space': Backdrop(
        'x99-ws',
        'A10',
        '550.144.03',
        '2023-08-13T11:30:00Z',
        '2023-08-13T12:10:00Z',
        pci=('01', '02',),
    ),
    'gpuop-2601-vgpu-manager-validation-blocks-after-node-reboot-sriov-vfs-not-recreated': Backdrop(
        'vgpu-worker',
        'A10',
        '550.144.03',
        '2026-07-04T11:30:00Z',
        '2026-07-04T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'gpuop-2272-sandbox-device-plugin-and-validator-not-deployed-after-switch-vm-passthrough-to-vm-vgpu': Backdrop(
        'kubevirt-gpu-node',
        'A10',
        '550.144.03',
        '2026-04-07T11:30:00Z',
        '2026-04-07T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'gpuop-2365-sandbox-validator-pods-crash-on-gpu-without-sriov-support': Backdrop(
        'dell-r7525-01.gsslab.brq2.redhat.com',
        'A10',
        '550.144.03',
        '2026-04-12T09:48:18Z',
        '2026-04-12T10:28:18Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'kgdp-17-kubevirt-vm-gpu-not-permitted-feature-gate-configmap-collides-with-kubevirt-cr': Backdrop(
        'kubevirt-t4-node',
        'A10',
        '550.144.03',
        '2021-04-06T11:30:00Z',
        '2021-04-06T12:10:00Z',
        pci=('01',),
    ),
    'safeboot-84-secure-boot-with-custom-keys-blocks-gpu-option-rom-gop-system-without-igpu-cannot-boot': Backdrop(
        'msi-b450m-host',
        'A10',
        '550.144.03',
        '2020-10-07T11:30:00Z',
        '2020-10-07T12:10:00Z',
        pci=('01',),
    ),
    'alma-1102-microsoft-2011-secure-boot-certificates-expired-existing-systems-keep-booting-benign': Backdrop(
        'secureboot-gpu-node',
        'A10',
        '550.144.03',
        '2026-07-14T11:30:00Z',
        '2026-07-14T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'uefisb-8-secure-boot-check-flags-missing-2023-option-rom-cert-gpus-signed-with-2011-cert-safe-benign': Backdrop(
        'uefi-check-host',
        'A10',
        '550.144.03',
        '2026-04-21T11:30:00Z',
        '2026-04-21T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
