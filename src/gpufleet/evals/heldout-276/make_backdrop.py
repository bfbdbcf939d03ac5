"""heldout-public-276's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-276/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts and the driver (550.144.03, the same for every case) are stand-ins; bus numbers are stand-ins (01, 02, ... in index
order) except gpt2-chitchat-19, whose nvidia-smi prints 00000000:00:08.0-00000000:00:0B.0 (used as printed: '00:08' ...).
No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'ddsp-svc-kor-11-cuda-oom-gpu0-12gib-card-input-audio-file-too-long': Backdrop(
        'ddsp-train-pc',
        'A10',
        '550.144.03',
        '2023-05-05T11:30:00Z',
        '2023-05-05T12:10:00Z',
        pci=('01',),
    ),
    'gpt2-chinese-104-cuda-oom-gpu2-memory-already-allocated-model-too-big-or-notebook-not-freed': Backdrop(
        'gpt2-train-host',
        'A10',
        '550.144.03',
        '2019-11-27T11:30:00Z',
        '2019-11-27T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'bab-korea-76-cuda-oom-shared-16gb-contest-gpu-fully-allocated-by-another-team': Backdrop(
        'bab-gpu-server-a',
        'A10',
        '550.144.03',
        '2023-12-14T11:30:00Z',
        '2023-12-14T12:10:00Z',
        pci=('01',),
    ),
    'bab-korea-94-contest-gpus-held-by-another-teams-processes-past-their-time-slot-operator-cleared': Backdrop(
        'bab-gpu-server-b',
        'A10',
        '550.144.03',
        '2023-12-15T11:30:00Z',
        '2023-12-15T12:10:00Z',
        pci=('01', '02',),
    ),
    'gpt2-chitchat-19-cuda-oom-job-launched-on-gpu0-already-full-with-another-tf-job': Backdrop(
        'v100-server',
        'A10',
        '550.144.03',
        '2020-02-16T11:30:00Z',
        '2020-02-16T12:10:00Z',
        pci=('00:08', '00:09', '00:0A', '00:0B',),
    ),
    'mednext-37-cuda-oom-on-gpu0-cuda-visible-devices-ignored-bug-in-users-modified-code': Backdrop(
        'mednext-host',
        'A10',
        '550.144.03',
        '2025-03-25T11:30:00Z',
        '2025-03-25T12:10:00Z',
        pci=('01', '02',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
