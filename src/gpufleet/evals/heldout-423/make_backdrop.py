"""heldout-public-423's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-423/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the GPU a source names, if any, is in each description); hosts, GPU counts,
bus numbers (01..N in index order) and the driver (550.144.03, the same for every case) are stand-ins. No case uses extra:
no source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'skypilot-4219-custom-image-driver-535-default-torch-import-fails-undefined-nvjitlink-symbol-driver-too-old': Backdrop(
        'azure-a10-vm',
        'A10',
        '550.144.03',
        '2024-10-30T11:30:00Z',
        '2024-10-30T12:10:00Z',
        pci=('01',),
    ),
    'dstack-4007-cuda-13-workloads-fail-on-hosts-with-driver-below-580-images-lacked-cuda-compat': Backdrop(
        'dstack-backend-host',
        'A10',
        '550.144.03',
        '2026-07-06T11:30:00Z',
        '2026-07-06T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'ray-40180-kuberay-gke-gpu-node-pool-driver-installer-daemonset-errors-driver-installed-manually': Backdrop(
        'gke-gpu-node-pool-01',
        'A10',
        '550.144.03',
        '2023-10-06T11:30:00Z',
        '2023-10-06T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'gfd-11-mig-node-gfd-and-device-plugin-fail-to-start-invalid-device-ordinal-outdated-container-cli': Backdrop(
        'a100-mig-node-01',
        'A10',
        '550.144.03',
        '2021-04-13T11:30:00Z',
        '2021-04-13T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'kdp-486-device-plugin-0-14-3-allocate-fails-nvml-uninitialized-deprecated-bindings-fixed-in-0-14-4': Backdrop(
        'k8s-gpu-node-01',
        'A10',
        '550.144.03',
        '2024-01-28T11:30:00Z',
        '2024-01-28T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'hami-1336-pods-still-scheduled-onto-unhealthy-nvidia-gpus-and-never-run-scheduler-lacked-health-gate': Backdrop(
        'hami-gpu-node-01',
        'A10',
        '550.144.03',
        '2025-09-11T11:30:00Z',
        '2025-09-11T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'hami-2923-scheduler-keeps-full-gpu-allocation-of-deleted-pod-blocks-scheduling-fixed-in-v2-8': Backdrop(
        'hami-gpu-node-02',
        'A10',
        '550.144.03',
        '2026-09-01T11:30:00Z',
        '2026-09-01T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'brocket-4673-mps-fails-for-non-root-pods-run-nvidia-mode-0700-mps-server-eacces': Backdrop(
        'bottlerocket-gpu-01',
        'A10',
        '550.144.03',
        '2026-04-28T11:30:00Z',
        '2026-04-28T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'awsdoeks-96-kai-scheduler-injects-runtimeclass-nvidia-not-found-on-eks-ami-podgang-pending-forever': Backdrop(
        'hyperpod-b200-01',
        'A10',
        '550.144.03',
        '2026-08-21T11:30:00Z',
        '2026-08-21T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'skypilot-2958-rke2-nvidia-not-default-container-runtime-nvidia-smi-fails-in-pods-labeler-fails': Backdrop(
        'rke2-gpu-node-01',
        'A10',
        '550.144.03',
        '2024-01-09T11:30:00Z',
        '2024-01-09T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'mlperf-442-ssd-bind-launch-invalid-device-ordinal-on-a100-mig-instances-need-cuda-visible-devices-per-mig': Backdrop(
        'a100-mig-01',
        'A10',
        '550.144.03',
        '2021-01-21T11:30:00Z',
        '2021-01-21T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
