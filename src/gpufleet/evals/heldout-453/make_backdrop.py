"""heldout-public-453's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-453/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description); every host is a
stand-in (minikube for bionemo-gvs-8 is the cluster the reporter names); GPU counts follow the source where it gives one (2 for
alnair-5, whose example spec requests two GPUs; 4 for tf-32967, whose host reports four) and are one GPU otherwise; bus numbers are stand-ins 01..N (no source prints a
bus id); the driver (550.144.03) is the same stand-in for every case. No case uses extra: no source quotes an exporter value as
a metric sample. The backdrop never points at the cause (flat, healthy metrics for every case).
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'alnair-5-container-without-gpu-limit-sees-all-gpus-daemonset-by-design-benign': Backdrop(
        'alnair-k8s-gpu-01',
        'A10',
        '550.144.03',
        '2021-05-26T11:30:00Z',
        '2021-05-26T12:10:00Z',
        pci=('01', '02'),
    ),
    'anomalib-2068-gpu-unavailable-after-install-cpu-only-torch-wheel-installed': Backdrop(
        'anomalib-ws-01',
        'A10',
        '550.144.03',
        '2024-05-17T11:30:00Z',
        '2024-05-17T12:10:00Z',
        pci=('01',),
    ),
    'bionemo-gvs-8-test-pod-finds-no-nvidia-smi-container-toolkit-not-set-up-on-cluster': Backdrop(
        'minikube',
        'A10',
        '550.144.03',
        '2025-04-28T11:30:00Z',
        '2025-04-28T12:10:00Z',
        pci=('01',),
    ),
    'dockerkeras-7-nvidia-smi-not-found-in-gpu-image-image-no-longer-ships-driver-tools-benign': Backdrop(
        'keras-docker-01',
        'A10',
        '550.144.03',
        '2018-02-20T11:30:00Z',
        '2018-02-20T12:10:00Z',
        pci=('01',),
    ),
    'gnina-207-no-gpu-detected-on-v100-in-singularity-image-stale-cuda-10-2-in-container-image': Backdrop(
        'gnina-v100-01',
        'A10',
        '550.144.03',
        '2023-07-13T11:30:00Z',
        '2023-07-13T12:10:00Z',
        pci=('01',),
    ),
    'mcgan-3-no-cuda-capable-device-on-one-gpu-machine-job-script-selects-gpu-index-1': Backdrop(
        'mcgan-ws-01',
        'A10',
        '550.144.03',
        '2018-03-23T11:30:00Z',
        '2018-03-23T12:10:00Z',
        pci=('01',),
    ),
    'nvtop-122-nvtop-no-gpu-to-monitor-while-nvidia-smi-works-nvml-library-not-on-loader-path-benign': Backdrop(
        'nvtop-ws-01',
        'A10',
        '550.144.03',
        '2021-09-30T11:30:00Z',
        '2021-09-30T12:10:00Z',
        pci=('01',),
    ),
    'ptqd-13-no-cuda-gpus-available-code-hardcodes-cuda-visible-devices-7': Backdrop(
        'ptqd-ws-01',
        'A10',
        '550.144.03',
        '2024-03-12T11:30:00Z',
        '2024-03-12T12:10:00Z',
        pci=('01',),
    ),
    'stdt-12-no-cuda-gpus-available-though-cuda-is-available-gpu-id-argument-names-absent-gpu': Backdrop(
        'stdt-ws-01',
        'A10',
        '550.144.03',
        '2023-06-28T11:30:00Z',
        '2023-06-28T12:10:00Z',
        pci=('01',),
    ),
    'tf-32967-num-gpus-available-0-on-4-gpu-host-installed-tensorflow-package-without-gpu-support': Backdrop(
        'tf-srv-32967',
        'A10',
        '550.144.03',
        '2021-03-09T11:30:00Z',
        '2021-03-09T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'tf-40683-tensorflow-lists-no-gpu-on-gtx-1660-ti-gpu-package-of-tensorflow-not-installed': Backdrop(
        'tf-ws-40683',
        'A10',
        '550.144.03',
        '2020-06-22T11:30:00Z',
        '2020-06-22T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
