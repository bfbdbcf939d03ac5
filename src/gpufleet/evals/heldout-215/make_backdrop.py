"""heldout-public-215's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-215/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); hosts (except jetson-agx-xavier-devkit, the
source's own), bus numbers where the source prints none (01, and 02 for a second GPU; 01 also for integrated Jetson GPUs, which
have no PCIe bus),
and the driver (550.144.03, the same for every case) are stand-ins (see each case's description). The two GPUs of the
WSL case sit at the printed buses C1 and E1. No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'wsl-3847-wsl1-nvidia-smi-cannot-reach-driver-wsl-had-no-gpu-access': Backdrop(
        'win10-wsl1-930mx',
        'A10',
        '550.144.03',
        '2019-02-13T11:30:00Z',
        '2019-02-13T12:10:00Z',
        pci=('01',),
    ),
    'nct-203-lxc-mig-device-unknown-gi-ci-syntax-replaced-by-mig-uuids': Backdrop(
        'lxd-a100-mig',
        'A10',
        '550.144.03',
        '2024-01-08T11:30:00Z',
        '2024-01-08T12:10:00Z',
        pci=('01',),
    ),
    'cloudhypervisor-4451-vfio-guest-bars-non-prefetchable-nvidia-driver-probe-fails': Backdrop(
        'chv-vfio-guest',
        'A10',
        '550.144.03',
        '2022-08-08T11:30:00Z',
        '2022-08-08T12:10:00Z',
        pci=('01',),
    ),
    't2linux-189-t2-mac-tb3-egpu-bar1-above-4g-killed-by-t2-fabric': Backdrop(
        't2-mac-egpu',
        'A10',
        '550.144.03',
        '2026-08-19T11:30:00Z',
        '2026-08-19T12:10:00Z',
        pci=('01',),
    ),
    'wsl-13027-wsl2-no-gpus-when-one-gpu-in-tcc-mode-device-handle-unknown-error': Backdrop(
        'ws2025-wsl2-2gpu',
        'A10',
        '550.144.03',
        '2025-06-01T11:30:00Z',
        '2025-06-01T12:10:00Z',
        pci=('c1', 'e1'),
    ),
    'kubevirt-gpu-device-plugin-27-vmi-fails-gpu-audio-function-not-bound-to-vfio': Backdrop(
        'kubevirt-860m',
        'A10',
        '550.144.03',
        '2021-11-02T11:30:00Z',
        '2021-11-02T12:10:00Z',
        pci=('01',),
    ),
    'mojo-gpu-puzzles-256-jetson-orin-driver-540-below-required-580': Backdrop(
        'orin-nano-devkit',
        'A10',
        '550.144.03',
        '2026-06-27T11:30:00Z',
        '2026-06-27T12:10:00Z',
        pci=('01',),
    ),
    'wsl-11229-ldconfig-libcuda-so-1-is-not-a-symbolic-link-warning-benign': Backdrop(
        'debian-wsl2',
        'A10',
        '550.144.03',
        '2024-02-29T11:30:00Z',
        '2024-02-29T12:10:00Z',
        pci=('01',),
    ),
    'linux-surface-770-surface-book-1-dgpu-not-detected-needs-power-on-command': Backdrop(
        'surface-book-1',
        'A10',
        '550.144.03',
        '2022-03-12T11:30:00Z',
        '2022-03-12T12:10:00Z',
        pci=('01',),
    ),
    'meta-tegra-150-jetson-tx2-no-cuda-device-kernel-modules-missing-from-image': Backdrop(
        'jetson-tx2',
        'A10',
        '550.144.03',
        '2019-07-16T11:30:00Z',
        '2019-07-16T12:10:00Z',
        pci=('01',),
    ),
    'meta-tegra-1456-xavier-nvidia-container-cli-cannot-load-libcuda-missing-rdepend': Backdrop(
        'jetson-agx-xavier-devkit',
        'A10',
        '550.144.03',
        '2024-01-16T11:30:00Z',
        '2024-01-16T12:10:00Z',
        pci=('01',),
    ),
    'tegra-nouveau-rootfs-10-jetson-tk1-gk20a-firmware-missing-install-script-broken': Backdrop(
        'jetson-tk1',
        'A10',
        '550.144.03',
        '2015-09-02T11:30:00Z',
        '2015-09-02T12:10:00Z',
        pci=('01',),
    ),
    'sonar-247-mig-gpus-process-utilization-not-supported-by-nvml-benign': Backdrop(
        'mig-a100-node',
        'A10',
        '550.144.03',
        '2025-09-18T11:30:00Z',
        '2025-09-18T12:10:00Z',
        pci=('01',),
    ),
    'remove-hypervisorchecks-5-quadro-441-code-43-in-vm-driver-hypervisor-check': Backdrop(
        'hyperv-quadro-vm',
        'A10',
        '550.144.03',
        '2021-02-03T11:30:00Z',
        '2021-02-03T12:10:00Z',
        pci=('01',),
    ),
    'club-3090-884-bar1-256mb-read-inside-qemu-guest-not-a-vbios-cap-benign': Backdrop(
        'kvm-2x3090-rig',
        'A10',
        '550.144.03',
        '2026-08-05T11:30:00Z',
        '2026-08-05T12:10:00Z',
        pci=('01', '02'),
    ),
    'open-gpu-kernel-modules-1109-tb-egpu-rebar-resize-failure-fatal-probe-error': Backdrop(
        'tb5-egpu-host',
        'A10',
        '550.144.03',
        '2026-04-16T11:30:00Z',
        '2026-04-16T12:10:00Z',
        pci=('01',),
    ),
    'rebaruefi-119-acer-laptop-gtx1660ti-needs-pci-realloc-else-no-device-found': Backdrop(
        'acer-nitro7',
        'A10',
        '550.144.03',
        '2024-01-24T11:30:00Z',
        '2024-01-24T12:10:00Z',
        pci=('01',),
    ),
    'lxd-7524-lxd-vm-gtx770-passthrough-nvidia-smi-needs-hypervisor-hidden': Backdrop(
        'lxd-vm-gtx770',
        'A10',
        '550.144.03',
        '2020-06-12T11:30:00Z',
        '2020-06-12T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
