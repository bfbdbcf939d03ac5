"""heldout-public-32's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-32/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order; default an 8-GPU HGX)).
sku is one of A10, V100, A100, H100, B200, GB200 (a stand-in where the report's GPU is not one or is not named).
No case uses extra: no report quotes an exporter value as a metric sample.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    "aks-1031-nc6-promo-node-pool-device-plugin-failed-to-initialize-nvml-could-not-load-nvml-library-no-gpu-capacity": Backdrop(
        "aks-nc6-promo-node",
        "V100",
        "570.133.20",
        "2019-06-03T03:46:34Z",
        "2019-06-03T04:26:34Z",
        pci=("01",),
    ),
    "aks-3364-aks-gpu-node-driver-510-xid-119-timeout-waiting-for-rpc-from-gsp-app-crashes-fine-on-470-and-515": Backdrop(
        "aks-gpu-node",
        "A100",
        "510",
        "2022-11-30T11:30:00Z",
        "2022-11-30T12:10:00Z",
        pci=("00",),
    ),
    "aks-4880-a10-grid-550-driver-in-aks-ubuntu-images-lacks-nvidia-gridd-unlicensed-workload-failures-image-reverted": Backdrop(
        "aks-a10-node",
        "A10",
        "550",
        "2025-03-20T11:30:00Z",
        "2025-03-20T12:10:00Z",
        pci=("01",),
    ),
    "aks-engine-3269-azure-kernel-5-3-0-1020-azure-in-18-04-image-breaks-existing-nvidia-driver-install-on-gpu-nodes": Backdrop(
        "aks-engine-gpu-node",
        "V100",
        "570.133.20",
        "2020-05-15T11:30:00Z",
        "2020-05-15T12:10:00Z",
        pci=("01",),
    ),
    "azurehpc-health-checks-142-nhc-nccl-allreduce-fails-on-h200-15-gbps-artifact-of-test-topology-file-not-the-host": Backdrop(
        "vm",
        "H100",
        "570.133.20",
        "2025-06-11T11:30:00Z",
        "2025-06-11T12:10:00Z",
    ),
    "azurehpc-health-checks-3-gpu-clock-throttle-check-ignores-idle-and-sw-power-cap-logs-only-never-drains": Backdrop(
        "ndv4-node",
        "A100",
        "570.133.20",
        "2023-04-17T11:30:00Z",
        "2023-04-17T12:10:00Z",
    ),
    "cluster-toolkit-3032-a3-high-slurm-image-pulls-latest-driver-cuda-12-4-breaks-tcpx-nccl-timeouts-at-init-unsupported": Backdrop(
        "a3-highgpu-node",
        "H100",
        "570.133.20",
        "2024-09-13T11:30:00Z",
        "2024-09-13T12:10:00Z",
    ),
    "cluster-toolkit-5821-a3-high-slurm-nodes-drain-after-every-job-dcgm-3-3-9-incompatible-with-driver-580-cuda-13-epilog-fails": Backdrop(
        "a3h-compute-node",
        "H100",
        "580",
        "2026-06-21T11:30:00Z",
        "2026-06-21T12:10:00Z",
    ),
    "kfp-6510-kubeflow-pipeline-train-step-dataloader-bus-error-insufficient-shm-fixed-by-memory-emptydir-dev-shm": Backdrop(
        "kfp-gpu-pool-node",
        "V100",
        "570.133.20",
        "2021-09-10T11:30:00Z",
        "2021-09-10T12:10:00Z",
        pci=("04",),
    ),
    "kubeflow-1261-keras-training-in-kubeflow-on-gke-killed-node-low-on-resource-memory-pod-evicted": Backdrop(
        "gke-kubeflow-node",
        "V100",
        "570.133.20",
        "2018-07-25T11:30:00Z",
        "2018-07-25T12:10:00Z",
        pci=("04",),
    ),
    "kubeflow-5143-multi-gpu-nccl-all-reduce-hangs-in-kubeflow-jupyter-notebook-istio-networking-suspected-nccl-socket-ifname-lo-workaround": Backdrop(
        "kubeflow-gpu-node",
        "V100",
        "570.133.20",
        "2020-07-16T11:30:00Z",
        "2020-07-16T12:10:00Z",
        pci=("18", "3b"),
    ),
    "kuberay-321-autoscaler-creates-no-gpu-worker-pods-num-gpus-missing-from-ray-start-params": Backdrop(
        "kuberay-gpu-worker",
        "V100",
        "570.133.20",
        "2022-06-26T11:30:00Z",
        "2022-06-26T12:10:00Z",
        pci=("01",),
    ),
    "kubernetes-114422-kubelet-restart-sets-device-plugin-allocatable-to-capacity-before-device-manager-starts": Backdrop(
        "k8s-gpu-node",
        "V100",
        "570.133.20",
        "2022-12-12T11:30:00Z",
        "2022-12-12T12:10:00Z",
    ),
    "ompi-11949-clima-a100-smcuda-btl-cuipcopenmemhandle-fails-under-slurm-gpus-per-task-binding": Backdrop(
        "clima",
        "A100",
        "570.133.20",
        "2023-09-26T11:30:00Z",
        "2023-09-26T12:10:00Z",
    ),
    "pytorch-operator-359-pytorchjob-training-hangs-after-one-pod-reloads-gce-node-rescheduling": Backdrop(
        "gke-pytorchjob-node",
        "V100",
        "570.133.20",
        "2021-10-28T11:30:00Z",
        "2021-10-28T12:10:00Z",
        pci=("04",),
    ),
    "ray-22954-gtx-760-reports-no-utilization-gpustat-question-marks-none-breaks-ray-dashboard-benign": Backdrop(
        "ray-gtx760-node",
        "A10",
        "570.133.20",
        "2022-03-09T11:30:00Z",
        "2022-03-09T12:10:00Z",
        pci=("01",),
    ),
    "ray-26118-crashed-ray-worker-leaves-subprocesses-holding-gpu-memory-restarted-worker-crashes-again": Backdrop(
        "ray-worker-node",
        "V100",
        "570.133.20",
        "2023-10-13T11:30:00Z",
        "2023-10-13T12:10:00Z",
        pci=("01",),
    ),
    "ray-29630-ray-dashboard-node-gpu-utilization-exceeds-number-of-gpus-utilization-multiplied-by-num-gpus-benign": Backdrop(
        "ray-dashboard-node",
        "V100",
        "570.133.20",
        "2022-10-24T11:30:00Z",
        "2022-10-24T12:10:00Z",
        pci=("18", "3b", "86", "af"),
    ),
    "ray-30333-ray-train-multinode-nccl-error-hardcoded-nccl-socket-ifname-excludes-wireless-interface": Backdrop(
        "ray-train-worker",
        "V100",
        "570.133.20",
        "2022-11-17T11:30:00Z",
        "2022-11-17T12:10:00Z",
        pci=("01",),
    ),
    "ray-34095-gpus-not-detected-on-all-ray-cluster-nodes-maintainer-says-machine-probably-lost-nvidia-driver": Backdrop(
        "ray-cluster-node",
        "V100",
        "570.133.20",
        "2023-04-10T11:30:00Z",
        "2023-04-10T12:10:00Z",
        pci=("18", "3b", "86", "af"),
    ),
    "ray-49360-threaded-ray-actor-max-concurrency-over-1-leaks-cuda-memory-3gb-after-100-calls": Backdrop(
        "ray-actor-node",
        "H100",
        "570.133.20",
        "2024-12-19T11:30:00Z",
        "2024-12-19T12:10:00Z",
        pci=("01",),
    ),
    "ucc-1041-dgx1v-loki-23-non-master-rank-mlx5-context-create-fails-rank0-waits-in-barrier-hang-fixed-by-excluding-mlx5-tl": Backdrop(
        "dgx1v-loki-23",
        "V100",
        "570.133.20",
        "2024-10-28T11:37:08Z",
        "2024-10-28T12:17:08Z",
    ),
    "ucx-11121-gpudirect-rdma-staged-through-host-when-gpu-and-roce-nic-on-different-numa-nodes-85-to-65-gbps": Backdrop(
        "roce-gpu-node-1",
        "H100",
        "570.133.20",
        "2026-01-15T11:30:00Z",
        "2026-01-15T12:10:00Z",
    ),
    "ucx-3564-cuda-ib-local-protection-error-on-inter-socket-access-root-cause-pcie-acs-enabled-in-bios": Backdrop(
        "ucx-ib-gpu-node",
        "V100",
        "570.133.20",
        "2019-05-09T11:30:00Z",
        "2019-05-09T12:10:00Z",
    ),
    "ucx-3956-vms-assign-physical-gpus-to-wrong-logical-ids-at-boot-cuda-ipc-misses-nvlink-fixed-by-cuda-visible-devices-reorder": Backdrop(
        "ucx-nvlink-vm",
        "V100",
        "570.133.20",
        "2019-07-26T11:30:00Z",
        "2019-07-26T12:10:00Z",
    ),
    "ucx-3984-c7-3-osu-bw-device-buffers-350-mbps-no-gpudirect-rdma-nv-peer-mem-plugin-missing-staging-protocols": Backdrop(
        "c7-3",
        "V100",
        "570.133.20",
        "2019-08-01T11:30:00Z",
        "2019-08-01T12:10:00Z",
    ),
    "volcano-1782-device-plugin-detects-gpu-error-allocatable-4-to-3-volcano-still-schedules-pod-unexpectedadmissionerror": Backdrop(
        "volcano-gpu-node",
        "V100",
        "570.133.20",
        "2021-10-14T11:30:00Z",
        "2021-10-14T12:10:00Z",
        pci=("18", "3b", "86", "af"),
    ),
    "volcano-294-volcano-scheduler-panics-on-start-whenever-a-gpu-card-is-lost-on-a-node": Backdrop(
        "volcano-node",
        "V100",
        "570.133.20",
        "2019-07-05T11:30:00Z",
        "2019-07-05T12:10:00Z",
        pci=("18", "3b", "86", "af"),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
