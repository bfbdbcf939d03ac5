"""heldout-public-410's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-410/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, a Volta or Turing part, is named in each description);
hosts, GPU counts, bus numbers (01..N in index order) and the driver (550.144.03, the same for every case) are stand-ins.
No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'cylinder3d-109-t4-cuda-oom-training-batch-size-sized-for-32gb-v100': Backdrop(
        't4-train-ws',
        'A10',
        '550.144.03',
        '2021-12-29T11:30:00Z',
        '2021-12-29T12:10:00Z',
        pci=('01',),
    ),
    'followyourpose-47-colab-t4-cuda-oom-video-length-above-recommended-8': Backdrop(
        'colab-t4-vm',
        'A10',
        '550.144.03',
        '2023-11-14T11:30:00Z',
        '2023-11-14T12:10:00Z',
        pci=('01',),
    ),
    'catvton-133-gcp-t4-cuda-oom-request-36gib-on-15gib-card': Backdrop(
        'gcp-t4-vm',
        'A10',
        '550.144.03',
        '2025-11-25T11:30:00Z',
        '2025-11-25T12:10:00Z',
        pci=('01',),
    ),
    'minkowski-121-v100-training-2-4x-slow-openmp-96-threads-cpu-oversubscription': Backdrop(
        'v100-cluster-node',
        'A10',
        '550.144.03',
        '2020-04-06T11:30:00Z',
        '2020-04-06T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'tf-14701-v100-sxm2-slow-startup-tensorflow-built-with-cuda8-not-cuda9': Backdrop(
        'v100-sxm2-node',
        'A10',
        '550.144.03',
        '2017-11-21T11:30:00Z',
        '2017-11-21T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'surfemb-19-2080ti-cuda-oom-gpu-memory-leak-in-logging': Backdrop(
        'rtx2080ti-ws',
        'A10',
        '550.144.03',
        '2022-06-13T11:30:00Z',
        '2022-06-13T12:10:00Z',
        pci=('01',),
    ),
    'wavegan-81-v100-utilization-fluctuates-phaseshuffle-on-cpu': Backdrop(
        'v100-train-node',
        'A10',
        '550.144.03',
        '2020-04-09T11:30:00Z',
        '2020-04-09T12:10:00Z',
        pci=('01',),
    ),
    'deeplabcut-2542-v100-sxm2-utilization-drops-cpu-data-preprocessing': Backdrop(
        'v100-sxm2-server',
        'A10',
        '550.144.03',
        '2024-03-18T11:30:00Z',
        '2024-03-18T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'mlperf-inference-39-t4-performance-limited-server-not-suited-for-t4': Backdrop(
        't4-mlperf-server',
        'A10',
        '550.144.03',
        '2020-08-27T01:59:31Z',
        '2020-08-27T02:39:31Z',
        pci=('01',),
    ),
    'llava-496-colab-t4-host-ram-oom-loading-10gb-shards': Backdrop(
        'colab-t4-instance',
        'A10',
        '550.144.03',
        '2023-10-09T11:30:00Z',
        '2023-10-09T12:10:00Z',
        pci=('01',),
    ),
    'maskrcnn-2282-2080ti-inference-gpu-util-near-zero-running-on-cpu-tensorflow-build': Backdrop(
        'rtx2080ti-infer-ws',
        'A10',
        '550.144.03',
        '2020-07-14T11:30:00Z',
        '2020-07-14T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
