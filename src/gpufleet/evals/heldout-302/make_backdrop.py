"""heldout-public-302's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-302/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
host names (except sles-rke2-node, which the evidence prints, and minikube, the name minikube gives its node),
GPU counts where the source is silent, bus numbers (no source prints one: 01..N in index order) and the driver
(550.144.03, the same for every case) are stand-ins. No case uses extra: no source quotes an exporter value as a
metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

_ONE = ('01',)
_EIGHT = ('01', '02', '03', '04', '05', '06', '07', '08')
_DRIVER = '550.144.03'

INCIDENTS: dict[str, Backdrop] = {
    'pytorch-185512-pip-nvidia-cudnn-cu13-wheel-lacks-sublibrary-loads-host-cudnn-sublibrary-version-mismatch': Backdrop(
        'wsl-gpu-ws', 'A10', _DRIVER, '2026-05-28T11:30:00Z', '2026-05-28T12:10:00Z', pci=_ONE),
    'spack-17607-cuda-stubs-directory-in-rpath-nvprof-ncu-nsys-segfault-runpath-works': Backdrop(
        'spack-zen-node', 'A10', _DRIVER, '2020-07-20T11:30:00Z', '2020-07-20T12:10:00Z', pci=_EIGHT),
    'gvisor-10605-runsc-nvproxy-unsupported-nvidia-driver-535-161-08-sandbox-fails-to-start': Backdrop(
        'a100-gvisor-host', 'A10', _DRIVER, '2024-07-01T15:47:05Z', '2024-07-01T16:27:05Z', pci=_EIGHT),
    'fedora-guide-18-dnf-upgrade-leaves-nvidia-packages-on-different-versions-nvml-driver-library-version-mismatch': Backdrop(
        'fedora-ws', 'A10', _DRIVER, '2026-04-03T11:30:00Z', '2026-04-03T12:10:00Z', pci=_ONE),
    'manylinux-cuda-5-image-ships-nvidia-driver-container-cannot-load-libnvidia-ml-fixed-by-removing-driver': Backdrop(
        'docker-host', 'A10', _DRIVER, '2024-05-08T11:30:00Z', '2024-05-08T12:10:00Z', pci=_EIGHT),
    'lambda-stack-15-libnvidia-ml-so-1-file-exists-image-cuda-version-out-of-sync-with-repo': Backdrop(
        'lambda-stack-host', 'A10', _DRIVER, '2024-01-21T11:30:00Z', '2024-01-21T12:10:00Z', pci=_EIGHT),
    'minikube-19114-gpu-addon-on-docker-driver-node-exposes-no-nvidia-com-gpu-pod-insufficient-use-gpus-flag': Backdrop(
        'minikube', 'A10', _DRIVER, '2024-06-21T11:30:00Z', '2024-06-21T12:10:00Z', pci=_ONE),
    'rke2-docs-263-gpu-operator-toolkit-pointed-at-rke2-config-toml-not-tmpl-driver-libs-not-mounted-in-gpu-pod': Backdrop(
        'sles-rke2-node', 'A10', _DRIVER, '2024-10-08T11:30:00Z', '2024-10-08T12:10:00Z', pci=_EIGHT),
    'tdmpc2-51-project-dockerfile-update-broke-cuda-torch-in-image-torch-cuda-unavailable-despite-nvidia-smi': Backdrop(
        'docker-desktop-ws', 'A10', _DRIVER, '2024-11-27T11:30:00Z', '2024-11-27T12:10:00Z', pci=_ONE),
    'gvisor-10675-nvidia-smi-err-in-perf-column-under-gvisor-unimplemented-ioctl-not-a-gpu-fault-benign': Backdrop(
        'gvisor-t4-host', 'A10', _DRIVER, '2024-07-19T11:30:00Z', '2024-07-19T12:10:00Z', pci=_EIGHT),
    'gpu-manager-48-nvidia-smi-in-vgpu-pod-shows-whole-gpu-memory-not-the-allocated-share-benign': Backdrop(
        'gpu-manager-node', 'A10', _DRIVER, '2020-11-25T11:30:00Z', '2020-11-25T12:10:00Z', pci=_ONE),
    'charliecloud-209-nvidia-container-cli-cuda-unknown-error-on-host-without-gpus-test-should-skip-benign': Backdrop(
        'charliecloud-ci', 'A10', _DRIVER, '2018-07-16T11:30:00Z', '2018-07-16T12:10:00Z', pci=_ONE),
    'micromamba-docker-620-cuda-image-build-has-no-cuda-virtual-package-conda-resolves-cpu-only-pytorch': Backdrop(
        'micromamba-gpu-host', 'A10', _DRIVER, '2025-05-09T11:30:00Z', '2025-05-09T12:10:00Z', pci=_EIGHT),
    'raster-vision-1077-dataloader-workers-fail-docker-default-shared-memory-too-small-run-with-ipc-host': Backdrop(
        'raster-vision-gpu', 'A10', _DRIVER, '2021-01-25T11:30:00Z', '2021-01-25T12:10:00Z', pci=_EIGHT),
    'bigdl-3540-default-pip-torch-is-cuda-build-found-no-nvidia-driver-warning-on-cpu-machine-benign': Backdrop(
        'cpu-dev-box', 'A10', _DRIVER, '2021-03-03T11:30:00Z', '2021-03-03T12:10:00Z', pci=_ONE),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
