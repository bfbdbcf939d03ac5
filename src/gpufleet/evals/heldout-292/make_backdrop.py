"""heldout-public-292's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-292/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except node01, which the evidence prints), bus numbers (no source prints one: 01..N in index order) and the
driver (550.144.03, the same for every case) are stand-ins.
No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'gitcode-9c47982a-nccl-version-mismatch-across-nodes-distbackenderror-internal-error-unify-nccl': Backdrop(
        'nccl-node-a',
        'A10',
        '550.144.03',
        '2025-06-19T11:30:00Z',
        '2025-06-19T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'gitcode-de86423e-nccl-tests-4-gpu-all-reduce-hang-nvls-multicast-disabled-fixes': Backdrop(
        'nvls-node',
        'A10',
        '550.144.03',
        '2025-06-19T11:30:00Z',
        '2025-06-19T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'gpu-manager-84-vcuda-memory-limit-not-enforced-in-custom-jupyterhub-image-ld-library-path': Backdrop(
        'jupyterhub-gpu-node',
        'A10',
        '550.144.03',
        '2021-04-28T11:30:00Z',
        '2021-04-28T12:10:00Z',
        pci=('01',),
    ),
    'gpushare-scheduler-extender-234-gpu-mem-capacity-0-on-4x-l20-memory-unit-gib': Backdrop(
        'l20-node',
        'A10',
        '550.144.03',
        '2025-05-13T11:30:00Z',
        '2025-05-13T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'hami-579-no-gpumem-in-node-capacity-by-design-parameter-not-resource-benign': Backdrop(
        'hami-gpu-node',
        'A10',
        '550.144.03',
        '2024-10-29T11:30:00Z',
        '2024-10-29T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'hami-79-vgpu-memory-limit-missing-in-another-users-session-env-var-reset': Backdrop(
        'hami-3070-node',
        'A10',
        '550.144.03',
        '2023-07-10T11:30:00Z',
        '2023-07-10T12:10:00Z',
        pci=('01',),
    ),
    'volcano-vgpu-device-plugin-52-node1-given-node2-gpu-uuid-from-other-pods-annotation': Backdrop(
        'node01',
        'A10',
        '550.144.03',
        '2025-02-28T11:30:00Z',
        '2025-02-28T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
