"""heldout-public-448's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-448/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description); hosts are
stand-ins except gpu-4 (NordicHPC/sonar#245) and b5301 (NordicHPC/sonar#183), which the evidence prints; GPU counts follow
the source (4 for the two Sonar nodes, 2 for the two-GPU servers, 8 as a stand-in where the report implies at least 7) and
are one GPU otherwise; bus numbers are stand-ins 01..N (no source prints a bus id); the driver (550.144.03) is the same
stand-in for every case. No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never
points at the cause (every case of this set is benign: flat, healthy metrics).
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'gpustat-116-gpustat-memory-size-differs-from-nvidia-smi-old-nvidia-ml-py-with-r510-driver-benign': Backdrop(
        'gpustat-ws-01',
        'A10',
        '550.144.03',
        '2022-03-08T11:30:00Z',
        '2022-03-08T12:10:00Z',
        pci=('01',),
    ),
    'sonar-245-jobanalyzer-gpu-percent-2287971552-monitoring-probe-malloc-not-calloc-benign': Backdrop(
        'gpu-4',
        'A10',
        '550.144.03',
        '2025-02-04T11:30:00Z',
        '2025-02-04T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'sonar-183-nvidia-smi-output-changed-in-driver-560-sonar-parser-loses-memory-field-benign': Backdrop(
        'b5301',
        'A10',
        '550.144.03',
        '2024-08-27T11:30:00Z',
        '2024-08-27T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'optimum-benchmark-31-py3nvml-reports-reserved-not-used-gpu-memory-benchmark-misreads-benign': Backdrop(
        'bench-gpu-01',
        'A10',
        '550.144.03',
        '2023-08-18T11:30:00Z',
        '2023-08-18T12:10:00Z',
        pci=('01',),
    ),
    'ptforum-947-cuda-memory-not-freed-after-del-caching-allocator-keeps-it-by-design-benign': Backdrop(
        'pt-ws-947',
        'A10',
        '550.144.03',
        '2020-01-01T11:30:00Z',
        '2020-01-01T12:10:00Z',
        pci=('01',),
    ),
    'ptforum-81330-pytorch-holds-800mb-vram-with-tiny-model-cuda-context-overhead-benign': Backdrop(
        'pt-ws-81330',
        'A10',
        '550.144.03',
        '2020-05-15T11:30:00Z',
        '2020-05-15T12:10:00Z',
        pci=('01',),
    ),
    'ptforum-90400-gpu-memory-grows-first-iterations-then-plateaus-measured-too-early-benign': Backdrop(
        'pt-ws-90400',
        'A10',
        '550.144.03',
        '2020-07-27T11:30:00Z',
        '2020-07-27T12:10:00Z',
        pci=('01',),
    ),
    'tf-50300-cuda-visible-devices-5-6-shown-as-gpu0-gpu1-renumbered-by-design-benign': Backdrop(
        'tf-srv-50300',
        'A10',
        '550.144.03',
        '2021-06-16T11:30:00Z',
        '2021-06-16T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'open-clip-829-log-shows-cuda0-while-job-uses-gpu1-cuda-visible-devices-renumbering-benign': Backdrop(
        'clip-train-01',
        'A10',
        '550.144.03',
        '2024-02-27T11:30:00Z',
        '2024-02-27T12:10:00Z',
        pci=('01', '02',),
    ),
    'nnunet-89-job-on-second-gpu-still-reports-gpu0-visible-devices-renumbering-benign': Backdrop(
        'nnunet-srv-01',
        'A10',
        '550.144.03',
        '2019-11-12T11:30:00Z',
        '2019-11-12T12:10:00Z',
        pci=('01', '02',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
