"""heldout-public-381's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-381/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except cn13, which the evidence prints), GPU counts, bus numbers (01..N in index order, except where the
evidence prints bus ids: 00:1e, 00:0a/00:0b and 86) and the driver (550.144.03, the same for every case) are
stand-ins. No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never points
at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'aicr-265-kernel-drift-on-gpu-nodes-conflicts-with-gpu-driver-kernel-pinned': Backdrop(
        'skyhook-gpu-node',
        'A10',
        '550.144.03',
        '2026-03-03T11:30:00Z',
        '2026-03-03T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'silverblue-272-nvidia-kmod-unsigned-akmods-does-not-sign-with-rpm-ostree-secure-boot': Backdrop(
        'silverblue-ws',
        'A10',
        '550.144.03',
        '2022-05-26T11:30:00Z',
        '2022-05-26T12:10:00Z',
        pci=('01',),
    ),
    'chaotic-88-kernel-major-update-before-nvidia-dkms-patched-breaks-driver-for-12h': Backdrop(
        'arch-ws',
        'A10',
        '550.144.03',
        '2020-06-03T11:30:00Z',
        '2020-06-03T12:10:00Z',
        pci=('01',),
    ),
    'contrast-955-nixpkgs-production-nvidia-driver-update-incompatible-with-h100-cc-pinned-550': Backdrop(
        'contrast-h100-node',
        'A10',
        '550.144.03',
        '2024-10-28T11:30:00Z',
        '2024-10-28T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'konvoy-151-flatcar-kernel-update-breaks-nvidia-driver-build-installer-wrong-kernel-sources': Backdrop(
        'flatcar-ec2-gpu',
        'A10',
        '550.144.03',
        '2021-12-01T11:30:00Z',
        '2021-12-01T12:10:00Z',
        pci=('00:1e',),
    ),
    'librarium-11685-gpu-servers-need-above-4g-decoding-and-resizable-bar-in-bios-gpus-do-not-enumerate': Backdrop(
        'palette-gpu-server',
        'A10',
        '550.144.03',
        '2026-08-17T11:30:00Z',
        '2026-08-17T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'nvtrust-19-h100-cc-guest-fsp-boot-cmds-failed-missing-crypto-modules-aesni-in-guest-kernel': Backdrop(
        'cc-guest-vm',
        'A10',
        '550.144.03',
        '2023-10-28T11:30:00Z',
        '2023-10-28T12:10:00Z',
        pci=('01',),
    ),
    'nvtrust-30-unable-to-determine-device-handle-h100-cc-mode-on-arm-cca-unsupported-platform': Backdrop(
        'arm-cc-host',
        'A10',
        '550.144.03',
        '2023-12-29T11:30:00Z',
        '2023-12-29T12:10:00Z',
        pci=('01',),
    ),
    'dasharo-1135-cuda-driver-initialization-failed-on-msi-boards-with-dasharo-firmware-uvm-hmm': Backdrop(
        'msi-z790-dasharo',
        'A10',
        '550.144.03',
        '2025-03-03T11:30:00Z',
        '2025-03-03T12:10:00Z',
        pci=('01',),
    ),
    'nccl-811-all-reduce-perf-crash-a100-ib-sriov-kvm-vm-machine-type-q35-stops-crash': Backdrop(
        'kvm-a100-guest',
        'A10',
        '550.144.03',
        '2023-03-28T11:30:00Z',
        '2023-03-28T12:10:00Z',
        pci=('00:0a', '00:0b', '00:0c', '00:0d', '00:0e', '00:0f', '00:10', '00:11',),
    ),
    'nccl-1674-kvm-pcie-passthrough-vm-topology-flat-numa-minus-one-inject-nccl-topology': Backdrop(
        'kvm-a800-guest',
        'A10',
        '550.144.03',
        '2025-04-07T11:30:00Z',
        '2025-04-07T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'nccltests-256-h200-vm-topology-hides-numa-and-pcie-switches-fixed-by-numa-nodes-and-topo-file': Backdrop(
        'kvm-h200-guest',
        'A10',
        '550.144.03',
        '2024-10-10T11:30:00Z',
        '2024-10-10T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'kvgdp-139-kubevirt-gpu-device-plugin-advertises-one-device-per-iommu-group-allocatable-too-low': Backdrop(
        'kubevirt-hgx-node',
        'A10',
        '550.144.03',
        '2025-07-01T11:30:00Z',
        '2025-07-01T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'kubevirt-11412-device-plugin-registers-one-device-when-identical-devices-share-iommu-group': Backdrop(
        'kubevirt-nvlink-node',
        'A10',
        '550.144.03',
        '2024-03-04T11:30:00Z',
        '2024-03-04T12:10:00Z',
        pci=('01', '02',),
    ),
    'dra-1191-vfio-group-not-viable-dra-driver-binds-gpu-but-not-hda-audio-companion-to-vfio-pci': Backdrop(
        'kubevirt-dra-node',
        'A10',
        '550.144.03',
        '2026-06-11T11:30:00Z',
        '2026-06-11T12:10:00Z',
        pci=('86',),
    ),
    'tinygrad-18-p2p-in-proxmox-vm-io-page-fault-zeroed-tensors-with-iommu-on-iommu-pt': Backdrop(
        'proxmox-4090-vm',
        'A10',
        '550.144.03',
        '2024-09-26T11:30:00Z',
        '2024-09-26T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'ogkm-771-nvidia-modules-fail-to-load-on-arm64-kernels-with-bti-enabled-missing-bti-instructions': Backdrop(
        'arm64-bti-node',
        'A10',
        '550.144.03',
        '2026-01-01T11:30:00Z',
        '2026-01-01T12:10:00Z',
        pci=('01',),
    ),
    'dra-883-dynamic-mig-disable-on-cloud-vm-leaves-gpu-requires-reset-hypervisor-blocks-gpu-reset': Backdrop(
        'gcp-a2-highgpu-2g',
        'A10',
        '550.144.03',
        '2026-02-13T11:30:00Z',
        '2026-02-13T12:10:00Z',
        pci=('00:04', '00:05',),
    ),
    'kata-13432-confidential-hgx-guest-fabric-manager-aborts-topology-file-unreachable-nvrc-fm-timeout': Backdrop(
        'kata-hgx-cc-guest',
        'A10',
        '550.144.03',
        '2026-07-22T11:30:00Z',
        '2026-07-22T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'fgci-20-nvrm-persistence-mode-is-deprecated-dmesg-warning-benign-use-nvidia-persistenced': Backdrop(
        'cuda-compute-node',
        'A10',
        '550.144.03',
        '2019-08-30T11:30:00Z',
        '2019-08-30T12:10:00Z',
        pci=('01',),
    ),
    'clearcontainers-883-kvm-unhandled-rdmsr-host-dmesg-warnings-from-guests-benign': Backdrop(
        'kvm-host-01',
        'A10',
        '550.144.03',
        '2018-01-02T11:30:00Z',
        '2018-01-02T12:10:00Z',
        pci=('01',),
    ),
    'fwupd-9737-fwupd-hsi-kernel-tainted-failure-from-nvidia-open-out-of-tree-module-benign': Backdrop(
        'fwupd-ws',
        'A10',
        '550.144.03',
        '2026-01-06T11:30:00Z',
        '2026-01-06T12:10:00Z',
        pci=('01',),
    ),
    'cubecos-1463-vfio-bound-gpu-invisible-to-nvidia-smi-shows-capacity-zero-in-ui-benign': Backdrop(
        'cn13',
        'A10',
        '550.144.03',
        '2026-09-09T11:30:00Z',
        '2026-09-09T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
