"""heldout-public-427's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-427/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description); hosts are
as printed where the evidence prints one (node13) and stand-ins otherwise; GPU counts and bus numbers are as printed where the
evidence prints them (bus 81 for node13; two GPUs for the dual-RTX-3090, 2x K80 and n_gpus=2 cases; three GPUs where
CUDA_VISIBLE_DEVICES="1,2" is printed) and a single GPU at bus 01 otherwise; the driver (550.144.03) is the same stand-in for
every case. No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'faiss-1031-faiss-gpu-index-cudamalloc-oom-pytorch-already-holds-most-of-4gb-gpu': Backdrop(
        'faiss-4gb-ws',
        'A10',
        '550.144.03',
        '2019-11-19T11:30:00Z',
        '2019-11-19T12:10:00Z',
        pci=('01',),
    ),
    'faiss-19-faiss-gpu-ivfpq-stackdevicememory-assertion-data-too-large-for-gpu-memory': Backdrop(
        'faiss-ivfpq-node',
        'A10',
        '550.144.03',
        '2017-03-06T11:30:00Z',
        '2017-03-06T12:10:00Z',
        pci=('01',),
    ),
    'faiss-135-faiss-gpu-demo-slower-than-cpu-timing-includes-context-and-kernel-load-benign': Backdrop(
        'faiss-titanx-ws',
        'A10',
        '550.144.03',
        '2017-06-13T11:30:00Z',
        '2017-06-13T12:10:00Z',
        pci=('01',),
    ),
    'cudfspark-1533-spark-rapids-pool-allocfraction-oom-xorg-gnome-shell-already-use-gpu-memory': Backdrop(
        'spark-rapids-desktop',
        'A10',
        '550.144.03',
        '2021-01-15T11:30:00Z',
        '2021-01-15T12:10:00Z',
        pci=('01',),
    ),
    'pyg-1106-pytorch-geometric-no-kernel-image-on-tesla-k40m-compute-capability-3-5-dropped': Backdrop(
        'k40m-node',
        'A10',
        '550.144.03',
        '2020-04-08T11:30:00Z',
        '2020-04-08T12:10:00Z',
        pci=('01',),
    ),
    'tsparse-189-torch-sparse-install-local-cuda-11-2-mismatches-pytorch-built-for-cuda-10-2': Backdrop(
        'pyg-build-host',
        'A10',
        '550.144.03',
        '2021-12-23T11:30:00Z',
        '2021-12-23T12:10:00Z',
        pci=('01',),
    ),
    'cudf-5415-cudf-reports-no-nvidia-gpu-detected-build-newer-than-running-driver-supports': Backdrop(
        'cudf-gpu-host',
        'A10',
        '550.144.03',
        '2020-08-04T11:30:00Z',
        '2020-08-04T12:10:00Z',
        pci=('01',),
    ),
    'lightgbm-836-lightgbm-gpu-trainer-2-5pct-gpu-util-cpu-busy-normal-for-small-data-benign': Backdrop(
        'lightgbm-xeon-48c',
        'A10',
        '550.144.03',
        '2017-08-15T11:30:00Z',
        '2017-08-15T12:10:00Z',
        pci=('01',),
    ),
    'daskcuda-1173-localcudacluster-workers-report-device-0-cuda-visible-devices-renumbering-benign': Backdrop(
        'dask-cuda-3gpu',
        'A10',
        '550.144.03',
        '2023-05-12T11:30:00Z',
        '2023-05-12T12:10:00Z',
        pci=('01', '02', '03'),
    ),
    'daskcuda-169-dask-cuda-workers-die-unexpectedly-host-memory-limit-exceeded-loading-training-data': Backdrop(
        'dask-cuda-node',
        'A10',
        '550.144.03',
        '2019-11-06T11:30:00Z',
        '2019-11-06T12:10:00Z',
        pci=('01',),
    ),
    'heavydb-798-node13-gpu-0000-81-heats-to-97c-then-xid-79-fallen-off-bus-hot-even-at-idle': Backdrop(
        'node13',
        'A10',
        '550.144.03',
        '2023-09-08T11:30:00Z',
        '2023-09-08T12:10:00Z',
        pci=('81',),
    ),
    'catboost-1530-dual-rtx3090-workstation-gpu-driver-crashes-heat-in-case-fixed-by-fan-curves': Backdrop(
        'catboost-2x3090-ws',
        'A10',
        '550.144.03',
        '2021-01-04T11:30:00Z',
        '2021-01-04T12:10:00Z',
        pci=('01', '02'),
    ),
    'cudfspark-10827-spark-rapids-on-emr-gpu-memory-full-at-start-rapids-pool-by-design-benign': Backdrop(
        'emr-gpu-core-01',
        'A10',
        '550.144.03',
        '2024-05-16T11:30:00Z',
        '2024-05-16T12:10:00Z',
        pci=('01',),
    ),
    'milvushelm-150-milvus-gpu-pod-crashloop-libnvidia-ml-file-too-short-gpu-resources-misplaced-in-values': Backdrop(
        'gke-ai-gpu2-node',
        'A10',
        '550.144.03',
        '2020-12-15T11:30:00Z',
        '2020-12-15T12:10:00Z',
        pci=('01',),
    ),
    'milvushelm-169-milvus-gpu-cluster-libnvidia-ml-file-too-short-fixed-by-nvidia-container-runtime': Backdrop(
        'milvus-gpu-k8s-node',
        'A10',
        '550.144.03',
        '2021-04-21T11:30:00Z',
        '2021-04-21T12:10:00Z',
        pci=('01',),
    ),
    'zmilvushelm-80-milvus-helm-gpu-configured-but-unused-cpu-image-deployed': Backdrop(
        'milvus-helm-gpu-node',
        'A10',
        '550.144.03',
        '2024-03-23T11:30:00Z',
        '2024-03-23T12:10:00Z',
        pci=('01',),
    ),
    'h2o4gpu-257-h2o4gpu-kmeans-warning-cpu-library-failed-to-load-while-running-on-gpus-benign': Backdrop(
        'rhel72-2xk80',
        'A10',
        '550.144.03',
        '2017-11-02T11:30:00Z',
        '2017-11-02T12:10:00Z',
        pci=('01', '02'),
    ),
    'xgboost-10312-xgboost-multi-gpu-ci-hang-inside-nccl-fixed-by-driver-supporting-ctk-12-5': Backdrop(
        'xgboost-mgpu-ci',
        'A10',
        '550.144.03',
        '2024-05-22T11:30:00Z',
        '2024-05-22T12:10:00Z',
        pci=('01', '02'),
    ),
    'xgboost-4523-xgboost-hangs-on-ncclallreduce-one-omp-thread-drives-two-gpus': Backdrop(
        'h2o4gpu-ppc-node',
        'A10',
        '550.144.03',
        '2019-05-31T11:30:00Z',
        '2019-05-31T12:10:00Z',
        pci=('01', '02'),
    ),
    'xgboost-6261-xgboost-r-gpu-memory-piles-up-across-hyperparameter-runs-until-session-crash-gc-not-run': Backdrop(
        'xgboost-r-ws',
        'A10',
        '550.144.03',
        '2020-10-20T11:30:00Z',
        '2020-10-20T12:10:00Z',
        pci=('01',),
    ),
    'blazingsql-1264-blazingsql-single-gpu-small-ram-server-hard-crash-when-gpu-spills-to-host-ram': Backdrop(
        'bsql-small-ram-server',
        'A10',
        '550.144.03',
        '2020-12-17T11:30:00Z',
        '2020-12-17T12:10:00Z',
        pci=('01',),
    ),
    'hugectrbackend-42-merlin-hugectr-triton-backend-sigbus-in-ncclgroupend-container-shm-memlock-too-small': Backdrop(
        'qgpuvb813-cvision',
        'A10',
        '550.144.03',
        '2022-05-09T11:30:00Z',
        '2022-05-09T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
