"""heldout-public-179's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-179/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); hosts, bus numbers and drivers are stand-ins
(two cases use the driver version their source prints; see each case's description). No case uses extra: no source quotes an exporter
value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'anvarface-solution-cuda-dlls-missing-backend-off-gpu-path-not-updated': Backdrop(
        'win-anvarface-backend',
        'A10',
        '581.57',
        '2025-12-04T11:30:00Z',
        '2025-12-04T12:10:00Z',
        pci=('01',),
    ),
    'dentalai-oomtroubleshooting-1024px-training-cuda-out-of-memory-batch-and-pin-memory': Backdrop(
        'wsl-dentalai-aariz',
        'A10',
        '576.88',
        '2025-12-02T11:30:00Z',
        '2025-12-02T12:10:00Z',
        pci=('01', '02'),
    ),
    'ttswebui-statusgpuproxmox-rtx3090-cuda-unknown-error-nvidia-uvm-missing-in-lxc': Backdrop(
        'ytaudio',
        'A10',
        '550.163.01',
        '2025-12-02T11:30:00Z',
        '2025-12-02T12:10:00Z',
        pci=('01',),
    ),
    'filopriori-fixgpunvmlerror-wsl2-nvml-initialization-failed-driver-or-state': Backdrop(
        'wsl-filopriori',
        'A10',
        '566.36',
        '2025-11-25T11:30:00Z',
        '2025-11-25T12:10:00Z',
        pci=('01',),
    ),
    'stuermer-ubuntu-nvrm-api-mismatch-after-kernel-update-module-version': Backdrop(
        'ubuntu-stuermer',
        'A10',
        '260.19.06',
        '2009-09-08T11:30:00Z',
        '2009-09-08T12:10:00Z',
        pci=('01',),
    ),
    'rppl-geforce-8400-8600-laptop-gpus-defective-overheating-fan-update': Backdrop(
        'laptop-geforce8600m',
        'A10',
        '175.97',
        '2008-07-03T11:30:00Z',
        '2008-07-03T12:10:00Z',
        pci=('01',),
    ),
    'xataka-rtx50-geforce-driver-bugs-black-screens-crashes-nvidia-acknowledged': Backdrop(
        'desktop-rtx5090',
        'A10',
        '572.83',
        '2025-04-01T11:30:00Z',
        '2025-04-01T12:10:00Z',
        pci=('01',),
    ),
    'webnews-forceware-19675-driver-fan-control-bug-gpu-overheat-damage': Backdrop(
        'desktop-forceware19675',
        'A10',
        '196.75',
        '2010-03-05T11:30:00Z',
        '2010-03-05T12:10:00Z',
        pci=('01',),
    ),
    'puntoinformatico-windows11-october-update-halves-nvidia-gpu-game-performance-hotfix-driver': Backdrop(
        'desktop-rtx5090-win11',
        'A10',
        '581.57',
        '2025-11-01T11:30:00Z',
        '2025-11-01T12:10:00Z',
        pci=('01',),
    ),
    'ubuntued-titan-supercomputer-k20x-errors-excess-gold-on-gpu-connectors': Backdrop(
        'titan-xk7-node',
        'A10',
        '304.47',
        '2013-03-15T11:30:00Z',
        '2013-03-15T12:10:00Z',
        pci=('01',),
    ),
    'tomshw-gb200-blackwell-72-gpu-racks-overheating-rack-design-revisions': Backdrop(
        'gb200-nvl72-tray01',
        'A10',
        '560.35.03',
        '2024-11-18T11:30:00Z',
        '2024-11-18T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
