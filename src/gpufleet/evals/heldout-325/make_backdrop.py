"""heldout-public-325's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-325/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except 192, which the shell prompt of loretoparisi-11 prints), bus numbers (01..N in index order; bus 01 of
club-3090-734 as its lspci line prints it) and the driver (550.144.03, the same for every case) are stand-ins.
No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'tinynvidiaupdatechecker-270-no-nvidia-gpu-detected-gpu-disabled-in-notebook-bios': Backdrop(
        'notebook01',
        'A10',
        '550.144.03',
        '2026-04-01T11:30:00Z',
        '2026-04-01T12:10:00Z',
        pci=('01',),
    ),
    'aikitoria-ogkm-22-simplep2p-fails-on-4x3090-only-one-gpu-rebar-32gb-early-3090-vbios-update': Backdrop(
        'p2p-4x3090',
        'A10',
        '550.144.03',
        '2026-04-16T11:30:00Z',
        '2026-04-16T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'club-3090-734-2x-rtx3090-rebar-bar1-256mb-launch-era-vbios-blocks-p2p-path': Backdrop(
        'club3090-rig',
        'A10',
        '550.144.03',
        '2026-07-17T11:30:00Z',
        '2026-07-17T12:10:00Z',
        pci=('01', '02',),
    ),
    'tinygrad-ogkm-13-2x4090-amd-server-bios-without-resizable-bar-256mb-bar-p2p-nccl-fails': Backdrop(
        'amd-server-2x4090',
        'A10',
        '550.144.03',
        '2024-06-12T11:30:00Z',
        '2024-06-12T12:10:00Z',
        pci=('01', '02',),
    ),
    'raspberry-pi-pcie-devices-35-geforce-7300gt-on-pi-cm4-needs-bar-space-increased': Backdrop(
        'pi-cm4',
        'A10',
        '550.144.03',
        '2020-12-18T11:30:00Z',
        '2020-12-18T12:10:00Z',
        pci=('01',),
    ),
    'lookingglass-96-kvm-guest-geforce-710-code-43-driver-detects-hypervisor': Backdrop(
        'kvm-guest',
        'A10',
        '550.144.03',
        '2018-09-09T11:30:00Z',
        '2018-09-09T12:10:00Z',
        pci=('01',),
    ),
    'loretoparisi-docker-11-jetson-nano-devicequery-cuda-driver-insufficient-old-cuda-8-image': Backdrop(
        '192',
        'A10',
        '550.144.03',
        '2019-11-30T11:30:00Z',
        '2019-11-30T12:10:00Z',
        pci=('01',),
    ),
    'viseron-108-jetson-nano-jetpack-too-old-for-container-l4t-r32-4': Backdrop(
        'jetson-nano',
        'A10',
        '550.144.03',
        '2021-06-12T11:30:00Z',
        '2021-06-12T12:10:00Z',
        pci=('01',),
    ),
    'nvhda-8-modprobe-required-key-not-available-secure-boot-unsigned-module': Backdrop(
        'desktop01',
        'A10',
        '550.144.03',
        '2019-01-05T11:30:00Z',
        '2019-01-05T12:10:00Z',
        pci=('01',),
    ),
    'nvidia-docker-1546-cuda-docker-nested-in-unprivileged-lxd-container-fails': Backdrop(
        'lxd-host',
        'A10',
        '550.144.03',
        '2021-09-13T19:49:32Z',
        '2021-09-13T20:29:32Z',
        pci=('01',),
    ),
    'sunxi-mali-86-module-verification-failed-tainting-kernel-out-of-tree-mali-benign': Backdrop(
        'sunxi-a64',
        'A10',
        '550.144.03',
        '2020-08-15T11:30:00Z',
        '2020-08-15T12:10:00Z',
        pci=('01',),
    ),
    'jupyterlab-nvdashboard-65-libnvidia-ml-absent-on-jetson-tegra-dashboard-cannot-run-benign': Backdrop(
        'jetson-nano',
        'A10',
        '550.144.03',
        '2020-06-02T11:30:00Z',
        '2020-06-02T12:10:00Z',
        pci=('01',),
    ),
    'cuda-jl-2542-jetson-orin-nvml-error-not-found-in-versioninfo-nvml-lookup-benign': Backdrop(
        'jetson-orin',
        'A10',
        '550.144.03',
        '2024-11-06T11:30:00Z',
        '2024-11-06T12:10:00Z',
        pci=('01',),
    ),
    'nviwatch-28-nvml-power-usage-notsupported-on-rtx-4060-monitor-aborted-benign': Backdrop(
        'dual-gpu-ws',
        'A10',
        '550.144.03',
        '2026-09-20T11:30:00Z',
        '2026-09-20T12:10:00Z',
        pci=('01', '02',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
