"""heldout-public-11's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``.venv/bin/python <this folder>/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers as the report prints them, one per GPU,
in index order; default an 8-GPU HGX), extra={(gpu_index, "DCGM_FI_..."): value quoted by the report}).
sku must be one of A10, V100, A100, H100, B200, GB200 (stand-in where the report's GPU is not one).
No case of this set quotes an exporter value as a metric sample, so no ``extra`` values are used.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    "ai-server-27-tesla-p100-hbm2-dbe-xid-48-64-62-154-wedged-nvml-every-nvidia-smi-hung-card-replaced": Backdrop(
        "ai-server",
        "V100",
        "580.173.02",
        "2026-07-27T10:00:00Z",
        "2026-07-27T10:40:00Z",
        pci=("03", "04"),
    ),
    "automodel-1038-checkpoint-consolidation-allgather-watchdog-60000ms-ranks-wait-on-rank0-dist-timeout-1min": Backdrop(
        "automodel-node",
        "H100",
        "570.133.20",
        "2026-01-09T22:16:25Z",
        "2026-01-09T22:56:25Z",
    ),
    "aws-parallelcluster-5295-gpu-nodes-not-back-after-scontrol-reboot-slurmd-fails-no-gpu-device-files-down-after-resumetimeout": Backdrop(
        "gpu-compute-st-1",
        "A10",
        "525.85.12",
        "2023-05-10T10:00:00Z",
        "2023-05-10T10:40:00Z",
        pci=("1e",),
    ),
    "azhpc-images-443-nc80adis-h100-v5-hpc-image-nvlinks-inactive-on-half-the-boots-topo-shows-sys-reboot-restores": Backdrop(
        "nc80adis-h100-v5-vm",
        "H100",
        "570.172.08",
        "2025-10-17T10:00:00Z",
        "2025-10-17T10:40:00Z",
        pci=("01", "02"),
    ),
    "azurehpc-714-driver-510-gsp-rpc-timeout-xid-119-120-gpu-init-fails-nhc-hangs-node-drained": Backdrop(
        "ndv4-node",
        "A100",
        "510.47.03",
        "2023-03-30T10:00:00Z",
        "2023-03-30T10:40:00Z",
    ),
    "conda-smithy-2163-open-gpu-ci-server-flaky-job-startup-pair-of-gpus-falling-off-bus-disabled-thermal-or-psu": Backdrop(
        "open-gpu-server",
        "V100",
        "550.127.05",
        "2024-11-27T10:00:00Z",
        "2024-11-27T10:40:00Z",
        pci=("1a", "1c", "88", "8a"),
    ),
    "crusoe-slurm-13-gpu-compute-nodes-inval-after-driver-upgrade-slurmd-cannot-find-nvml-library": Backdrop(
        "slurm-compute-0",
        "H100",
        "570.133.20",
        "2025-09-30T10:00:00Z",
        "2025-09-30T10:40:00Z",
    ),
    "cudf-10336-lenovo-p900-rtx3090-plus-rtx5000-hard-crash-under-load-psu-rail-limiter-1400w": Backdrop(
        "p900-workstation",
        "A10",
        "510.47.03",
        "2022-02-19T10:00:00Z",
        "2022-02-19T10:40:00Z",
        pci=("03", "04"),
    ),
    "dcgm-exporter-395-m60-node-no-dcgm-fi-prof-gr-engine-active-dcp-module-not-loaded-unsupported-gpu-benign": Backdrop(
        "m60-node",
        "V100",
        "535.183.01",
        "2024-10-03T10:00:00Z",
        "2024-10-03T10:40:00Z",
        pci=("86", "87"),
    ),
    "dcgm-exporter-428-pod-labelled-gpu-series-look-discontinuous-labels-only-while-pod-runs-scrape-interval-benign": Backdrop(
        "k8s-gpu-node",
        "A100",
        "550.127.05",
        "2024-12-02T10:00:00Z",
        "2024-12-02T10:40:00Z",
    ),
    "dcgm-exporter-662-dcgm-fi-prof-gr-engine-active-stuck-at-0-on-all-gpus-under-99pct-load-after-weeks-benign": Backdrop(
        "gpu-node-exporter",
        "H100",
        "570.133.20",
        "2026-05-23T10:00:00Z",
        "2026-05-23T10:40:00Z",
    ),
    "e3sm-8699-perlmutter-nid004069-nid001300-cudasetdevice-devices-unavailable-jobs-abort-in-seconds": Backdrop(
        "nid004069",
        "A100",
        "550.127.08",
        "2026-08-28T22:15:13Z",
        "2026-08-28T22:55:13Z",
        pci=("03", "41", "82", "c1"),
    ),
    "fics-cluster-guide-53-miller-nvidia-smi-unknown-error-gpu-20-00-0-dmesg-nvswitch-sxid-20034-fatal": Backdrop(
        "miller",
        "A100",
        "550.127.05",
        "2026-03-30T10:00:00Z",
        "2026-03-30T10:40:00Z",
        pci=("18", "20", "2a", "3a", "5d", "9a", "ab", "ba"),
    ),
    "gpu-monitoring-tools-188-dcgm-exporter-serves-stale-metrics-after-nv-hostengine-restart-connection-invalid-benign": Backdrop(
        "dcgm-host",
        "V100",
        "460.73.01",
        "2021-05-12T17:01:12Z",
        "2021-05-12T17:41:12Z",
    ),
    "gpu-operator-2781-eks-hgx-b200-fabric-manager-wrong-path-no-mlx5-ib-ib-umad-fabric-in-progress-cuda-802": Backdrop(
        "p6-b200-node",
        "B200",
        "580.126.20",
        "2026-08-21T10:00:00Z",
        "2026-08-21T10:40:00Z",
    ),
    "gpu-operator-523-eks-p4d-a100-node-operand-pods-crashloop-nvidia-container-cli-driver-error-timed-out-faulty-gpu": Backdrop(
        "ip-10-51-52-158.us-west-2.compute.internal",
        "A100",
        "525.105.17",
        "2023-05-05T13:43:15Z",
        "2023-05-05T14:23:15Z",
    ),
    "homelab-4110-prusik-unattended-upgrades-bumped-nvidia-host-libs-device-plugin-nvml-mismatch-269-restarts": Backdrop(
        "prusik",
        "A10",
        "570.133.20",
        "2026-06-04T10:00:00Z",
        "2026-06-04T10:40:00Z",
        pci=("01",),
    ),
    "k8s-device-plugin-98-gce-maintenance-restart-gpu-uuid-changed-outofnvidia-gpu-unknown-device-id": Backdrop(
        "gce-gpu-node",
        "V100",
        "384.111",
        "2019-03-02T10:00:00Z",
        "2019-03-02T10:40:00Z",
        pci=("04",),
    ),
    "llm-rig-97-two-gpu-inference-rig-gpu0-hw-thermal-slowdown-92c-fan-capped-70pct-at-140w-airflow-limited": Backdrop(
        "llm-rig",
        "A10",
        "610.43.02",
        "2026-08-18T10:00:00Z",
        "2026-08-18T10:40:00Z",
        pci=("01", "02"),
    ),
    "ollama-2029-dell-xe8545-4xa100-mixtral-halts-ggml-cuda-error-unkillable-nvlink-board-replaced": Backdrop(
        "xe8545",
        "A100",
        "535.129.03",
        "2024-01-17T10:00:00Z",
        "2024-01-17T10:40:00Z",
        pci=("01", "41", "81", "c1"),
    ),
    "open-clip-703-16xv100-training-freezes-every-num-workers-iterations-long-dataloader-wait-slow-disks": Backdrop(
        "v100-train-node",
        "V100",
        "515.65.01",
        "2023-10-24T10:00:00Z",
        "2023-10-24T10:40:00Z",
    ),
    "open-gpu-kernel-modules-1370-fleet-xid31-fault-pde-fixed-va-on-610-57-04-vulkan-churn-rollback-580-clean": Backdrop(
        "render-node-001",
        "A10",
        "610.57.04",
        "2026-09-17T10:00:00Z",
        "2026-09-17T10:40:00Z",
        pci=("01",),
    ),
    "pai-4344-prod-node-4-gpus-nvidia-smi-shows-3-rminitadapter-failed-0x26-minor-0-cordoned": Backdrop(
        "pai-prod-node",
        "V100",
        "418.87.01",
        "2020-03-31T10:00:00Z",
        "2020-03-31T10:40:00Z",
        pci=("1a", "1c", "1d", "1e"),
    ),
    "pytorch-81628-two-node-roce-ddp-init-net-ib-completion-error-12-vendor-err-129-nics-under-different-switches-gid-index": Backdrop(
        "tf144",
        "V100",
        "470.129.06",
        "2022-07-18T07:30:00Z",
        "2022-07-18T08:10:00Z",
        pci=("2f", "86"),
    ),
    "sglang-39206-ci-runner-h100-novita6-gpu-01-gpu1-sw-thermal-slowdown-86c-sm-480mhz-job-over-time-limit": Backdrop(
        "h100-novita6-gpu-01",
        "H100",
        "570.133.20",
        "2026-09-12T10:00:00Z",
        "2026-09-12T10:40:00Z",
    ),
    "strom-536-host-frank-docker-systemd-cgroup-daemon-reload-revokes-gpu-device-access-nvml-unknown-error": Backdrop(
        "frank",
        "A10",
        "580.95.05",
        "2026-05-04T10:00:00Z",
        "2026-05-04T10:40:00Z",
        pci=("01",),
    ),
    "tractor-126-perlmutter-gpu-bricks-4-per-node-slurmstepd-oom-kill-event-in-coadds-stage-1pct-of-bricks": Backdrop(
        "nid-perlmutter-gpu",
        "A100",
        "550.127.08",
        "2025-10-06T10:00:00Z",
        "2025-10-06T10:40:00Z",
        pci=("03", "41", "82", "c1"),
    ),
    "trixie-38-cn110-one-gpu-not-working-drained-recurs-for-months-hpe-replaced-gpu": Backdrop(
        "cn110",
        "V100",
        "450.80.02",
        "2020-10-16T10:00:00Z",
        "2020-10-16T10:40:00Z",
        pci=("1a", "1c", "88", "8a"),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
