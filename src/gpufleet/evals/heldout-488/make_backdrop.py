"""heldout-public-488's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-488/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
host names are the printed one where the evidence prints one (hidal, pve2, gpu-node-1) and stand-ins otherwise;
multi-GPU training nodes with no GPU count in the source use the backdrop's default 8-GPU layout (pci omitted);
single-GPU and small machines get stand-in bus numbers 01.., except pve2, whose bus (0a) the evidence prints.
The driver (550.144.03) is the same stand-in for every case, so the version carries no signal. No case uses
extra: no source quotes an exporter value as a metric sample. The backdrop never points at the cause: flat,
healthy metrics for every case. start/end are each case's time_range (onset - 30 min, onset + 10 min).
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'pytorch-119215-pg-destruction-hangs-ncclcommabort-collective-nccl-2-17-1': Backdrop(
        'c10d-prod-node',
        'A10',
        '550.144.03',
        '2024-02-05T11:30:00Z',
        '2024-02-05T12:10:00Z',
    ),
    'pytorch-101463-rank-killed-other-ranks-stuck-workcleanuploop-nccl-error-handling-regression': Backdrop(
        'ddp-node',
        'A10',
        '550.144.03',
        '2023-05-15T11:30:00Z',
        '2023-05-15T12:10:00Z',
    ),
    'nccl-1777-exception-triggers-ncclcommabort-proxy-thread-stuck-in-poll-process-cannot-exit': Backdrop(
        'nccl-abort-node',
        'A10',
        '550.144.03',
        '2025-07-12T11:30:00Z',
        '2025-07-12T12:10:00Z',
    ),
    'megatron-bridge-3595-destroy-process-group-hangs-at-exit-te-cuda-graphs-not-released': Backdrop(
        'megatron-node',
        'A10',
        '550.144.03',
        '2026-04-30T11:30:00Z',
        '2026-04-30T12:10:00Z',
    ),
    'ms-swift-8385-moe-megatron-training-hangs-after-completion-uncoordinated-nccl-group-teardown': Backdrop(
        'moe-train-node',
        'A10',
        '550.144.03',
        '2026-03-20T11:30:00Z',
        '2026-03-20T12:10:00Z',
    ),
    'pith-train-31-rank-raises-mid-step-atexit-destroy-process-group-drains-nccl-job-idles': Backdrop(
        'pith-node',
        'A10',
        '550.144.03',
        '2026-04-25T11:30:00Z',
        '2026-04-25T12:10:00Z',
    ),
    'canhazgpu-41-cancelled-queued-run-leaks-partially-reserved-gpus-stale-reservations': Backdrop(
        'chg-shared-host',
        'A10',
        '550.144.03',
        '2026-04-20T11:30:00Z',
        '2026-04-20T12:10:00Z',
    ),
    'ultralytics-3544-ctrl-c-leaves-ddp-child-processes-holding-gpus-sigint-handler': Backdrop(
        'yolo-ddp-host',
        'A10',
        '550.144.03',
        '2023-07-05T11:30:00Z',
        '2023-07-05T12:10:00Z',
        pci=('01', '02'),
    ),
    'flowmesh-85-task-failure-orphans-vllm-engine-core-grandchild-holding-gpu-next-task-oom': Backdrop(
        'flowmesh-worker',
        'A10',
        '550.144.03',
        '2026-06-26T11:30:00Z',
        '2026-06-26T12:10:00Z',
        pci=('01',),
    ),
    'negativo17-193-reboot-hangs-open-module-pci-shutdown-handler-after-pcie-bus-error-rtx-a1000': Backdrop(
        'hidal',
        'A10',
        '550.144.03',
        '2026-02-15T11:33:39Z',
        '2026-02-15T12:13:39Z',
        pci=('01',),
    ),
    'herro-runbook-rtx2080ti-pve2-hangs-at-pci-level-d3cold-gone-from-bus-cold-reboot-only': Backdrop(
        'pve2',
        'A10',
        '550.144.03',
        '2026-05-27T11:30:00Z',
        '2026-05-27T12:10:00Z',
        pci=('0a',),
    ),
    'so-39758094-benign-tf-memory-still-shown-used-after-model-finished-allocator-reserve': Backdrop(
        'tf-workstation',
        'A10',
        '550.144.03',
        '2016-09-29T11:30:00Z',
        '2016-09-29T12:10:00Z',
        pci=('01',),
    ),
    'azure-unbounded-588-host-reboot-skips-nvidia-setup-device-plugin-incomplete-cdi-nvml-missing': Backdrop(
        'gb300-host',
        'A10',
        '550.144.03',
        '2026-08-08T11:30:00Z',
        '2026-08-08T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'nccl-604-nccl-2-10-4-leaks-gpu-ipc-memory-at-communicator-destruction-on-nvb-topology': Backdrop(
        'nvb-node',
        'A10',
        '550.144.03',
        '2022-01-01T11:30:00Z',
        '2022-01-01T12:10:00Z',
    ),
    'cuopt-1662-cancel-kills-worker-mid-cuda-sticky-error-state-restart-whole-server': Backdrop(
        'cuopt-server',
        'A10',
        '550.144.03',
        '2026-06-01T11:30:00Z',
        '2026-06-01T12:10:00Z',
        pci=('01',),
    ),
    'comfyui-vdn-h3-v1-3-1-rerun-after-cancel-ooms-fragmented-allocator-pool-left-behind': Backdrop(
        'comfyui-host',
        'A10',
        '550.144.03',
        '2026-09-04T06:37:00Z',
        '2026-09-04T07:17:00Z',
        pci=('01',),
    ),
    'dcgm-279-benign-hang-detect-errors-for-exited-pids-after-dcgm-diag-runs-log-noise': Backdrop(
        'dcgm-host',
        'A10',
        '550.144.03',
        '2026-02-09T15:01:15Z',
        '2026-02-09T15:41:15Z',
    ),
    'kyma-gpu-72-benign-gardener-maintenance-window-shows-drivernotready-looks-like-outage': Backdrop(
        'gpu-node-1',
        'A10',
        '550.144.03',
        '2026-07-01T11:30:00Z',
        '2026-07-01T12:10:00Z',
        pci=('01',),
    ),
    'tensorflow-36627-benign-gpu-memory-held-after-session-close-until-process-exits-by-design': Backdrop(
        'tomcat-tf-host',
        'A10',
        '550.144.03',
        '2020-02-10T11:30:00Z',
        '2020-02-10T12:10:00Z',
        pci=('01',),
    ),
    'llama-cpp-1456-out-of-memory-on-model-reload-offloaded-gpu-buffers-not-freed-by-llama-free': Backdrop(
        'llama-host',
        'A10',
        '550.144.03',
        '2023-05-15T11:30:00Z',
        '2023-05-15T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
