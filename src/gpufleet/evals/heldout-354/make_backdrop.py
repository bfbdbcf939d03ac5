"""heldout-public-354's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-354/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
host names, GPU counts, bus numbers (01..N in index order) and the driver (550.144.03, the same for every case)
are stand-ins: no kept excerpt prints a host name, a bus id or a driver version of the failing machine that is used here.
No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'timm-886-prefetcher-gpu-memory-grows-then-stable-not-a-leak-benign': Backdrop(
        'timm-a6000-ws',
        'A10',
        '550.144.03',
        '2021-09-27T11:30:00Z',
        '2021-09-27T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'cupy-1394-memory-pool-holds-freed-gpu-memory-expected-not-a-leak-benign': Backdrop(
        'cupy-dev-node',
        'A10',
        '550.144.03',
        '2018-06-19T11:30:00Z',
        '2018-06-19T12:10:00Z',
        pci=('01',),
    ),
    'lmdeploy-1619-api-server-hangs-under-many-requests-bug-fixed-in-main-100pct-util-display-only': Backdrop(
        'lmdeploy-srv',
        'A10',
        '550.144.03',
        '2024-06-06T11:30:00Z',
        '2024-06-06T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'cntk-379-cublas-execution-failed-built-with-gcc48-loaded-gcc49-libs-made-consistent': Backdrop(
        'cntk-kaldi-node',
        'A10',
        '550.144.03',
        '2016-04-21T11:30:00Z',
        '2016-04-21T12:10:00Z',
        pci=('01',),
    ),
    'groundlight-442-inference-pods-spawn-112-omp-threads-each-cpu-congestion-gpus-2-5pct-capped': Backdrop(
        'edge-endpoint-node',
        'A10',
        '550.144.03',
        '2026-06-29T11:30:00Z',
        '2026-06-29T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'repvgg-40-gpu-util-0-99pct-unstable-imagenet-data-loading-bottleneck': Backdrop(
        'repvgg-train',
        'A10',
        '550.144.03',
        '2021-03-22T11:30:00Z',
        '2021-03-22T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'olmo-255-checkpoint-save-to-shared-nfs-on-cirrascale-race-conditions-fixed': Backdrop(
        'olmo-cirrascale-01',
        'A10',
        '550.144.03',
        '2023-09-05T11:30:00Z',
        '2023-09-05T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'metaseq-497-checkpoint-save-to-nfs-oserror-bad-address-pathmanager-skipped': Backdrop(
        'metaseq-node',
        'A10',
        '550.144.03',
        '2022-11-08T11:30:00Z',
        '2022-11-08T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'wmremover-50-no-gpu-used-setup-script-installs-cpu-pytorch-reinstall-cuda-wheel': Backdrop(
        'wmremover-win10',
        'A10',
        '550.144.03',
        '2025-12-26T11:30:00Z',
        '2025-12-26T12:10:00Z',
        pci=('01',),
    ),
    'ray-51242-serve-vllm-tp1-no-cuda-gpus-available-uniprocexecutor-needs-gpu-at-replica': Backdrop(
        'ray-serve-node',
        'A10',
        '550.144.03',
        '2025-03-12T11:30:00Z',
        '2025-03-12T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'ray-48471-serve-replica-stuck-starting-max-replicas-per-node-implicit-resource-unschedulable': Backdrop(
        'ray-serve-gpu-node',
        'A10',
        '550.144.03',
        '2024-10-31T11:30:00Z',
        '2024-10-31T12:10:00Z',
        pci=('01',),
    ),
    'llamacpp-3045-egpu-disconnected-during-sleep-cuda-error-999-not-hotpluggable': Backdrop(
        'laptop-egpu',
        'A10',
        '550.144.03',
        '2023-09-06T11:30:00Z',
        '2023-09-06T12:10:00Z',
        pci=('01',),
    ),
    'lmdeploy-3825-v100-gpu1-missing-from-check-env-cuda-visible-devices-left-set': Backdrop(
        'lmdeploy-win',
        'A10',
        '550.144.03',
        '2025-08-09T11:30:00Z',
        '2025-08-09T12:10:00Z',
        pci=('01', '02',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
