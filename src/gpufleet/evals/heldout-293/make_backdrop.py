"""heldout-public-293's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-293/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except pci-gpu and pongo, which the evidence prints), bus numbers (01..N in index order, except pongo's GPU at
bus 04, which the evidence prints) and the driver (550.144.03, the same for every case) are stand-ins.
No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'gpu-driver-container-44-secure-boot-nvidia-ko-unable-to-load-driver-535-ubuntu-24-04': Backdrop(
        'k8s-gpu-node01',
        'A10',
        '550.144.03',
        '2024-06-15T11:30:00Z',
        '2024-06-15T12:10:00Z',
        pci=('01',),
    ),
    'eden-showcase-software-secure-boot-fix-nvidia-575-modules-unsigned-nvidia-smi-fails': Backdrop(
        'yoga-dev',
        'A10',
        '550.144.03',
        '2025-07-15T11:30:00Z',
        '2025-07-15T12:10:00Z',
        pci=('01',),
    ),
    'harvester-tests-2759-pci-passthrough-vm-nvml-driver-library-version-mismatch-580-105-vs-580-119': Backdrop(
        'pci-gpu',
        'A10',
        '550.144.03',
        '2025-12-01T11:30:00Z',
        '2025-12-01T12:10:00Z',
        pci=('01',),
    ),
    'nvidia-container-toolkit-85-wsl2-nvml-gpu-access-blocked-no-cgroups-true-set-false-fixes': Backdrop(
        'wsl2-ubuntu',
        'A10',
        '550.144.03',
        '2025-05-19T11:30:00Z',
        '2025-05-19T12:10:00Z',
        pci=('01',),
    ),
    'surface-control-22-surface-book-2-nvidia-smi-fails-dgpu-turned-off-in-bios': Backdrop(
        'surface-book-2',
        'A10',
        '550.144.03',
        '2024-03-11T11:30:00Z',
        '2024-03-11T12:10:00Z',
        pci=('01',),
    ),
    'frigate-proxmox-script-30-lxc-docker-libnvidia-ml-missing-host-driver-libs-not-bind-mounted': Backdrop(
        'pve-elitedesk',
        'A10',
        '550.144.03',
        '2026-04-12T11:30:00Z',
        '2026-04-12T12:10:00Z',
        pci=('01',),
    ),
    'vllm-cli-11-jetson-orin-nvidia-smi-reports-n-a-memory-and-utilization-expected-benign': Backdrop(
        'agx-orin',
        'A10',
        '550.144.03',
        '2026-01-09T11:30:00Z',
        '2026-01-09T12:10:00Z',
        pci=('01',),
    ),
    'candle-1462-jetson-nvidia-smi-failed-compute-cap-lookup-nvidia-smi-not-supported-on-jetson-benign': Backdrop(
        'jetson-dev',
        'A10',
        '550.144.03',
        '2023-12-21T11:30:00Z',
        '2023-12-21T12:10:00Z',
        pci=('01',),
    ),
    'lxd-7840-nvidia-runtime-container-proc-driver-nvidia-gpus-empty-deliberate-tmpfs-benign': Backdrop(
        'lxd-host',
        'A10',
        '550.144.03',
        '2020-09-03T11:30:00Z',
        '2020-09-03T12:10:00Z',
        pci=('01',),
    ),
    'lxd-pkg-snap-115-nvidia-runtime-container-fails-mount-hooks-on-core22-based-lxd-snap': Backdrop(
        'lxd-snap-host',
        'A10',
        '550.144.03',
        '2023-03-01T19:06:58Z',
        '2023-03-01T19:46:58Z',
        pci=('01',),
    ),
    'gpu-operator-551-kubevirt-gpu-device-plugin-pci-ids-naming-bug-second-gpu-not-registered-fixed-v1-2-2': Backdrop(
        'kubevirt-node',
        'A10',
        '550.144.03',
        '2023-07-13T11:30:00Z',
        '2023-07-13T12:10:00Z',
        pci=('01', '02'),
    ),
    'lxd-3950-gpu-device-add-fails-gtx-650-information-file-has-no-device-minor': Backdrop(
        'pongo',
        'A10',
        '550.144.03',
        '2017-10-17T11:30:00Z',
        '2017-10-17T12:10:00Z',
        pci=('04',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
