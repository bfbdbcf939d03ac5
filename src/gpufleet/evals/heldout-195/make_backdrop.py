"""heldout-public-195's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-195/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
GPUs outside the SKU list (GeForce cards, unnamed GPUs) are shown as A10; the two datacenter news items use
H100 (one eight-GPU node, default HGX bus numbers) and GB200 (one four-GPU compute tray). Hosts, bus numbers
and drivers are stand-ins except where a case's description says the source prints them. No case uses extra:
no source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'eddie-ollamagpu1falsefrozen-gtx1050-alert-was-embedding-model-probe-false-positive': Backdrop(
        'homelab',
        'A10',
        '580.95.05',
        '2026-06-01T10:00:00Z',
        '2026-06-01T11:15:00Z',
        pci=('01', '02'),
    ),
    'eddie-ollamarecovery-ollama-frozen-gpu-0pct-vram-held-runner-goroutine-deadlock': Backdrop(
        'homelab',
        'A10',
        '580.95.05',
        '2026-02-28T17:30:00Z',
        '2026-02-28T18:10:00Z',
        pci=('01',),
    ),
    'eddie-gpuactivation-gtx1050-ollama-offloaded-0-layers-ran-on-cpu-gpu-layers-0': Backdrop(
        'homelab-gtx1050',
        'A10',
        '580.95.05',
        '2026-02-27T11:30:00Z',
        '2026-02-27T12:10:00Z',
        pci=('01',),
    ),
    'astroburner-checkcuda-rtx5090-no-gpu-cuda-false-pytorch-cpu-build-installed': Backdrop(
        'win-astroburner-rtx5090',
        'A10',
        '576.88',
        '2025-10-20T11:30:00Z',
        '2025-10-20T12:10:00Z',
        pci=('01',),
    ),
    'baomatcsai-gpusetupguide-tensorflow-finds-no-gpu-runs-on-cpu-cuda-toolkit-cudnn-missing': Backdrop(
        'win-baomatcsai-lab8',
        'A10',
        '572.83',
        '2025-11-14T11:30:00Z',
        '2025-11-14T12:10:00Z',
        pci=('01',),
    ),
    'doutora-gpustatus-rtx3090-ollama-on-cpu-old-server-v047-client-mismatch': Backdrop(
        'win-doutora-rtx3090',
        'A10',
        '560.94',
        '2026-01-02T11:30:00Z',
        '2026-01-02T12:15:00Z',
        pci=('01',),
    ),
    'lzwjava-rtx4070memoryfix-hi-nanogpt-oom-first-backward-torch-compile-bf16-batch16': Backdrop(
        'ws-rtx4070-nanogpt',
        'A10',
        '580.95.05',
        '2025-11-16T11:30:00Z',
        '2025-11-16T12:10:00Z',
        pci=('01',),
    ),
    'omnimind-guiagpu-cuda-error-999-cuinit-fails-driver-state-inconsistent-after-suspend': Backdrop(
        'kali-omnimind',
        'A10',
        '550.163.01',
        '2025-12-10T11:30:00Z',
        '2025-12-10T12:10:00Z',
        pci=('01',),
    ),
    'kocomua-blackwell-gb200-nvl72-racks-overheating-suppliers-asked-to-change-rack-design': Backdrop(
        'gb200-nvl72-tray01',
        'GB200',
        '560.35.03',
        '2024-11-18T11:30:00Z',
        '2024-11-18T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'bomega-llama31-405b-54-day-run-419-interruptions-h100-gpu-and-hbm3-memory-errors': Backdrop(
        'h100-llama-node0001',
        'H100',
        '535.183.01',
        '2024-07-29T11:30:00Z',
        '2024-07-29T12:10:00Z',
    ),
    'ligaua-nvidia-notebook-gpus-failing-chip-package-material-and-laptop-cooling': Backdrop(
        'laptop-geforce-8m',
        'A10',
        '177.41',
        '2008-07-03T11:30:00Z',
        '2008-07-03T12:10:00Z',
        pci=('01',),
    ),
    'myxtts-solutionpersian-gpu-use-oscillates-2-40pct-tf-function-retracing-no-fixed-length-padding': Backdrop(
        'myxtts-trainer',
        'A10',
        '560.35.03',
        '2025-10-10T11:30:00Z',
        '2025-10-10T12:10:00Z',
        pci=('01',),
    ),
    'myxtts-dualgpusolutionpersian-only-one-gpu-busy-90-5pct-model-not-placed-on-gpu1': Backdrop(
        'myxtts-dual-gpu',
        'A10',
        '560.35.03',
        '2025-10-10T11:30:00Z',
        '2025-10-10T12:10:00Z',
        pci=('01', '02'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
