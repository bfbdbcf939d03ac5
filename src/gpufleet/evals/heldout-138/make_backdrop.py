"""heldout-public-138's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-138/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for the GPUs these write-ups name or leave unnamed); hosts, bus numbers and
drivers are stand-ins except where a write-up names them (gl001 in the navsim case, x2 and bus 0a in the woeiru case).
No case uses extra: no write-up quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'netllama-goings-on-2008-test-farm-gpu-tests-fail-dying-power-supply-swapped': Backdrop(
        'testfarm-gpu-node',
        'A10',
        '169.12',
        '2008-01-01T11:30:00Z',
        '2008-01-01T12:10:00Z',
        pci=('01',),
    ),
    'thefull-repair-server-2024-nvidia-driver-nvml-library-version-mismatch': Backdrop(
        'lab-gpu-server',
        'A10',
        '550.107.02',
        '2024-09-12T11:30:00Z',
        '2024-09-12T12:10:00Z',
        pci=('01',),
    ),
    'metaseq-opt-56-percent-175b-run-hosts-down-with-lost-gpus-and-ecc-errors-buffer-pool': Backdrop(
        'opt-cloud-a100-host017',
        'A10',
        '470.82.01',
        '2021-12-16T11:30:00Z',
        '2021-12-16T12:10:00Z',
    ),
    'navsim-srun-fix-job-268815-multinode-ddp-rendezvous-timeout-1-of-16-missing-srun': Backdrop(
        'gl001',
        'A10',
        '550.127.05',
        '2025-10-16T11:30:00Z',
        '2025-10-16T12:10:00Z',
        pci=('01', '41', '81', 'c1'),
    ),
    'wesmail-what-happened-dataloader-workers-killed-host-ram-oom-aggressive-settings': Backdrop(
        'wesmail-workstation',
        'A10',
        '570.172.08',
        '2025-11-01T11:30:00Z',
        '2025-11-01T12:10:00Z',
        pci=('01',),
    ),
    'finetunelab-vllm-vram-release-enginecore-child-process-holds-vram-after-stop': Backdrop(
        'finetunelab-dev',
        'A10',
        '570.195.03',
        '2025-11-30T11:30:00Z',
        '2025-11-30T12:10:00Z',
        pci=('01',),
    ),
    'finetunelab-vllm-stop-server-process-survives-restart-keeps-20gb-vram': Backdrop(
        'finetunelab-dev2',
        'A10',
        '570.195.03',
        '2025-11-30T11:30:00Z',
        '2025-11-30T12:10:00Z',
        pci=('01',),
    ),
    'finetunelab-vllm-process-tracking-startup-crash-hardcoded-80pct-gpu-memory': Backdrop(
        'finetunelab-dev3',
        'A10',
        '570.195.03',
        '2025-12-02T11:30:00Z',
        '2025-12-02T12:10:00Z',
        pci=('01',),
    ),
    'woeiru-lab-gpu-passthrough-node-x2-gtx1650-pta-not-working-false-alarm-already-on-nouveau': Backdrop(
        'x2',
        'A10',
        '570.153.02',
        '2025-06-09T11:30:00Z',
        '2025-06-09T12:10:00Z',
        pci=('0a',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
