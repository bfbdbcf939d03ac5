"""heldout-public-209's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-209/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
GPUs outside the SKU list are shown as A10; hosts, bus numbers and most drivers are stand-ins
(see each case's description). No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'aerialoneks-3-device-plugin-daemonset-0-desired-taint-value-must-be-present': Backdrop(
        'eks-gpu-t4g-node',
        'A10',
        '570.195.03',
        '2026-01-12T11:30:00Z',
        '2026-01-12T12:10:00Z',
        pci=('1F',),
    ),
    'categraf-519-gpu-memory-metrics-missing-nvidia-smi-na-benign': Backdrop(
        'mon-categraf-node',
        'A10',
        '470.161.03',
        '2023-06-01T11:30:00Z',
        '2023-06-01T12:10:00Z',
        pci=('01', '02'),
    ),
    'crnn-16-gpu-util-0-expensive-eval-sess-run-in-train-loop': Backdrop(
        'ws-crnn-train',
        'A10',
        '384.98',
        '2017-11-30T11:30:00Z',
        '2017-11-30T12:10:00Z',
        pci=('01',),
    ),
    'crnn-324-gpu-94mib-5w-training-on-cpu-tensorflow-gpu-install-suspected': Backdrop(
        'ws-crnn-rtx2080',
        'A10',
        '418.74',
        '2019-07-29T11:30:00Z',
        '2019-07-29T12:10:00Z',
        pci=('01',),
    ),
    'econ-23-avatarizer-killed-host-ram-32g-too-small': Backdrop(
        'ws-econ',
        'A10',
        '525.85.12',
        '2023-02-02T11:30:00Z',
        '2023-02-02T12:10:00Z',
        pci=('01',),
    ),
    'gptsovits-1434-gpu-not-detected-cpu-only-cuda-too-new-for-torch': Backdrop(
        'ws-gptsovits-2070s',
        'A10',
        '560.70',
        '2024-08-12T11:30:00Z',
        '2024-08-12T12:10:00Z',
        pci=('01',),
    ),
    'hami-1218-container-vs-host-gpu-memory-view-differs-benign': Backdrop(
        'k8s-hami-node',
        'A10',
        '550.127.05',
        '2025-07-17T11:30:00Z',
        '2025-07-17T12:10:00Z',
        pci=('01', '02'),
    ),
    'llamafactory-8819-gpu-memory-climbs-to-oom-allocator-cache': Backdrop(
        'ws-llamafactory',
        'A10',
        '550.144.03',
        '2025-08-05T11:30:00Z',
        '2025-08-05T12:10:00Z',
        pci=('01',),
    ),
    'openillumi-1-cuda-oom-with-free-vram-pytorch-reserved-memory': Backdrop(
        'ws-openillumi-6g',
        'A10',
        '550.54.14',
        '2025-06-01T11:30:00Z',
        '2025-06-01T12:10:00Z',
        pci=('01',),
    ),
    'paddle-41667-multi-card-memory-not-freed-leftover-train-processes': Backdrop(
        'srv-paddledet-2gpu',
        'A10',
        '470.82.01',
        '2022-04-12T11:30:00Z',
        '2022-04-12T12:10:00Z',
        pci=('01', '02'),
    ),
    'paddlemodels-2908-dygraph-4-card-nccl-error-fixed-by-newer-nccl': Backdrop(
        'srv-paddle-4gpu',
        'A10',
        '396.37',
        '2019-07-27T11:30:00Z',
        '2019-07-27T12:10:00Z',
        pci=('3D', '3E', '40', '41'),
    ),
    'tftutorials-69-oom-interrupted-process-still-holding-gpu': Backdrop(
        'ws-tftut',
        'A10',
        '410.79',
        '2019-05-07T11:30:00Z',
        '2019-05-07T12:10:00Z',
        pci=('01',),
    ),
    'verl-3379-a100-multi-gpu-nccl-hang-nccl-p2p-disable-workaround': Backdrop(
        'srv-verl-a100',
        'A100',
        '535.161.08',
        '2025-09-16T11:30:00Z',
        '2025-09-16T12:10:00Z',
        pci=('07', '0F', '47', '4E'),
    ),
    'wikibooktf2-15-training-stuck-at-epoch-1-cpu-build-of-anaconda-tensorflow': Backdrop(
        'nb-tf2-reader',
        'A10',
        '442.19',
        '2020-06-22T11:30:00Z',
        '2020-06-22T12:10:00Z',
        pci=('01',),
    ),
    'zhuxz-1-nvidia-smi-cuda-12-2-vs-nvcc-11-6-on-2x-rtx4090-by-design-benign': Backdrop(
        'srv-zhuxz-2x4090',
        'A10',
        '535.183.01',
        '2026-04-27T11:30:00Z',
        '2026-04-27T12:10:00Z',
        pci=('31', 'B1'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
