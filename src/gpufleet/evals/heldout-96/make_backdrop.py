"""heldout-public-96's backdrop : the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-96/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); hosts, bus numbers and most drivers are
stand-ins (see each case's description). No case uses extra: no report quotes an exporter value as a metric
sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'trtllm-9263-nccl-invalid-usage-duplicate-gpu-detected-two-ranks-one-gpu': Backdrop(
        'k8s-trtllm-prefill-worker',
        'A10',
        '580.95.05',
        '2025-11-18T11:30:00Z',
        '2025-11-18T12:10:00Z',
        pci=('01', '02'),
    ),
    'nct-556-driver-rpc-error-persistence-mode-not-enabled': Backdrop(
        'docker-gpu-host-a',
        'A10',
        '580.95.05',
        '2025-11-17T11:30:00Z',
        '2025-11-17T12:10:00Z',
        pci=('01',),
    ),
    'jetson-ai-lab-427-jetpack-missing-etc-firmware-gpu-init-acr-bootstrap-fails': Backdrop(
        'jetson-jp72-devkit',
        'A10',
        '580.105.08',
        '2026-08-08T11:30:00Z',
        '2026-08-08T12:10:00Z',
        pci=('01',),
    ),
    'libnvidia-container-3-gcp-vm-restart-kernel-modules-not-loaded': Backdrop(
        'gcp-k80-vm',
        'A10',
        '384.66',
        '2017-08-17T11:30:00Z',
        '2017-08-17T12:10:00Z',
        pci=('01',),
    ),
    'ogkm-962-rtx5080-xid-109-ctx-switch-timeout-not-with-older-drivers': Backdrop(
        'desktop-rtx5080',
        'A10',
        '580.105.08',
        '2025-11-11T11:30:00Z',
        '2025-11-11T12:10:00Z',
        pci=('01',),
    ),
    'nv-tensorflow-83-cudagetdevice-failed-fixed-by-upgrading-driver': Backdrop(
        'ws-tensorflow-gpu',
        'A10',
        '525.85.12',
        '2023-03-17T11:30:00Z',
        '2023-03-17T12:10:00Z',
        pci=('01',),
    ),
    'isaacsim-646-driver-595-not-validated-install-recommended-580-65-06': Backdrop(
        'ws-isaacsim',
        'A10',
        '595.71.05',
        '2026-05-31T11:30:00Z',
        '2026-05-31T12:10:00Z',
        pci=('01',),
    ),
    'trt-1005-deserialized-engine-slow-gpu-not-warmed-up-clocks-not-locked-benign': Backdrop(
        'ws-trt-inference',
        'A10',
        '460.32.03',
        '2021-02-08T11:30:00Z',
        '2021-02-08T12:10:00Z',
        pci=('01',),
    ),
    'nct-856-cdi-spec-stale-after-kernel-driver-update-known-issue': Backdrop(
        'fedora-podman-gpu',
        'A10',
        '570.86.16',
        '2025-02-03T11:30:00Z',
        '2025-02-03T12:10:00Z',
        pci=('01',),
    ),
    'nct-1517-cdi-refresh-fails-libnvidia-sandboxutils-bug-in-565-fixed-in-570': Backdrop(
        'k8s-gpu-node-cdi',
        'A10',
        '565.57.01',
        '2026-02-02T11:30:00Z',
        '2026-02-02T12:10:00Z',
        pci=('01',),
    ),
    'ogkm-357-passthrough-t4-256mb-used-no-process-gsp-carveout-benign': Backdrop(
        'vm-passthrough-t4',
        'A10',
        '515.65.01',
        '2022-08-30T11:30:00Z',
        '2022-08-30T12:10:00Z',
        pci=('01',),
    ),
    'trt-881-first-batch-slow-resource-setup-after-shape-change-benign': Backdrop(
        'ws-trt-firstbatch',
        'A10',
        '455.32.00',
        '2020-11-11T11:30:00Z',
        '2020-11-11T12:10:00Z',
        pci=('01',),
    ),
    'ogkm-230-open-nvidia-ko-only-for-data-center-gpus-rminitadapter-failed': Backdrop(
        'desktop-open-kmod',
        'A10',
        '515.43.04',
        '2022-05-27T11:30:00Z',
        '2022-05-27T12:10:00Z',
        pci=('01',),
    ),
    'digits-252-cudaruntimegetversion-error-35-insufficient-driver-virtual-drive': Backdrop(
        'vm-digits',
        'A10',
        '352.39',
        '2015-09-01T11:30:00Z',
        '2015-09-01T12:10:00Z',
        pci=('01',),
    ),
    'trtllm-252-gpu-memory-grows-per-request-until-oom-paged-kv-cache-removed': Backdrop(
        'triton-trtllm-serve',
        'A10',
        '535.104.05',
        '2023-11-03T11:30:00Z',
        '2023-11-03T12:10:00Z',
        pci=('01',),
    ),
    'mbridge-1783-deepseek-v3-checkpoint-conversion-host-memory-oom': Backdrop(
        'dgx-h100-node-01',
        'A10',
        '580.95.05',
        '2025-12-20T11:30:00Z',
        '2025-12-20T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'enroot-106-after-reboot-containers-fail-nvidia-uvm-not-loaded-unprivileged': Backdrop(
        'slurm-pyxis-node',
        'A10',
        '470.57.02',
        '2021-10-21T11:30:00Z',
        '2021-10-21T12:10:00Z',
        pci=('01',),
    ),
    'cudf-spark-1365-rmm-maximum-pool-size-exceeded-too-much-data-per-task': Backdrop(
        'spark-gpu-worker',
        'A10',
        '450.80.02',
        '2020-12-10T11:30:00Z',
        '2020-12-10T12:10:00Z',
        pci=('01',),
    ),
    'ogkm-1332-rtx5070-laptop-gsp-rm-init-regression-after-570-172-08': Backdrop(
        'laptop-rtx5070',
        'A10',
        '570.190',
        '2026-09-02T11:30:00Z',
        '2026-09-02T12:10:00Z',
        pci=('01',),
    ),
    'cuda-checkpoint-53-killing-restored-process-hard-hangs-host': Backdrop(
        'bm-cuda-checkpoint',
        'A10',
        '595.71.05',
        '2026-06-11T11:30:00Z',
        '2026-06-11T12:10:00Z',
        pci=('01', '02'),
    ),
    'container-config-1-containerd-default-runtime-runc-device-plugin-fails': Backdrop(
        'k8s-containerd-gpu-node',
        'A10',
        '460.32.03',
        '2021-02-11T11:30:00Z',
        '2021-02-11T12:10:00Z',
        pci=('01',),
    ),
    'deepops-1295-slurm-build-fails-nvml-check-gpu-less-master-in-gpu-worker-group': Backdrop(
        'slurm-master-nogpu',
        'A10',
        '535.86.05',
        '2023-08-07T11:30:00Z',
        '2023-08-07T12:10:00Z',
        pci=(),
    ),
    'cudf-spark-1431-executors-oom-at-pool-allocation-several-executors-share-one-gpu': Backdrop(
        'spark-worker-32gb-gpu',
        'A10',
        '450.80.02',
        '2021-01-04T11:30:00Z',
        '2021-01-04T12:10:00Z',
        pci=('01',),
    ),
    'cudf-spark-1674-standalone-executors-request-no-gpus-several-share-one': Backdrop(
        'dgx1-spark-standalone',
        'A10',
        '450.80.02',
        '2021-02-05T11:30:00Z',
        '2021-02-05T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'trt-2901-first-execute-async-v2-call-slow-context-initialization-benign': Backdrop(
        'docker-trt-titan',
        'A10',
        '470.74',
        '2023-04-26T11:30:00Z',
        '2023-04-26T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
