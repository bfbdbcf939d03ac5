"""heldout-public-224's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-224/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts, bus numbers where the source prints none, and the driver (550.144.03, the same for every case) are stand-ins.
A case without pci uses the default HGX bus numbers (eight GPUs).
No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'satflow-18-conda-forge-solve-installs-cpu-only-pytorch-gpu-not-seen': Backdrop(
        'satflow-conda-ws',
        'A10',
        '550.144.03',
        '2021-06-23T11:30:00Z',
        '2021-06-23T12:10:00Z',
        pci=('01',),
    ),
    'pytorch-69202-conda-cudatoolkit-11-3-request-resolves-to-cpu-only-pytorch-build': Backdrop(
        'conda-cu113-ws',
        'A10',
        '550.144.03',
        '2021-12-01T11:30:00Z',
        '2021-12-01T12:10:00Z',
        pci=('01',),
    ),
    'vak-470-conda-forge-install-torch-cuda-unavailable-needs-pytorch-channel': Backdrop(
        'tandy',
        'A10',
        '550.144.03',
        '2022-03-15T11:30:00Z',
        '2022-03-15T12:10:00Z',
        pci=('01',),
    ),
    'nixpkgs-11390-nix-cuda-on-centos6-driver-insufficient-libcuda-not-from-host-driver': Backdrop(
        'centos6-nix-caffe',
        'A10',
        '550.144.03',
        '2015-12-01T11:39:00Z',
        '2015-12-01T12:19:00Z',
        pci=('01',),
    ),
    'picongpu-3442-spack-built-cuda-10-2-needs-driver-440-host-only-has-430': Backdrop(
        'picongpu-u1604',
        'A10',
        '550.144.03',
        '2020-11-24T11:30:00Z',
        '2020-11-24T12:10:00Z',
        pci=('01',),
    ),
    'icra2024-axs-5-docker-pytorch-error-804-forward-compat-fixed-by-driver-update': Backdrop(
        'axs-rtx3090-pc',
        'A10',
        '550.144.03',
        '2024-01-26T11:30:00Z',
        '2024-01-26T12:10:00Z',
        pci=('01',),
    ),
    'vllm-6689-llama-405b-fp8-nccl-unhandled-system-error-dev-shm-too-small-in-docker': Backdrop(
        'vllm-405b-node',
        'A10',
        '550.144.03',
        '2024-07-23T22:16:00Z',
        '2024-07-23T22:56:00Z',
    ),
    'espnet-1909-docker-jobs-never-finish-with-nj-over-2-shared-memory-in-container': Backdrop(
        'espnet-docker-host',
        'A10',
        '550.144.03',
        '2020-05-17T11:30:00Z',
        '2020-05-17T12:10:00Z',
        pci=('01',),
    ),
    'pytorch-4872-conda-pip-pytorch-0-3-bundled-cudnn-7003-host-ram-leak': Backdrop(
        'pytorch03-conda-ws',
        'A10',
        '550.144.03',
        '2018-01-26T11:30:00Z',
        '2018-01-26T12:10:00Z',
        pci=('01',),
    ),
    'tensorflow-26218-tf-gpu-1-13-wheel-cudnn-7-4-fft-tiling-uses-more-memory-oom-at-smaller-batch': Backdrop(
        'tf113-ws',
        'A10',
        '550.144.03',
        '2019-04-15T11:30:00Z',
        '2019-04-15T12:10:00Z',
        pci=('01',),
    ),
    'brats-164-singularity-backend-nv-exposes-all-gpus-ignores-cuda-devices': Backdrop(
        'brats-gpu-node',
        'A10',
        '550.144.03',
        '2026-08-08T11:30:00Z',
        '2026-08-08T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'comfyui-nvidia-docker-104-init-script-sets-nvidia-visible-devices-void-cuda-init-fails': Backdrop(
        'comfyui-docker-u2404',
        'A10',
        '550.144.03',
        '2026-01-06T11:30:00Z',
        '2026-01-06T12:10:00Z',
        pci=('01',),
    ),
    'livepeer-docs-668-docker-gpus-count-vs-device-benchmark-always-ran-on-gpu-0': Backdrop(
        'livepeer-ai-bench',
        'A10',
        '550.144.03',
        '2024-10-05T11:30:00Z',
        '2024-10-05T12:10:00Z',
        pci=('01', '02'),
    ),
    'distrobox-804-rootless-container-cuda-fails-after-reboot-until-nvidia-uvm-loaded-on-host': Backdrop(
        'alma9-distrobox',
        'A10',
        '550.144.03',
        '2023-06-19T11:30:00Z',
        '2023-06-19T12:10:00Z',
        pci=('01',),
    ),
    'nixpkgs-241316-distrobox-nvidia-on-nixos-finds-no-driver-files-fhs-paths': Backdrop(
        'nixos-distrobox',
        'A10',
        '550.144.03',
        '2023-07-03T11:30:00Z',
        '2023-07-03T12:10:00Z',
        pci=('01',),
    ),
    'distrobox-1708-arch-host-ubuntu-guest-nvidia-libraries-mounted-in-wrong-folder': Backdrop(
        'arch-distrobox',
        'A10',
        '550.144.03',
        '2025-03-13T11:30:00Z',
        '2025-03-13T12:10:00Z',
        pci=('01',),
    ),
    'gluon-nlp-1512-ci-docker-run-without-nvidia-runtime-torch-found-no-nvidia-driver': Backdrop(
        'gluon-nlp-gpu-ci',
        'A10',
        '550.144.03',
        '2021-01-31T11:30:00Z',
        '2021-01-31T12:10:00Z',
        pci=('01',),
    ),
    'voxcraft-47-docker-build-step-has-no-gpu-cmake-nvidia-gpu-not-found': Backdrop(
        'voxcraft-docker-host',
        'A10',
        '550.144.03',
        '2021-04-21T11:30:00Z',
        '2021-04-21T12:10:00Z',
        pci=('01',),
    ),
    'cnstark-pytorch-docker-19-nvidia-smi-not-found-in-container-forgot-gpus-all': Backdrop(
        'pytorch-docker-host',
        'A10',
        '550.144.03',
        '2024-03-19T11:30:00Z',
        '2024-03-19T12:10:00Z',
        pci=('01',),
    ),
    'tensorflow-26072-latest-gpu-image-slow-gpu-init-no-kernels-for-compute-capability-5-0': Backdrop(
        'tf-latest-gpu-host',
        'A10',
        '550.144.03',
        '2019-03-19T11:30:00Z',
        '2019-03-19T12:10:00Z',
        pci=('01',),
    ),
    'tensorflow-18652-tf-gpu-wheel-lacks-sass-for-sm75-long-start-before-compute': Backdrop(
        'tf-2080ti-ws',
        'A10',
        '550.144.03',
        '2019-12-02T11:30:00Z',
        '2019-12-02T12:10:00Z',
        pci=('b5',),
    ),
    'cms-bot-2755-unpacked-cvmfs-el8-images-lack-singularity-dir-apptainer-cannot-link-nvidia-drivers': Backdrop(
        'cms-ib-gpu-node',
        'A10',
        '550.144.03',
        '2026-05-19T11:30:00Z',
        '2026-05-19T12:10:00Z',
        pci=('01',),
    ),
    'determined-5760-podman-container-outlives-cancelled-slurm-job-node-drain-or-idle': Backdrop(
        'aizn-admin',
        'A10',
        '550.144.03',
        '2023-01-18T11:30:00Z',
        '2023-01-18T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'vllm-24016-get-mempolicy-operation-not-permitted-in-docker-numa-hint-only-benign': Backdrop(
        'vllm-docker-host',
        'A10',
        '550.144.03',
        '2025-09-01T11:30:00Z',
        '2025-09-01T12:10:00Z',
        pci=('01',),
    ),
    'singularityhub-166-nv-underlay-of-nvidia-smi-required-more-than-50-bind-mounts-warning-only-benign': Backdrop(
        'pbs-gpu-node',
        'A10',
        '550.144.03',
        '2019-04-06T11:30:00Z',
        '2019-04-06T12:10:00Z',
        pci=('01',),
    ),
    'wildbook-ia-192-docker-image-gpu-errors-at-end-of-log-but-container-launched-fine-benign': Backdrop(
        'wildbook-docker-laptop',
        'A10',
        '550.144.03',
        '2021-04-28T21:13:00Z',
        '2021-04-28T21:53:00Z',
        pci=('01',),
    ),
    'dandi-hub-36-nvidia-smi-absent-in-hub-pod-gpu-present-check-reports-no-gpu-benign': Backdrop(
        'dandi-hub-gpu-node',
        'A10',
        '550.144.03',
        '2022-06-16T11:30:00Z',
        '2022-06-16T12:10:00Z',
        pci=('01',),
    ),
    'docker-for-win-13324-docker-desktop-4-17-1-update-breaks-gpus-containers-on-wsl2': Backdrop(
        'wsl2-docker-desktop',
        'A10',
        '550.144.03',
        '2023-03-22T11:30:00Z',
        '2023-03-22T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
