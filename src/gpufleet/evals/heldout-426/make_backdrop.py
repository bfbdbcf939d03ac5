"""heldout-public-426's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-426/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description); every host
is a stand-in except restricted-mxnetlinux-gpu (the CI node pool the mxnet evidence names); no source prints a bus id, so
the bus numbers are stand-ins: one GPU at bus 01 for single-GPU sources, 01/02 for the two two-GPU cases and 01..10 (hex)
for the 16-GPU CNTK machine. The driver (550.144.03) is the same stand-in for every case. No case uses extra: no source
quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'mxnet-19948-ci-fleet-new-460-driver-ami-cu102-cu110-containers-find-no-gpu-old-cuda-compat-package': Backdrop(
        'restricted-mxnetlinux-gpu',
        'A10',
        '550.144.03',
        '2021-02-24T11:30:00Z',
        '2021-02-24T12:10:00Z',
        pci=('01',),
    ),
    'torchsharp-1018-torchsharp-cuda-not-available-after-upgrade-fixed-by-newer-driver-cuda-install': Backdrop(
        'torchsharp-win-ws',
        'A10',
        '550.144.03',
        '2023-06-18T11:30:00Z',
        '2023-06-18T12:10:00Z',
        pci=('01',),
    ),
    'trt-3534-tensorrt-linked-against-cudnn-8-9-but-loaded-8-8-warning-benign': Backdrop(
        'rtx4080-trt-ws',
        'A10',
        '550.144.03',
        '2023-12-08T11:30:00Z',
        '2023-12-08T12:10:00Z',
        pci=('01',),
    ),
    'mlc-1034-mlc-llm-vulkan-out-of-device-memory-on-6gb-rtx2060-default-max-seq-len-needs-5884mb': Backdrop(
        'ubuntu-rtx2060',
        'A10',
        '550.144.03',
        '2023-10-07T11:30:00Z',
        '2023-10-07T12:10:00Z',
        pci=('01',),
    ),
    'keras3-1538-keras3-jax-backend-preallocates-all-gpu-memory-mem-fraction-1-resource-exhausted': Backdrop(
        'linux-keras3-jax',
        'A10',
        '550.144.03',
        '2026-07-31T11:30:00Z',
        '2026-07-31T12:10:00Z',
        pci=('01',),
    ),
    'floydhub-8-theano-not-using-gpu-cnmem-init-out-of-memory-cnmem-0-95-preallocation': Backdrop(
        'dl-docker-gpu',
        'A10',
        '550.144.03',
        '2016-06-30T11:30:00Z',
        '2016-06-30T12:10:00Z',
        pci=('01',),
    ),
    'ort-17142-onnxruntime-gpu-memory-not-released-freed-when-sessions-destructed-benign': Backdrop(
        'ort-cuda-host',
        'A10',
        '550.144.03',
        '2023-09-26T11:30:00Z',
        '2023-09-26T12:10:00Z',
        pci=('01',),
    ),
    'ort-3787-onnxruntime-runs-only-on-cpu-cpu-package-installed-alongside-onnxruntime-gpu': Backdrop(
        'ort-py35-host',
        'A10',
        '550.144.03',
        '2020-05-01T11:30:00Z',
        '2020-05-01T12:10:00Z',
        pci=('01',),
    ),
    'qupath-46-djl-detects-rtx5090-as-cu065-downloads-cpu-only-pytorch-runs-on-cpu': Backdrop(
        'qupath-win-5090',
        'A10',
        '550.144.03',
        '2026-03-25T11:30:00Z',
        '2026-03-25T12:10:00Z',
        pci=('01',),
    ),
    'sherpa-163-onnxruntime-nodes-not-assigned-to-preferred-ep-warning-shape-ops-on-cpu-benign': Backdrop(
        'sherpa-gpu-host',
        'A10',
        '550.144.03',
        '2023-05-25T11:30:00Z',
        '2023-05-25T12:10:00Z',
        pci=('01',),
    ),
    'fw-896-faster-whisper-gpu-transcription-high-cpu-usage-one-core-normal-benign': Backdrop(
        'fw-gpu-host',
        'A10',
        '550.144.03',
        '2024-07-03T11:30:00Z',
        '2024-07-03T12:10:00Z',
        pci=('01',),
    ),
    'ct2-1628-ctranslate2-4-device-index-1-also-initialises-and-uses-gpu-0': Backdrop(
        'ct2-2gpu-host',
        'A10',
        '550.144.03',
        '2024-02-22T11:30:00Z',
        '2024-02-22T12:10:00Z',
        pci=('01', '02'),
    ),
    'theano-3383-theano-second-gpu-selected-but-cublas-still-maps-first-exclusive-process-gpu': Backdrop(
        'titanz-cluster-node',
        'A10',
        '550.144.03',
        '2015-09-11T11:30:00Z',
        '2015-09-11T12:10:00Z',
        pci=('01', '02'),
    ),
    'cntk-1462-cntk-nccl-init-hangs-with-more-than-9-gpus-p2p-peer-limit-nccl-error-path-deadlock': Backdrop(
        'cntk-16xk80',
        'A10',
        '550.144.03',
        '2017-02-15T11:30:00Z',
        '2017-02-15T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08', '09', '0a', '0b', '0c', '0d', '0e', '0f', '10'),
    ),
    'darknet-1070-darknet-cuda-unknown-error-graphics-driver-stopped-fixed-by-driver-update': Backdrop(
        'win-gtx1060-ws',
        'A10',
        '550.144.03',
        '2018-06-20T11:30:00Z',
        '2018-06-20T12:10:00Z',
        pci=('01',),
    ),
    'darknet-7459-darknet-training-hangs-in-cuda-push-array-after-windows-monitor-powersave-wakeup': Backdrop(
        'win-darknet-trainer',
        'A10',
        '550.144.03',
        '2021-03-03T11:30:00Z',
        '2021-03-03T12:10:00Z',
        pci=('01',),
    ),
    'ppdet-1342-paddledetection-gpu-util-0-one-cpu-reader-process-busy-data-io-blocking': Backdrop(
        'aistudio-v100-32g',
        'A10',
        '550.144.03',
        '2020-09-02T11:30:00Z',
        '2020-09-02T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
