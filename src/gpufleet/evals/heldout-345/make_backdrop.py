"""heldout-public-345's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-345/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description).
Host names are stand-ins except XP005, ubuntu and controller-0, which the evidence prints; bus numbers are
stand-ins (01..N in index order) except 99 (nvtrust-58) and 08 (ogkm-363), which the evidence prints; the driver
(550.144.03) is the same stand-in for every case. No case uses extra: no source quotes an exporter value as a
metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'nvtrust-58-h100-cc-mode-toggle-fsp-queue-timeout-vm-not-powered-off': Backdrop(
        'cc-h100-host',
        'A10',
        '550.144.03',
        '2024-06-15T11:30:00Z',
        '2024-06-15T12:10:00Z',
        pci=('99',),
    ),
    'gmt-54-dcgm-exporter-host-engine-fails-to-start-unsupported-gpu-or-prereqs': Backdrop(
        'XP005',
        'A10',
        '550.144.03',
        '2019-12-04T11:30:00Z',
        '2019-12-04T12:10:00Z',
        pci=('01',),
    ),
    'dcgmexp-125-gke-t4-dcgm-exporter-crashloop-nvml-init-k8s-not-configured-for-gpus': Backdrop(
        'gke-t4-node',
        'A10',
        '550.144.03',
        '2023-01-04T11:30:00Z',
        '2023-01-04T12:10:00Z',
        pci=('01',),
    ),
    'nvkernels-22-gh200-cuda-apps-fail-iommu-passthrough-without-smmu-kernel-patch': Backdrop(
        'ubuntu',
        'A10',
        '550.144.03',
        '2024-08-07T11:30:00Z',
        '2024-08-07T12:10:00Z',
        pci=('01',),
    ),
    'gpuop-609-nvidia-peermem-ctr-crash-rhel-version-unbound-pin-older-driver': Backdrop(
        'rhcos-worker',
        'A10',
        '550.144.03',
        '2023-11-14T11:30:00Z',
        '2023-11-14T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'ogkm-363-gtx1660ti-xid31-chrome-console-switch-nothing-breaks': Backdrop(
        'fedora-desktop',
        'A10',
        '550.144.03',
        '2022-09-05T11:30:00Z',
        '2022-09-05T12:10:00Z',
        pci=('08',),
    ),
    'gpuop-2463-driver-daemonset-fails-no-config-memory-hotplug-sysfs-hostpath': Backdrop(
        'controller-0',
        'A10',
        '550.144.03',
        '2026-06-01T11:30:00Z',
        '2026-06-01T12:10:00Z',
        pci=('01',),
    ),
    'dcgmexp-324-dcgmi-diag-nvvs-not-found-in-exporter-image-expected': Backdrop(
        'dcgm-node',
        'A10',
        '550.144.03',
        '2024-05-20T11:30:00Z',
        '2024-05-20T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'apex-319-amp-illegal-memory-access-overflow-buf-on-default-device': Backdrop(
        'apex-node',
        'A10',
        '550.144.03',
        '2019-06-17T11:30:00Z',
        '2019-06-17T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'mbridge-650-workstation-no-cuda-multicast-tp-comm-overlap-ub-skipmc': Backdrop(
        'workstation',
        'A10',
        '550.144.03',
        '2025-09-16T11:30:00Z',
        '2025-09-16T12:10:00Z',
        pci=('01', '02',),
    ),
    'k8sdp-229-dgx-a100-mig-device-plugin-crash-gpu-0-mig-monitor-devices-env': Backdrop(
        'dgx-a100',
        'A10',
        '550.144.03',
        '2021-02-16T11:30:00Z',
        '2021-02-16T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
