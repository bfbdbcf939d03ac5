"""heldout-public-492's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-492/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
host names are the printed one where the evidence prints one (athena) and stand-ins otherwise; the nodes with no
GPU count in the source use the backdrop's default 8-GPU layout (pci omitted); the others get stand-in buses 01...
The driver (550.144.03) is the same stand-in for every case, so the version carries no signal. No case uses extra:
no source quotes an exporter value as a metric sample. The backdrop never points at the cause: flat, healthy metrics
for every case. start/end are each case's time_range (onset - 30 min, onset + 10 min).
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'k8s-device-plugin-289-pods-lose-gpu-days-after-start-container-devices-cgroup-updated-underneath-hedged': Backdrop(
        'k8s-gpu-node',
        'A10',
        '550.144.03',
        '2022-02-09T11:30:00Z',
        '2022-02-09T12:10:00Z',
    ),
    'nvidia-docker-1678-container-nvml-unknown-error-after-unattended-upgrades-trigger-systemd-daemon-reload-hedged': Backdrop(
        'athena',
        'A10',
        '550.144.03',
        '2022-09-14T06:16:17Z',
        '2022-09-14T06:56:17Z',
        pci=('01',),
    ),
    'libnvidia-container-213-image-bundles-newer-libnvidia-ml-ldconfig-relinks-it-nvml-driver-library-version-mismatch': Backdrop(
        'nvc-host',
        'A10',
        '550.144.03',
        '2023-07-29T07:29:00Z',
        '2023-07-29T08:09:00Z',
        pci=('01',),
    ),
    'raddeploy-5-container-start-fails-nvml-driver-library-version-mismatch-reboot-fixes-not-the-platform': Backdrop(
        'raddeploy-host',
        'A10',
        '550.144.03',
        '2024-06-01T11:30:00Z',
        '2024-06-01T12:10:00Z',
        pci=('01',),
    ),
    'k8s-device-plugin-159-pods-pending-insufficient-nvidia-gpu-docker-19-03-default-runtime-not-nvidia': Backdrop(
        'k8s-gpu-worker',
        'A10',
        '550.144.03',
        '2019-12-01T11:30:00Z',
        '2019-12-01T12:10:00Z',
        pci=('01',),
    ),
    'cudf-spark-13851-spark-rapids-executor-pods-fail-on-kubernetes-cuda-version-mismatch-image-plugin-host-driver': Backdrop(
        'p100-worker',
        'A10',
        '550.144.03',
        '2025-12-01T11:30:00Z',
        '2025-12-01T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'acs-engine-3481-device-plugin-daemonset-high-cpu-memory-plugin-version-mismatched-with-kubernetes-registration-loop': Backdrop(
        'acs-gpu-agent',
        'A10',
        '550.144.03',
        '2018-07-16T11:30:00Z',
        '2018-07-16T12:10:00Z',
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
