"""heldout-public-47's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-47/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
sku is one of the allowed SKUs; most are stand-ins (see each case's description). No case uses extra:
no report quotes an exporter value as a metric sample. The backdrop never points at the cause.
Cases without pci use the default 8-GPU HGX bus layout (a stand-in, said in the description).
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'talos-9861-a16-passthrough-not-supported-by-talos-lts-535-driver-try-550-open-driver': Backdrop(
        '10.242.249.50',
        'A10',
        '535.183.06',
        '2024-12-02T11:30:00Z',
        '2024-12-02T12:10:00Z',
        pci=('02',),
    ),
    'nos-25-mig-enabled-gpu-without-mig-devices-makes-device-plugin-fail-to-advertise-gpus': Backdrop(
        'k8s-mig-a100-node',
        'A100',
        '525.85.12',
        '2023-03-27T11:30:00Z',
        '2023-03-27T12:10:00Z',
    ),
    'openpai-3372-gpu-memory-used-before-job-starts-gpu-process-in-d-state-node-unhealthy-reboot': Backdrop(
        'openpai-179-worker',
        'A100',
        '418.56',
        '2019-08-13T11:30:00Z',
        '2019-08-13T12:10:00Z',
    ),
    'aksgpu-pr-105-nvidia-persistenced-not-running-nvidia-smi-slow-node-provisioning-failed-a100-outage': Backdrop(
        'aks-a100-8gpu-vmss000000',
        'A100',
        '550.54.15',
        '2025-05-12T11:30:00Z',
        '2025-05-12T12:10:00Z',
    ),
    'singularity-1441-cuda-fails-in-container-until-host-use-nvidia-uvm-not-loaded-suid-modprobe-blocked': Backdrop(
        'singularity-gpu-host',
        'A100',
        '390.46',
        '2018-04-05T11:30:00Z',
        '2018-04-05T12:10:00Z',
        pci=('07',),
    ),
    'microk8s-2474-gpu-pod-sandbox-no-runtime-for-nvidia-configured-fixed-by-latest-edge-gpu-addon': Backdrop(
        'microk8s-gpu-node',
        'A100',
        '470.57.02',
        '2021-07-28T11:30:00Z',
        '2021-07-28T12:10:00Z',
        pci=('07',),
    ),
    'eksctl-4559-g5-nodegroup-not-recognised-as-accelerated-standard-ami-device-plugin-cannot-load-nvml': Backdrop(
        'g5-4xlarge',
        'A10',
        '470.57.02',
        '2021-12-21T22:05:33Z',
        '2021-12-21T22:45:33Z',
        pci=('00:1e',),
    ),
    'hami-1741-scheduler-assigns-8-gpus-kubelet-allocate-gets-5-unique-devices-virtual-device-binpack': Backdrop(
        'hami-h100-node',
        'H100',
        '580.95.05',
        '2026-04-10T11:30:00Z',
        '2026-04-10T12:10:00Z',
    ),
    'bottlerocket-4389-v1-33-0-nvidia-variants-device-plugin-does-not-start-rollout-paused': Backdrop(
        'bottlerocket-g5-node',
        'A10',
        '535.230.02',
        '2025-02-27T11:30:00Z',
        '2025-02-27T12:10:00Z',
        pci=('00:1e',),
    ),
    'bottlerocket-4250-bottlerocket-1-25-nvidia-driver-fails-to-start-fix-missed-1-26-2-shipped-in-1-27-0': Backdrop(
        'g5-xlarge',
        'A10',
        '535.216.01',
        '2024-11-20T11:30:00Z',
        '2024-11-20T12:10:00Z',
        pci=('00:1e',),
    ),
    'azhpcimages-pr-86-apt-upgrade-desyncs-fabric-manager-from-run-installed-driver-cuda-init-error': Backdrop(
        'ndv4-a100-vm',
        'A100',
        '460.73.01',
        '2021-07-15T11:30:00Z',
        '2021-07-15T12:10:00Z',
    ),
    'microk8s-2119-dgx-a100-fabric-manager-460-91-03-vs-driver-460-73-01-loaded-by-gpu-addon': Backdrop(
        'dgx-a100',
        'A100',
        '460.73.01',
        '2021-10-12T11:30:00Z',
        '2021-10-12T12:10:00Z',
    ),
    'kubeflow-2573-gke-cos-driver-installer-gives-396-26-at-most-cuda-9-2-tf-1-13-needs-cuda-10': Backdrop(
        'launchtest-j0227-1834-778f-master-0',
        'A100',
        '396.26',
        '2019-02-27T11:30:00Z',
        '2019-02-27T12:10:00Z',
        pci=('07',),
    ),
    'dell-idrac-3-a100-in-t550-sw-power-cap-at-240w-v100-capped-150w-check-psus-thermal-tables': Backdrop(
        'poweredge-t550',
        'A100',
        '580.95.05',
        '2026-02-09T11:30:00Z',
        '2026-02-09T12:10:00Z',
        pci=('07',),
    ),
    'lammps-2718-gpu-package-fails-on-driver-465-cuda-11-3-workaround-cuda-11-2-or-driver-460': Backdrop(
        'lammps-gpu-workstation',
        'A100',
        '465.24.02',
        '2021-04-22T11:30:00Z',
        '2021-04-22T12:10:00Z',
        pci=('07',),
    ),
    'lammps-4395-illegal-memory-access-fix-langevin-kk-on-a100-probably-missing-transfer-app-bug': Backdrop(
        'a100-kokkos-node',
        'A100',
        '550.127.05',
        '2024-11-26T11:30:00Z',
        '2024-11-26T12:10:00Z',
    ),
    'warpx-pr-3495-perlmutter-slurm-not-configured-for-cpu-gpu-nic-affinity-pin-in-job-script': Backdrop(
        'perlmutter-gpu-node',
        'A100',
        '515.65.01',
        '2022-11-01T11:30:00Z',
        '2022-11-01T12:10:00Z',
        pci=('03', '41', '82', 'c1'),
    ),
    'quda-223-numa-affinity-lookup-fails-driver-renamed-proc-gpus-dirs-to-bus-ids': Backdrop(
        'gdev1',
        'A100',
        '346.46',
        '2015-04-15T11:30:00Z',
        '2015-04-15T12:10:00Z',
        pci=('02', '03', '83', '84'),
    ),
    'singularity-4783-singularity-3-4-2-nv-stops-finding-libcuda-so-1-workaround-explicit-bind': Backdrop(
        'cms-gpu-host',
        'A100',
        '440.33.01',
        '2019-11-25T11:30:00Z',
        '2019-11-25T12:10:00Z',
        pci=('07',),
    ),
    'eessi-231-nv-gpu-libs-under-singularity-d-libs-prefix-shell-clears-ld-library-path-no-nvml': Backdrop(
        'eessi-gpu-node',
        'A100',
        '525.85.12',
        '2023-02-24T11:30:00Z',
        '2023-02-24T12:10:00Z',
        pci=('07',),
    ),
    'hami-1839-stale-node-handshake-deleted-annotation-blocks-all-gpu-scheduling-node-unregistered': Backdrop(
        'spark-5385',
        'A100',
        '580.95.05',
        '2026-05-07T11:30:00Z',
        '2026-05-07T12:10:00Z',
        pci=('07', '0f'),
    ),
    'openpai-3387-gpu-stuck-in-p8-perf-state-slow-job-fixed-by-persistence-mode-and-application-clocks': Backdrop(
        'openpai-k80-worker',
        'V100',
        '440.64.00',
        '2020-12-24T11:30:00Z',
        '2020-12-24T12:10:00Z',
    ),
    'warp-495-cuda-devices-busy-or-unavailable-cluster-gpus-in-exclusive-process-mode-set-default': Backdrop(
        'bubeck-gpu-node',
        'A100',
        '580.95.05',
        '2026-08-04T11:30:00Z',
        '2026-08-04T12:10:00Z',
        pci=('07', '0f', '47', '4e'),
    ),
    'warpx-3938-uci-hpc3-v100-multiple-gpus-visible-per-rank-fixed-by-gpus-per-socket-and-node': Backdrop(
        'hpc3-free-gpu-node',
        'V100',
        '525.85.12',
        '2023-06-23T11:30:00Z',
        '2023-06-23T12:10:00Z',
        pci=('18', '3b', '86', 'af'),
    ),
    'telegraf-7659-nvidia-smi-input-fails-on-n-a-fan-speed-of-fanless-v100-sxm2-benign': Backdrop(
        'gpuhost',
        'V100',
        '440.64.00',
        '2020-06-09T20:34:40Z',
        '2020-06-09T21:14:40Z',
    ),
    'netdata-10138-gpu-chart-name-stays-quadro-k2200-after-card-swap-chart-id-tied-to-index-benign': Backdrop(
        'centos7-netdata-host',
        'A10',
        '450.80.02',
        '2020-10-26T11:30:00Z',
        '2020-10-26T12:10:00Z',
        pci=('01',),
    ),
    'hami-403-container-utilization-metric-always-0-when-gpucores-100-known-issue-benign': Backdrop(
        'hami-gpu-node',
        'A100',
        '535.161.08',
        '2024-07-29T11:30:00Z',
        '2024-07-29T12:10:00Z',
        pci=('07',),
    ),
    'k8sinfra-mmontes11-pr-115-highgputemperature-85c-fires-daily-on-normal-inference-load-benign': Backdrop(
        'compute-xlarge',
        'B200',
        '580.95.05',
        '2026-09-22T11:30:00Z',
        '2026-09-22T12:10:00Z',
        pci=('01',),
    ),
    'telegraf-pr-6073-nvidia-smi-unknown-error-memory-clock-above-stock-drops-all-plugin-stats-benign': Backdrop(
        'oc-gpu-host',
        'A10',
        '430.26',
        '2019-07-05T08:34:30Z',
        '2019-07-05T09:14:30Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
