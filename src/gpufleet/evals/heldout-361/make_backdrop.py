"""heldout-public-361's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-361/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (no kept excerpt prints a host name), GPU counts, bus numbers (01..N in index order) and the
driver (550.144.03, the same for every case) are stand-ins. No case uses extra: no source quotes an exporter value
as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'ansible-role-nvidia-driver-20-driver-install-not-working-until-kernel-headers-for-running-kernel-installed': Backdrop(
        'ansible-gpu-01',
        'A10',
        '550.144.03',
        '2020-09-06T11:30:00Z',
        '2020-09-06T12:10:00Z',
        pci=('01',),
    ),
    'nvidia-container-toolkit-1934-cuinit-999-in-containers-cdi-spec-hardcodes-nvidia-uvm-major-510': Backdrop(
        'artix-gpu-01',
        'A10',
        '550.144.03',
        '2026-07-11T11:30:00Z',
        '2026-07-11T12:10:00Z',
        pci=('01',),
    ),
    'nemoclaw-4733-cuda-fails-in-gpu-containers-stale-cdi-spec-nvidia-uvm-major-drifted-after-driver-change': Backdrop(
        'nemoclaw-gpu-01',
        'A10',
        '550.144.03',
        '2026-06-03T11:30:00Z',
        '2026-06-03T12:10:00Z',
        pci=('01',),
    ),
    'nemoclaw-3575-gpu-sandbox-creation-aborts-docker-29-without-nvidia-runtime-registered': Backdrop(
        'ubuntu2404-gpu-01',
        'A10',
        '550.144.03',
        '2026-05-15T11:30:00Z',
        '2026-05-15T12:10:00Z',
        pci=('01',),
    ),
    'gpu-operator-1794-dgx-spark-device-plugin-crash-error-getting-device-memory-not-supported-fixed-by-upgrade': Backdrop(
        'dgx-spark-01',
        'A10',
        '550.144.03',
        '2025-10-16T11:30:00Z',
        '2025-10-16T12:10:00Z',
        pci=('01',),
    ),
    'dcgm-exporter-523-gke-exporter-emits-no-metrics-started-before-driver-installer-finished': Backdrop(
        'gke-gpu-01',
        'A10',
        '550.144.03',
        '2025-07-11T11:30:00Z',
        '2025-07-11T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'gpu-operator-2060-toolkit-daemonset-fails-unsupported-containerd-config-v3-after-eks-1-33-old-toolkit-pinned': Backdrop(
        'eks-gpu-01',
        'A10',
        '550.144.03',
        '2026-01-22T11:30:00Z',
        '2026-01-22T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'aicr-1237-gpu-ci-fails-containerd-refuses-config-from-nvidia-container-toolkit-1-19-1': Backdrop(
        'kind-gpu-worker',
        'A10',
        '550.144.03',
        '2026-06-09T11:30:00Z',
        '2026-06-09T12:10:00Z',
        pci=('01',),
    ),
    'dcgm-exporter-215-gpu-operations-hang-a100-mig-exporter-and-device-plugin-restarted-together-race-suspected': Backdrop(
        'a100-mig-01',
        'A10',
        '550.144.03',
        '2023-12-06T11:30:00Z',
        '2023-12-06T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'libnvidia-container-107-nvidia-container-cli-cuda-initialization-error-when-free-host-memory-near-8g': Backdrop(
        'v100-docker-01',
        'A10',
        '550.144.03',
        '2020-09-16T11:30:00Z',
        '2020-09-16T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'nvsentinel-1034-dcgm-connectivity-error-at-gpu-health-monitor-start-up-dcgm-pod-not-ready-benign': Backdrop(
        'nvs-gpu-01',
        'A10',
        '550.144.03',
        '2026-03-18T11:30:00Z',
        '2026-03-18T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'nvsentinel-1642-transient-dcgm-unavailability-raises-fatal-gpudcgmconnectivityfailure-during-install-or-upgrade-benign': Backdrop(
        'nvs-gpu-02',
        'A10',
        '550.144.03',
        '2026-08-22T11:30:00Z',
        '2026-08-22T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
