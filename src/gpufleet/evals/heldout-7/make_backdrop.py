"""heldout-7's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``.venv/bin/python <this folder>/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers as the report prints them, one per
GPU, in index order; default an 8-GPU HGX), extra={(gpu_index, "DCGM_FI_..."): value quoted}).
sku must be one of A10, V100, A100, H100, B200, GB200 (stand-in where the report's GPU is not one).
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    "azhpc-diagnostics-77-v100-pcie-nvidia-smi-power-err-transient-benign": Backdrop(
        "azhpc-nc-v3",
        "V100",
        "470.82.01",
        "2022-03-25T10:00:00Z",
        "2022-03-25T10:40:00Z",
        pci=("0c", "0d"),
    ),
    "chatglm3-681-four-gpu-api-server-uncorrectable-ecc-persists-after-restart": Backdrop(
        "chatglm-api",
        "A100",
        "530.30.02",
        "2024-01-02T10:00:00Z",
        "2024-01-02T10:40:00Z",
        pci=("18", "3b", "86", "af"),
    ),
    "chia-gigahorse-301-cuda-plotter-xid31-ce2-priv-violation-xid62-xid45-storm-new-driver": Backdrop(
        "chia-plotter",
        "A10",
        "550.67",
        "2024-04-07T10:00:00Z",
        "2024-04-07T10:40:00Z",
        pci=("0a",),
    ),
    "cudadrv-jl-106-tesla-k80-context-create-error-ecc-uncorrectable-code-214": Backdrop(
        "k80-box",
        "V100",
        "384.111",
        "2018-07-03T10:00:00Z",
        "2018-07-03T10:40:00Z",
        pci=("04",),
    ),
    "dcpdn-12-train-py-dataloader-worker-killed-by-signal-16g-host-ram": Backdrop(
        "dcpdn-ws",
        "A10",
        "396.37",
        "2018-07-27T10:00:00Z",
        "2018-07-27T10:40:00Z",
        pci=("01",),
    ),
    "deepops-1214-a100-mig-slurmd-fails-autodetect-nvml-slurm-built-without-nvml": Backdrop(
        "wylon",
        "A100",
        "515.65.01",
        "2022-08-17T13:36:32Z",
        "2022-08-17T14:16:32Z",
        pci=("07", "0f", "47", "4e"),
    ),
    "gpu-monitoring-tools-4-dgx-v100-dcgm-prom-empty-nvlink-fields-dmon-overflow-benign": Backdrop(
        "dgx-1",
        "V100",
        "384.125",
        "2018-08-07T10:00:00Z",
        "2018-08-07T10:40:00Z",
    ),
    "gpu-operator-274-sbatchd-kernel-null-deref-in-nvidia-rm-vmcore-kernel-panic": Backdrop(
        "e11u05",
        "V100",
        "470.57.02",
        "2021-10-25T10:00:00Z",
        "2021-10-25T10:40:00Z",
    ),
    "gpud-1147-h100-pcie-fabric-state-not-supported-flagged-unhealthy-benign": Backdrop(
        "h100-pcie-node",
        "H100",
        "570.172.08",
        "2025-11-19T10:00:00Z",
        "2025-11-19T10:40:00Z",
        pci=("17", "65"),
    ),
    "horovod-666-docker-nccl-connection-closed-by-remote-peer-docker0-interface-freeze": Backdrop(
        "horovod-node",
        "V100",
        "410.79",
        "2018-12-12T10:00:00Z",
        "2018-12-12T10:40:00Z",
    ),
    "ibm-cast-953-csm-dcgm2-nvlink-bandwidth-fields-unexpected-case-status-minus6-benign": Backdrop(
        "csm-compute",
        "V100",
        "418.87.01",
        "2020-08-19T09:13:28Z",
        "2020-08-19T09:53:28Z",
        pci=("04", "05", "35", "36"),
    ),
    "jan-183-rtx4090-on-riser-lnksta-2-5gt-downgraded-at-idle-power-saving-benign": Backdrop(
        "jan-2x4090",
        "A10",
        "535.104.05",
        "2023-09-19T10:00:00Z",
        "2023-09-19T10:40:00Z",
        pci=("01", "02"),
    ),
    "k8s-device-plugin-13-gtx1070-daemonset-crashloopbackoff-nvidia-not-default-runtime": Backdrop(
        "gtx1070-node",
        "A10",
        "384.98",
        "2017-12-08T06:11:44Z",
        "2017-12-08T06:51:44Z",
        pci=("01",),
    ),
    "k8s-device-plugin-1400-k3s-after-reboot-legacy-mode-ldcache-ldconfig-signal-9": Backdrop(
        "k3s-gpu-node",
        "A10",
        "580.76.05",
        "2025-09-02T10:00:00Z",
        "2025-09-02T10:40:00Z",
        pci=("01",),
    ),
    "k8s-device-plugin-165-pod-requests-2-gpus-nodes-have-1-insufficient-nvidia-gpu": Backdrop(
        "k8s-node2",
        "A10",
        "440.64.00",
        "2020-05-03T10:00:00Z",
        "2020-05-03T10:40:00Z",
        pci=("3b",),
    ),
    "k8s-device-plugin-243-v100s-uncorrectable-ecc-cuda-cannot-allocate-memory-plugin-still-healthy": Backdrop(
        "k8s-v100s-node",
        "V100",
        "450.51.05",
        "2021-04-28T08:09:21Z",
        "2021-04-28T08:49:21Z",
        pci=("00:07",),
    ),
    "llm-foundry-423-fsdp-generate-in-eval-forward-allgather-watchdog-600s": Backdrop(
        "llmf-node",
        "A100",
        "525.105.17",
        "2023-07-04T10:00:00Z",
        "2023-07-04T10:40:00Z",
    ),
    "nccl-tests-14-docker-all-reduce-unhandled-system-error-no-usable-ip-interface": Backdrop(
        "e66aa18dc444",
        "V100",
        "396.44",
        "2018-08-13T10:00:00Z",
        "2018-08-13T10:40:00Z",
    ),
    "nvidia-container-runtime-26-ppc64le-build-hook-nvidia-container-cli-unrecognized-option-display": Backdrop(
        "ppc64le-gpu",
        "V100",
        "396.26",
        "2018-05-21T10:00:00Z",
        "2018-05-21T10:40:00Z",
        pci=("04",),
    ),
    "ogkm-1107-nvidia-vma-access-null-deref-python-exited-irqs-disabled-595-bug": Backdrop(
        "nixos",
        "H100",
        "595.58.03",
        "2026-04-28T09:47:39Z",
        "2026-04-28T10:27:39Z",
        pci=("01",),
    ),
    "ogkm-1118-talos-8xa100-xid74-nvlink-fatal-link8-xid154-then-gsp-timeout": Backdrop(
        "192.168.11.119",
        "A100",
        "580.126.09",
        "2026-04-22T20:56:20Z",
        "2026-04-22T21:36:20Z",
        pci=("0b", "10", "48", "4c", "88", "8d", "c8", "cb"),
    ),
    "ogkm-829-xid120-gsp-task-exception-store-access-page-fault-after-7-days-uptime": Backdrop(
        "xid120-box",
        "H100",
        "575.51.02",
        "2026-02-04T10:00:00Z",
        "2026-02-04T10:40:00Z",
        pci=("06",),
    ),
    "ollama-4226-llama3-70b-runner-cuda-uncorrectable-ecc-api-error": Backdrop(
        "ollama-server",
        "A100",
        "550.54.15",
        "2024-05-07T10:00:00Z",
        "2024-05-07T10:40:00Z",
        pci=("01",),
    ),
    "owod-81-four-gpu-training-nvidia-smi-gpu-is-lost-reboot-to-recover": Backdrop(
        "owod-box",
        "V100",
        "470.82.01",
        "2021-12-18T10:00:00Z",
        "2021-12-18T10:40:00Z",
        pci=("02", "03", "82", "83"),
    ),
    "paddle-10239-glog-check-failed-cudastat-39-uncorrectable-ecc-during-long-inference": Backdrop(
        "paddle-infer",
        "V100",
        "384.81",
        "2018-04-26T17:22:54Z",
        "2018-04-26T18:02:54Z",
        pci=("04",),
    ),
    "pytorch-77562-fsdp-t5-3b-end-of-epoch-allgather-watchdog-1800s-rank0-save": Backdrop(
        "t5-fsdp-a100",
        "A100",
        "510.47.03",
        "2022-05-16T10:00:00Z",
        "2022-05-16T10:40:00Z",
    ),
    "relion-436-gipfeli-xid13-illegal-instruction-encoding-relion-refine-error-73": Backdrop(
        "Gipfeli",
        "A10",
        "410.93",
        "2019-02-15T17:07:45Z",
        "2019-02-15T17:47:45Z",
        pci=("41",),
    ),
    "siderolabs-extensions-893-talos-hgx-b200-fabricmanager-wrapper-picks-sm-disabled-lpf-port": Backdrop(
        "10.10.10.10",
        "B200",
        "580.95.05",
        "2025-11-25T13:28:49Z",
        "2025-11-25T14:08:49Z",
    ),
    "trl-1726-fsdp-ppo-generate-allgather-base-watchdog-timeout-600s": Backdrop(
        "ppo-node",
        "A100",
        "550.54.15",
        "2024-06-17T08:17:15Z",
        "2024-06-17T08:57:15Z",
        pci=("07", "0f", "47", "4e"),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
