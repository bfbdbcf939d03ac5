"""heldout-public-309's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-309/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description).
Host names are stand-ins except guofutan-NB6 (nvtop-124), which its evidence prints in a shell prompt; bus numbers are 01..N in index
order except where the evidence prints the GPUs' buses (mbp-60: bus 0a; gpuop-492: buses 14, 1b, 1c); the driver
(550.144.03) is the same for every case. No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'nvdocker-1548-wsl2-ngc-container-driver-not-detected-warning-while-gpu-works-benign': Backdrop(
        'wsl2-desktop',
        'A10',
        '550.144.03',
        '2021-09-17T11:30:00Z',
        '2021-09-17T12:10:00Z',
        pci=('01',),
    ),
    'wsl-9952-h100-pcie-not-recognized-in-wsl2-tcc-only-wsl-needs-wddm': Backdrop(
        'wsl2-h100-host',
        'A10',
        '550.144.03',
        '2023-04-12T11:30:00Z',
        '2023-04-12T12:10:00Z',
        pci=('01',),
    ),
    'gvisor-10647-cuda-12-5-container-on-550-driver-under-nvproxy-no-gpus-missing-ioctl': Backdrop(
        'gvisor-gpu-node',
        'A10',
        '550.144.03',
        '2024-07-11T11:30:00Z',
        '2024-07-11T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'dra-1201-dra-kubelet-plugin-on-wsl2-node-nvml-libs-not-found-wsl2-unsupported': Backdrop(
        'wsl2-k8s-node',
        'A10',
        '550.144.03',
        '2026-06-22T11:30:00Z',
        '2026-06-22T12:10:00Z',
        pci=('01',),
    ),
    'nvcr-173-jetson-cuda-libs-not-mounted-libnvidia-container-0-11-jetpack-csv-change': Backdrop(
        'jetson-node01',
        'A10',
        '550.144.03',
        '2022-08-17T11:30:00Z',
        '2022-08-17T12:10:00Z',
        pci=('01',),
    ),
    'jc-149-l4t-r34-1-container-on-r32-6-jetson-host-cuda-initialization-error': Backdrop(
        'jetson-nx01',
        'A10',
        '550.144.03',
        '2022-05-26T11:30:00Z',
        '2022-05-26T12:10:00Z',
        pci=('01',),
    ),
    'jc-725-jetpack-6-orin-host-r35-4-1-l4t-ml-image-torch-cannot-use-cuda-images-not-compatible': Backdrop(
        'orin-devkit01',
        'A10',
        '550.144.03',
        '2024-11-18T11:30:00Z',
        '2024-11-18T12:10:00Z',
        pci=('01',),
    ),
    'nvtop-470-a100-mig-disabled-no-process-utilization-nvtop-mig-check-double-negation-benign': Backdrop(
        'a100-node01',
        'A10',
        '550.144.03',
        '2026-05-05T11:30:00Z',
        '2026-05-05T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'mbp-60-thunderbolt-egpu-bar1-0m-probe-failed-firmware-no-bar-space-pci-realloc-rescan': Backdrop(
        'mbp-egpu',
        'A10',
        '550.144.03',
        '2018-05-17T11:30:00Z',
        '2018-05-17T12:10:00Z',
        pci=('0a',),
    ),
    'dell-kb-199172-esxi-gpu-passthrough-vm-devicepoweron-failed-mmio-above-4gb-not-enabled': Backdrop(
        'esxi-gpu-host01',
        'A10',
        '550.144.03',
        '2022-04-22T02:34:15Z',
        '2022-04-22T03:14:15Z',
        pci=('01',),
    ),
    'gpuop-492-rke2-vm-worker-two-gpus-bar1-0m-probe-failed-vm-pcie-address-space': Backdrop(
        'rke2-gpu-vm01',
        'A10',
        '550.144.03',
        '2023-02-24T11:30:00Z',
        '2023-02-24T12:10:00Z',
        pci=('14', '1b', '1c',),
    ),
    'nvtop-124-wsl2-nvtop-no-gpu-to-monitor-while-nvidia-smi-sees-gpu-benign': Backdrop(
        'guofutan-NB6',
        'A10',
        '550.144.03',
        '2021-10-08T11:30:00Z',
        '2021-10-08T12:10:00Z',
        pci=('01',),
    ),
    'nvdocker-1496-wsl2-nvidia-docker-2-6-0-container-packages-broken-downgrade-resolves': Backdrop(
        'wsl2-docker-host',
        'A10',
        '550.144.03',
        '2021-05-13T11:30:00Z',
        '2021-05-13T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
