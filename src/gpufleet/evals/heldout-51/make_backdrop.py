"""heldout-public-51's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-51/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
sku is one of the allowed SKUs; most are stand-ins (see each case's description). No case uses extra:
no report quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    # one entry per case folder (the folder name is the key); sku: one of A10, A30, L40S, V100, A100,
    # H100, H200, B200, GB200, B300 (stand-ins are said in each case's description); driver: the version
    # the report names, else a stand-in; start/end: the incident's time_range; pci: one bus number per GPU.
    'emmy-pr-558-fresh-16x-v100-sxm3-host-cuda-error-802-fabric-manager-never-installed': Backdrop(
        'v100-sxm3-16gpu-host',
        'V100',
        '570.172.08',
        '2026-08-20T11:30:00Z',
        '2026-08-20T12:10:00Z',
        pci=('34', '36', '39', '3b', '57', '59', '5c', '5e', 'b7', 'b9', 'bc', 'be', 'e0', 'e2', 'e5', 'e7'),
    ),
    'cachyos-118-nvidia-smi-cannot-talk-to-driver-on-linux-cachyos-kernel-missing-dkms-modules-reinstalled': Backdrop(
        'cachyos-desktop',
        'A10',
        '535.54.03',
        '2023-06-10T11:30:00Z',
        '2023-06-10T12:10:00Z',
        pci=('01',),
    ),
    'podman-26233-containers-lose-gpu-after-host-driver-update-until-cdi-spec-regenerated-with-nvidia-ctk': Backdrop(
        'ubuntu-podman-host',
        'A10',
        '570.133.20',
        '2025-05-29T11:30:00Z',
        '2025-05-29T12:10:00Z',
        pci=('01',),
    ),
    'pai-4169-manual-driver-upgrade-fails-driver-library-version-mismatch-openpai-driver-module-still-loaded': Backdrop(
        'openpai-worker',
        'A100',
        '384.111',
        '2020-02-17T11:30:00Z',
        '2020-02-17T12:10:00Z',
        pci=('07',),
    ),
    'bottlerocket-4309-gpu-workloads-fail-built-in-nvidia-device-plugin-conflicts-with-deployed-daemonset': Backdrop(
        'bottlerocket-gpu-node',
        'A10',
        '550.127.05',
        '2024-12-17T11:30:00Z',
        '2024-12-17T12:10:00Z',
        pci=('1e',),
    ),
    'talosext-751-device-plugin-init-fails-nvidia-container-cli-cannot-load-libelf-in-production-toolkit-extension': Backdrop(
        'talos-gpu-node',
        'A10',
        '570.148.08',
        '2025-07-04T11:30:00Z',
        '2025-07-04T12:10:00Z',
        pci=('01',),
    ),
    'talosext-101-device-plugin-wont-start-on-talos-1-3-cgroups-v2-device-filter-error-node-on-cgroups-v1-works': Backdrop(
        'talos-nvidia-node',
        'A10',
        '515.86.01',
        '2022-12-16T11:30:00Z',
        '2022-12-16T12:10:00Z',
        pci=('01',),
    ),
    'ohpc-1910-rebuilt-slurm-package-lacks-gpu-nvml-so-nvml-gres-detection-fails-on-gpu-nodes': Backdrop(
        'ohpc-gpu-node',
        'A100',
        '535.129.03',
        '2023-11-28T11:30:00Z',
        '2023-11-28T12:10:00Z',
        pci=('07',),
    ),
    'system76driver-pr-335-gsp-firmware-crash-on-power-on-after-gc6-gpu-falls-off-bus-fixed-by-nvreg-dynamicpowermanagement': Backdrop(
        'addw4-laptop',
        'A10',
        '580.82.07',
        '2025-09-29T11:30:00Z',
        '2025-09-29T12:10:00Z',
        pci=('01',),
    ),
    'nixoshw-1880-gtx-1050-ignored-by-driver-595-71-05-pascal-maxwell-volta-moved-to-580-legacy-branch': Backdrop(
        'nixos-desktop',
        'V100',
        '595.71.05',
        '2026-05-17T11:30:00Z',
        '2026-05-17T12:10:00Z',
        pci=('01',),
    ),
    'negativo17-158-gt-1030-not-initialised-after-560-31-update-open-kernel-module-needs-gsp': Backdrop(
        'fedora-desktop',
        'V100',
        '560.31.02',
        '2024-08-14T11:30:00Z',
        '2024-08-14T12:10:00Z',
        pci=('09',),
    ),
    'hamicore-170-two-hami-vgpu-pods-with-full-gpumem-scheduled-onto-same-v100-oom-needs-kubernetes-1-23': Backdrop(
        'hami-v100-node',
        'V100',
        '535.104.05',
        '2026-04-16T11:30:00Z',
        '2026-04-16T12:10:00Z',
        pci=('3b', '86'),
    ),
    'operatefirst-568-kubeflow-pipeline-pods-cannot-match-tainted-gpu-nodes-toleration-added-to-tektonconfig': Backdrop(
        'osc-cl2-gpu-node',
        'A100',
        '510.47.03',
        '2022-05-18T11:30:00Z',
        '2022-05-18T12:10:00Z',
        pci=('07',),
    ),
    'k3s-8248-k3s-gpu-pods-fail-after-driver-535-upgrade-fixed-by-nvidia-runtime-in-containerd-config-template': Backdrop(
        'k3s-gpu-node',
        'A10',
        '535.86.05',
        '2023-08-30T11:30:00Z',
        '2023-08-30T12:10:00Z',
        pci=('01',),
    ),
    'cbio-251-interactive-gpu-jobs-killed-over-mem-hard-limit-alias-sent-them-to-active-queue-with-1gb-default': Backdrop(
        'gpu-1-4',
        'A10',
        '346.59',
        '2015-04-24T11:30:00Z',
        '2015-04-24T12:10:00Z',
        pci=('03', '04', '83', '84'),
    ),
    'arjuna-48-gpu-job-on-c002-killed-after-30-min-in-batch-and-interactive-suspected-cgroup-kill': Backdrop(
        'c002',
        'A100',
        '470.57.02',
        '2021-09-11T11:30:00Z',
        '2021-09-11T12:10:00Z',
        pci=('07', '0f', '47', '4e'),
    ),
    'alancluster-9-training-slower-on-cluster-than-desktop-loss-computed-element-by-element-not-vectorized': Backdrop(
        'alan-gpu-node',
        'A100',
        '418.67',
        '2019-05-04T11:30:00Z',
        '2019-05-04T12:10:00Z',
        pci=('07',),
    ),
    'k8s-122295-topology-manager-align-by-socket-fails-pod-with-5-gpus-gets-cpus-not-aligned-with-its-gpus': Backdrop(
        'numa-8gpu-node',
        'A100',
        '535.129.03',
        '2023-12-13T11:30:00Z',
        '2023-12-13T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'nixpkgs-334180-cuda-broken-after-suspend-with-vllm-container-left-running-nvidia-uvm-reload-fails-xid-13': Backdrop(
        'nixos-workstation',
        'A10',
        '580.95.05',
        '2025-10-22T11:30:00Z',
        '2025-10-22T12:10:00Z',
        pci=('01',),
    ),
    'marin-6940-multi-node-nccl-bootstrap-no-socket-interface-found-exact-match-nccl-socket-ifname-not-honoured': Backdrop(
        'g5305cc',
        'H100',
        '570.172.08',
        '2026-07-04T11:30:00Z',
        '2026-07-04T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'sparkring-pr-71-four-node-launch-stalls-nccl-socket-ifname-names-interfaces-one-node-does-not-have': Backdrop(
        'spark-node-4',
        'GB200',
        '580.95.05',
        '2026-08-20T11:30:00Z',
        '2026-08-20T12:10:00Z',
        pci=('01',),
    ),
    'netdata-pr-19757-gpu-power-chart-gone-after-driver-570-124-04-nvidia-smi-xml-power-tag-renamed-benign': Backdrop(
        'netdata-gpu-host',
        'A10',
        '570.124.04',
        '2025-03-03T11:30:00Z',
        '2025-03-03T12:10:00Z',
        pci=('01',),
    ),
    'ohm-1376-gpu-power-reading-gone-on-driver-460-79-restored-by-nvidia-hotfix-driver-telemetry-artifact-benign': Backdrop(
        'windows-desktop-ohm',
        'A10',
        '460.79',
        '2020-12-21T11:30:00Z',
        '2020-12-21T12:10:00Z',
        pci=('01',),
    ),
    'mindprince-6-gpu-exporter-logs-fanspeed-nvml-not-supported-card-has-no-fan-reading-ignore-benign': Backdrop(
        'exporter-gpu-node',
        'A100',
        '410.72',
        '2018-11-20T11:30:00Z',
        '2018-11-20T12:10:00Z',
        pci=('07',),
    ),
    'hami-pr-367-grafana-shows-about-500-tib-host-gpu-memory-for-500-mib-metric-wrong-panel-unit-benign': Backdrop(
        'hami-gpu-node',
        'A10',
        '550.90.07',
        '2024-06-25T11:30:00Z',
        '2024-06-25T12:10:00Z',
        pci=('01',),
    ),
    'deckhouse-pr-21671-gpu-memory-panels-double-count-mig-instances-plus-whole-gpu-rollup-benign': Backdrop(
        'mig-gpu-node',
        'A100',
        '570.172.08',
        '2026-07-28T11:30:00Z',
        '2026-07-28T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
