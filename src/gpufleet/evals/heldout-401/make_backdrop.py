"""heldout-public-401's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-401/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts mra9, deep-h-3, spark-0d93 and data05 are printed by their sources, the others are stand-ins; bus numbers are the
ones the evidence prints where it prints them (stand-ins otherwise, see each description); the driver (550.144.03) is the
same stand-in for every case. No case uses extra: no source quotes an exporter value as a metric sample. The backdrop
never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'tinygrad-6947-nv-backend-xid31-mmu-fault-fixed-by-tinygrad-patched-open-kernel-module': Backdrop(
        'rtx4090-box',
        'A10',
        '550.144.03',
        '2024-10-13T11:30:00Z',
        '2024-10-13T12:10:00Z',
        pci=('01',),
    ),
    'gpu-node-8682dec-xid79-rtx3080-gddr6x-heat-soak-closed-sff-compartment-no-airflow': Backdrop(
        'gpu-node',
        'A10',
        '550.144.03',
        '2026-05-24T11:30:00Z',
        '2026-05-24T12:10:00Z',
        pci=('06',),
    ),
    'renne-skills-20260322-v100-sxm2-sigkill-during-nvlink-dma-xid74-xid62-node-frozen-cold-boot': Backdrop(
        'mra9',
        'A10',
        '550.144.03',
        '2026-03-22T11:30:00Z',
        '2026-03-22T12:10:00Z',
        pci=('03', '04',),
    ),
    'parameter-importance-20260807-a4-xid63-row-remap-pending-2-aggregate-uncorrectable-gpu-swapped': Backdrop(
        'pi-server',
        'A10',
        '550.144.03',
        '2026-08-06T11:30:00Z',
        '2026-08-06T12:10:00Z',
        pci=('4f', '50', '53', '57', '9c', '9d', 'a0', 'a4',),
    ),
    'new-vrwkv-04cffc1-wind-rwkv7-cuda-kernel-sigabrt-xid13-illegal-instruction-parameter-xid43-h800': Backdrop(
        'h800-server',
        'A10',
        '550.144.03',
        '2023-01-01T11:30:00Z',
        '2023-01-01T12:10:00Z',
        pci=('0f', '34', '48', '5a', '87', 'ae', 'c2', 'd7',),
    ),
    'probe-diagnostics-voe-43416b5-gpu0-defective-sm-xid13-illegal-instruction-encoding-silent-wrong-numbers': Backdrop(
        't2-box',
        'A10',
        '550.144.03',
        '2026-09-17T11:30:00Z',
        '2026-09-17T12:10:00Z',
        pci=('1b', '3b',),
    ),
    'staleness-analysis-20260918-deep-h-3-h100-xid79-c1-fell-off-bus-xid154-os-reboot-recurs-on-e1': Backdrop(
        'deep-h-3',
        'A10',
        '550.144.03',
        '2026-09-18T16:23:49Z',
        '2026-09-18T17:03:49Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'c1', 'e1',),
    ),
    'k3s-experiments-20260828-dgx-spark-vllm-nightly-kernels-xid13-burst-xid43-clean-exit-outage': Backdrop(
        'spark-0d93',
        'A10',
        '550.144.03',
        '2026-08-28T11:25:08Z',
        '2026-08-28T12:05:08Z',
        pci=('01',),
    ),
    'vllm-cmp170hx-45920a9-spec-decode-int32-block-id-overflow-xid31-mmu-fault-pde': Backdrop(
        'cmp170hx-box',
        'A10',
        '550.144.03',
        '2023-01-01T11:30:00Z',
        '2023-01-01T12:10:00Z',
        pci=('01',),
    ),
    'keiwi-20260730-data05-nvrm-api-mismatch-unattended-upgrade-without-reboot-new-gpu-processes-fail': Backdrop(
        'data05',
        'A10',
        '550.144.03',
        '2026-07-30T11:30:00Z',
        '2026-07-30T12:10:00Z',
        pci=('2b', 'a2',),
    ),
    'keiwi-20260803-data05-dcgm-xid-errors-gauge-latched-at-43-since-june-app-level-vllm-benign': Backdrop(
        'data05',
        'A10',
        '550.144.03',
        '2026-08-03T11:30:00Z',
        '2026-08-03T12:10:00Z',
        pci=('2b', 'a2',),
    ),
    'llm-engineering-lab-20260605-gx10-gb10-sw-power-capping-benchmark-drop-soc-envelope-no-action': Backdrop(
        'gx10',
        'A10',
        '550.144.03',
        '2026-06-05T11:30:00Z',
        '2026-06-05T12:10:00Z',
        pci=('01',),
    ),
    'staleness-analysis-20260919-deep-h-1-h100-xid79-e1-xid154-os-reboot-node-never-returned': Backdrop(
        'deep-h-1',
        'A10',
        '550.144.03',
        '2026-09-18T20:41:07Z',
        '2026-09-18T21:21:07Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'c1', 'e1',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
