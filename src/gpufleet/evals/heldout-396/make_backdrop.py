"""heldout-public-396's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-396/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; no source of this set names the GPU model inside its evidence);
hosts (except iabeng35, iabang90 and iabeng07, which the evidence prints), GPU counts, bus numbers (01..N in index order)
and the driver (550.144.03, the same for every case) are stand-ins. No case uses extra: no source quotes an exporter value
as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'naver-airush-79-nsml-session-slow-low-gpu-utilization-two-cpu-cores-maxed-data-feeding-slow': Backdrop(
        'nsml-gpu-node',
        'A10',
        '550.144.03',
        '2020-07-21T11:30:00Z',
        '2020-07-21T12:10:00Z',
        pci=('01',),
    ),
    'listatsnu-fastmri-389-vessl-workspace-stuck-scheduling-node-iabeng35-occupied-by-another-users-workspace': Backdrop(
        'iabeng35',
        'A10',
        '550.144.03',
        '2026-07-08T11:30:00Z',
        '2026-07-08T12:10:00Z',
        pci=('01',),
    ),
    'listatsnu-fastmri-331-vessl-workspaces-pending-on-nodes-90-and-61-gpu-recognition-problem': Backdrop(
        'iabang90',
        'A10',
        '550.144.03',
        '2025-08-08T11:30:00Z',
        '2025-08-08T12:10:00Z',
        pci=('01',),
    ),
    'listatsnu-fastmri-231-training-oserror-errno-5-input-output-error-reading-kspace-h5-data-damaged-on-server': Backdrop(
        'iabeng07',
        'A10',
        '550.144.03',
        '2023-08-18T10:20:00Z',
        '2023-08-18T11:00:00Z',
        pci=('01',),
    ),
    'bab-korea-healthcare-ai-contest-96-shared-gpu-server-one-team-holds-all-gpu-for-three-days-past-its-slot': Backdrop(
        'contest-gpu-server',
        'A10',
        '550.144.03',
        '2023-12-15T11:30:00Z',
        '2023-12-15T12:10:00Z',
        pci=('01',),
    ),
    'abci-docs-b8f68f0-compute-node-a-pytorch-nccl-distributed-training-fails-resolved-by-ofed-update': Backdrop(
        'abci-node-a',
        'A10',
        '550.144.03',
        '2021-12-17T11:30:00Z',
        '2021-12-17T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'abci-docs-eea4aae-repeated-gpu-use-leaves-d-or-z-state-processes-gpu-memory-not-released': Backdrop(
        'abci-node',
        'A10',
        '550.144.03',
        '2021-05-26T11:30:00Z',
        '2021-05-26T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'abci-docs-e6e7924-compute-node-a-cudnn-8-7-0-with-cuda-10-2-cudnnconvolutionforward-fails': Backdrop(
        'abci-node-a',
        'A10',
        '550.144.03',
        '2022-12-23T11:30:00Z',
        '2022-12-23T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
