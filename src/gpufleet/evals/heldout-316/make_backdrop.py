"""heldout-public-316's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-316/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (no source prints a usable host name), bus numbers (01..N in index order) and the driver (550.144.03, the same
for every case) are stand-ins. No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'anomaly-transformer-74-no-cuda-gpus-available-script-pins-cuda-visible-devices-to-absent-gpu': Backdrop(
        'anomtrans-node01',
        'A10',
        '550.144.03',
        '2024-11-20T11:30:00Z',
        '2024-11-20T12:10:00Z',
        pci=('01',),
    ),
    'upop-28-cuda-oom-gpu0-31-75gib-batch-too-large-for-one-gpu-reduce-batch-size': Backdrop(
        'upop-node01',
        'A10',
        '550.144.03',
        '2024-01-22T11:30:00Z',
        '2024-01-22T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'stt-65-cuda-failed-out-of-memory-maintainer-vram-exhausted-small-card': Backdrop(
        'stt-ws01',
        'A10',
        '550.144.03',
        '2024-07-19T11:30:00Z',
        '2024-07-19T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'qixuema-envs-10-nvidia-smi-slow-every-call-persistence-mode-off-benign': Backdrop(
        'qixuema-ws01',
        'A10',
        '550.144.03',
        '2023-02-07T11:30:00Z',
        '2023-02-07T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'd-fine-104-4x4090-multi-gpu-0pct-util-training-never-starts-wrong-local-model-dir': Backdrop(
        'dfine-node01',
        'A10',
        '550.144.03',
        '2024-12-05T11:30:00Z',
        '2024-12-05T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'qulacs-589-devcontainer-cuda-12-2-image-refused-host-driver-too-old-works-on-other-host': Backdrop(
        'qulacs-dev01',
        'A10',
        '550.144.03',
        '2023-09-08T11:30:00Z',
        '2023-09-08T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'mtcnn-tensorflow-92-pnet-training-gpu-util-10pct-cpu-480pct-suspected-io-bottleneck': Backdrop(
        'mtcnn-node01',
        'A10',
        '550.144.03',
        '2018-04-22T11:30:00Z',
        '2018-04-22T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'polarmask-45-titan-x-gpu-util-0-memory-635mib-cpu-100pct-model-running-on-cpu': Backdrop(
        'polarmask-ws01',
        'A10',
        '550.144.03',
        '2020-07-25T11:30:00Z',
        '2020-07-25T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
