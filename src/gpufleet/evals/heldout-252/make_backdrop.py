"""heldout-public-252's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-252/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; no source names the GPU model of the failing host); hosts (except
iabeng071, which the source prints), bus numbers (no source prints one: 01 for the single stand-in GPU) and the
driver (550.144.03, the same for every case) are stand-ins. No case uses extra: no source quotes an exporter value
as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'pytorchocr-137-docker-training-bus-error-shm-too-small-docker-limits-shm': Backdrop(
        'pytorchocr-docker-trainer',
        'A10',
        '550.144.03',
        '2021-01-20T11:30:00Z',
        '2021-01-20T12:10:00Z',
        pci=('01',),
    ),
    'llamafactory-7315-multi-node-training-bus-error-insufficient-shm-increase-docker-shm': Backdrop(
        'llamafactory-docker-node',
        'A10',
        '550.144.03',
        '2025-03-15T11:30:00Z',
        '2025-03-15T12:10:00Z',
        pci=('01',),
    ),
    'mdtvsfa-10-dataloader-bus-error-docker-default-shm-64m': Backdrop(
        'mdtvsfa-docker-trainer',
        'A10',
        '550.144.03',
        '2021-09-01T11:30:00Z',
        '2021-09-01T12:10:00Z',
        pci=('01',),
    ),
    'yolo3-pytorch-3-gpu-memory-overflow-loss-accumulated-as-tensor-not-item': Backdrop(
        'yolo3-trainer',
        'A10',
        '550.144.03',
        '2020-05-14T11:30:00Z',
        '2020-05-14T12:10:00Z',
        pci=('01',),
    ),
    'fastmri-303-vessl-workspace-creation-fails-on-node-73-node-hardware-problem': Backdrop(
        'fastmri-vessl-node-73',
        'A10',
        '550.144.03',
        '2025-07-02T11:30:00Z',
        '2025-07-02T12:10:00Z',
        pci=('01',),
    ),
    'fastmri-393-team-cannot-use-gpu-no-available-gpu-node-found-reinvited-to-other-node': Backdrop(
        'fastmri-vessl-workspace',
        'A10',
        '550.144.03',
        '2026-07-09T11:30:00Z',
        '2026-07-09T12:10:00Z',
        pci=('01',),
    ),
    'fastmri-414-iabeng071-workload-stuck-initializing-node-problem-under-maintenance': Backdrop(
        'iabeng071',
        'A10',
        '550.144.03',
        '2026-07-21T11:30:00Z',
        '2026-07-21T12:10:00Z',
        pci=('01',),
    ),
    'langchain-chatchat-1858-cuda-unavailable-after-installing-requirements-torch-cuda-mismatch': Backdrop(
        'chatchat-gpu-host',
        'A10',
        '550.144.03',
        '2023-10-24T11:30:00Z',
        '2023-10-24T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
