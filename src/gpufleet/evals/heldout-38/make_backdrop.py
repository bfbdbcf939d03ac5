"""heldout-public-38's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-38/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order; default an 8-GPU HGX)).
sku is one of A10, V100, A100, H100, B200, GB200 (a stand-in where the report's GPU is not one; see each case's
description). No case uses extra: no report quotes an exporter value as a metric sample.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    "deepops-1186-nvml-driver-library-version-mismatch-during-deepops-install-cleared-by-reboot": Backdrop(
        "deepops-node",
        "V100",
        "510.73.05",
        "2022-06-20T11:30:00Z",
        "2022-06-20T12:10:00Z",
        pci=("3b",),
    ),
    "pytorch-24081-multi-gpu-dataparallel-freezes-unkillable-acs-still-enabled-on-plx-switches-with-vt-d-off": Backdrop(
        "ax08",
        "A10",
        "430.50",
        "2019-11-06T11:30:00Z",
        "2019-11-06T12:10:00Z",
        pci=("02", "03", "82", "83"),
    ),
    "isaac-gr00t-379-thor-inference-latency-spike-after-each-idle-period-gpu-clocks-drop-to-idle-state-benign": Backdrop(
        "thor-devkit",
        "B200",
        "580.65.06",
        "2026-05-06T11:30:00Z",
        "2026-05-06T12:10:00Z",
        pci=("01",),
    ),
    "vllm-12610-gpu-memory-grows-to-oom-kv-cache-fills-toward-gpu-memory-utilization-0-96-fixed-by-0-9": Backdrop(
        "vllm-host",
        "A100",
        "550.127.05",
        "2025-02-04T11:30:00Z",
        "2025-02-04T12:10:00Z",
        pci=("07",),
    ),
    "sglang-36295-vlm-serving-tokenizer-vram-growth-caching-allocator-keeps-image-preprocessing-scratch-fixed-by-mempool": Backdrop(
        "sglang-h200",
        "H100",
        "580.95.05",
        "2026-08-25T11:30:00Z",
        "2026-08-25T12:10:00Z",
        pci=("18",),
    ),
    "lightning-18650-slurm-srun-task-gets-one-cpu-core-by-default-dataloader-bottleneck-multi-gpu-training-slow": Backdrop(
        "slurm-gpu-node",
        "A100",
        "535.104.05",
        "2023-12-30T11:30:00Z",
        "2023-12-30T12:10:00Z",
        pci=("07", "0b", "48", "4c"),
    ),
    "tensorflow-28693-cuda-error-launch-failed-during-training-video-card-memory-errors-found-by-cuda-memtest-card-replaced": Backdrop(
        "tf-train-host",
        "A10",
        "418.56",
        "2019-10-05T11:30:00Z",
        "2019-10-05T12:10:00Z",
        pci=("01",),
    ),
    "nvidia-docker-1618-containers-lose-gpu-failed-to-initialize-nvml-unknown-error-fixed-by-cgroup-v1-boot-option": Backdrop(
        "master",
        "A10",
        "470.82.01",
        "2022-05-07T11:30:00Z",
        "2022-05-07T12:10:00Z",
        pci=("3b", "5e"),
    ),
    "pytorch-4293-killed-cuda-processes-become-zombies-holding-gpu-unusable-until-server-restart": Backdrop(
        "pytorch-lab-server",
        "A10",
        "384.90",
        "2017-12-22T11:30:00Z",
        "2017-12-22T12:10:00Z",
        pci=("02", "03", "82", "83"),
    ),
    "pai-4314-user-job-fails-with-segmentation-fault-on-gpu-with-ecc-error-and-is-not-retried": Backdrop(
        "pai-worker",
        "V100",
        "418.87.01",
        "2020-03-23T11:30:00Z",
        "2020-03-23T12:10:00Z",
        pci=("3b",),
    ),
    "pai-1719-openpai-portal-shows-no-gpu-utilization-node-exporter-hangs-on-iftop-telemetry-only-benign": Backdrop(
        "pai-node",
        "V100",
        "396.44",
        "2018-11-21T11:30:00Z",
        "2018-11-21T12:10:00Z",
        pci=("3b",),
    ),
    "pai-762-36-of-72-gpus-held-by-hung-jobs-after-oom-hanging-docker-instances-platform-bug-fixed": Backdrop(
        "pai-gpu-node",
        "V100",
        "384.111",
        "2018-06-25T11:30:00Z",
        "2018-06-25T12:10:00Z",
    ),
    "pai-4647-unexpected-power-failure-gpu-worker-nodes-notready-after-power-restored-readded-to-cluster": Backdrop(
        "pai-gpu-worker",
        "V100",
        "440.64",
        "2020-06-24T11:30:00Z",
        "2020-06-24T12:10:00Z",
        pci=("3b",),
    ),
    "pai-megatron-383-llama-3-1-8b-training-one-gpu-utilization-lower-than-the-rest-maintainer-suspects-bad-card": Backdrop(
        "pai-dlc-node",
        "A100",
        "535.161.08",
        "2025-01-17T11:30:00Z",
        "2025-01-17T12:10:00Z",
    ),
    "llm-foundry-336-two-node-mpt-training-8x-slower-than-one-node-no-infiniband-fixed-with-ib": Backdrop(
        "mpt-node-0",
        "A100",
        "525.105.17",
        "2023-06-16T11:30:00Z",
        "2023-06-16T12:10:00Z",
    ),
    "vllm-7728-potential-hardware-failure-running-vllm-server-power-supplies-undersized": Backdrop(
        "vllm-server",
        "A100",
        "550.90.07",
        "2024-08-23T11:30:00Z",
        "2024-08-23T12:10:00Z",
        pci=("17", "31", "b1", "ca"),
    ),
    "finetrainers-99-cogvideox-i2v-training-slow-on-a100-slow-dataset-processing-and-accelerate-overhead": Backdrop(
        "finetrainers-a100",
        "A100",
        "535.183.01",
        "2025-01-23T11:30:00Z",
        "2025-01-23T12:10:00Z",
    ),
    "pytorch-129749-p5-h100-nccl-deadlock-on-driver-550-fabric-manager-not-running-interface-version-mismatch": Backdrop(
        "p5-h100-node",
        "H100",
        "550.54.15",
        "2024-07-01T14:13:57Z",
        "2024-07-01T14:53:57Z",
    ),
    "serve-2736-docker-gpu-regression-runner-lost-communication-nightly-runner-reboot-script-overlapped-test-run-benign": Backdrop(
        "regression-test-gpu-3",
        "A10",
        "535.104.12",
        "2023-10-30T11:30:00Z",
        "2023-10-30T12:10:00Z",
        pci=("1e",),
    ),
    "serve-2285-torchserve-workers-die-beyond-10-workers-each-worker-holds-3-5gb-host-ram-on-29gb-machine": Backdrop(
        "torchserve-host",
        "A10",
        "525.105.17",
        "2023-04-28T11:30:00Z",
        "2023-04-28T12:10:00Z",
        pci=("1e",),
    ),
    "detectron-219-caffe2-multi-gpu-training-deadlocks-on-v100-with-cuda-9-fixed-by-nvidia-driver-396-26": Backdrop(
        "detectron-v100-node",
        "V100",
        "390.30",
        "2018-06-27T11:30:00Z",
        "2018-06-27T12:10:00Z",
    ),
    "sglang-37806-glm-checkpoint-load-from-lustre-over-20-min-page-fault-bound-access-pattern-fixed-by-prefetch": Backdrop(
        "h20-tp8-node",
        "H100",
        "570.133.20",
        "2026-09-03T11:30:00Z",
        "2026-09-03T12:10:00Z",
    ),
    "openrlhf-1013-ppo-ray-job-killed-node-low-on-memory-with-vllm-enable-sleep-host-ram-runs-out": Backdrop(
        "openrlhf-node-0",
        "A100",
        "550.127.08",
        "2025-05-14T11:30:00Z",
        "2025-05-14T12:10:00Z",
    ),
    "tensorflow-1947-tensorflow-gpu-programs-freeze-the-instance-fixed-by-upgrading-nvidia-driver-352-39-to-367-44": Backdrop(
        "tf-gpu-instance",
        "A10",
        "352.39",
        "2016-09-10T11:30:00Z",
        "2016-09-10T12:10:00Z",
        pci=("02", "03"),
    ),
    "vllm-550-vllm-holds-73-gb-on-a100-for-13b-model-suspected-leak-is-kv-cache-preallocation-by-design-benign": Backdrop(
        "vllm-a100",
        "A100",
        "525.105.17",
        "2023-07-24T11:30:00Z",
        "2023-07-24T12:10:00Z",
        pci=("07",),
    ),
    "colossalai-3137-gpt-gemini-example-two-gpus-nccl-error-maintainer-suspects-host-cpu-memory-oom": Backdrop(
        "colossalai-box",
        "A10",
        "525.85.12",
        "2023-03-15T11:30:00Z",
        "2023-03-15T12:10:00Z",
        pci=("01", "02"),
    ),
    "nccl-207-two-node-training-unhandled-system-error-node-1-cannot-reach-node-0-socket-interface-firewall": Backdrop(
        "node1",
        "V100",
        "410.79",
        "2019-04-18T11:30:00Z",
        "2019-04-18T12:10:00Z",
        pci=("18", "3b", "86", "af"),
    ),
    "vllm-8303-two-nvlinked-3090s-p2p-stops-working-for-tensor-parallel-after-driver-update": Backdrop(
        "dual-3090-box",
        "A10",
        "560.35.03",
        "2024-09-09T11:30:00Z",
        "2024-09-09T12:10:00Z",
        pci=("01", "02"),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
