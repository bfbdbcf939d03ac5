"""heldout-public-10's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``.venv/bin/python <this folder>/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers as the report prints them, one per GPU,
in index order; default an 8-GPU HGX), extra={(gpu_index, "DCGM_FI_..."): value quoted by the report}).
sku must be one of A10, V100, A100, H100, B200, GB200 (stand-in where the report's GPU is not one).
Generated from /work/staging/h25m-tools/meta/*.yaml by mk.py (one entry per case).
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    "akash-209-pdx-4090-provider-node1-gpu-a1-00-xid79-three-times-unknown-error-cordoned": Backdrop(
        "node1",
        "A10",
        "535.161.07",
        "2024-04-05T20:59:39Z",
        "2024-04-05T21:39:39Z",
        pci=("01:00", "21:00", "41:00", "61:00", "81:00", "a1:00", "c1:00", "e1:00"),
    ),
    "arjunausers-157-gpu-node-c016-slurm-node-unexpectedly-rebooted-held-down-for-stress-tests": Backdrop(
        "c016",
        "A100",
        "470.82.01",
        "2022-07-13T07:08:29Z",
        "2022-07-13T07:48:29Z",
        pci=("17:00", "65:00", "ca:00", "e3:00"),
    ),
    "axolotl-494-sample-packing-multigpu-broadcast-watchdog-1800s-fixed-by-nccl-buffsize-512mb": Backdrop(
        "axolotl-node",
        "A100",
        "535.86.10",
        "2023-08-28T10:00:00Z",
        "2023-08-28T10:40:00Z",
    ),
    "cupy-3557-four-gpu-nccl-allgather-one-process-skips-others-spin-100pct-util-deadlock": Backdrop(
        "cupy-4gpu",
        "V100",
        "440.64.00",
        "2020-07-06T10:00:00Z",
        "2020-07-06T10:40:00Z",
        pci=("3b:00", "5e:00", "86:00", "af:00"),
    ),
    "dalle-playground-104-docker-compose-nvml-driver-library-mismatch-kernel-module-510-vs-client-515": Backdrop(
        "popos-gpu-host",
        "A10",
        "510.73.05",
        "2022-06-29T10:00:00Z",
        "2022-06-29T10:40:00Z",
        pci=("01:00",),
    ),
    "dcgm-198-two-h100-nvl-all-18-nvlinks-down-dcgmi-link-status-yet-diag-r2-passes": Backdrop(
        "h100nvl-host",
        "H100",
        "560.35.03",
        "2024-11-13T10:00:00Z",
        "2024-11-13T10:40:00Z",
        pci=("17:00", "65:00"),
    ),
    "dcgm-202-dynolog-gpu-util-fields-stay-dcgm-fp64-blank-after-app-xid31-until-restart-benign": Backdrop(
        "dynolog-node",
        "A100",
        "535.54.03",
        "2024-11-21T10:00:00Z",
        "2024-11-21T10:40:00Z",
    ),
    "dcgm-exporter-418-h100-dcgm-fi-dev-gpu-util-rare-samples-above-100-808334905-benign-artefact": Backdrop(
        "h100-node",
        "H100",
        "550.118",
        "2024-12-20T10:00:00Z",
        "2024-12-20T10:40:00Z",
        pci=("1a:00", "40:00", "53:00", "66:00", "9c:00", "c0:00", "d2:00", "e4:00"),
    ),
    "dcgm-exporter-500-h100-slurm-xid-errors-gauge-stays-after-recovery-until-exporter-restart-benign": Backdrop(
        "h100-slurm-node",
        "H100",
        "550.127.08",
        "2025-05-27T10:00:00Z",
        "2025-05-27T10:40:00Z",
    ),
    "deepspeech-48-neon-librispeech-training-killed-by-oom-killer-24gb-host-ram-anon-rss-23gb": Backdrop(
        "deepspeech-host",
        "A10",
        "384.66",
        "2017-08-29T10:00:00Z",
        "2017-08-29T10:40:00Z",
        pci=("01:00",),
    ),
    "go-dcgm-52-dcgmi-diag-r2-gpu0-cuctxcreate-busy-or-unavailable-gpu1-passes": Backdrop(
        "dcgm-host",
        "A100",
        "535.104.05",
        "2023-12-26T10:00:00Z",
        "2023-12-26T10:40:00Z",
        pci=("3b:00", "d8:00"),
    ),
    "gpu-operator-1947-ocp-4-18-driver-580-82-07-proprietary-module-no-devices-found-open-module-fixes": Backdrop(
        "nvidia-driver-daemonset-418.94.202508060022-0-6v62h",
        "H100",
        "580.82.07",
        "2025-11-29T10:00:00Z",
        "2025-11-29T10:40:00Z",
    ),
    "gpu-operator-382-okd-a30-a100-mig-mode-on-no-mig-devices-cuda-validator-crashloop": Backdrop(
        "okd-a30-node",
        "A100",
        "515.48.07",
        "2022-08-04T08:48:08Z",
        "2022-08-04T09:28:08Z",
        pci=("17:00",),
    ),
    "k8s-device-plugin-1431-node-first-boot-prestart-hook-nvml-driver-library-mismatch-570-195-reboot-clears": Backdrop(
        "gpu-node",
        "A10",
        "570.195",
        "2025-09-30T10:00:00Z",
        "2025-09-30T10:40:00Z",
        pci=("01:00",),
    ),
    "k8s-device-plugin-421-node-tainted-gpu-device-plugin-not-starting-pod-untolerated-taint-gpu": Backdrop(
        "k8s-gpu-node",
        "A10",
        "525.125.06",
        "2023-06-26T10:00:00Z",
        "2023-06-26T10:40:00Z",
        pci=("01:00",),
    ),
    "litdata-340-two-node-sagemaker-streamingdataset-weighted-mix-stalls-then-nccl-watchdog-30min": Backdrop(
        "sagemaker-node-1",
        "A10",
        "535.183.01",
        "2024-08-23T21:22:48Z",
        "2024-08-23T22:02:48Z",
    ),
    "llamafactory-9170-qwen3-30b-a3b-zero2-sft-rank6-runtimeerror-uncorrectable-ecc-error": Backdrop(
        "llamafactory-node",
        "A100",
        "550.54.15",
        "2025-09-20T10:00:00Z",
        "2025-09-20T10:40:00Z",
    ),
    "nccl-733-k8s-pods-ib-completion-error-12-vendor-err-129-nic-connection-hardware-issue": Backdrop(
        "task-646--1-mhpnk",
        "A100",
        "515.65.01",
        "2022-10-26T10:00:00Z",
        "2022-10-26T10:40:00Z",
    ),
    "neural-style-312-k40c-uncorrectable-ecc-after-600-iterations-recurs-after-reboot-ecc-config-not-supported": Backdrop(
        "k40c-host",
        "V100",
        "367.44",
        "2016-08-25T10:00:00Z",
        "2016-08-25T10:40:00Z",
        pci=("03:00",),
    ),
    "nnunet-1519-agate-cluster-a100-training-runtimeerror-uncorrectable-nvlink-error": Backdrop(
        "agate-gpu-node",
        "A100",
        "525.105.17",
        "2023-06-26T10:00:00Z",
        "2023-06-26T10:40:00Z",
        pci=("07:00", "0b:00", "48:00", "4c:00"),
    ),
    "nvidia-docker-1047-dgx-v100-node-all-new-jobs-fail-nvidia-container-cli-driver-error-timed-out": Backdrop(
        "sc-sdgx-654",
        "V100",
        "418.40.04",
        "2019-08-20T10:00:00Z",
        "2019-08-20T10:40:00Z",
        pci=("06:00", "07:00", "0a:00", "0b:00", "85:00", "86:00", "89:00", "8a:00"),
    ),
    "nvidia-docker-1227-slurm-job-cgroup-limits-gpus-but-docker-run-gpus-all-sees-every-gpu": Backdrop(
        "slurm-gpu-node",
        "V100",
        "440.64.00",
        "2020-03-27T10:00:00Z",
        "2020-03-27T10:40:00Z",
    ),
    "nvoc-261-mining-rig-tempcontrol-nvidia-smi-gpu-0000-01-00-0-is-lost-reboot-to-recover": Backdrop(
        "nvoc-rig",
        "A10",
        "410.78",
        "2019-03-05T11:17:06Z",
        "2019-03-05T11:57:06Z",
        pci=("01:00", "02:00", "03:00"),
    ),
    "nvsentinel-1710-gb200-fleet-repeated-xid45-escalated-to-contact-support-normal-app-churn-benign": Backdrop(
        "gb200-node-worst",
        "GB200",
        "570.133.20",
        "2026-09-01T10:00:00Z",
        "2026-09-01T10:40:00Z",
    ),
    "operate-first-467-mghpcc-computer-room-elevated-temperature-chiller-startup-failure-smaug-cluster": Backdrop(
        "smaug-gpu-node",
        "V100",
        "470.57.02",
        "2022-04-12T17:35:00Z",
        "2022-04-12T18:15:00Z",
        pci=("18:00", "3b:00", "86:00", "af:00"),
    ),
    "ovro-lwa-137-gpu-nodes-power-supply-issues-blown-powerstrip-fuse-one-bad-psu-on-gpu03": Backdrop(
        "gpu03",
        "A100",
        "470.57.02",
        "2022-08-26T10:00:00Z",
        "2022-08-26T10:40:00Z",
        pci=("3b:00", "d8:00"),
    ),
    "pop-os-3363-gtx1660-root-port-aer-badtlp-baddllp-timeout-storm-then-xid79-weak-psu": Backdrop(
        "bubz",
        "A10",
        "535.113.01",
        "2024-09-19T15:48:02Z",
        "2024-09-19T16:28:02Z",
        pci=("07:00",),
    ),
    "rtx6kpro-88-17-gpu-switchtec-host-gpu-e3-00-left-at-gen2-x16-for-3-5h-of-training-after-hasd-udev-rule": Backdrop(
        "genoad24qm32-host",
        "B200",
        "580.82.07",
        "2026-08-29T10:00:00Z",
        "2026-08-29T10:40:00Z",
        pci=("03:00", "23:00", "43:00", "63:00", "83:00", "a3:00", "c3:00", "e3:00"),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
