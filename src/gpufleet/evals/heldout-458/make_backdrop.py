"""heldout-public-458's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-458/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description); every host
name is a stand-in (no source prints a usable host name); GPU counts follow the source (two for the DRA ResourceSlice case,
one otherwise); bus numbers are stand-ins 01..N except the Arena case, whose excerpt prints bus 00:08.0; the driver
(550.144.03) is the same stand-in for every case, so the version carries no signal (the driver numbers the sources name
are in their descriptions and evidence only). No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause: flat, healthy metrics for every case.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'kdp-426-gpu-marked-unhealthy-after-systemctl-daemon-reload-and-kubelet-restart': Backdrop(
        'gpu-worker-01',
        'A10',
        '550.144.03',
        '2023-07-24T11:30:00Z',
        '2023-07-24T12:10:00Z',
        pci=('01',),
    ),
    'gitcode-gpuop715-precompiled-driver-daemonset-delete-recreate-loop-missing-noschedule-toleration-zh': Backdrop(
        'gpu-node-01',
        'A10',
        '550.144.03',
        '2025-07-04T11:30:00Z',
        '2025-07-04T12:10:00Z',
        pci=('01',),
    ),
    'gitcode-gpuop1368-nvidiadriver-crd-driver-pod-termination-loop-taint-without-toleration-zh': Backdrop(
        'gpu-node-02',
        'A10',
        '550.144.03',
        '2025-03-28T11:30:00Z',
        '2025-03-28T12:10:00Z',
        pci=('01',),
    ),
    'kdp-373-gpu-pods-fail-unknown-device-uuid-after-vm-migrated-to-another-host': Backdrop(
        'vm-gpu-node-01',
        'A10',
        '550.144.03',
        '2023-01-04T11:30:00Z',
        '2023-01-04T12:10:00Z',
        pci=('01',),
    ),
    'dragpu-427-resourceslice-gpu-names-shift-after-nvidia-smi-drain-pod-may-get-wrong-gpu': Backdrop(
        'a100-node-01',
        'A10',
        '550.144.03',
        '2025-07-14T11:30:00Z',
        '2025-07-14T12:10:00Z',
        pci=('01', '02'),
    ),
    'kdp-323-time-sliced-t4-pod-cuda-oom-other-pod-holds-9gib': Backdrop(
        't4-node-01',
        'A10',
        '550.144.03',
        '2022-07-13T11:30:00Z',
        '2022-07-13T12:10:00Z',
        pci=('01',),
    ),
    'arena-662-gpus-0-job-sees-all-gpus-image-sets-nvidia-visible-devices-all': Backdrop(
        'v100-node-01',
        'A10',
        '550.144.03',
        '2021-09-03T11:30:00Z',
        '2021-09-03T12:10:00Z',
        pci=('08',),
    ),
    'instaslice-1033-das-daemonset-nvml-driver-library-mismatch-after-gpu-operator-driver-bump': Backdrop(
        'ocp421-gpu-worker-01',
        'A10',
        '550.144.03',
        '2026-03-25T11:30:00Z',
        '2026-03-25T12:10:00Z',
        pci=('01',),
    ),
    'odsci-2948-ocp421-gpu-operator-daemonsets-never-deploy-missing-nfd-image': Backdrop(
        'ocp421-gpu-worker-02',
        'A10',
        '550.144.03',
        '2026-05-15T11:30:00Z',
        '2026-05-15T12:10:00Z',
        pci=('01',),
    ),
    'capz-1922-gpu-e2e-fails-driver-daemonset-c-compile-error-outdated-operator': Backdrop(
        'capz-gpu-md-0',
        'A10',
        '550.144.03',
        '2021-12-14T11:30:00Z',
        '2021-12-14T12:10:00Z',
        pci=('01',),
    ),
    'capz-1693-gpu-job-timeout-nvidia-gpu-resource-appears-minutes-after-node-ready-benign': Backdrop(
        'capz-gpu-md-1',
        'A10',
        '550.144.03',
        '2021-09-16T11:30:00Z',
        '2021-09-16T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
