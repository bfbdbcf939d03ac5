"""heldout-public-404's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-404/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (no evidence prints a usable host name), GPU counts, bus numbers (01..N in index order) and the driver
(550.144.03, the same for every case) are stand-ins. No case uses extra: no source quotes an exporter value
as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'pytorch-1504-cudnn-internal-error-invalid-cuda-visible-devices-syntax-no-gpu-visible': Backdrop(
        'gpu-ws-1504',
        'A10',
        '550.144.03',
        '2017-05-07T11:30:00Z',
        '2017-05-07T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'cntkod-2-cudnn-internal-error-resnet-out-of-gpu-memory-on-2gb-card': Backdrop(
        'cntk-ws-01',
        'A10',
        '550.144.03',
        '2016-12-13T11:30:00Z',
        '2016-12-13T12:10:00Z',
        pci=('01',),
    ),
    'sockeye-897-create-cublas-handle-failed-curand-errors-were-gpu-oom-smaller-model-fixed': Backdrop(
        'sockeye-gpu-01',
        'A10',
        '550.144.03',
        '2020-10-28T11:30:00Z',
        '2020-10-28T12:10:00Z',
        pci=('01',),
    ),
    'aihwkit-479-cublas-initialization-failed-example-typically-gpu-memory-lower-batch-size': Backdrop(
        'aihwkit-ws-01',
        'A10',
        '550.144.03',
        '2023-02-24T11:30:00Z',
        '2023-02-24T12:10:00Z',
        pci=('01',),
    ),
    'dvg-6-device-side-assert-num-classes-does-not-match-maximum-label': Backdrop(
        'dvg-ws-01',
        'A10',
        '550.144.03',
        '2020-02-12T11:30:00Z',
        '2020-02-12T12:10:00Z',
        pci=('01',),
    ),
    'supergradients-1307-device-side-assert-class-count-mismatch-labels-not-zero-based': Backdrop(
        'sg-ws-01',
        'A10',
        '550.144.03',
        '2023-07-22T11:30:00Z',
        '2023-07-22T12:10:00Z',
        pci=('01',),
    ),
    'speck-10-illegal-memory-access-out-of-bounds-read-in-spgemm-kernel-fixed-by-index-check': Backdrop(
        'speck-ws-01',
        'A10',
        '550.144.03',
        '2022-07-29T11:30:00Z',
        '2022-07-29T12:10:00Z',
        pci=('01',),
    ),
    'mcx-14-misaligned-address-on-cuda-6-or-newer-fixed-by-code-commit': Backdrop(
        'mcx-ws-01',
        'A10',
        '550.144.03',
        '2015-06-29T11:30:00Z',
        '2015-06-29T12:10:00Z',
        pci=('01',),
    ),
    'nbminer-55-illegal-instruction-err-73-miner-v5-supports-only-pascal-gtx-960-maxwell': Backdrop(
        'miner-rig-01',
        'A10',
        '550.144.03',
        '2018-07-07T11:30:00Z',
        '2018-07-07T12:10:00Z',
        pci=('01',),
    ),
    'ufold-20-cudnn-execution-failed-rtx-3090-with-pytorch-1-4-needs-cuda-11': Backdrop(
        'ufold-ws-01',
        'A10',
        '550.144.03',
        '2022-10-01T11:30:00Z',
        '2022-10-01T12:10:00Z',
        pci=('01',),
    ),
    'pointnet-229-cudnn-execution-failed-rtx-3090-needs-cuda-11': Backdrop(
        'pointnet-ws-01',
        'A10',
        '550.144.03',
        '2023-04-27T11:30:00Z',
        '2023-04-27T12:10:00Z',
        pci=('01',),
    ),
    'kokkos-783-random-segfault-in-mergeentries-kernel-compiler-or-runtime-bug-cuda-10-1': Backdrop(
        'kokkos-node-01',
        'A10',
        '550.144.03',
        '2020-08-13T11:30:00Z',
        '2020-08-13T12:10:00Z',
        pci=('01',),
    ),
    'mlcommons-185-cublas-status-not-initialized-at-some-batch-sizes-fixed-by-cuda-11-6': Backdrop(
        'mlc-node-01',
        'A10',
        '550.144.03',
        '2022-10-21T11:30:00Z',
        '2022-10-21T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'digits-1145-driver-shutting-down-error-at-end-of-successful-training-destructor-bug-benign': Backdrop(
        'digits-ws-01',
        'A10',
        '550.144.03',
        '2016-10-06T11:30:00Z',
        '2016-10-06T12:10:00Z',
        pci=('01',),
    ),
    'rnr-7-driver-shutting-down-at-exit-after-test-run-results-correct-benign': Backdrop(
        'rnr-ws-01',
        'A10',
        '550.144.03',
        '2020-04-10T11:30:00Z',
        '2020-04-10T12:10:00Z',
        pci=('01', '02',),
    ),
    'sassi-4-driver-shutting-down-at-exit-sync-in-static-destructor-output-complete-benign': Backdrop(
        'sassi-ws-01',
        'A10',
        '550.144.03',
        '2015-08-31T11:30:00Z',
        '2015-08-31T12:10:00Z',
        pci=('01',),
    ),
    'kohya-2794-unable-to-register-cudnn-cufft-cublas-factory-tensorflow-warnings-ignorable-benign': Backdrop(
        'kohya-ws-01',
        'A10',
        '550.144.03',
        '2024-09-07T11:30:00Z',
        '2024-09-07T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
