"""heldout-public-317's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-317/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
every host name is a stand-in (no evidence prints a usable host name), bus numbers are 01..N in index order
except the printed buses 44 (nvtrust-35) and 43 (docker-foldingathome-7), and the driver (550.144.03) is the same
stand-in for every case. No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'ollama-2408-jetson-orin-jp5-cublas-execution-failed-cuda-12-packages-on-jetpack-5': Backdrop(
        'jetson-orin-01',
        'A10',
        '550.144.03',
        '2024-04-15T11:30:00Z',
        '2024-04-15T12:10:00Z',
        pci=('01',),
    ),
    'hail-15071-gcp-gpu-vms-secure-boot-rejects-unsigned-nvidia-driver-roll-back-secure-boot': Backdrop(
        'batch-gpu-worker-01',
        'A10',
        '550.144.03',
        '2025-09-12T11:30:00Z',
        '2025-09-12T12:10:00Z',
        pci=('01',),
    ),
    'bottlerocket-4218-kernel-lockdown-integrity-modprobe-nvidia-operation-not-permitted-unsigned-kmods': Backdrop(
        'bottlerocket-gpu-node-01',
        'A10',
        '550.144.03',
        '2024-09-26T11:30:00Z',
        '2024-09-26T12:10:00Z',
        pci=('01',),
    ),
    'gvisor-9368-runsc-nvproxy-in-kubernetes-removes-nvidia-drivers-not-supported-with-k8s-device-plugin': Backdrop(
        'gvisor-gpu-node-01',
        'A10',
        '550.144.03',
        '2023-09-13T11:30:00Z',
        '2023-09-13T12:10:00Z',
        pci=('01',),
    ),
    'jetson-containers-93-libcurand-so-10-missing-in-container-docker-default-runtime-not-nvidia': Backdrop(
        'jetson-agx-01',
        'A10',
        '550.144.03',
        '2021-09-24T11:30:00Z',
        '2021-09-24T12:10:00Z',
        pci=('01',),
    ),
    'gpu-operator-220-vgpu-on-okd-gpu-memory-allocation-throttled-after-minutes-vgpu-unlicensed': Backdrop(
        'okd-vgpu-worker-01',
        'A10',
        '550.144.03',
        '2021-07-05T11:30:00Z',
        '2021-07-05T12:10:00Z',
        pci=('01',),
    ),
    'talos-7008-open-nvidia-ko-refuses-rtx-a5000-module-parameter-ignored-modules-autoloaded': Backdrop(
        'talos-gpu-01',
        'A10',
        '550.144.03',
        '2023-03-27T10:09:35Z',
        '2023-03-27T10:49:35Z',
        pci=('01',),
    ),
    'nvtrust-56-h100-confidential-computing-vm-cuda-fails-until-gpu-ready-state-set': Backdrop(
        'snp-guest-01',
        'A10',
        '550.144.03',
        '2024-08-21T11:30:00Z',
        '2024-08-21T12:10:00Z',
        pci=('01',),
    ),
    'nvtrust-61-h100-cc-mode-on-server-without-tdx-sev-nvidia-smi-cannot-find-gpu': Backdrop(
        'h100-testbed-01',
        'A10',
        '550.144.03',
        '2024-07-11T11:30:00Z',
        '2024-07-11T12:10:00Z',
        pci=('01',),
    ),
    'nvtrust-35-h100-gpu-attestation-measurements-mismatch-with-cc-devtools-mode-on': Backdrop(
        'cc-host-01',
        'A10',
        '550.144.03',
        '2024-01-05T11:30:00Z',
        '2024-01-05T12:10:00Z',
        pci=('44',),
    ),
    'proxmox-vgpu-installer-22-mdev-vfio-error-getting-device-from-group-duplicate-vgpu-uuids': Backdrop(
        'pve-vgpu-01',
        'A10',
        '550.144.03',
        '2026-05-31T11:30:00Z',
        '2026-05-31T12:10:00Z',
        pci=('01',),
    ),
    'harvester-7752-rtx-a5000-not-offered-for-vgpu-pcidevices-addon-labels-only-specific-gpus': Backdrop(
        'harvester-r730xd-01',
        'A10',
        '550.144.03',
        '2025-03-04T11:30:00Z',
        '2025-03-04T12:10:00Z',
        pci=('01',),
    ),
    'harvester-5736-a100-vgpu-devices-not-displaying-gpu-said-not-to-support-vgpu': Backdrop(
        'harvester-a100-01',
        'A10',
        '550.144.03',
        '2024-05-03T11:30:00Z',
        '2024-05-03T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'docker-foldingathome-7-gpu-slot-disabled-no-cuda-after-image-update-drops-driver-455-on-unraid': Backdrop(
        'unraid-01',
        'A10',
        '550.144.03',
        '2021-01-09T07:52:15Z',
        '2021-01-09T08:32:15Z',
        pci=('43',),
    ),
    'easy-gpu-pv-148-gpu-not-shown-in-hyper-v-vm-performance-monitor-monitor-from-host-benign': Backdrop(
        'hyperv-gpupv-vm-01',
        'A10',
        '550.144.03',
        '2022-04-07T11:30:00Z',
        '2022-04-07T12:10:00Z',
        pci=('01',),
    ),
    'gpuprofiler-109-no-gpu-utilization-on-grid-k1-vm-nvml-does-not-support-k1-k2-benign': Backdrop(
        'grid-k1-vm-01',
        'A10',
        '550.144.03',
        '2019-02-14T11:30:00Z',
        '2019-02-14T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
