"""heldout-public-148's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-148/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list: B200, GB200, A100, A30, T4, P100,
RTX 2080 Ti / 4090 / 50xx); hosts and bus numbers are stand-ins except where a thread prints them, and so are
the drivers no report names (see each case's description). No case uses extra: no report quotes an exporter
value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'gpu-operator-2511-b200-fabric-in-progress-7-of-8-gpus-fixed-by-new-firmware': Backdrop(
        'b200-node-01',
        'A10',
        '580.159.04',
        '2026-06-05T11:30:00Z',
        '2026-06-05T12:10:00Z',
        pci=('04', '14', '23', '33', '84', '94', 'a3', 'b3'),
    ),
    'gpu-operator-470-openshift-worker04-no-device-plugin-gpu-deploy-labels-disabled': Backdrop(
        'worker04',
        'A10',
        '525.60.13',
        '2023-01-15T11:30:00Z',
        '2023-01-15T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'cloud-native-stack-6-demo-and-nvidia-smi-pods-pending-master-node-taint-suggested': Backdrop(
        'cns-node-01',
        'A10',
        '460.32.03',
        '2021-03-08T11:30:00Z',
        '2021-03-08T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'dcgm-exporter-506-benign-rtx-4090-prof-metrics-absent-geforce-not-supported': Backdrop(
        'rtx4090-node-01',
        'A10',
        '570.133.07',
        '2026-02-04T11:30:00Z',
        '2026-02-04T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'nvidia-container-toolkit-154-libnvidia-ml-load-failed-toolkit-config-root-points-at-container-driver': Backdrop(
        'k8s-gpu-node-07',
        'A10',
        '535.161.07',
        '2024-03-07T11:30:00Z',
        '2024-03-07T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'open-gpu-kernel-modules-1211-dual-2080ti-kernel-panic-on-idle-transition-open-module-closed-driver-fixes': Backdrop(
        'vllm-2080ti-box',
        'A10',
        '580.159.03',
        '2026-06-20T11:30:00Z',
        '2026-06-20T12:10:00Z',
        pci=('01', '02'),
    ),
    'gpu-operator-1726-gke-gb200-driver-pods-crashloop-unsigned-module-rejected-secure-boot': Backdrop(
        'gke-gb200-node-01',
        'A10',
        '580.65.06',
        '2025-09-24T11:30:00Z',
        '2025-09-24T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'gpu-operator-2868-peermem-crashloop-stale-modules-older-abi-after-network-operator-upgrade': Backdrop(
        'gpu-node-peermem-01',
        'A10',
        '580.95.05',
        '2026-09-09T11:30:00Z',
        '2026-09-09T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'kubevirt-gpu-device-plugin-18-t4-not-recognized-after-reboot-not-bound-to-vfio-pci': Backdrop(
        'worker01',
        'A10',
        '460.32.03',
        '2021-02-23T11:30:00Z',
        '2021-02-23T12:10:00Z',
        pci=('0b',),
    ),
    'gpu-operator-460-a30-device-plugin-panic-mig-strategy-single-with-mixed-mig-devices': Backdrop(
        'a30-node-01',
        'A10',
        '520.61.05',
        '2022-12-15T11:30:00Z',
        '2022-12-15T12:10:00Z',
        pci=('17',),
    ),
    'spark-rapids-4045-nds-q93-gpu-oom-fragmented-rmm-pool-sized-from-free-memory': Backdrop(
        'nds-a100-node-01',
        'A10',
        '470.82.01',
        '2021-11-05T11:30:00Z',
        '2021-11-05T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'spark-rapids-5231-hash-aggregate-merge-pass-oom-possible-rmm-arena-fragmentation': Backdrop(
        'spark-gpu-worker-03',
        'A10',
        '510.47.03',
        '2022-04-13T11:30:00Z',
        '2022-04-13T12:10:00Z',
        pci=('00:04',),
    ),
    'spark-rapids-1890-two-executors-on-one-docker-host-both-bound-to-gpu0-discovery-script': Backdrop(
        'p100-docker-host',
        'A10',
        '460.32.03',
        '2021-03-08T11:30:00Z',
        '2021-03-08T12:10:00Z',
        pci=('04', '82'),
    ),
    'gpu-operator-688-upgrade-controller-fails-one-gpu-node-notready-disk-issue': Backdrop(
        'gpu-node-notready',
        'A10',
        '535.129.03',
        '2024-03-27T11:30:00Z',
        '2024-03-27T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'nvsentinel-1701-benign-nvlink-down-fatal-events-after-planned-reboots-links-training': Backdrop(
        'gb200-nvl72-node-01',
        'A10',
        '580.126.20',
        '2026-08-31T11:30:00Z',
        '2026-08-31T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'gpu-feature-discovery-7-benign-mig-label-3g-21gb-instead-of-3g-20gb-no-functional-impact': Backdrop(
        'a100-node6',
        'A10',
        '460.32.03',
        '2021-01-21T11:30:00Z',
        '2021-01-21T12:10:00Z',
        pci=('07', '0f', '47', '4e', '87', '90', 'b7', 'bd'),
    ),
    'open-gpu-kernel-modules-1036-xid-109-ctx-switch-timeout-ctxsw-timeout-control-not-forwarded-to-gsp': Backdrop(
        'rtx50-desktop',
        'A10',
        '590.48.01',
        '2026-02-20T11:30:00Z',
        '2026-02-20T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
