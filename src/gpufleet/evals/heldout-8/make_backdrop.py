"""heldout-public-8's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``.venv/bin/python <this folder>/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers as the report prints them, one per GPU,
in index order; default an 8-GPU HGX), extra={(gpu_index, "DCGM_FI_..."): value quoted by the report}).
sku must be one of A10, V100, A100, H100, B200, GB200 (stand-in where the report's GPU is not one).
No case quotes an exporter value as a metric sample, so no ``extra`` values are used.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'arjunausers-52-c002-gpu-training-killed-slurmstepd-oom-kill-event-cgroup': Backdrop(
        'c002',
        'A100',
        '470.57.02',
        '2021-09-12T10:00:00Z',
        '2021-09-12T10:40:00Z',
        pci=('01', ),
    ),
    'azhpc-images-506-gb200-fabric-status-insufficient-resources-cliqueid-0-repeated-icms': Backdrop(
        'miv50-vin1-1g03-30',
        'GB200',
        '570.133.20',
        '2026-03-28T10:00:00Z',
        '2026-03-28T10:40:00Z',
        pci=('01', '02', '03', '04', ),
    ),
    'cbio-cluster-24-gpu-2-5-ssh-nvidia-smi-gtx680-lost-a-gpu-reboot-or-reseat': Backdrop(
        'gpu-2-5',
        'V100',
        '325.15',
        '2014-02-28T20:18:48Z',
        '2014-02-28T20:58:48Z',
        pci=('03', '04', '84', '85', ),
    ),
    'cbio-cluster-342-4-node-gpu-job-iterations-slow-3x-then-10x-gpus-shared-by-other-job': Backdrop(
        'cbio-gpu-node',
        'V100',
        '352.39',
        '2015-11-21T05:29:51Z',
        '2015-11-21T06:09:51Z',
        pci=('03', '04', '83', '84', ),
    ),
    'cbio-cluster-39-gpu-2-12-nvidia-smi-shows-three-of-four-gtx-titan-lost-gpu': Backdrop(
        'gpu-2-12',
        'V100',
        '325.15',
        '2014-04-19T09:38:49Z',
        '2014-04-19T10:18:49Z',
        pci=('03', '04', '84', '85', ),
    ),
    'dcgm-exporter-576-h100-p2p-nvlink-status-254-bitmap-all-links-up-benign': Backdrop(
        'h100-hgx-xxx',
        'H100',
        '570.124.06',
        '2025-10-28T10:00:00Z',
        '2025-10-28T10:40:00Z',
        pci=('19', '3b', '4c', '5d', '9b', 'bb', 'cb', 'db', ),
    ),
    'gpu-burn-92-hgx-h100-gpu-burn-system-not-yet-initialized-centos7-545': Backdrop(
        'hgx-h100-c7',
        'H100',
        '545.23.08',
        '2023-11-21T10:00:00Z',
        '2023-11-21T10:40:00Z',
    ),
    'gpu-monitoring-tools-194-deepops-nv-hostengine-readnvswitchstatus-no-data-non-nvswitch-benign': Backdrop(
        'deepops-dgx1',
        'V100',
        '460.73.01',
        '2021-06-09T10:00:00Z',
        '2021-06-09T10:40:00Z',
    ),
    'kubeflow-794-tf-serving-gpu-test-pending-insufficient-nvidia-gpu-leftover-test-pods': Backdrop(
        'gke-kubeflow-testing-gpu-pool',
        'V100',
        '390.46',
        '2018-05-11T10:00:00Z',
        '2018-05-11T10:40:00Z',
        pci=('00', ),
    ),
    'model-serving-minefield-44-ray-vllm-boot-silent-shm-broadcast-looks-hung-weights-loading-benign': Backdrop(
        'ray-head-0',
        'H100',
        '570.133.20',
        '2026-08-16T10:00:00Z',
        '2026-08-16T10:40:00Z',
    ),
    'nccl-523-nccl-tests-ib-error-4-vendor-err-81-acs-still-enabled-srcvalid-bridges': Backdrop(
        'gdr-node-1',
        'V100',
        '460.73.01',
        '2021-06-16T10:00:00Z',
        '2021-06-16T10:40:00Z',
    ),
    'nccl-tests-276-h200-allreduce-nvls-cuda-failure-999-fm-non-critical-error-reset': Backdrop(
        'gpu47',
        'H100',
        '550.127.08',
        '2024-12-16T10:00:00Z',
        '2024-12-16T10:40:00Z',
    ),
    'nvidia-docker-182-nvrm-api-mismatch-367-44-client-367-35-module-until-reboot': Backdrop(
        'nyasara-linux',
        'A10',
        '367.35',
        '2016-08-26T13:38:07Z',
        '2016-08-26T14:18:07Z',
        pci=('01', ),
    ),
    'nvidia-docker-584-rhel-ppc64le-yum-update-nvml-function-not-found-stale-libnvidia-ml-links': Backdrop(
        'rhel-p8-vm',
        'V100',
        '387.26',
        '2017-12-21T04:34:46Z',
        '2017-12-21T05:14:46Z',
        pci=('01', ),
    ),
    'nvtrust-124-hgx-h100-ppcie-tdx-rminitadapter-osinitnvmapping-cc-not-enabled-sxid-22013': Backdrop(
        'tdx-hgx-guest',
        'H100',
        '550.127.05',
        '2025-11-13T10:00:00Z',
        '2025-11-13T10:40:00Z',
        pci=('05', '06', '07', '08', '09', '0a', '0b', '0c', ),
    ),
    'nvtrust-64-h100-tdx-guest-no-devices-fsp-boot-cmds-failed-vbios-lacks-cc': Backdrop(
        'tdx-guest',
        'H100',
        '550.90.07',
        '2024-08-02T10:00:00Z',
        '2024-08-02T10:40:00Z',
        pci=('16', ),
    ),
    'nvtrust-77-h100-nvl-unbind-hang-then-gpu-tools-broken-errno-11-fsp-boot-bad-register-read': Backdrop(
        'h100nvl-cc-host',
        'H100',
        '550.127.05',
        '2024-10-24T17:02:18Z',
        '2024-10-24T17:42:18Z',
        pci=('5a', ),
    ),
    'ogkm-1058-rtx3080-laptop-kgspbootgsprm-unexpected-wpr2-already-up-gpu-needs-reset': Backdrop(
        'laptop-rtx3080',
        'A10',
        '595.71.05',
        '2026-08-18T10:00:00Z',
        '2026-08-18T10:40:00Z',
        pci=('01', ),
    ),
    'ogkm-1208-rtx5090-xid31-fault-pde-after-20-jax-jit-compilations-illegal-address': Backdrop(
        'rtx5090-box',
        'B200',
        '610.43.02',
        '2026-06-17T10:00:00Z',
        '2026-06-17T10:40:00Z',
        pci=('01', '02', '03', ),
    ),
    'ogkm-789-rtx3090-rminitadapter-gsp-firmware-gfw-boot-timeout-no-devices': Backdrop(
        'rtx3090-host',
        'A10',
        '550.144.03',
        '2025-02-20T10:00:00Z',
        '2025-02-20T10:40:00Z',
        pci=('98', ),
    ),
    'pai-2001-job-container-nvidia-smi-11637mib-used-empty-process-panel-pid-namespace-benign': Backdrop(
        'pai-job-container',
        'V100',
        '384.111',
        '2019-01-14T06:40:25Z',
        '2019-01-14T07:20:25Z',
        pci=('83', ),
    ),
    'polyaxon-605-gke-notebook-unschedulable-11-insufficient-nvidia-gpu-drivers-not-installed': Backdrop(
        'gke-gpu-pool-node',
        'V100',
        '410.79',
        '2019-11-13T10:00:00Z',
        '2019-11-13T10:40:00Z',
        pci=('00', ),
    ),
    'pytorch-177472-ci-h100-nvls-multicast-bind-cuda-error-401-fabric-manager': Backdrop(
        'h100-ci-runner',
        'H100',
        '570.133.20',
        '2026-03-15T10:00:00Z',
        '2026-03-15T10:40:00Z',
    ),
    'returnn-1484-ddp-hang-after-exception-nvidia-smi-unknown-error-gpu-03-lost': Backdrop(
        'i6-gpu-node',
        'V100',
        '535.104.05',
        '2024-01-01T10:00:00Z',
        '2024-01-01T10:40:00Z',
        pci=('03', '04', '83', '84', ),
    ),
    'statcan-jupyter-apis-57-gpu-notebook-pod-failedscheduling-insufficient-cpu-gpu-node-request-too-high': Backdrop(
        'statcan-gpu-node',
        'V100',
        '450.80.02',
        '2021-02-12T10:00:00Z',
        '2021-02-12T10:40:00Z',
        pci=('00', ),
    ),
    'tranx-41-python3-global-oom-killed-31gb-anon-rss-during-gpu-training': Backdrop(
        'tranx-box',
        'V100',
        '470.57.02',
        '2021-10-13T10:00:00Z',
        '2021-10-13T10:40:00Z',
        pci=('01', ),
    ),
    'trex-642-riser-mounted-3060ti-phoenixminer-gpu-is-lost-15-every-2-hours-rig-reboots': Backdrop(
        'mining-rig',
        'A10',
        '471.96',
        '2021-09-24T22:27:10Z',
        '2021-09-24T23:07:10Z',
        pci=('01', '02', ),
    ),
    'vllm-backport-62-4xa100-engine-hang-sample-tokens-timeout-gpu2-hbm-dbe-row-remap': Backdrop(
        'a100-pcie-4x',
        'A100',
        '580.178.04',
        '2026-09-05T00:54:34Z',
        '2026-09-05T01:34:34Z',
        pci=('1b', '4f', '9c', 'ce', ),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
