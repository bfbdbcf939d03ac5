"""heldout-public-109's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-109/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); hosts, bus numbers and most drivers are
stand-ins (see each case's description). No case uses extra: no source quotes an exporter value as a metric
sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'wynton-2018-gpu-nodes-down-after-power-outage-nvidia-driver-issue': Backdrop(
        'wynton-gpu-node-a',
        'A10',
        '396.26',
        '2018-06-19T11:30:00Z',
        '2018-06-19T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'wynton-2020-gpu-nodes-off-scheduler-faulty-network-switch': Backdrop(
        'wynton-gpu-node-b',
        'A10',
        '450.80.02',
        '2020-11-04T11:30:00Z',
        '2020-11-04T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'wynton-2021-gpu-nodes-turned-off-server-room-cooling-issues': Backdrop(
        'wynton-gpu-node-c',
        'A10',
        '460.73.01',
        '2021-04-28T11:30:00Z',
        '2021-04-28T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'wynton-2019-kernel-maintenance-gpu-nodes-rebooted-after-jobs-complete': Backdrop(
        'wynton-gpu-node-d',
        'A10',
        '418.87.01',
        '2019-10-29T11:30:00Z',
        '2019-10-29T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'csnotes-1-headless-nvidia-driver-lazy-loading-cuda-not-available': Backdrop(
        'popos-laptop-dgpu',
        'A10',
        '580.95.05',
        '2025-12-27T11:30:00Z',
        '2025-12-27T12:10:00Z',
        pci=('01',),
    ),
    'udayeon-1-cuda-devices-busy-or-unavailable-gpu-err-cache-memory-filling': Backdrop(
        'dl-workstation-udayeon',
        'A10',
        '525.105.17',
        '2023-04-13T11:30:00Z',
        '2023-04-13T12:10:00Z',
        pci=('01',),
    ),
    'udayeon-2-cuda-out-of-memory-gpu-not-freed-after-interrupted-training': Backdrop(
        'dl-workstation-udayeon-2',
        'A10',
        '515.65.01',
        '2022-10-10T11:30:00Z',
        '2022-10-10T12:10:00Z',
        pci=('01',),
    ),
    'udayeon-3-ddp-expected-to-have-finished-reduction-unused-parameters': Backdrop(
        'dl-workstation-udayeon-3',
        'A10',
        '535.104.05',
        '2023-11-15T11:30:00Z',
        '2023-11-15T12:10:00Z',
        pci=('01',),
    ),
    'aalto-1-seff-gpu-utilized-10-percent-cpus-cannot-keep-gpu-busy': Backdrop(
        'triton-gpu-v100-node',
        'A10',
        '550.54.15',
        '2025-02-26T11:30:00Z',
        '2025-02-26T12:10:00Z',
        pci=('01',),
    ),
    'aalto-2-libcuda-so-1-not-found-cuda-program-on-node-without-gpu': Backdrop(
        'triton-login-node',
        'A10',
        '580.95.05',
        '2026-04-17T11:30:00Z',
        '2026-04-17T12:10:00Z',
        pci=('01',),
    ),
    'alcf-polaris-1-cray-mpich-fork-hang-pytorch-horovod-dataloader': Backdrop(
        'polaris-node-a',
        'A10',
        '535.104.05',
        '2023-12-20T11:30:00Z',
        '2023-12-20T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'alcf-polaris-2-aws-ofi-nccl-plugin-hang-or-nccl-timeout-megatron': Backdrop(
        'polaris-node-b',
        'A10',
        '550.54.15',
        '2025-01-21T11:30:00Z',
        '2025-01-21T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'homelab-1-k8s-device-plugin-cannot-find-nvml-runc-runtime': Backdrop(
        'homelab-k8s-gpu-node',
        'A10',
        '535.288.01',
        '2026-01-27T11:30:00Z',
        '2026-01-27T12:10:00Z',
        pci=('01',),
    ),
    'vanilla-apex-1-laptop-thermal-throttling-dust-old-thermal-paste': Backdrop(
        'win10-laptop-support',
        'A10',
        '581.57',
        '2025-11-24T11:30:00Z',
        '2025-11-24T12:10:00Z',
        pci=('01',),
    ),
    'major-second-1-rt-kernel-nvidia-smi-fails-module-not-built': Backdrop(
        'ubuntu-rt-kernel-ws',
        'A10',
        '455.45.01',
        '2023-10-30T11:30:00Z',
        '2023-10-30T12:10:00Z',
        pci=('01',),
    ),
    'lcp0578-1-nvidia-smi-communication-failure-reinstall-driver': Backdrop(
        'ubuntu-2x3090-ws',
        'A10',
        '550.120',
        '2026-03-10T11:30:00Z',
        '2026-03-10T12:10:00Z',
        pci=('01', '02',),
    ),
    'qiita-kagami-1-ubuntu-blackout-after-nvidia-driver-remove-driver': Backdrop(
        'ubuntu-cuda-desktop',
        'A10',
        '535.104.05',
        '2023-09-09T11:30:00Z',
        '2023-09-09T12:10:00Z',
        pci=('01',),
    ),
    'scotchman0-1-nvml-driver-library-version-mismatch-stale-kmod': Backdrop(
        'rhel-gpu-node',
        'A10',
        '515.65.01',
        '2022-10-02T11:30:00Z',
        '2022-10-02T12:10:00Z',
        pci=('01',),
    ),
    'modal-glossary-1-100-percent-gpu-utilization-with-one-sm-busy': Backdrop(
        'h100-inference-node',
        'A10',
        '570.133.20',
        '2025-09-04T11:30:00Z',
        '2025-09-04T12:10:00Z',
        pci=('01',),
    ),
    'profgpu-1-low-utilization-async-cuda-region-ends-early': Backdrop(
        'pytorch-profiling-ws',
        'A10',
        '580.95.05',
        '2026-02-22T11:30:00Z',
        '2026-02-22T12:10:00Z',
        pci=('01',),
    ),
    'almalinux-forum-7216-nvidia-module-fails-after-kernel-update-prebuilt-kmod': Backdrop(
        'almalinux97-gpu-server',
        'A10',
        '580.95.05',
        '2025-12-01T11:30:00Z',
        '2025-12-01T12:10:00Z',
        pci=('01',),
    ),
    'cemhan-blog-1-seven-rtx5090-thermal-throttle-room-ambient-rises': Backdrop(
        'zsky-7x5090-server',
        'A10',
        '580.95.05',
        '2026-03-15T11:30:00Z',
        '2026-03-15T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07',),
    ),
    'medium-sbehuret-1-dual-gpu-random-reboots-underrated-psu-bad-ecc-stick': Backdrop(
        'dual-gpu-ai-workstation',
        'A10',
        '550.54.15',
        '2024-06-01T11:30:00Z',
        '2024-06-01T12:10:00Z',
        pci=('01', '02',),
    ),
    'codingpackets-1-nvidia-driver-update-stops-laptop-booting': Backdrop(
        'ubuntu1604-laptop',
        'A10',
        '375.66',
        '2017-06-01T11:30:00Z',
        '2017-06-01T12:10:00Z',
        pci=('01',),
    ),
    'ipmi-monitor-dgx-a100-1-sel-power-mode-change-maxp-maxq-info': Backdrop(
        'dgx-a100-node',
        'A10',
        '570.133.20',
        '2025-06-01T11:30:00Z',
        '2025-06-01T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
