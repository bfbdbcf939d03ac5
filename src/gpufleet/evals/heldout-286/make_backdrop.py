"""heldout-public-286's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-286/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except gen-nvidia-gpu-d01, 10.0.20.203, e2865d1efe3578 and development, which the evidence prints), bus numbers (01 for one GPU,
01..08 for eight; 01 and 07 where the evidence prints that bus for the affected GPU) and the driver (550.144.03, the same for
every case) are stand-ins. No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'herro-76-docker-image-libcuda-so-not-found-on-p4d-a100-nvidia-fabricmanager-not-started': Backdrop(
        'p4d-24xlarge-a100-node',
        'A10',
        '550.144.03',
        '2025-01-07T11:30:00Z',
        '2025-01-07T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'olares-3963-ubuntu-26-04-nova-core-claims-gpu-01-00-0-nvidia-ko-no-devices-probed': Backdrop(
        'olares-ubuntu2604-node',
        'A10',
        '550.144.03',
        '2026-08-17T11:30:00Z',
        '2026-08-17T12:10:00Z',
        pci=('01',),
    ),
    'talos-ext-114-open-nvidia-ko-on-rtx-2080s-rminitadapter-failed-needs-openrmenableunsupportedgpus': Backdrop(
        'talos-rtx2080s-node',
        'A10',
        '550.144.03',
        '2023-02-07T11:30:00Z',
        '2023-02-07T12:10:00Z',
        pci=('07',),
    ),
    'talos-6206-open-nvidia-ko-consumer-gpu-01-00-0-rminitadapter-failed-unsupported-gpu-module-parameter': Backdrop(
        '10.0.20.203',
        'A10',
        '550.144.03',
        '2022-09-02T18:33:16Z',
        '2022-09-02T19:13:16Z',
        pci=('01',),
    ),
    'castwright-2600-onnxruntime-gpu-silent-cpu-fallback-nvidia-cudnn-cu12-extra-never-installed': Backdrop(
        'castwright-onbox-cuda124',
        'A10',
        '550.144.03',
        '2026-08-21T11:30:00Z',
        '2026-08-21T12:10:00Z',
        pci=('01',),
    ),
    'open-assistant-2803-compose-inference-worker-without-gpu-device-reservation-nvml-shared-library-not-found': Backdrop(
        'open-assistant-inference-host',
        'A10',
        '550.144.03',
        '2023-05-17T11:30:00Z',
        '2023-05-17T12:10:00Z',
        pci=('01',),
    ),
    'ai-research-singularity-nv-could-not-find-any-nv-libraries-ldconfig-path-missing-8x-v100': Backdrop(
        'gen-nvidia-gpu-d01',
        'A10',
        '550.144.03',
        '2025-12-28T11:30:00Z',
        '2025-12-28T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'weaviate-helm-101-nvidia-driver-capabilities-unset-runtime-passes-no-cuda-nvidia-smi-no-cuda-version': Backdrop(
        'weaviate-k8s-gpu-node',
        'A10',
        '550.144.03',
        '2023-01-20T11:30:00Z',
        '2023-01-20T12:10:00Z',
        pci=('01',),
    ),
    'microk8s-addons-34-gpu-operator-driver-container-apt-gpg-key-rotated-driver-not-installed': Backdrop(
        'microk8s-gpu-node',
        'A10',
        '550.144.03',
        '2022-05-18T11:30:00Z',
        '2022-05-18T12:10:00Z',
        pci=('01',),
    ),
    'codalab-2650-containerized-worker-image-without-nvidia-smi-detects-no-gpus': Backdrop(
        'codalab-worker-gpu',
        'A10',
        '550.144.03',
        '2020-07-23T11:30:00Z',
        '2020-07-23T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'nixpkgs-120285-pycuda-importerror-libcuda-so-1-not-found-missing-opengl-driver-runpath': Backdrop(
        'nixos-cuda-host',
        'A10',
        '550.144.03',
        '2021-04-23T11:30:00Z',
        '2021-04-23T12:10:00Z',
        pci=('01',),
    ),
    'docker-keras-full-4-cuda-network-deb-install-left-old-libraries-nvidia-smi-375-vs-driver-387': Backdrop(
        'k80-vm',
        'A10',
        '550.144.03',
        '2017-12-19T11:30:00Z',
        '2017-12-19T12:10:00Z',
        pci=('01',),
    ),
    'sd-docker-23-cuda-stub-libcuda-prioritized-over-real-driver-library-remove-stubs': Backdrop(
        'sd-docker-host',
        'A10',
        '550.144.03',
        '2022-10-13T11:30:00Z',
        '2022-10-13T12:10:00Z',
        pci=('01',),
    ),
    'cuda-hook-8-nvidia-smi-nvml-version-mismatch-and-no-version-information-with-hook-libraries-normal-benign': Backdrop(
        'cuda-hook-dev-host',
        'A10',
        '550.144.03',
        '2023-11-25T11:30:00Z',
        '2023-11-25T12:10:00Z',
        pci=('01',),
    ),
    'fast-whisper-api-1-nvidia-driver-not-detected-warning-at-fly-gpu-machine-startup-timing-benign': Backdrop(
        'e2865d1efe3578',
        'A10',
        '550.144.03',
        '2024-02-23T14:16:56Z',
        '2024-02-23T14:56:56Z',
        pci=('01',),
    ),
    'csc4005-5-docker-could-not-select-device-driver-gpu-nvidia-container-toolkit-not-installed': Backdrop(
        'csc4005-gpu-host',
        'A10',
        '550.144.03',
        '2023-09-11T11:30:00Z',
        '2023-09-11T12:10:00Z',
        pci=('01',),
    ),
    'kfp-6880-pytorch-dataloader-bus-error-kubeflow-containerop-without-dev-shm-volume': Backdrop(
        'kubeflow-gpu-node',
        'A10',
        '550.144.03',
        '2021-11-08T11:30:00Z',
        '2021-11-08T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'cuda-jl-2496-forward-compatible-cuda-driver-jll-bump-breaks-curand-bisected': Backdrop(
        'development',
        'A10',
        '550.144.03',
        '2024-08-08T11:30:00Z',
        '2024-08-08T12:10:00Z',
        pci=('01',),
    ),
    'nvitop-55-wddm-wsl2-per-process-gpu-memory-n-a-intentional-nvml-limitation-benign': Backdrop(
        'wsl2-rtx3080-host',
        'A10',
        '550.144.03',
        '2023-03-02T11:30:00Z',
        '2023-03-02T12:10:00Z',
        pci=('01',),
    ),
    'mlverse-torch-378-r-torch-in-docker-cuda-is-available-false-cpu-libtorch-without-cuda-env': Backdrop(
        'r-torch-docker-host',
        'A10',
        '550.144.03',
        '2020-11-26T11:30:00Z',
        '2020-11-26T12:10:00Z',
        pci=('01',),
    ),
    'neurodesktop-102-singularity-underlay-more-than-50-bind-mounts-warning-is-a-feature-benign': Backdrop(
        'neurodesk-host',
        'A10',
        '550.144.03',
        '2022-06-23T11:30:00Z',
        '2022-06-23T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
