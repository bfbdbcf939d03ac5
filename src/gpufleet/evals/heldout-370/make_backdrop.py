"""heldout-public-370's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-370/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts, GPU counts, bus numbers (01..N in index order) and the driver (550.144.03, the same for every case) are
stand-ins. No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never points
at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'vllm-25937-symmetric-memory-rendezvous-cuda-invalid-argument-multicast-fabric-state-cleared-by-reboot': Backdrop(
        'vllm-hgx-01',
        'A10',
        '550.144.03',
        '2025-09-30T11:30:00Z',
        '2025-09-30T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'nvdocker-1469-pytorch-container-loses-gpu-after-a-while-out-of-band-cgroup-sync-undoes-device-access': Backdrop(
        'docker-gpu-host',
        'A10',
        '550.144.03',
        '2021-03-05T11:30:00Z',
        '2021-03-05T12:10:00Z',
        pci=('01',),
    ),
    'v100skinny-3-tp2-pcie-v100-nccl-init-hang-p2p-over-pcie-bridges-no-nvlink': Backdrop(
        'v100-pcie-01',
        'A10',
        '550.144.03',
        '2026-08-23T11:30:00Z',
        '2026-08-23T12:10:00Z',
        pci=('01', '02',),
    ),
    'syvai-86-xid-31-illegal-memory-access-spec-decode-attn-int32-stride-overflow-fixed-in-pr-91': Backdrop(
        'rtx3090-box',
        'A10',
        '550.144.03',
        '2026-09-13T11:30:00Z',
        '2026-09-13T12:10:00Z',
        pci=('01',),
    ),
    'aeon7-9-gb10-host-freezes-unified-memory-pool-exhaustion-from-vllm-config-max-num-seqs-kv-bytes': Backdrop(
        'dgx-spark-01',
        'A10',
        '550.144.03',
        '2026-07-13T11:30:00Z',
        '2026-07-13T12:10:00Z',
        pci=('01',),
    ),
    'glm53df2-19-gb10-vllm-load-nv-err-no-memory-page-cache-flood-no-free-2mib-blocks-drop-caches-guard': Backdrop(
        'spark-a',
        'A10',
        '550.144.03',
        '2026-09-03T11:30:00Z',
        '2026-09-03T12:10:00Z',
        pci=('01',),
    ),
    'vllm-20455-warn-for-unimplemented-methods-warning-printed-on-every-v1-gpu-start-bogus-log-benign': Backdrop(
        'vllm-node',
        'A10',
        '550.144.03',
        '2025-07-03T11:30:00Z',
        '2025-07-03T12:10:00Z',
        pci=('01',),
    ),
    'geoestimation-16-inference-process-killed-docker-container-memory-limit': Backdrop(
        'docker-infer-host',
        'A10',
        '550.144.03',
        '2021-12-13T11:30:00Z',
        '2021-12-13T12:10:00Z',
        pci=('01',),
    ),
    'tf-22158-gpu-memory-above-per-process-gpu-memory-fraction-cuda-context-overhead-benign': Backdrop(
        'tf-gpu-host',
        'A10',
        '550.144.03',
        '2018-09-24T11:30:00Z',
        '2018-09-24T12:10:00Z',
        pci=('01',),
    ),
    'kaito-1374-vllm-startup-free-memory-less-than-gpu-memory-utilization-cuda-driver-memory-not-counted': Backdrop(
        'aks-a10-node',
        'A10',
        '550.144.03',
        '2025-08-08T11:30:00Z',
        '2025-08-08T12:10:00Z',
        pci=('01',),
    ),
    'vllm-13294-vllm-restart-fails-processgroupnccl-warning-leftover-vllm-processes-killed': Backdrop(
        'vllm-gpu-server',
        'A10',
        '550.144.03',
        '2025-02-25T11:30:00Z',
        '2025-02-25T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'triton-7649-triton-inference-hang-gpu-util-100-pct-regression-from-24-05-tensorrt-10-3': Backdrop(
        'triton-gpu-01',
        'A10',
        '550.144.03',
        '2024-09-30T11:30:00Z',
        '2024-09-30T12:10:00Z',
        pci=('01',),
    ),
    'lightning-4612-ddp-stuck-initializing-on-k80-nodes-compute-capability-3-7-works-on-cc-7-0': Backdrop(
        'hpc-k80-node',
        'A10',
        '550.144.03',
        '2020-12-06T11:30:00Z',
        '2020-12-06T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'ollama-7296-cuda-error-not-initialized-in-vm-gpu-not-actually-passed-through-works-on-host': Backdrop(
        'ollama-vm',
        'A10',
        '550.144.03',
        '2024-10-21T11:30:00Z',
        '2024-10-21T12:10:00Z',
        pci=('01',),
    ),
    'llamacpp-27923-llama-server-systemd-boot-races-nvidia-uvm-silent-cpu-fallback-health-ok': Backdrop(
        'llama-box',
        'A10',
        '550.144.03',
        '2026-08-29T11:30:00Z',
        '2026-08-29T12:10:00Z',
        pci=('01',),
    ),
    'cudf-18636-slow-cudf-import-dgx-b200-shipped-with-wrong-cuda-minor-driver-update-fixed': Backdrop(
        'b200b2-prod',
        'A10',
        '550.144.03',
        '2025-05-12T11:30:00Z',
        '2025-05-12T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'numba-3197-cuda-error-unknown-long-kernels-on-display-gpu-windows-watchdog-timer': Backdrop(
        'win-ws-01',
        'A10',
        '550.144.03',
        '2018-08-06T11:30:00Z',
        '2018-08-06T12:10:00Z',
        pci=('01',),
    ),
    'gptfast-19-benchmark-gpus-power-limited-to-330w-by-the-hardware-setup-not-a-fault-benign': Backdrop(
        'gptfast-bench',
        'A10',
        '550.144.03',
        '2023-12-03T11:30:00Z',
        '2023-12-03T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'ollama-12619-gb10-nvml-memory-not-supported-on-unified-memory-by-design-benign': Backdrop(
        'dgx-spark-02',
        'A10',
        '550.144.03',
        '2025-10-14T11:30:00Z',
        '2025-10-14T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
