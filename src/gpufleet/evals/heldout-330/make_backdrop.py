"""heldout-public-330's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-330/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except master0, c712f7n06, konos5.fav.zcu.cz, gpu-2-14 and xs-0061, which the evidence prints), the GPU count
(4 per node), bus numbers (01..04 in index order) and the driver (550.144.03, the same for every case) are stand-ins.
No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'batch-shipyard-291-gpu-pool-nodes-starttaskfailed-unpinned-docker-ce-cli-package-update': Backdrop(
        'shipyard-nc-node',
        'A10',
        '550.144.03',
        '2019-07-23T14:35:24Z',
        '2019-07-23T15:15:24Z',
        pci=('01', '02', '03', '04',),
    ),
    'cbio-cluster-393-torque-interactive-jobs-fail-trqauthd-node-gpu-2-14-in-a-bad-way': Backdrop(
        'gpu-2-14',
        'A10',
        '550.144.03',
        '2016-03-24T11:30:00Z',
        '2016-03-24T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'charmed-kubernetes-720-gpu-workers-fail-to-deploy-nvidia-docker2-pinned-docker-ce-dependency': Backdrop(
        'cdk-gpu-worker',
        'A10',
        '550.144.03',
        '2019-01-14T11:30:00Z',
        '2019-01-14T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'dcgm-exporter-222-gke-time-sharing-gpu-util-metric-missing-not-supported-for-mig-benign': Backdrop(
        'gke-timeshare-node',
        'A10',
        '550.144.03',
        '2024-02-04T11:30:00Z',
        '2024-02-04T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'k8s-device-plugin-170-plugin-started-before-driver-on-scale-up-nvml-not-loaded-idles-without-restart': Backdrop(
        'ocp-gpu-worker',
        'A10',
        '550.144.03',
        '2020-05-14T01:41:19Z',
        '2020-05-14T02:21:19Z',
        pci=('01', '02', '03', '04',),
    ),
    'k8s-device-plugin-221-host-driver-update-nvml-version-mismatch-plugin-ready-zero-gpus': Backdrop(
        'k8s-gpu-node',
        'A10',
        '550.144.03',
        '2021-01-05T11:30:00Z',
        '2021-01-05T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'mlperf-common-16-gh200-bindpcie-counts-gpu-numa-nodes-cpu-exclusive-binding-broken': Backdrop(
        'gh200-node',
        'A10',
        '550.144.03',
        '2024-07-12T11:30:00Z',
        '2024-07-12T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'nvidia-docker-1042-jupyter-gpu-container-gets-nonexistent-device-from-gpu-share-plugin': Backdrop(
        'gpushare-node',
        'A10',
        '550.144.03',
        '2019-08-12T11:30:00Z',
        '2019-08-12T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'nvidia-docker-349-azure-gpu-vm-nvidia-docker-broken-after-restart-canonical-driver-package-upgrade': Backdrop(
        'master0',
        'A10',
        '550.144.03',
        '2017-03-24T13:56:50Z',
        '2017-03-24T14:36:50Z',
        pci=('01', '02', '03', '04',),
    ),
    'openmm-1203-cluster-test-failures-cuda-error-invalid-device-gpus-in-exclusive-process-mode': Backdrop(
        'xs-0061',
        'A10',
        '550.144.03',
        '2015-10-23T11:30:00Z',
        '2015-10-23T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'openpai-2737-job-exporter-cannot-get-gpu-status-hard-coded-driver-path-not-mounted-benign': Backdrop(
        'pai-worker',
        'A10',
        '550.144.03',
        '2019-05-09T11:30:00Z',
        '2019-05-09T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'openpai-3002-rtx2080-job-exporter-fails-on-nvidia-smi-ecc-output-gpus-fine-benign': Backdrop(
        'pai-rtx2080-worker',
        'A10',
        '550.144.03',
        '2019-06-26T11:30:00Z',
        '2019-06-26T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'openpbs-695-cgroup-hook-discovers-dri-devices-not-nvidia-wrong-gpus-assigned': Backdrop(
        'pbs-gpu-node',
        'A10',
        '550.144.03',
        '2018-05-18T11:30:00Z',
        '2018-05-18T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'openpbs-705-jobs-without-gpu-request-use-gpus-cuda-visible-devices-unset-by-cgroup-hook': Backdrop(
        'konos5.fav.zcu.cz',
        'A10',
        '550.144.03',
        '2018-05-30T11:30:00Z',
        '2018-05-30T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'parthenon-798-ci-gpu-runner-driver-library-mismatch-modules-not-reloaded-after-update': Backdrop(
        'parthenon-ci-gpu',
        'A10',
        '550.144.03',
        '2022-12-03T11:30:00Z',
        '2022-12-03T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'xcat-243-cuda-broken-on-provisioned-nodes-nvidia-kmod-build-fails-arch-env-pollution': Backdrop(
        'c712f7n06',
        'A10',
        '550.144.03',
        '2015-10-02T11:30:00Z',
        '2015-10-02T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
