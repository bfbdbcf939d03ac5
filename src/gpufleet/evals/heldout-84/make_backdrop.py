"""heldout-public-84's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-84/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
GPUs the sources name as A100, H100 or V100 keep that SKU (GH200 is shown as H100); every other GPU (GeForce, GB300, RTX PRO,
unnamed models) is shown as A10, the stand-in for GPUs outside the SKU list. Hosts, bus numbers and most drivers
are stand-ins (see each case's description). No case uses extra: no source quotes an exporter value as a metric
sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'pcluster-wiki-3-5-1-gpu-nodes-down-after-scontrol-reboot-nvidia-device-files-missing': Backdrop(
        'pcluster-gpu-compute-st-1',
        'A10',
        '470.141.03',
        '2023-03-01T11:30:00Z',
        '2023-03-01T12:10:00Z',
        pci=('01',),
    ),
    'sagemaker-inference-20250115-zh-cannotstartcontainer-driver-incompatible-with-container-cuda': Backdrop(
        'sagemaker-ml-gpu-instance',
        'A10',
        '535.183.01',
        '2025-01-15T11:30:00Z',
        '2025-01-15T12:10:00Z',
        pci=('01',),
    ),
    'renya-docker-k8s-20221101-nvidia-smi-cannot-communicate-apt-upgrade-suspected': Backdrop(
        'ws-rtx3090-ubuntu',
        'A10',
        '520.61.05',
        '2022-11-01T11:30:00Z',
        '2022-11-01T12:10:00Z',
        pci=('01',),
    ),
    'azure-cgpu-20241126-driver-library-mismatch-after-unattended-updates': Backdrop(
        'azure-ncc-h100-v5-cvm',
        'H100',
        '550.127.05',
        '2024-11-26T11:30:00Z',
        '2024-11-26T12:10:00Z',
        pci=('01',),
    ),
    'digitalocean-802-h100x8-system-not-yet-initialized-fabric-manager-not-running': Backdrop(
        'test-8x-gpu',
        'H100',
        '570.124.06',
        '2025-03-31T11:41:36Z',
        '2025-03-31T12:21:36Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'digitalocean-20250418-bare-metal-gpu-slow-public-speed-test-residential-servers-benign': Backdrop(
        'bm-gpu-h100x8',
        'H100',
        '570.124.06',
        '2025-04-18T11:30:00Z',
        '2025-04-18T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'bigscience-tr1-13b-20210812-uncorrectable-ecc-crash-repeats-faulty-node-reallocated': Backdrop(
        'jz-v100-node-faulty',
        'V100',
        '460.32.03',
        '2021-08-12T07:49:28Z',
        '2021-08-12T08:29:28Z',
        pci=('01', '02', '03', '04'),
    ),
    'bigscience-tr11-176b-20220428-throughput-drop-5-percent-one-slow-gpu-replaced': Backdrop(
        'jean-zay-iam-slow-node',
        'A100',
        '470.82.01',
        '2022-04-28T11:30:00Z',
        '2022-04-28T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'bigscience-jz-slurm-20211108-nccl-unhandled-system-error-node-network-broken': Backdrop(
        'r10i6n5',
        'V100',
        '460.32.03',
        '2021-11-08T11:30:00Z',
        '2021-11-08T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'm4-logs-idefics-80b-20230529-xid-64-row-remapper-failure-bad-node-left-in-pool': Backdrop(
        'ip-26-0-147-135',
        'A100',
        '525.105.17',
        '2023-05-29T01:07:38Z',
        '2023-05-29T01:47:38Z',
        pci=('10:1c', '10:1d', '20:1c', '20:1d', '90:1c', '90:1d', 'a0:1c', 'a0:1d'),
    ),
    'm4-logs-tr141-20220601-training-hangs-after-3-4h-jz-hardware-suspected': Backdrop(
        'jz-a100-node',
        'A100',
        '470.82.01',
        '2022-06-01T11:30:00Z',
        '2022-06-01T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'ml-engineering-20230905-nccl-unhandled-system-error-turned-out-ib-opa-error': Backdrop(
        'jz-opa-node',
        'V100',
        '460.32.03',
        '2023-09-05T11:30:00Z',
        '2023-09-05T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'ml-engineering-20241007-inference-gpu-util-6-percent-benchmark-client-benign': Backdrop(
        'inference-gpu-server',
        'H100',
        '550.90.07',
        '2024-10-07T11:30:00Z',
        '2024-10-07T12:10:00Z',
        pci=('01',),
    ),
    'ml-engineering-20230601-idefics-80b-host-cpu-memory-leak-runs-out-after-days': Backdrop(
        'p4de-a100-node',
        'A100',
        '525.105.17',
        '2023-06-01T11:30:00Z',
        '2023-06-01T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'ml-engineering-20230615-idefics-80b-streaming-dataloader-memory-bottleneck': Backdrop(
        'p4de-a100-node-2',
        'A100',
        '525.105.17',
        '2023-06-15T11:30:00Z',
        '2023-06-15T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'metaseq-opt-175b-20211203-restarts-from-ecc-errors-bad-machines-returned': Backdrop(
        'opt-a100-node',
        'A100',
        '470.57.02',
        '2021-12-03T11:30:00Z',
        '2021-12-03T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'metaseq-opt-175b-20211221-cluster-deleted-by-provider-16-machines-failed-checks': Backdrop(
        'opt-a100-node-b',
        'A100',
        '470.57.02',
        '2021-12-21T11:30:00Z',
        '2021-12-21T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'glm-130b-20220530-restart-stuck-in-data-loading-lustre-file-system-failure': Backdrop(
        'glm-a100-node',
        'A100',
        '470.103.01',
        '2022-05-30T13:30:00Z',
        '2022-05-30T14:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'glm-130b-20220606-cluster-driver-upgrade-maintenance-window-benign': Backdrop(
        'glm-a100-node-b',
        'A100',
        '470.103.01',
        '2022-06-06T16:30:00Z',
        '2022-06-06T17:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'dgx-station-rec-sys-20260526-first-step-stalls-torch-compile-benign': Backdrop(
        'dgx-station-gb300',
        'A10',
        '590.48.01',
        '2026-05-26T11:30:00Z',
        '2026-05-26T12:10:00Z',
        pci=('01',),
    ),
    'dgx-station-coding-agent-20260624-cuda-context-destroyed-both-gpus-visible': Backdrop(
        'dgx-station-dual-gpu',
        'A10',
        '590.48.01',
        '2026-06-24T11:30:00Z',
        '2026-06-24T12:10:00Z',
        pci=('01', '02'),
    ),
    'dgx-station-kernel-dev-20260526-could-not-select-device-driver-toolkit-missing': Backdrop(
        'dgx-station-kdev',
        'A10',
        '590.48.01',
        '2026-05-26T11:30:00Z',
        '2026-05-26T12:10:00Z',
        pci=('01',),
    ),
    'dgx-station-mig-20260526-nvlink-fabric-issues-fabric-manager-not-reinitializing': Backdrop(
        'hgx-mig-node',
        'H100',
        '590.48.01',
        '2026-05-26T11:30:00Z',
        '2026-05-26T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'cscs-alps-20250814-gh200-oom-driver-550-54-15-file-cache-not-evicted': Backdrop(
        'nid-gh200',
        'H100',
        '550.54.15',
        '2025-08-14T11:30:00Z',
        '2025-08-14T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'cscs-alps-20251030-nccl-watchdog-timeout-hang-slingshot-eager-messages': Backdrop(
        'nid-gh200-b',
        'H100',
        '550.54.15',
        '2025-10-30T11:30:00Z',
        '2025-10-30T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'pcdiff-implant-20251024-nccl-watchdog-timeout-rank-0-diverged-into-diagnostics': Backdrop(
        'pcdiff-8gpu-node',
        'A10',
        '570.124.06',
        '2025-10-24T11:30:00Z',
        '2025-10-24T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
