"""heldout-public-480's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-480/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
host names are the printed one where the evidence prints one (knuc1) and stand-ins otherwise (runpod-pod,
k8s-gpu-node, eks-p2-xlarge); every case has one GPU (the sources describe single-GPU pods, nodes or instances);
no evidence prints a bus number, so every bus is the stand-in 01; the driver (550.144.03) is the same stand-in for
every case, so the version carries no signal. No case uses extra: no source quotes an exporter value as a metric
sample. The backdrop never points at the cause: flat, healthy metrics for every case.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'comfyui-with-flux-25-runpod-pod-on-new-gpu-no-kernel-image-cuda-build-predates-rtx5090': Backdrop(
        'runpod-pod',
        'A10',
        '550.144.03',
        '2025-04-14T07:21:37Z',
        '2025-04-14T08:01:37Z',
        pci=('01',),
    ),
    'k8s-device-plugin-634-mps-sharing-error-checking-mps-daemon-health-mps-control-daemon-not-deployed': Backdrop(
        'k8s-gpu-node',
        'A10',
        '550.144.03',
        '2024-04-11T11:30:00Z',
        '2024-04-11T12:10:00Z',
        pci=('01',),
    ),
    'aws-virtual-gpu-device-plugin-7-eks-p2-xlarge-k80-mps-container-fails-plugin-needs-volta-or-newer': Backdrop(
        'eks-p2-xlarge',
        'A10',
        '550.144.03',
        '2020-07-22T11:30:00Z',
        '2020-07-22T12:10:00Z',
        pci=('01',),
    ),
    'k8s-device-plugin-321-time-slicing-quadro-p2000-stays-one-gpu-old-plugin-before-operator-1-11': Backdrop(
        'knuc1',
        'A10',
        '550.144.03',
        '2022-07-11T11:30:00Z',
        '2022-07-11T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
