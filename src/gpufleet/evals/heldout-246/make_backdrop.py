"""heldout-public-246's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-246/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts where the source prints none, bus numbers (no source prints one) and the driver (550.144.03, the same for
every case) are stand-ins. The one eight-GPU case uses the default HGX bus numbers; the one two-GPU case uses 01-02.
No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'gpumounter-21-worker-image-cannot-load-libnvidia-ml-docker-default-runtime-not-nvidia': Backdrop(
        'gpumounter-k8s-node',
        'A10',
        '550.144.03',
        '2022-11-15T11:30:00Z',
        '2022-11-15T12:10:00Z',
        pci=('01',),
    ),
    'odysseus-2659-compose-service-without-nvidia-device-reservation-no-gpu-in-container': Backdrop(
        'odysseus-docker-host',
        'A10',
        '550.144.03',
        '2026-06-04T11:30:00Z',
        '2026-06-04T12:10:00Z',
        pci=('01',),
    ),
    'xinference-1778-docker-could-not-select-device-driver-nvidia-container-toolkit-not-installable': Backdrop(
        'dell',
        'A10',
        '550.144.03',
        '2024-07-04T11:30:00Z',
        '2024-07-04T12:10:00Z',
        pci=('01',),
    ),
    'blucast-7-docker-gpu-run-fails-toolkit-installed-but-docker-runtime-not-configured': Backdrop(
        'blucast-docker-host',
        'A10',
        '550.144.03',
        '2026-04-11T11:30:00Z',
        '2026-04-11T12:10:00Z',
        pci=('01',),
    ),
    'skypilot-3918-k3s-cpu-pods-stuck-runtimeclass-nvidia-no-runtime-configured': Backdrop(
        'k3s-node-1',
        'A10',
        '550.144.03',
        '2024-09-06T11:30:00Z',
        '2024-09-06T12:10:00Z',
        pci=('01',),
    ),
    'planetary-computer-hub-66-kubespawner-keeps-gpu-request-after-quota-failure-cpu-spawns-fail': Backdrop(
        'pc-hub-user-node',
        'A10',
        '550.144.03',
        '2022-05-24T11:30:00Z',
        '2022-05-24T12:10:00Z',
        pci=('01',),
    ),
    'pytorch-119932-import-torch-undefined-symbol-ncclcommregister-conflicting-nccl-library': Backdrop(
        'torch-workstation',
        'A10',
        '550.144.03',
        '2024-02-15T11:30:00Z',
        '2024-02-15T12:10:00Z',
        pci=('01',),
    ),
    'codalab-dockers-8-legacy-gpu-image-requires-cuda-12-4-lab-driver-too-old': Backdrop(
        'codalab-lab-gpu',
        'A10',
        '550.144.03',
        '2024-07-09T11:30:00Z',
        '2024-07-09T12:10:00Z',
        pci=('01',),
    ),
    'kaggle-docker-python-1281-image-cuda-11-8-on-driver-11-4-numba-no-minor-version-compat': Backdrop(
        'kaggle-kernel-gpu',
        'A10',
        '550.144.03',
        '2023-08-08T11:30:00Z',
        '2023-08-08T12:10:00Z',
        pci=('01',),
    ),
    'nixpkgs-189372-source-built-pytorch-without-cuda-is-available-false-pytorch-bin-true': Backdrop(
        'l05',
        'A10',
        '550.144.03',
        '2022-09-01T11:30:00Z',
        '2022-09-01T12:10:00Z',
        pci=('01',),
    ),
    'nixpkgs-57438-pytorch-built-without-nvcc-in-path-cuda-support-silently-disabled': Backdrop(
        'nix-gtx1080-box',
        'A10',
        '550.144.03',
        '2019-04-22T11:30:00Z',
        '2019-04-22T12:10:00Z',
        pci=('01',),
    ),
    'anomalymatch-11-conda-env-pytorch-cuda-does-not-pin-gpu-variant-cpu-pytorch-installed': Backdrop(
        'anomalymatch-gpu-node',
        'A10',
        '550.144.03',
        '2026-04-13T11:30:00Z',
        '2026-04-13T12:10:00Z',
        pci=('01',),
    ),
    'docker4deeplabcut-4-gpu-1-requested-on-single-gpu-host-invalid-device': Backdrop(
        'ebfmlab',
        'A10',
        '550.144.03',
        '2019-01-29T21:24:00Z',
        '2019-01-29T22:04:00Z',
        pci=('01',),
    ),
    'vexa-85-compose-device-ids-3-unknown-device-on-single-gpu-and-wsl2-hosts': Backdrop(
        'vexa-wsl2-host',
        'A10',
        '550.144.03',
        '2025-12-12T11:30:00Z',
        '2025-12-12T12:10:00Z',
        pci=('01',),
    ),
    'torchpod-43-homepod-image-cuda-error-804-after-libnvidia-container-1-4-0-update': Backdrop(
        'homepod-gtx1650-host',
        'A10',
        '550.144.03',
        '2021-06-28T11:30:00Z',
        '2021-06-28T12:10:00Z',
        pci=('01',),
    ),
    'cluster-toolkit-4144-nvidia-container-toolkit-1-17-7-regression-enroot-gpu-containers-fail-on-slurm': Backdrop(
        'slurm-gpu-node-0',
        'A10',
        '550.144.03',
        '2025-05-19T11:30:00Z',
        '2025-05-19T12:10:00Z',
        pci=('01',),
    ),
    'amazon-eks-ami-2790-al2023-nvidia-ami-toolkit-1-20-cdi-hook-fails-read-only-etc-nvidia-device-plugin-down': Backdrop(
        'eks-g6-node-1',
        'A10',
        '550.144.03',
        '2026-08-25T11:30:00Z',
        '2026-08-25T12:10:00Z',
        pci=('01',),
    ),
    'vllm-45124-torch-intra-op-threads-oversubscribe-14-core-container-cfs-throttling-throughput-drops': Backdrop(
        'vllm-embed-pod',
        'A10',
        '550.144.03',
        '2026-06-11T11:30:00Z',
        '2026-06-11T12:10:00Z',
        pci=('01',),
    ),
    'onnxruntime-10781-cuda-provider-first-call-stalls-ptx-jit-no-binaries-for-gpu-architecture': Backdrop(
        'ort-gpu-host',
        'A10',
        '550.144.03',
        '2022-03-05T11:30:00Z',
        '2022-03-05T12:10:00Z',
        pci=('01',),
    ),
    'talos-argocd-proxmox-1848-vllm-cold-start-11-min-torch-compile-cache-on-container-filesystem-discarded': Backdrop(
        'talos-vllm-gpu-node',
        'A10',
        '550.144.03',
        '2026-08-04T11:30:00Z',
        '2026-08-04T12:10:00Z',
        pci=('01', '02'),
    ),
    'miaai-dspark-118-triton-cache-lost-on-container-recreate-mid-serve-jit-stalls-peer-nccl-watchdog': Backdrop(
        'dgx-spark-1',
        'A10',
        '550.144.03',
        '2026-08-23T11:30:00Z',
        '2026-08-23T12:10:00Z',
        pci=('01',),
    ),
    'mlperf-automations-664-llama2-70b-harness-ucx-fails-docker-daemon-memlock-8mb': Backdrop(
        'mlperf-gpu-node',
        'A10',
        '550.144.03',
        '2025-10-07T11:30:00Z',
        '2025-10-07T12:10:00Z',
    ),
    'llmkube-1724-inference-pods-without-memory-limit-oversized-model-wedges-gb10-node-power-cycle': Backdrop(
        'gb10-lab-node',
        'A10',
        '550.144.03',
        '2026-08-31T11:30:00Z',
        '2026-08-31T12:10:00Z',
        pci=('01',),
    ),
    'tibava-2-cuda-not-available-autocast-warning-in-cpu-compose-deployment-benign': Backdrop(
        'tibava-server',
        'A10',
        '550.144.03',
        '2025-02-28T11:30:00Z',
        '2025-02-28T12:10:00Z',
        pci=('01',),
    ),
    'yolov5-1891-cuda-initialization-warning-in-cpu-only-docker-container-program-runs-as-expected-benign': Backdrop(
        'yolov5-cpu-docker-host',
        'A10',
        '550.144.03',
        '2021-01-10T11:30:00Z',
        '2021-01-10T12:10:00Z',
        pci=('01',),
    ),
    'jupyter-docker-stacks-1002-tensorflow-notebook-libcuda-dlerror-warnings-on-cpu-image-benign': Backdrop(
        'jupyter-docker-host',
        'A10',
        '550.144.03',
        '2020-04-18T19:46:00Z',
        '2020-04-18T20:26:00Z',
        pci=('01',),
    ),
    'pix2pix-tensorflow-15-gpu-tensorflow-docker-on-cpu-prints-warnings-just-ignore-benign': Backdrop(
        'pix2pix-docker-host',
        'A10',
        '550.144.03',
        '2017-03-08T11:30:00Z',
        '2017-03-08T12:10:00Z',
        pci=('01',),
    ),
    'river-30-tensorflow-cuda-library-warnings-in-ci-docker-image-can-be-ignored-benign': Backdrop(
        'river-ci-runner',
        'A10',
        '550.144.03',
        '2020-12-03T11:30:00Z',
        '2020-12-03T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
