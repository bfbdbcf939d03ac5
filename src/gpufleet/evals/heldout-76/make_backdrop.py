"""heldout-public-76's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-76/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
sku is one of the allowed SKUs; most are stand-ins (see each case's description). No case uses extra:
no report quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'dcgm-138-gr-engine-active-max-50-33-percent-on-mig-instances-one-gpc-used-benign': Backdrop(
        'a100-mig-node',
        'A100',
        '535.129.03',
        '2023-12-05T11:30:00Z',
        '2023-12-05T12:10:00Z',
        pci=('07',),
    ),
    'nemo-11784-llama2-70b-pretraining-host-ram-oom-with-4-dataloader-workers': Backdrop(
        'gke-a3-mega-node-1',
        'H100',
        '550.90.07',
        '2025-01-10T11:30:00Z',
        '2025-01-10T12:10:00Z',
        pci=('04', '05', '0a', '0b', '84', '85', '8a', '8b'),
    ),
    'megatron-735-moe-training-nccl-allreduce-timeout-fixed-by-transformerengine-pr': Backdrop(
        '9aee1c01f3e7',
        'A100',
        '535.161.08',
        '2024-07-28T11:30:00Z',
        '2024-07-28T12:10:00Z',
        pci=('07', '0f', '47', '4e'),
    ),
    'nvidia-container-toolkit-450-podman-cdi-spec-stale-after-driver-550-67-upgrade-libegl-not-found': Backdrop(
        'fedora39-workstation',
        'A10',
        '550.67',
        '2024-04-10T11:30:00Z',
        '2024-04-10T12:10:00Z',
        pci=('01',),
    ),
    'gpu-operator-233-device-plugin-validator-fails-gpu-taken-by-pending-pod-first-benign': Backdrop(
        'k8s-gpu-worker',
        'A10',
        '470.57.02',
        '2021-08-02T11:30:00Z',
        '2021-08-02T12:10:00Z',
        pci=('01',),
    ),
    'gpu-operator-403-device-plugin-validator-fails-after-reboot-with-mig-host-driver-ready-race': Backdrop(
        'k8s-mig-node',
        'A100',
        '510.47.03',
        '2023-01-30T11:30:00Z',
        '2023-01-30T12:10:00Z',
        pci=('07',),
    ),
    'gpu-operator-132-operator-cannot-deploy-on-mig-enabled-a100-mig-strategy-none': Backdrop(
        'a100-mig-k8s-node',
        'A100',
        '460.32.03',
        '2021-01-25T11:30:00Z',
        '2021-01-25T12:10:00Z',
        pci=('07',),
    ),
    'dcgm-120-long-dcgmi-diag-run-stops-at-hardcoded-8-hour-timeout-benign': Backdrop(
        'h800',
        'H100',
        '535.129.03',
        '2023-12-19T11:30:00Z',
        '2023-12-19T12:10:00Z',
        pci=('18',),
    ),
    'tensorrt-2907-rtx-4090-slower-than-1080-opencv-postprocessing-contends-with-default-stream': Backdrop(
        'trt-inference-box',
        'A10',
        '525.105.17',
        '2023-05-09T11:30:00Z',
        '2023-05-09T12:10:00Z',
        pci=('01',),
    ),
    'nvidia-container-toolkit-465-ecs-containers-lose-gpu-access-legacy-cgroup-edits-undone-by-docker-update': Backdrop(
        'ip-10-0-80-174',
        'A10',
        '550.73',
        '2024-04-18T11:30:00Z',
        '2024-04-18T12:10:00Z',
        pci=('1e',),
    ),
    'tensorrt-llm-3486-deepseek-r1-h200-throughput-short-of-blog-power-and-clocks-blamed': Backdrop(
        'h200-node',
        'H200',
        '570.124.06',
        '2025-04-14T11:30:00Z',
        '2025-04-14T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'gpu-operator-286-hgx-a100-centos7-cuda-validator-crashloop-fabric-manager-not-installed': Backdrop(
        'hgxlearn1000-mgmt',
        'A100',
        '470.82.01',
        '2021-11-29T11:30:00Z',
        '2021-11-29T12:10:00Z',
        pci=('07', '0f', '47', '4e', '87', '90', 'b7', 'bd'),
    ),
    'gpu-driver-container-854-vgpu-manager-image-ships-no-fabric-manager-nvswitch-guests-cuinit-802': Backdrop(
        'hgx-vgpu-host',
        'H100',
        '580.95.05',
        '2026-07-04T11:30:00Z',
        '2026-07-04T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'open-gpu-kernel-modules-120-open-module-fails-to-init-gsp-on-nixos-compressed-gsp-bin-suspected': Backdrop(
        'nixos-desktop',
        'A10',
        '515.65.01',
        '2022-08-23T11:30:00Z',
        '2022-08-23T12:10:00Z',
        pci=('01',),
    ),
    'tensorrt-llm-16899-custom-allreduce-cuda-ipc-crash-on-pcie-only-gpus-fallback-to-nccl': Backdrop(
        'rhel95-8x5090',
        'A10',
        '580.82.09',
        '2026-07-31T11:30:00Z',
        '2026-07-31T12:10:00Z',
        pci=('01', '21', '41', '61', '81', 'a1', 'c1', 'e1'),
    ),
    'tensorrt-3633-trtexec-cuda-graph-multi-stream-xid-31-mmu-fault-internal-bug-reproduced': Backdrop(
        'trt-test-box',
        'A10',
        '535.154.05',
        '2024-02-01T11:30:00Z',
        '2024-02-01T12:10:00Z',
        pci=('01', '02'),
    ),
    'tensorrt-llm-6776-fmha-illegal-instruction-zero-kv-sequence-length-edge-case-fixed': Backdrop(
        'trtllm-ci-node',
        'A10',
        '575.57.08',
        '2025-08-11T11:30:00Z',
        '2025-08-11T12:10:00Z',
        pci=('01',),
    ),
    'nvidia-container-toolkit-169-containers-fail-to-start-after-host-driver-upgrade-until-docker-restart': Backdrop(
        'docker-gpu-host',
        'A10',
        '510.47.03',
        '2022-05-04T11:30:00Z',
        '2022-05-04T12:10:00Z',
        pci=('01',),
    ),
    'gpu-operator-615-nvml-daemonset-scheduled-before-driver-ready-on-new-node': Backdrop(
        'new-gpu-node',
        'A10',
        '535.129.03',
        '2023-11-27T11:30:00Z',
        '2023-11-27T12:10:00Z',
        pci=('01',),
    ),
    'gpu-operator-2685-validator-ready-while-nvidia-uvm-device-nodes-missing-after-driver-pod-recreate': Backdrop(
        'edge-gpu-device',
        'A10',
        '580.95.05',
        '2026-07-28T11:30:00Z',
        '2026-07-28T12:10:00Z',
        pci=('01',),
    ),
    'dcgm-exporter-114-prof-sm-active-metrics-not-published-need-datacenter-gpu-benign': Backdrop(
        'k8s-dcgm-node',
        'A10',
        '515.65.01',
        '2022-11-01T11:30:00Z',
        '2022-11-01T12:10:00Z',
        pci=('01',),
    ),
    'dcgm-exporter-646-xid-and-retired-page-metrics-missing-distroless-image-benign': Backdrop(
        'gpu-operator-node',
        'A10',
        '580.95.05',
        '2026-06-29T11:30:00Z',
        '2026-06-29T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
