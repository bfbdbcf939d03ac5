"""heldout-public-395's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-395/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
host names are as the evidence prints them where it prints one, stand-ins otherwise (see each description); GPU
counts, bus numbers (01..N in index order) and the driver (550.144.03, the same for every case) are stand-ins.
No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'mlagent-minikube-wsl2-device-plugin-crashloop-nvml-library-not-found-nested-container': Backdrop(
        'minikube',
        'A10',
        '550.144.03',
        '2026-08-04T11:30:00Z',
        '2026-08-04T12:10:00Z',
        pci=('01',),
    ),
    'analyse-citation-network-pipeline-runs-on-cpu-gpu-0pct-rapids-not-installed': Backdrop(
        'analyse-gpu',
        'A10',
        '550.144.03',
        '2026-05-19T11:30:00Z',
        '2026-05-19T12:10:00Z',
        pci=('01',),
    ),
    'eegchallenge-torch-cuda-unavailable-nvml-init-error-999-container-runtime-permission-issue': Backdrop(
        'eeg-gpu',
        'A10',
        '550.144.03',
        '2025-09-25T11:30:00Z',
        '2025-09-25T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'orgaccess-qwen32b-qlora-gpu1-idle-0-5pct-device-map-auto-model-parallelism': Backdrop(
        'orgaccess-runpod',
        'A10',
        '550.144.03',
        '2025-10-18T11:30:00Z',
        '2025-10-18T12:10:00Z',
        pci=('01', '02',),
    ),
    'signlang-4gpu-training-no-faster-than-1gpu-dataloader-file-locking-serialization': Backdrop(
        'slt-gpu',
        'A10',
        '550.144.03',
        '2026-02-05T11:30:00Z',
        '2026-02-05T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'reproducing-rl-training-cuda-oom-17-66gib-on-80gb-gpu-batch-sizes-too-large': Backdrop(
        'verl-gpu',
        'A10',
        '550.144.03',
        '2025-10-29T11:30:00Z',
        '2025-10-29T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'eigen2-runpod-training-crash-175gb-ram-exhaustion-loss-tensors-kept-with-graph': Backdrop(
        'eigen2-runpod',
        'A10',
        '550.144.03',
        '2025-11-03T11:30:00Z',
        '2025-11-03T12:10:00Z',
        pci=('01',),
    ),
    'modelgarden-finetune-system-ram-grows-steadily-autograd-references-and-validation-accumulation': Backdrop(
        'garden-gpu',
        'A10',
        '550.144.03',
        '2025-10-20T11:30:00Z',
        '2025-10-20T12:10:00Z',
        pci=('01',),
    ),
    'chesssnn-self-play-gpu-util-0-5pct-expected-cpu-bound-chess-logic-benign': Backdrop(
        'chess-gpu',
        'A10',
        '550.144.03',
        '2026-02-08T11:30:00Z',
        '2026-02-08T12:10:00Z',
        pci=('01',),
    ),
    'ce7454-segmentation-training-gpu-util-under-30pct-cpu-data-augmentation-bottleneck': Backdrop(
        'ce7454-gpu',
        'A10',
        '550.144.03',
        '2025-10-10T11:30:00Z',
        '2025-10-10T12:10:00Z',
        pci=('01',),
    ),
    'peftsumm-rtx2050-device-side-assert-read-as-gpu-hardware-damage-gpt2-sequence-over-1024-positions': Backdrop(
        'rtx2050-laptop',
        'A10',
        '550.144.03',
        '2026-03-06T11:30:00Z',
        '2026-03-06T12:10:00Z',
        pci=('01',),
    ),
    'berkeleyscf-lambda-gpu-cluster-head-node-unreachable-network-interface-problems': Backdrop(
        'lambda-head',
        'A10',
        '550.144.03',
        '2025-04-12T11:30:00Z',
        '2025-04-12T12:10:00Z',
        pci=('01',),
    ),
    'uvarc-afton-rivanna-planned-maintenance-2025-08-12-gpu-nodes-down-benign': Backdrop(
        'afton-gpu-01',
        'A10',
        '550.144.03',
        '2025-08-12T09:30:00Z',
        '2025-08-12T10:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'berkeleyscf-planned-slurm-scheduler-update-new-jobs-blocked-up-to-60-min-benign': Backdrop(
        'scf-gpu-01',
        'A10',
        '550.144.03',
        '2025-03-04T20:30:00Z',
        '2025-03-04T21:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'trafficflow-numba-cuda13-cuctxgetdevice-access-violation-geforce-930mx-wddm-incompatibility': Backdrop(
        'trafficflow-laptop',
        'A10',
        '550.144.03',
        '2025-11-05T11:30:00Z',
        '2025-11-05T12:10:00Z',
        pci=('01',),
    ),
    'uvarc-planned-maintenance-2025-10-14-afton-gpu-partition-partially-down-vendor-work-benign': Backdrop(
        'afton-gpu-02',
        'A10',
        '550.144.03',
        '2025-10-14T09:30:00Z',
        '2025-10-14T10:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
