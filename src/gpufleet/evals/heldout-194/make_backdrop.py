"""heldout-public-194's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-194/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list; the real hardware is named in each
case's description); hosts, bus numbers and drivers are stand-ins (no source prints a driver version). No case
uses extra: no source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'animalorafactory-6-rtx4070-lora-training-stuck-at-0-cpu-pytorch-selected': Backdrop(
        'win-anima-rtx4070',
        'A10',
        '580.97',
        '2026-09-02T11:30:00Z',
        '2026-09-02T12:10:00Z',
        pci=('01',),
    ),
    'aivision-102-nsml-session-zombie-one-of-two-gpus-unused': Backdrop(
        'nsml-team33-s60',
        'A10',
        '410.79',
        '2019-01-05T11:30:00Z',
        '2019-01-05T12:10:00Z',
        pci=('01', '02'),
    ),
    'fastmri-252-gtx1080-cuda-oom-model-exceeds-8gb-vram-not-leftover-process': Backdrop(
        'iabeng58',
        'A10',
        '535.183.01',
        '2024-07-15T11:30:00Z',
        '2024-07-15T12:10:00Z',
        pci=('01',),
    ),
    'aistarthon-219-nsml-submit-cuda-oom-submit-session-gpu-memory-insufficient': Backdrop(
        'nsml-team130-submit',
        'A10',
        '418.67',
        '2019-07-30T11:30:00Z',
        '2019-07-30T12:10:00Z',
        pci=('01',),
    ),
    'mockingbird-394-torch-cuda-is-available-false-install-order-driver-cuda': Backdrop(
        'win-mockingbird-pc',
        'A10',
        '511.65',
        '2022-02-20T11:30:00Z',
        '2022-02-20T12:10:00Z',
        pci=('01',),
    ),
    'hami-460-device-plugin-fails-nvidia-docker2-not-installed': Backdrop(
        'hami-gpu-node',
        'A10',
        '550.90.07',
        '2024-08-31T11:30:00Z',
        '2024-08-31T12:10:00Z',
        pci=('01',),
    ),
    'gpumanager-78-gtx1080ti-vgpu-limits-not-enforced-needs-native-runc': Backdrop(
        'k8s-gtx1080ti-node',
        'A10',
        '460.32.03',
        '2021-04-14T11:30:00Z',
        '2021-04-14T12:10:00Z',
        pci=('01',),
    ),
    'hami-861-k3s-device-plugin-missing-runtimeclassname-nvidia-install-fails': Backdrop(
        'server1',
        'A10',
        '550.144.03',
        '2025-02-12T11:30:00Z',
        '2025-02-12T12:10:00Z',
        pci=('01',),
    ),
    'aistarthon-159-nsml-job-rejected-not-enough-resources-request-exceeds-free-nodes': Backdrop(
        'nsml-nipa-node',
        'A10',
        '418.67',
        '2019-07-26T11:30:00Z',
        '2019-07-26T12:10:00Z',
        pci=('01',),
    ),
    'qwenclassify-nccl-allreduce-timeout-after-eval-467m-element-hidden-states': Backdrop(
        'qwen-classify-8gpu',
        'A10',
        '570.158.01',
        '2025-07-17T11:30:00Z',
        '2025-07-17T12:10:00Z',
    ),
    'musetalk-93-two-a800-training-hangs-nccl-timeout-uneven-batches-per-rank': Backdrop(
        'musetalk-a800x2',
        'A10',
        '535.161.08',
        '2024-05-21T11:30:00Z',
        '2024-05-21T12:10:00Z',
        pci=('01', '02'),
    ),
    'aivision-140-nsml-session-killed-host-ram-not-gpu-memory': Backdrop(
        'nsml-cherrypickers-s209',
        'A10',
        '410.79',
        '2019-01-10T11:30:00Z',
        '2019-01-10T12:10:00Z',
        pci=('01',),
    ),
    'aispeech-29-nsml-session-killed-oom-host-ram-not-returned': Backdrop(
        'nsml-dshomin-speech',
        'A10',
        '418.67',
        '2019-09-19T11:30:00Z',
        '2019-09-19T12:10:00Z',
        pci=('01',),
    ),
    'aistarthon-217-benign-gpu-90-percent-is-cluster-allocation-not-session-use': Backdrop(
        'nsml-team-jongsang',
        'A10',
        '418.67',
        '2019-07-30T11:30:00Z',
        '2019-07-30T12:10:00Z',
        pci=('01',),
    ),
    'gpushare-133-benign-container-nvidia-smi-shows-whole-gpu-memory-share-not-isolated': Backdrop(
        'gpushare-node',
        'A10',
        '450.80.02',
        '2020-11-02T11:30:00Z',
        '2020-11-02T12:10:00Z',
        pci=('01',),
    ),
    'nlpchallenge-26-benign-ended-session-still-shows-avg-gpu-usage': Backdrop(
        'nsml-chogyuwon-s1',
        'A10',
        '410.79',
        '2018-11-29T11:30:00Z',
        '2018-11-29T12:10:00Z',
        pci=('01',),
    ),
    'airush-87-nsml-submit-cuda-oom-gpu0-31gb-model-or-data-too-large': Backdrop(
        'nsml-thisisiron-submit',
        'A10',
        '440.64.00',
        '2020-07-24T11:30:00Z',
        '2020-07-24T12:10:00Z',
        pci=('01', '02'),
    ),
    'khd2020-32-nsml-session-deleted-on-web-page-gpu-still-allocated': Backdrop(
        'nsml-khd-skkuej',
        'A10',
        '440.64.00',
        '2020-09-21T11:30:00Z',
        '2020-09-21T12:10:00Z',
        pci=('01',),
    ),
    'gpushare-141-k8s-node-gpu-mem-capacity-0-memory-unit-mib-exceeds-limit': Backdrop(
        'gpushare-node-141',
        'A10',
        '450.80.02',
        '2020-12-22T11:30:00Z',
        '2020-12-22T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
