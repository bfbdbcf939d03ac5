"""heldout-public-244's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-244/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except iabeng67, printed by its source), bus numbers where the source prints none, and the driver
(550.144.03, the same for every case) are stand-ins. One case (llm-tuning-45) uses the default eight-GPU bus numbers.
No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'renya-docker-k8s-tips-nvidia-smi-cannot-communicate-with-driver-after-apt-upgrade-or-auto-update-reinstall-driver': Backdrop(
        'rtx3090-ws',
        'A10',
        '550.144.03',
        '2022-11-01T11:30:00Z',
        '2022-11-01T12:10:00Z',
        pci=('01',),
    ),
    'llm-tuning-45-baichuan-lora-gpu-memory-climbs-to-oom-batch-64-long-samples-later-not-a-leak': Backdrop(
        'llm-tuning-node',
        'A10',
        '550.144.03',
        '2023-07-31T11:30:00Z',
        '2023-07-31T12:10:00Z',
    ),
    'paddle-docs-6499-docker-run-without-gpus-all-container-cannot-see-gpu-doc-fix': Backdrop(
        'paddle-docker-host',
        'A10',
        '550.144.03',
        '2024-02-05T11:30:00Z',
        '2024-02-05T12:10:00Z',
        pci=('01',),
    ),
    'dcls-sr-52-training-looks-stuck-no-console-output-logs-written-to-file-benign': Backdrop(
        'dcls-sr-ws',
        'A10',
        '550.144.03',
        '2024-03-29T11:30:00Z',
        '2024-03-29T12:10:00Z',
        pci=('01',),
    ),
    'snake-88-training-log-stops-at-epoch-135-gpu-at-3-percent-maintainer-suspects-data': Backdrop(
        'snake-train-ws',
        'A10',
        '550.144.03',
        '2020-09-02T11:30:00Z',
        '2020-09-02T12:10:00Z',
        pci=('01',),
    ),
    'bab-korea-78-contest-gpu-memory-taken-by-other-users-cannot-train-operators-upgrading-gpus': Backdrop(
        'contest-gpu-server',
        'A10',
        '550.144.03',
        '2023-12-14T11:30:00Z',
        '2023-12-14T12:10:00Z',
        pci=('01',),
    ),
    'jmarple-model-compression-15-densenet121-training-fails-gpu-memory-too-small': Backdrop(
        'model-compression-ws',
        'A10',
        '550.144.03',
        '2021-03-04T11:30:00Z',
        '2021-03-04T12:10:00Z',
        pci=('01',),
    ),
    'bab-korea-97-other-teams-processes-hold-gpu-during-allotted-time-slot': Backdrop(
        'contest-gpu-server',
        'A10',
        '550.144.03',
        '2023-12-15T11:30:00Z',
        '2023-12-15T12:10:00Z',
        pci=('01',),
    ),
    'fastmri-challenge-324-iabeng67-node-fail-node-fault-confirmed-users-moved-to-new-node': Backdrop(
        'iabeng67',
        'A10',
        '550.144.03',
        '2025-07-14T11:30:00Z',
        '2025-07-14T12:10:00Z',
        pci=('01',),
    ),
    'ai-starthon-188-sessions-hung-by-infrastructure-fault-hardware-or-kernel-force-terminated': Backdrop(
        'nsml-gpu-node',
        'A10',
        '550.144.03',
        '2019-07-29T11:30:00Z',
        '2019-07-29T12:10:00Z',
        pci=('01',),
    ),
    'naver-ai-rush-22-session-killed-exit-code-137-host-memory-oom-use-memory-option': Backdrop(
        'nsml-airush-node',
        'A10',
        '550.144.03',
        '2020-07-14T18:25:00Z',
        '2020-07-14T19:05:00Z',
        pci=('01',),
    ),
    'naver-ai-rush-30-baseline-session-killed-exit-code-137-out-of-memory': Backdrop(
        'nsml-airush-node-2',
        'A10',
        '550.144.03',
        '2020-07-15T04:53:00Z',
        '2020-07-15T05:33:00Z',
        pci=('01',),
    ),
    'naver-nlp-challenge-73-training-killed-bash-line-1-killed-memory-oom': Backdrop(
        'nsml-nlp-node',
        'A10',
        '550.144.03',
        '2018-12-13T11:30:00Z',
        '2018-12-13T12:10:00Z',
        pci=('01',),
    ),
    'mattshma-bigdata-105-caffe-image-cuda-driver-insufficient-then-driver-library-mismatch-375-vs-384': Backdrop(
        'caffe-docker-host',
        'A10',
        '550.144.03',
        '2017-12-01T11:30:00Z',
        '2017-12-01T12:10:00Z',
        pci=('01',),
    ),
    'naver-nlp-challenge-38-base-image-cuda-too-old-for-tensorflow-gpu-1-9-use-newer-cuda-image': Backdrop(
        'nsml-nlp-node-2',
        'A10',
        '550.144.03',
        '2018-12-04T11:30:00Z',
        '2018-12-04T12:10:00Z',
        pci=('01',),
    ),
    'paddleocr-1775-gpu-memory-larger-than-needed-allocator-preallocates-and-grows-benign': Backdrop(
        'paddleocr-infer',
        'A10',
        '550.144.03',
        '2021-01-20T11:30:00Z',
        '2021-01-20T12:10:00Z',
        pci=('01',),
    ),
    'flask-keras-cnn-image-retrieval-40-tensorflow-takes-4gb-gpu-memory-normal-benign': Backdrop(
        'keras-retrieval-ws',
        'A10',
        '550.144.03',
        '2020-09-10T11:30:00Z',
        '2020-09-10T12:10:00Z',
        pci=('01',),
    ),
    'resnet-imagenet-caffe-4-resnet32-batch-32-uses-9gb-gpu-memory-normal-benign': Backdrop(
        'resnet-caffe-ws',
        'A10',
        '550.144.03',
        '2017-10-11T11:30:00Z',
        '2017-10-11T12:10:00Z',
        pci=('01',),
    ),
    'samus-39-no-cuda-gpus-available-script-hardcodes-cuda-visible-devices-3-on-single-gpu-machine': Backdrop(
        'samus-ws',
        'A10',
        '550.144.03',
        '2025-04-23T11:30:00Z',
        '2025-04-23T12:10:00Z',
        pci=('01',),
    ),
    'pycorrector-194-only-gpu-0-works-other-cards-invalid-device-ordinal-set-cuda-visible-devices': Backdrop(
        'pycorrector-node',
        'A10',
        '550.144.03',
        '2021-02-25T11:30:00Z',
        '2021-02-25T12:10:00Z',
        pci=('01', '02'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
