"""heldout-public-241's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-241/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts, bus numbers (no source prints one) and the driver (550.144.03, the same for every case) are stand-ins.
The eight-GPU cases use the default HGX bus numbers. No case uses extra: no source quotes an exporter value as
a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'c3d-56-cublas-execution-failed-mid-finetune-host-set-to-suspend-after-idle-hour': Backdrop(
        'c3d-ucf101-ws',
        'A10',
        '550.144.03',
        '2015-12-29T11:30:00Z',
        '2015-12-29T12:10:00Z',
        pci=('01',),
    ),
    'meshcnn-14-gpu-util-1pct-read-from-windows-task-manager-not-real-utilization-benign': Backdrop(
        'meshcnn-win10-gtx1660',
        'A10',
        '550.144.03',
        '2019-08-07T11:30:00Z',
        '2019-08-07T12:10:00Z',
        pci=('01',),
    ),
    'paddle-13559-fluid-fasterrcnn-training-blocked-gpu-util-100-fixed-by-driver-396-26': Backdrop(
        'paddle-fluid-trainer',
        'A10',
        '550.144.03',
        '2018-09-29T11:30:00Z',
        '2018-09-29T12:10:00Z',
        pci=('01',),
    ),
    'pgl-259-cublas-status-execution-failed-broken-cuda-install-reinstalled-cuda-10-2': Backdrop(
        'pgl-gnn-trainer',
        'A10',
        '550.144.03',
        '2021-06-18T11:30:00Z',
        '2021-06-18T12:10:00Z',
        pci=('01',),
    ),
    'psdr-cuda-15-gpu-memory-grows-each-optimization-step-scene-configure-reuploads-geometry': Backdrop(
        'psdr-optim-ws',
        'A10',
        '550.144.03',
        '2021-11-29T11:30:00Z',
        '2021-11-29T12:10:00Z',
        pci=('01',),
    ),
    'qwenvl-ft-79-deepspeed-finetune-killed-exit-minus-9-host-ram-oom-on-8x-a800': Backdrop(
        'qwenvl-ft-a800x8',
        'A10',
        '550.144.03',
        '2025-03-19T11:30:00Z',
        '2025-03-19T12:10:00Z',
    ),
    'realtimestt-138-cudnn-ops-symbol-load-failure-ctranslate2-4-5-built-for-cudnn-9-2': Backdrop(
        'realtimestt-asr-box',
        'A10',
        '550.144.03',
        '2024-10-27T11:30:00Z',
        '2024-10-27T12:10:00Z',
        pci=('01',),
    ),
    'vllm-1298-oom-with-gpu-memory-utilization-1-0-kv-cache-preallocation-profiling-approximate': Backdrop(
        'vllm-bench-tp2',
        'A10',
        '550.144.03',
        '2023-10-09T11:30:00Z',
        '2023-10-09T12:10:00Z',
        pci=('01', '02'),
    ),
    'seedvr2-30-multi-4090-workers-oom-torch-initialized-before-cuda-visible-devices-latch-gpu0': Backdrop(
        'seedvr2-8x4090',
        'A10',
        '550.144.03',
        '2025-07-04T11:30:00Z',
        '2025-07-04T12:10:00Z',
    ),
    'mediseg-9-cuda-visible-devices-set-after-torch-import-training-uses-all-gpus': Backdrop(
        'mediseg-trainer',
        'A10',
        '550.144.03',
        '2023-04-20T11:30:00Z',
        '2023-04-20T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'procgen-5-mpi-ranks-share-cuda-visible-devices-first-gpu-oom-per-rank-devices-fixed': Backdrop(
        'procgen-mpi-trainer',
        'A10',
        '550.144.03',
        '2020-01-13T11:30:00Z',
        '2020-01-13T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'horovod-1221-keras-mnist-freezes-nccl-plugin-message-harmless-mpi-network-interface-misconfig': Backdrop(
        'hvd-node-a',
        'A10',
        '550.144.03',
        '2019-07-13T11:30:00Z',
        '2019-07-13T12:10:00Z',
        pci=('01',),
    ),
    'ollama-6604-llama-runner-exit-0xc0000139-cuctxcreate-v3-missing-driver-too-old': Backdrop(
        'ollama-win-1080ti',
        'A10',
        '550.144.03',
        '2024-09-03T08:06:00Z',
        '2024-09-03T08:46:00Z',
        pci=('01',),
    ),
    'waifu2x-28-memory-clock-below-rated-p2-state-under-cuda-by-driver-design-benign': Backdrop(
        'waifu2x-win-gpu',
        'A10',
        '550.144.03',
        '2016-05-27T11:30:00Z',
        '2016-05-27T12:10:00Z',
        pci=('01',),
    ),
    'axolotl-1268-sigterm-at-checkpoint-save-after-resume-host-ram-exhausted-os-kills-trainer': Backdrop(
        'axolotl-ft-node',
        'A10',
        '550.144.03',
        '2024-07-06T11:30:00Z',
        '2024-07-06T12:10:00Z',
        pci=('01', '02'),
    ),
    'deepspeech-1468-gpu-util-flips-0-100-cpu-pegged-cpu-bound-wer-validation-every-step': Backdrop(
        'deepspeech-gtx1070',
        'A10',
        '550.144.03',
        '2018-07-23T11:30:00Z',
        '2018-07-23T12:10:00Z',
        pci=('01',),
    ),
    'detectron2-2053-uneven-gpu-memory-across-ddp-ranks-expected-different-image-sizes-benign': Backdrop(
        'd2-ddp-8gpu',
        'A10',
        '550.144.03',
        '2020-09-21T11:30:00Z',
        '2020-09-21T12:10:00Z',
    ),
    'detectronpt-140-training-stuck-at-step-553061-gpu-util-0-memory-held-dataloader-deadlock': Backdrop(
        'detectron-pt-trainer',
        'A10',
        '550.144.03',
        '2018-08-31T11:30:00Z',
        '2018-08-31T12:10:00Z',
        pci=('01',),
    ),
    'tfmodels-267-tensorflow-grabs-90pct-gpu-memory-at-start-own-allocator-by-design-benign': Backdrop(
        'tf-inception-box',
        'A10',
        '550.144.03',
        '2016-07-11T11:30:00Z',
        '2016-07-11T12:10:00Z',
        pci=('01',),
    ),
    'geodl-490-conda-env-from-environment-yml-installs-cpu-pytorch-on-gpu-machines': Backdrop(
        'geodl-gpu-ws',
        'A10',
        '550.144.03',
        '2023-02-23T11:30:00Z',
        '2023-02-23T12:10:00Z',
        pci=('01',),
    ),
    'asap-743-mamba-env-from-yaml-solves-cpu-only-pytorch-despite-cudatoolkit': Backdrop(
        'asap-md-gpu',
        'A10',
        '550.144.03',
        '2024-01-12T11:30:00Z',
        '2024-01-12T12:10:00Z',
        pci=('01',),
    ),
    'cvrecipes-450-conda-env-installs-pytorch-cpu-after-cuda-10-1-update-pin-cuda-build': Backdrop(
        'cvrecipes-dsvm',
        'A10',
        '550.144.03',
        '2019-12-03T11:30:00Z',
        '2019-12-03T12:10:00Z',
        pci=('01',),
    ),
    'ort-12197-first-session-run-1s-then-2ms-cuda-context-initialization-expected-benign': Backdrop(
        'ort-win11-cuda',
        'A10',
        '550.144.03',
        '2022-07-16T11:30:00Z',
        '2022-07-16T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
