"""heldout-public-485's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-485/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
host names are stand-ins (no evidence prints a host name); GPU counts follow the source where it states one
(DGX A100: 8; the 8x H100 node of dstack#4010: 8) and are stand-ins otherwise (1, or 2 for a multi-GPU run
or 'the first GPU'); no evidence prints a bus number, so buses are stand-ins 01, 02, ... in index order; the driver
(550.144.03) is the same stand-in for every case, so the version carries no signal. No case uses extra: no source
quotes an exporter value as a metric sample. The backdrop never points at the cause: flat, healthy metrics for every case.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'apes-d3a616a-gpu-container-data-loader-workers-crash-docker-default-shm-too-small': Backdrop(
        'sg2ada-docker-host',
        'A10',
        '550.144.03',
        '2021-03-01T11:30:00Z',
        '2021-03-01T12:10:00Z',
        pci=('01',),
    ),
    'douzero-31-actor-subprocesses-all-open-a-context-on-gpu0-at-launch-nine-processes-on-first-gpu': Backdrop(
        'douzero-trainer',
        'A10',
        '550.144.03',
        '2021-06-15T11:30:00Z',
        '2021-06-15T12:10:00Z',
        pci=('01', '02',),
    ),
    'dstack-4010-cpu-only-pod-on-untainted-h100-node-gets-all-8-gpus-nvidia-visible-devices-all': Backdrop(
        'k8s-h100-node',
        'A10',
        '550.144.03',
        '2026-07-06T11:30:00Z',
        '2026-07-06T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'feather-runtime-entrypoint-hf-jobs-h200-first-cuda-call-transient-not-ready-fabric-manager': Backdrop(
        'hf-jobs-h200',
        'A10',
        '550.144.03',
        '2026-05-01T11:30:00Z',
        '2026-05-01T12:10:00Z',
        pci=('01',),
    ),
    'gpu-operator-2415-karpenter-gpu-node-mig-manager-restarts-kubelet-during-bootstrap-node-notready': Backdrop(
        'eks-al2023-gpu-node',
        'A10',
        '550.144.03',
        '2026-04-09T11:30:00Z',
        '2026-04-09T12:10:00Z',
        pci=('01',),
    ),
    'gpu-operator-2646-new-aks-ubuntu2404-node-toolkit-daemonset-crashloop-containerd-2-3-node-notready': Backdrop(
        'aks-nc24ads-a100',
        'A10',
        '550.144.03',
        '2026-06-19T11:30:00Z',
        '2026-06-19T12:10:00Z',
        pci=('01',),
    ),
    'gpu-operator-292-mig-enabled-a100-dcgm-exporter-metrics-all-zero-known-limitation': Backdrop(
        'a100-mig-node',
        'A10',
        '550.144.03',
        '2021-12-07T11:30:00Z',
        '2021-12-07T12:10:00Z',
        pci=('01',),
    ),
    'h2o-llmstudio-104-docker-image-cannot-initialise-gpu-on-rtx3090-host-cuda-base-image-vs-host': Backdrop(
        'rtx3090-ws',
        'A10',
        '550.144.03',
        '2023-05-01T11:30:00Z',
        '2023-05-01T12:10:00Z',
        pci=('01',),
    ),
    'k8s-device-plugin-253-dgx-a100-mig-enabled-device-plugin-v0-9-install-fails-old-container-toolkit': Backdrop(
        'dgx-a100',
        'A10',
        '550.144.03',
        '2021-03-15T11:30:00Z',
        '2021-03-15T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'nvidia-dind-1-dind-container-sees-gpu-but-cuda-na-torch-unavailable-base-image-without-cuda': Backdrop(
        'aws-gpu-ami',
        'A10',
        '550.144.03',
        '2023-09-13T11:30:00Z',
        '2023-09-13T12:10:00Z',
        pci=('01',),
    ),
    'ollama-12797-k8s-h100-pod-on-new-image-skips-cuda-libraries-ollama-llm-library-set': Backdrop(
        'k8s-h100-node',
        'A10',
        '550.144.03',
        '2025-10-28T11:30:00Z',
        '2025-10-28T12:10:00Z',
        pci=('01',),
    ),
    'pytorch-tutorials-0ba3e39-ci-container-nccl-init-segfault-in-ncclshmopen-default-shm-too-small': Backdrop(
        'tutorials-ci-gpu',
        'A10',
        '550.144.03',
        '2023-06-16T11:30:00Z',
        '2023-06-16T12:10:00Z',
        pci=('01', '02',),
    ),
    'ryax-1428-mig-label-set-before-node-start-autoscale-from-zero-mig-config-stalls': Backdrop(
        'ryax-gpu-node',
        'A10',
        '550.144.03',
        '2026-07-01T11:30:00Z',
        '2026-07-01T12:10:00Z',
        pci=('01',),
    ),
    'tensorrt-1235-docker-run-gpus-all-hook-driver-error-failed-to-process-request-driver-container-mismatch': Backdrop(
        'trt-build-host',
        'A10',
        '550.144.03',
        '2021-05-06T11:30:00Z',
        '2021-05-06T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
