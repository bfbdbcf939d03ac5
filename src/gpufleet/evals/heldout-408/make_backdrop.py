"""heldout-public-408's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-408/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts, GPU counts, bus numbers (01..N in index order) and the driver (550.144.03, the same for every case) are
stand-ins: no evidence prints a host name. No case uses extra: no source quotes an exporter value as a metric
sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'tf-848-tensorflow-session-grabs-every-k80-and-kills-other-jobs-no-cuda-visible-devices': Backdrop(
        'k80-shared-01',
        'A10',
        '550.144.03',
        '2016-01-23T11:30:00Z',
        '2016-01-23T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'dockwater-10-nvidia-container-cli-nvml-driver-not-loaded-host-driver-broken': Backdrop(
        'ubuntu2004-ws',
        'A10',
        '550.144.03',
        '2021-10-18T11:30:00Z',
        '2021-10-18T12:10:00Z',
        pci=('01',),
    ),
    'awsome-196-sbatch-invalid-generic-resource-gres-specification-gres-in-slurm-conf': Backdrop(
        'slurm-gpu-01',
        'A10',
        '550.144.03',
        '2024-03-09T11:30:00Z',
        '2024-03-09T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'arrayfire-1004-cuda-backend-opens-every-gpu-exclusive-mode-second-user-finds-none': Backdrop(
        'exclusive-gpu-01',
        'A10',
        '550.144.03',
        '2015-09-16T11:30:00Z',
        '2015-09-16T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'nvdocker-1243-could-not-select-device-driver-gpu-toolkit-never-installed-apt-update-failed': Backdrop(
        'docker-gpu-ws',
        'A10',
        '550.144.03',
        '2020-04-17T11:30:00Z',
        '2020-04-17T12:10:00Z',
        pci=('01',),
    ),
    'k8s-104606-gpu-device-plugin-tests-fail-driver-no-longer-builds-on-cos-kernel': Backdrop(
        'k8s-e2e-gpu-node',
        'A10',
        '550.144.03',
        '2021-08-26T11:30:00Z',
        '2021-08-26T12:10:00Z',
        pci=('01',),
    ),
    'gputil-18-gpu-ids-pci-order-vs-cuda-fastest-first-job-lands-on-wrong-gpu': Backdrop(
        'mixed-gpu-ws',
        'A10',
        '550.144.03',
        '2018-11-13T11:30:00Z',
        '2018-11-13T12:10:00Z',
        pci=('01', '02',),
    ),
    'nvdocker-1264-docker-gpus-2-unknown-device-id-host-has-only-one-gpu': Backdrop(
        'laptop-gpu',
        'A10',
        '550.144.03',
        '2020-05-02T11:30:00Z',
        '2020-05-02T12:10:00Z',
        pci=('01',),
    ),
    'pai-5217-openpai-found-gpu-count-changes-alert-from-stale-layout-yaml-benign': Backdrop(
        'pai-worker-01',
        'A10',
        '550.144.03',
        '2020-12-31T11:30:00Z',
        '2020-12-31T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'ldms-1636-dcgm-sampler-host-engine-disconnected-nv-hostengine-not-running-benign': Backdrop(
        'a100-node-01',
        'A10',
        '550.144.03',
        '2025-03-26T11:30:00Z',
        '2025-03-26T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'nvdocker-220-memory-utilization-is-memory-bus-activity-not-memory-used-benign': Backdrop(
        'nvdocker-host',
        'A10',
        '550.144.03',
        '2016-10-14T11:30:00Z',
        '2016-10-14T12:10:00Z',
        pci=('01',),
    ),
    'congard-3-system-monitor-memory-tab-shows-utilization-memory-not-vram-used-benign': Backdrop(
        'desktop-gpu',
        'A10',
        '550.144.03',
        '2019-11-12T11:30:00Z',
        '2019-11-12T12:10:00Z',
        pci=('01',),
    ),
    'dcgmexp-138-dcgm-exporter-pod-label-missing-workload-had-no-gpu-limit-benign': Backdrop(
        'eks-gpu-node',
        'A10',
        '550.144.03',
        '2023-02-21T11:30:00Z',
        '2023-02-21T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'dcgmexp-363-dcgm-exporter-no-namespace-labels-kubelet-in-opt-pod-resources-path-benign': Backdrop(
        'k8s-gpu-opt-kubelet',
        'A10',
        '550.144.03',
        '2024-10-09T11:30:00Z',
        '2024-10-09T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
