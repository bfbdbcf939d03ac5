"""heldout-public-253's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-253/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except gpu2 and orinserver, which the sources name), bus numbers (01, 01-04 or 01-08; 17 for gpu2, whose
source prints 0000:17:00.0) and the driver (550.144.03, the same for every case) are stand-ins. No case uses
extra: no source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'whisper-asr-107-unraid-docker-whisper-runs-on-cpu-default-image-gpu-image-fixes': Backdrop(
        'unraid-whisper',
        'A10',
        '550.144.03',
        '2023-05-29T11:30:00Z',
        '2023-05-29T12:10:00Z',
        pci=('01',),
    ),
    'openbmc-2674-witherspoon-bmc-gpu-temperature-sensors-skipped-occ-hwmon-32-temp-limit-benign': Backdrop(
        'witherspoon-a',
        'A10',
        '550.144.03',
        '2017-11-27T11:30:00Z',
        '2017-11-27T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'openbmc-3008-witherspoon-ipmi-sdr-shows-gpu-presence-sensor-as-number-wrong-sensor-type-benign': Backdrop(
        'witherspoon-b',
        'A10',
        '550.144.03',
        '2018-03-15T11:30:00Z',
        '2018-03-15T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'fenghan-vgpu-5-esxi8-geforce-4080-nvidia-smi-cannot-reach-driver-vgpu-host-driver-datacenter-only': Backdrop(
        'esxi8-rtx4080',
        'A10',
        '550.144.03',
        '2024-06-20T11:30:00Z',
        '2024-06-20T12:10:00Z',
        pci=('01',),
    ),
    'singularity-489-mig-devices-missing-in-container-with-nvccli-needs-nvidia-visible-devices-all': Backdrop(
        'mig-singularity-node',
        'A10',
        '550.144.03',
        '2021-12-20T11:30:00Z',
        '2021-12-20T12:10:00Z',
        pci=('01',),
    ),
    'qubes-8783-xen-gpu-passthrough-fallen-off-bus-bar-overlap-bios-resizable-bar-above-4g': Backdrop(
        'qubes-xen-host',
        'A10',
        '550.144.03',
        '2023-12-20T11:30:00Z',
        '2023-12-20T12:10:00Z',
        pci=('01',),
    ),
    'geerling-pi-pcie-4-compute-module-gpu-test-aer-badtlp-baddllp-corrected-errors-from-riser': Backdrop(
        'cm4-pcie-gpu',
        'A10',
        '550.144.03',
        '2021-01-30T11:30:00Z',
        '2021-01-30T12:10:00Z',
        pci=('01',),
    ),
    'stackhpc-37-vgpu-host-sriov-virtual-functions-fail-at-boot-race-in-sriov-manage-retry': Backdrop(
        'gpu2',
        'A10',
        '550.144.03',
        '2025-01-09T11:43:17Z',
        '2025-01-09T12:23:17Z',
        pci=('17',),
    ),
    'kairos-4228-jetson-agx-thor-black-screen-at-boot-qspi-firmware-not-matching-image-l4t': Backdrop(
        'agx-thor-kairos',
        'A10',
        '550.144.03',
        '2026-07-08T11:30:00Z',
        '2026-07-08T12:10:00Z',
        pci=('01',),
    ),
    'roborregos-home2-1164-jetson-agx-orin-kernel-panic-standalone-boot-corrupted-qspi-boot-variables': Backdrop(
        'orinserver',
        'A10',
        '550.144.03',
        '2026-08-20T11:30:00Z',
        '2026-08-20T12:10:00Z',
        pci=('01',),
    ),
    'proxmox-vgpu-installer-6-proxmox-8-2-kernel-not-supported-by-vgpu-host-driver-pin-6-5-kernel': Backdrop(
        'pve-vgpu-host',
        'A10',
        '550.144.03',
        '2024-04-27T11:30:00Z',
        '2024-04-27T12:10:00Z',
        pci=('01',),
    ),
    'wsl-5554-nvidia-smi-fails-linux-driver-installed-in-distro-running-under-wsl1': Backdrop(
        'wsl-ubuntu2004',
        'A10',
        '550.144.03',
        '2020-07-07T11:30:00Z',
        '2020-07-07T12:10:00Z',
        pci=('01',),
    ),
    'trex-35-passively-cooled-tesla-cards-report-no-fan-speed-miner-stops-benign': Backdrop(
        'tesla-passive-rig',
        'A10',
        '550.144.03',
        '2019-09-04T11:30:00Z',
        '2019-09-04T12:10:00Z',
        pci=('01',),
    ),
    'easy-gpu-pv-243-hyper-v-gpu-pv-guest-shows-2006-display-driver-after-host-update-benign': Backdrop(
        'gpupv-hyperv-vm',
        'A10',
        '550.144.03',
        '2023-01-02T11:30:00Z',
        '2023-01-02T12:10:00Z',
        pci=('01',),
    ),
    'nvidia-rag-51-mig-3g-20gb-slice-too-small-embedding-service-needs-22gb-cuda-oom': Backdrop(
        'mig-a100-node',
        'A10',
        '550.144.03',
        '2025-09-15T14:57:00Z',
        '2025-09-15T15:37:00Z',
        pci=('01',),
    ),
    'canonical-nvidia-drivers-62-secure-boot-rejects-nvidia-module-key-rejected-by-service': Backdrop(
        'ubuntu-secureboot',
        'A10',
        '550.144.03',
        '2023-10-05T11:30:00Z',
        '2023-10-05T12:10:00Z',
        pci=('01',),
    ),
    'dsx-infra-controller-6282-dell-xe8680-post-halts-uefi0080-pcie-link-gen1-ac-power-cycle-clears': Backdrop(
        'dell-xe8680',
        'A10',
        '550.144.03',
        '2026-09-16T11:30:00Z',
        '2026-09-16T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'nvtrust-109-confidential-computing-multi-blackwell-only-one-gpu-visible-driver-load-order': Backdrop(
        'cc-blackwell-node',
        'A10',
        '550.144.03',
        '2026-02-16T11:30:00Z',
        '2026-02-16T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'dcgm-95-h100-mig-compute-instances-cannot-be-destroyed-in-use-by-another-client-leftover-handle': Backdrop(
        'h100-mig-node',
        'A10',
        '550.144.03',
        '2023-08-07T11:30:00Z',
        '2023-08-07T12:10:00Z',
        pci=('01',),
    ),
    'jetson-fan-ctl-10-jetson-fan-does-not-spin-after-boot-control-service-starts-too-early': Backdrop(
        'jetson-fan-board',
        'A10',
        '550.144.03',
        '2021-08-08T11:30:00Z',
        '2021-08-08T12:10:00Z',
        pci=('01',),
    ),
    'secureblue-2416-rtx-2000-ada-stuck-at-210-mhz-sw-power-cap-bogus-588w-telemetry-after-kernel-firmware-update': Backdrop(
        'zbook-rtx2000ada',
        'A10',
        '550.144.03',
        '2026-07-10T11:30:00Z',
        '2026-07-10T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
