"""heldout-public-126's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-126/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); hosts and bus numbers are stand-ins
(except bus c5, which nvsentinel-1357 prints), and so are the drivers no report names (see each case's
description). No case uses extra: no report quotes an exporter value as a metric sample. The backdrop never
points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'nvsentinel-1363-preflight-dcgm-diag-resource-in-use-reported-as-fatal-gpu-failure-benign': Backdrop(
        'k8s-gpu-node-preflight',
        'A10',
        '580.97',
        '2026-06-05T11:30:00Z',
        '2026-06-05T12:10:00Z',
        pci=('01',),
    ),
    'nvsentinel-1357-xid-145-nvlink5-nonfatal-reported-fatal-by-dcgm-diag-benign': Backdrop(
        'nvl5-gpu-node',
        'A10',
        '580.97',
        '2026-06-03T11:30:00Z',
        '2026-06-03T12:10:00Z',
        pci=('c5',),
    ),
    'dcgm-exporter-513-l40s-prof-metrics-missing-in-exporter-4-1-1-fixed-in-4-2-3-benign': Backdrop(
        'k8s-l40s-node',
        'A10',
        '570.133.20',
        '2025-06-20T11:30:00Z',
        '2025-06-20T12:10:00Z',
        pci=('01',),
    ),
    'chatrtx-122-rtx5090-laptop-not-supported-message-expected-benign': Backdrop(
        'win-rtx5090-laptop',
        'A10',
        '572.83',
        '2025-04-15T11:30:00Z',
        '2025-04-15T12:10:00Z',
        pci=('01',),
    ),
    'gpu-operator-2433-pods-crashloop-after-upgrade-stale-nvidia-fs-version': Backdrop(
        'k8s-gpu-node-gds',
        'A10',
        '580.97',
        '2026-05-29T11:30:00Z',
        '2026-05-29T12:10:00Z',
        pci=('01',),
    ),
    'dcgm-exporter-273-exporter-3-3-5-segfaults-hostengine-version-combination': Backdrop(
        'ubuntu-dcgm-host',
        'A10',
        '550.54.14',
        '2024-02-28T11:30:00Z',
        '2024-02-28T12:10:00Z',
        pci=('01',),
    ),
    'network-operator-31-rdma-device-plugin-starts-before-ofed-modules-after-reboot': Backdrop(
        'k8s-rdma-gpu-node',
        'A10',
        '450.80.02',
        '2020-09-27T11:30:00Z',
        '2020-09-27T12:10:00Z',
        pci=('01',),
    ),
    'sd-webui-trt-103-rtx3090-sdxl-engine-build-fails-without-lazy-module-loading': Backdrop(
        'win-rtx3090-sdwebui',
        'A10',
        '537.58',
        '2023-10-22T11:30:00Z',
        '2023-10-22T12:10:00Z',
        pci=('01',),
    ),
    'sd-webui-trt-184-p104-training-stops-cuda-launch-blocking-left-set': Backdrop(
        'win-p104-sdwebui',
        'A10',
        '560.81',
        '2024-08-02T11:30:00Z',
        '2024-08-02T12:10:00Z',
        pci=('01',),
    ),
    'tensorrt-3069-rtx3070ti-trtexec-segfault-broken-driver-package': Backdrop(
        'linux-rtx3070ti-trt',
        'A10',
        '535.54.03',
        '2023-06-18T11:30:00Z',
        '2023-06-18T12:10:00Z',
        pci=('01',),
    ),
    'transformerengine-2891-trtexec-build-fails-on-rtx5090-tensorrt-bug': Backdrop(
        'rtx5090-trtexec-host',
        'A10',
        '580.97',
        '2026-06-05T11:30:00Z',
        '2026-06-05T12:10:00Z',
        pci=('01',),
    ),
    'jax-toolbox-183-sigbus-in-ncclshmopen-container-shm-too-small': Backdrop(
        'jax-container-host',
        'A10',
        '535.104.05',
        '2023-08-25T11:30:00Z',
        '2023-08-25T12:10:00Z',
        pci=('01', '02'),
    ),
    'warp-940-rtx5070ti-warp-cuda-init-fails-with-r580-driver': Backdrop(
        'win-rtx5070ti-warp',
        'A10',
        '580.97',
        '2025-10-04T11:30:00Z',
        '2025-10-04T12:10:00Z',
        pci=('01',),
    ),
    'warp-264-jetson-orin-nx-warp-init-fails-cuda-11-4-too-old': Backdrop(
        'jetson-orin-nx',
        'A10',
        '535.183.01',
        '2024-07-16T11:30:00Z',
        '2024-07-16T12:10:00Z',
        pci=('01',),
    ),
    'chatrtx-99-rtx5080-chatrtx-0-4-unsupported-fixed-in-0-5': Backdrop(
        'win-rtx5080-chatrtx',
        'A10',
        '572.16',
        '2025-02-17T11:30:00Z',
        '2025-02-17T12:10:00Z',
        pci=('01',),
    ),
    'tensorrt-2478-engine-build-launch-timeout-wddm-tdr': Backdrop(
        'win-wsl-trt-build',
        'A10',
        '526.98',
        '2022-11-15T11:30:00Z',
        '2022-11-15T12:10:00Z',
        pci=('01',),
    ),
    'dxvk-remix-88-rtx2080-driver-crashes-nrc-enabled': Backdrop(
        'win-rtx2080-remix',
        'A10',
        '572.70',
        '2025-03-05T11:30:00Z',
        '2025-03-05T12:10:00Z',
        pci=('01',),
    ),
    'rtx-remix-380-ut2004-hangs-since-driver-551-23-update': Backdrop(
        'win-rtx4090-ut2004',
        'A10',
        '551.23',
        '2024-01-27T11:30:00Z',
        '2024-01-27T12:10:00Z',
        pci=('01',),
    ),
    'rtx-remix-382-laptop-toolkit-closes-windows-power-saving-selects-intel-gpu': Backdrop(
        'win-laptop-remix-toolkit',
        'A10',
        '551.61',
        '2024-02-27T11:30:00Z',
        '2024-02-27T12:10:00Z',
        pci=('01',),
    ),
    'rtx-remix-855-rtx5060ti-runtime-crash-memory-allocation-error-suspected': Backdrop(
        'win-rtx5060ti-remix',
        'A10',
        '576.52',
        '2025-05-29T11:30:00Z',
        '2025-05-29T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
