"""heldout-6's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``.venv/bin/python <this folder>/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers as the report prints them, one per
GPU, in index order; default an 8-GPU HGX), extra={(gpu_index, "DCGM_FI_..."): value quoted}).
sku must be one of A10, V100, A100, H100, B200, GB200 (stand-in where the report's GPU is not one).
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    "autocast-381-post-fit-save-checkpoint-barrier-on-rank0-only-allreduce-timeout": Backdrop(
        "slurm-gpu-node",
        "A100",
        "550.127.08",
        "2026-05-21T10:00:00Z",
        "2026-05-21T10:40:00Z",
        pci=("18", "2a", "3a", "5d"),
    ),
    "dcgm-122-dgx-a100-gpu0-ubergemm-one-third-gflops-diag-passes": Backdrop(
        "dgx-a100",
        "A100",
        "535.104.05",
        "2023-10-27T10:00:00Z",
        "2023-10-27T10:40:00Z",
    ),
    "dcgm-303-prof-metrics-zero-after-xid31-getsamples-37-gpu-busy-benign": Backdrop(
        "phx8-2fa",
        "A10",
        "570.172.08",
        "2026-06-10T02:40:16Z",
        "2026-06-10T03:20:16Z",
        pci=("1a", "3b", "86", "af"),
    ),
    "dra-driver-982-gb200-cuda0-busy-unavailable-nv-err-reset-required": Backdrop(
        "gb200-node",
        "GB200",
        "580.126.20",
        "2026-04-02T10:00:00Z",
        "2026-04-02T10:40:00Z",
    ),
    "gpu-operator-2880-aro-t4-stale-inference-processes-hold-gpu-memory-cuda-oom": Backdrop(
        "aro-t4-worker",
        "A10",
        "595.91.07",
        "2026-09-10T10:00:00Z",
        "2026-09-10T10:40:00Z",
        pci=("01",),
    ),
    "gpu-operator-356-fabricmanager-fails-on-single-geforce-no-nvswitch-benign": Backdrop(
        "test-rocky8-kvm63",
        "A10",
        "510.47.03",
        "2022-06-02T21:02:25Z",
        "2022-06-02T21:42:25Z",
        pci=("05",),
    ),
    "gpud-604-xid79-fallen-off-bus-pci-ae-remapped-rows-error-gpu-is-lost": Backdrop(
        "gpud-node",
        "H100",
        "550.127.05",
        "2025-04-02T10:00:00Z",
        "2025-04-02T10:40:00Z",
        pci=("ae",),
    ),
    "illinois-76-stout-titan-v-rminitadapter-failed-ipmi-bus-correctable-error": Backdrop(
        "stout",
        "V100",
        "535.161.07",
        "2024-04-14T12:18:42Z",
        "2024-04-14T12:58:42Z",
        pci=("81",),
    ),
    "k8s-device-plugin-1934-nfd-toleration-equal-present-vs-taint-true-plugin-desired-0": Backdrop(
        "eks-gpu-node",
        "A10",
        "570.172.08",
        "2026-07-19T10:00:00Z",
        "2026-07-19T10:40:00Z",
        pci=("00",),
    ),
    "k8s-device-plugin-23-could-not-load-nvml-default-runtime-not-nvidia": Backdrop(
        "k8s-gpu-node",
        "V100",
        "384.111",
        "2018-01-19T10:00:00Z",
        "2018-01-19T10:40:00Z",
        pci=("00",),
    ),
    "kohya-sd-scripts-1434-2xh100-uncorrectable-ecc-nccl-watchdog-terminated": Backdrop(
        "ubuntu-2xh100",
        "H100",
        "535.183.01",
        "2024-08-01T10:00:00Z",
        "2024-08-01T10:40:00Z",
        pci=("18", "2a"),
    ),
    "megatron-bridge-2053-b300-dsv3-pipeline-group-nccl-hang-first-iteration": Backdrop(
        "b300-node",
        "B200",
        "580.126.20",
        "2026-01-08T15:49:09Z",
        "2026-01-08T16:29:09Z",
    ),
    "model-angelo-60-slurm-job-without-gpu-allocation-nvidia-smi-fails": Backdrop(
        "gpu-node",
        "A10",
        "525.85.12",
        "2023-08-03T10:00:00Z",
        "2023-08-03T10:40:00Z",
        pci=("00",),
    ),
    "ms-swift-10183-ddp-broadcast-shape-mismatch-rank2-nccl-watchdog-hang": Backdrop(
        "swift-train-node",
        "A100",
        "570.172.08",
        "2026-09-18T18:59:24Z",
        "2026-09-18T19:39:24Z",
        pci=("18", "2a", "3a", "5d"),
    ),
    "nccl-1562-h200-gpu46-fabric-manager-failure-nvls-invalid-argument-hpl-700": Backdrop(
        "gpu46",
        "H100",
        "550.90.07",
        "2025-01-03T10:00:00Z",
        "2025-01-03T10:40:00Z",
    ),
    "nccl-2013-hgx-ibv-modify-qp-errno-110-rail-connected-cross-nic": Backdrop(
        "host-01.example.com",
        "H100",
        "575.57.08",
        "2026-03-13T21:56:02Z",
        "2026-03-13T22:36:02Z",
    ),
    "nccl-928-ib-completion-error-4-vendor-err-81-acs-breaks-gpudirect-rdma": Backdrop(
        "ib-node-1",
        "A100",
        "535.54.03",
        "2023-07-24T10:00:00Z",
        "2023-07-24T10:40:00Z",
    ),
    "ninfer-3090-72-sw-power-cap-binds-every-busy-sample-no-thermal-benign": Backdrop(
        "ninfer-3090",
        "A10",
        "580.97",
        "2026-09-09T10:00:00Z",
        "2026-09-09T10:40:00Z",
        pci=("01",),
    ),
    "nvidia-docker-1671-nvml-unknown-error-in-container-after-systemctl-daemon-reload": Backdrop(
        "docker-gpu-host",
        "A10",
        "510.68.02",
        "2022-09-02T21:24:31Z",
        "2022-09-02T22:04:31Z",
    ),
    "nvidia-docker-179-container-nvidia-smi-empty-process-list-pid-namespace-benign": Backdrop(
        "gpu-host",
        "A10",
        "367.44",
        "2016-08-24T10:00:00Z",
        "2016-08-24T10:40:00Z",
        pci=("01",),
    ),
    "nvidia-persistenced-15-gdscheck-hung-task-nvidia-rwlock-reboot-stalls": Backdrop(
        "gds-node",
        "H100",
        "570.172.08",
        "2025-09-05T10:00:00Z",
        "2025-09-05T10:40:00Z",
    ),
    "nvsentinel-1748-gb200-sbe-storm-stalls-dcgm-health-monitor-liveness-killed": Backdrop(
        "3209e979-r06-01",
        "GB200",
        "580.126.20",
        "2026-09-04T10:00:00Z",
        "2026-09-04T10:40:00Z",
    ),
    "ogkm-1045-4x3090-gpu3-xid62-pmu-halted-xid154-reset-required-after-idle-aspm": Backdrop(
        "llm-4x3090",
        "A10",
        "590.48.01",
        "2026-05-04T13:39:23Z",
        "2026-05-04T14:19:23Z",
        pci=("01", "21", "3d", "3e"),
    ),
    "openpai-5528-killed-job-children-become-nvidia-zombie-processes-nvidia-smi-hangs": Backdrop(
        "openpai-worker",
        "V100",
        "418.87.01",
        "2021-06-10T10:00:00Z",
        "2021-06-10T10:40:00Z",
    ),
    "pytorch-35901-oom-10gib-free-large-tensor-segment-fragmented-second-iteration": Backdrop(
        "ml-workstation",
        "A10",
        "440.64",
        "2020-04-02T10:00:00Z",
        "2020-04-02T10:40:00Z",
        pci=("01",),
    ),
    "pytorch-ci-infra-552-fabric-manager-cloud-init-race-local-fm-not-configured": Backdrop(
        "b200-ci-node",
        "B200",
        "580.126.20",
        "2026-05-12T10:00:00Z",
        "2026-05-12T10:40:00Z",
    ),
    "shine-cluster-50-tatooine-nvidia-smi-fails-after-unattended-upgrade-of-driver-libs": Backdrop(
        "tatooine",
        "A10",
        "460.73.01",
        "2021-06-04T06:11:09Z",
        "2021-06-04T06:51:09Z",
        pci=("1a", "1c", "1d", "1e"),
    ),
    "yolov3-1151-v100-dataloader-worker-bus-error-host-ram-exhausted": Backdrop(
        "aistudio",
        "V100",
        "440.33.01",
        "2020-05-09T10:00:00Z",
        "2020-05-09T10:40:00Z",
        pci=("00",),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
