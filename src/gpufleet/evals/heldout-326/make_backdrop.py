"""heldout-public-326's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-326/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
every node has one GPU at bus 01 (a stand-in count; tensorflow-35364 prints its one GPU at 0000:01:00.0);
hosts (except 5561000296a4, the container id e4s-172 prints) and the driver (550.144.03, the same for every case)
are stand-ins. No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'nixiesearch-386-docker-image-cuda-12-6-forward-compat-error-on-550-hosts-image-moved-to-cuda-12-4': Backdrop(
        'nixiesearch-gpu-host',
        'A10',
        '550.144.03',
        '2024-12-23T11:30:00Z',
        '2024-12-23T12:10:00Z',
        pci=('01',),
    ),
    'alphafold-605-singularity-converted-image-cannot-load-libcusolver-conda-lib-missing-from-ld-library-path': Backdrop(
        'alphafold-sif-host',
        'A10',
        '550.144.03',
        '2022-10-05T11:30:00Z',
        '2022-10-05T12:10:00Z',
        pci=('01',),
    ),
    'e4s-172-cuda-image-nvml-driver-library-mismatch-image-bundled-driver-via-ollama-installer': Backdrop(
        '5561000296a4',
        'A10',
        '550.144.03',
        '2026-07-29T11:30:00Z',
        '2026-07-29T12:10:00Z',
        pci=('01',),
    ),
    'alphafold-26-docker-image-missing-cusolver-cudnn-tensorflow-skips-registering-gpu-devices': Backdrop(
        'alphafold-docker-host',
        'A10',
        '550.144.03',
        '2021-07-18T11:30:00Z',
        '2021-07-18T12:10:00Z',
        pci=('01',),
    ),
    'easybuild-24723-alphafold-easyconfig-jax-without-cuda-suffix-falls-back-to-cpu': Backdrop(
        'hpc-gpu-node',
        'A10',
        '550.144.03',
        '2026-05-22T11:24:27Z',
        '2026-05-22T12:04:27Z',
        pci=('01',),
    ),
    'odh-distributed-workloads-271-gpu-operator-imex-parse-error-container-create-fails-image-lacked-nvidia-require-cuda': Backdrop(
        'kfto-gpu-worker',
        'A10',
        '550.144.03',
        '2024-11-12T13:33:56Z',
        '2024-11-12T14:13:56Z',
        pci=('01',),
    ),
    'nf-core-proteinfold-195-colabfold-image-fails-on-gpus-with-new-cuda-drivers-dockerfile-rebuilt': Backdrop(
        'proteinfold-gpu-node',
        'A10',
        '550.144.03',
        '2024-10-17T11:30:00Z',
        '2024-10-17T12:10:00Z',
        pci=('01',),
    ),
    'spack-18444-gcc-nvptx-build-fails-cuda-driver-package-required-after-cuda-package-dropped-stubs': Backdrop(
        'spack-build-node',
        'A10',
        '550.144.03',
        '2020-09-01T11:30:00Z',
        '2020-09-01T12:10:00Z',
        pci=('01',),
    ),
    'gvisor-13060-runsc-direct-shim-gpu-pod-torch-cuda-unavailable-libcuda-not-injected': Backdrop(
        'k8s-gvisor-gpu-node',
        'A10',
        '550.144.03',
        '2026-05-01T11:30:00Z',
        '2026-05-01T12:10:00Z',
        pci=('01',),
    ),
    'k3s-4070-failed-to-initialize-nvml-pods-on-default-runtime-not-nvidia-use-runtimeclass': Backdrop(
        'k3s-gpu-node',
        'A10',
        '550.144.03',
        '2021-09-24T11:30:00Z',
        '2021-09-24T12:10:00Z',
        pci=('01',),
    ),
    'devcontainers-spec-469-optional-gpu-compose-override-lacks-driver-and-count-container-without-gpu': Backdrop(
        'wsl-devcontainer-host',
        'A10',
        '550.144.03',
        '2024-06-12T18:28:55Z',
        '2024-06-12T19:08:55Z',
        pci=('01',),
    ),
    'wsl-9938-docker-nvml-gpu-access-blocked-by-operating-system-no-cgroups-true-in-container-runtime-config': Backdrop(
        'wsl2-docker-host',
        'A10',
        '550.144.03',
        '2024-07-30T11:30:00Z',
        '2024-07-30T12:10:00Z',
        pci=('01',),
    ),
    'lxd-4574-docker-gpu-inside-unprivileged-lxd-mount-write-error-needs-newer-liblxc-without-nvidia-runtime': Backdrop(
        'lxd-gpu-host',
        'A10',
        '550.144.03',
        '2021-01-09T11:30:00Z',
        '2021-01-09T12:10:00Z',
        pci=('01',),
    ),
    'envd-1429-torch-dataloader-errors-in-container-shm-size-8g-requested': Backdrop(
        'envd-docker-host',
        'A10',
        '550.144.03',
        '2023-01-19T11:30:00Z',
        '2023-01-19T12:10:00Z',
        pci=('01',),
    ),
    'conda-forge-cudatoolkit-dev-71-cuda-driver-library-cannot-be-found-in-ci-image-package-fine-benign': Backdrop(
        'conda-forge-ci-runner',
        'A10',
        '550.144.03',
        '2023-06-30T11:30:00Z',
        '2023-06-30T12:10:00Z',
        pci=('01',),
    ),
    'keras-io-1794-tf-trt-could-not-find-tensorrt-warning-without-nvidia-hardware-benign': Backdrop(
        'keras-cpu-workstation',
        'A10',
        '550.144.03',
        '2024-03-13T11:30:00Z',
        '2024-03-13T12:10:00Z',
        pci=('01',),
    ),
    'tensorflow-35364-docker-image-libnvinfer-plugin-tensorrt-warning-gpu-found-benign': Backdrop(
        'tf-docker-host',
        'A10',
        '550.144.03',
        '2019-12-26T21:23:03Z',
        '2019-12-26T22:03:03Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
