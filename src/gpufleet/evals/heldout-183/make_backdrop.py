"""heldout-public-183's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-183/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); hosts (but one, which the evidence prints),
bus numbers (but those the evidence prints) and drivers are stand-ins (see each case's description). No case uses
extra: no source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'clayfreeman-9-tesla-m40-24gb-passthrough-code-12-large-bar-needs-64bit-mmio-window': Backdrop(
        'kvm-m40-passthrough',
        'A10',
        '525.105.17',
        '2023-05-22T11:30:00Z',
        '2023-05-22T12:10:00Z',
        pci=('01',),
    ),
    'jetsoninference-414-jetson-nano-shuts-down-under-model-load-supply-voltage-sag': Backdrop(
        'jetson-nano-414',
        'A10',
        '32.2.1',
        '2019-09-21T11:30:00Z',
        '2019-09-21T12:10:00Z',
        pci=('00',),
    ),
    'metategra-538-jetson-nano-2gb-soctherm-oc-alarm-undervolting-power-supply': Backdrop(
        'jetson-nano-2gb-538',
        'A10',
        '32.4.4',
        '2021-01-25T11:30:00Z',
        '2021-01-25T12:10:00Z',
        pci=('00',),
    ),
    'jetsonstats-154-xavier-nx-over-current-throttle-warnings-default-limit-too-low': Backdrop(
        'xavier-nx-154',
        'A10',
        '32.5.1',
        '2021-06-21T11:30:00Z',
        '2021-06-21T12:10:00Z',
        pci=('00',),
    ),
    'aks-4869-azure-nv36ads-a10-vgpu-cuda-busy-nvml-unknown-error-vgpu-unlicensed': Backdrop(
        'aks-a10x8811f-36662775-vmss00002a',
        'A10',
        '550.144.06',
        '2025-03-16T22:38:27Z',
        '2025-03-16T23:18:27Z',
        pci=('01',),
    ),
    'genesis-114-wsl2-cuinit-cuda-error-no-device-wrong-driver-installed-in-wsl': Backdrop(
        'wsl2-genesis-desktop',
        'A10',
        '566.36',
        '2024-12-20T08:15:40Z',
        '2024-12-20T08:55:40Z',
        pci=('01',),
    ),
    'cuml-5624-wsl2-cuinit-cuda-error-no-device-wrong-libcuda-fixed-by-wsl-lib-path': Backdrop(
        'wsl2-cuml-desktop',
        'A10',
        '537.58',
        '2023-10-18T11:30:00Z',
        '2023-10-18T12:10:00Z',
        pci=('01',),
    ),
    'cloudpods-21826-8-gpu-nvswitch-host-vm-passthrough-cuda-error-802-nvswitch-not-in-vm': Backdrop(
        'cloudpods-gpu-vm',
        'A10',
        '535.183.01',
        '2024-12-17T11:30:00Z',
        '2024-12-17T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'kubevirt-193-hgx-sriov-vgpu-guest-cuinit-802-nvlink-fabric-partition-not-activated': Backdrop(
        'hgx-h100-kubevirt',
        'A10',
        '580.95.05',
        '2026-07-04T11:30:00Z',
        '2026-07-04T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'exhyperv-19-hyper-v-rtx-5060ti-vm-code-12-insufficient-high-mmio-space': Backdrop(
        'hyperv-ws2025-5060ti',
        'A10',
        '576.80',
        '2025-06-22T11:30:00Z',
        '2025-06-22T12:10:00Z',
        pci=('01',),
    ),
    'wsl-5548-benign-ldconfig-libcuda-so-1-is-not-a-symbolic-link-warning-not-blocking': Backdrop(
        'wsl2-build20161',
        'A10',
        '455.41',
        '2020-07-06T11:30:00Z',
        '2020-07-06T12:10:00Z',
        pci=('01',),
    ),
    'gpuexporter-203-benign-a800-mig-enabled-gpu-util-n-a-not-reported-under-mig': Backdrop(
        'a800-mig-node',
        'A10',
        '535.86.10',
        '2024-07-09T11:30:00Z',
        '2024-07-09T12:10:00Z',
        pci=('18',),
    ),
    'lxd-14381-vm-gpu-passthrough-nvrm-bar0-invalid-probe-failed-mmio-window-too-small': Backdrop(
        'lxd-test-vm',
        'A10',
        '570.124.06',
        '2025-04-07T11:30:00Z',
        '2025-04-07T12:10:00Z',
        pci=('06', '07', '08', '09'),
    ),
    'beszel-286-benign-jetson-orin-nvidia-smi-stats-missing-not-available-on-jetpack-5': Backdrop(
        'jetson-orin-nx-286',
        'A10',
        '35.4.1',
        '2025-04-02T11:30:00Z',
        '2025-04-02T12:10:00Z',
        pci=('00',),
    ),
    'jetsoneasy-1-benign-jetson-fan-always-on-because-jetson-clocks-performance-service': Backdrop(
        'jetson-tx2-easy',
        'A10',
        '28.2',
        '2018-04-27T11:30:00Z',
        '2018-04-27T12:10:00Z',
        pci=('00',),
    ),
    'comfyui-12988-wsl2-process-killed-out-of-memory-wsl-gets-only-half-of-ram': Backdrop(
        'wsl2-comfyui-ws',
        'A10',
        '581.57',
        '2026-03-16T11:30:00Z',
        '2026-03-16T12:10:00Z',
        pci=('01',),
    ),
    'joeknock-74-gtx1070-single-gpu-passthrough-black-screen-unpatched-vbios-rom': Backdrop(
        'kvm-gtx1070-74',
        'A10',
        '470.63.01',
        '2021-09-02T11:30:00Z',
        '2021-09-02T12:10:00Z',
        pci=('01',),
    ),
    'kramsystem-24-gtx1070ti-qemu-passthrough-no-video-until-patched-romfile-given': Backdrop(
        'qemu-gtx1070ti-24',
        'A10',
        '430.40',
        '2019-08-20T11:30:00Z',
        '2019-08-20T12:10:00Z',
        pci=('01',),
    ),
    'joeknock-28-single-gpu-passthrough-black-screen-fixed-by-redumping-vbios': Backdrop(
        'kvm-artix-28',
        'A10',
        '455.28',
        '2020-10-25T11:30:00Z',
        '2020-10-25T12:10:00Z',
        pci=('01',),
    ),
    'hami-2760-kvm-vm-3x-h100-nvl-vgpu-shim-blocks-nvlink-p2p-nccl-falls-back-to-shm': Backdrop(
        'kvm-h100nvl-vllm',
        'A10',
        '580.95.05',
        '2026-08-21T11:30:00Z',
        '2026-08-21T12:10:00Z',
        pci=('06', '07', '08'),
    ),
    'machinelabs-617-benign-gcp-gpu-vms-rebooted-weekly-for-host-maintenance-events': Backdrop(
        'gcp-gpu-vm-ml617',
        'A10',
        '384.81',
        '2017-11-21T11:30:00Z',
        '2017-11-21T12:10:00Z',
        pci=('04',),
    ),
    'hwloc-712-kvm-gpu-vm-numa-affinity-differs-from-bare-metal-vnuma-cell-cpus-misconfigured': Backdrop(
        'kvm-gpu-numa-vm',
        'A10',
        '550.127.05',
        '2025-04-14T11:30:00Z',
        '2025-04-14T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
