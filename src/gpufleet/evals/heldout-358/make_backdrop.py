"""heldout-public-358's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-358/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts, GPU counts, bus numbers (01..N in index order) and the driver (550.144.03, the same for every case) are
stand-ins. No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'vscode-9385-devcontainer-gpu-optional-not-passed-on-windows-wsl2-container-without-gpu-runargs-workaround': Backdrop(
        'wsl2-devbox',
        'A10',
        '550.144.03',
        '2024-01-11T11:30:00Z',
        '2024-01-11T12:10:00Z',
        pci=('01',),
    ),
    'vscode-10307-devcontainer-gpu-detection-checks-runtime-not-gpu-count-adds-gpu-flags-on-vm-without-gpu': Backdrop(
        'gcp-devcontainer-vm',
        'A10',
        '550.144.03',
        '2024-09-24T11:30:00Z',
        '2024-09-24T12:10:00Z',
        pci=('01',),
    ),
    'builder-160-conda-pytorch-nightly-installs-cpu-build-feature-tracking-skipped-for-default-cuda-build': Backdrop(
        'conda-gpu-ws',
        'A10',
        '550.144.03',
        '2018-09-30T11:30:00Z',
        '2018-09-30T12:10:00Z',
        pci=('01',),
    ),
    'nnpops-96-docker-image-built-on-cpu-ci-gets-cpu-variant-nothing-provides-cuda-set-conda-override-cuda': Backdrop(
        'gpu-deploy-node',
        'A10',
        '550.144.03',
        '2023-03-22T11:30:00Z',
        '2023-03-22T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'hsfzxjy-804-error-804-forward-compatibility-in-custom-pytorch-images-libnvidia-container-compat-bug': Backdrop(
        'rtx3090-node',
        'A10',
        '550.144.03',
        '2023-04-15T11:30:00Z',
        '2023-04-15T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'dramallama-82-unattended-upgrade-nvidia-driver-580-server-nvml-version-mismatch-cuinit-804-tests-ran-on-cpu': Backdrop(
        'llm-ci-box',
        'A10',
        '550.144.03',
        '2026-07-25T11:30:00Z',
        '2026-07-25T12:10:00Z',
        pci=('01',),
    ),
    'deepvariant-619-singularity-cuda-error-unknown-nvidia-modules-not-loaded-nvidia-modprobe-fix': Backdrop(
        'singularity-gpu-node',
        'A10',
        '550.144.03',
        '2023-03-16T11:30:00Z',
        '2023-03-16T12:10:00Z',
        pci=('01',),
    ),
    'slangrhi-342-nixos-cuda-path-lib-not-lib64-nvrtc-not-found-create-device-failure-search-path-fix': Backdrop(
        'nixos-dev',
        'A10',
        '550.144.03',
        '2025-05-07T11:30:00Z',
        '2025-05-07T12:10:00Z',
        pci=('01',),
    ),
    'gvisor-9593-cudamallocmanaged-unsupported-in-nvproxy-runsc-container-fails-runc-works': Backdrop(
        'gvisor-gpu-node',
        'A10',
        '550.144.03',
        '2023-10-26T11:30:00Z',
        '2023-10-26T12:10:00Z',
        pci=('01',),
    ),
    'mmcv-2201-mmcv-built-on-a100-run-on-v100-no-kernel-image-rebuild-with-torch-cuda-arch-list': Backdrop(
        'v100-node',
        'A10',
        '550.144.03',
        '2022-08-16T11:30:00Z',
        '2022-08-16T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'k3d-1108-nvidia-device-plugin-crashing-in-k3d-containerd-default-runtime-not-nvidia-template-fix': Backdrop(
        'k3d-server-0',
        'A10',
        '550.144.03',
        '2022-11-05T11:30:00Z',
        '2022-11-05T12:10:00Z',
        pci=('01',),
    ),
    'bottlerocket-3132-nvidia-device-plugin-stopped-at-boot-bindsto-kubelet-restart-gpu-capacity-zero': Backdrop(
        'ip-10-0-1-23',
        'A10',
        '550.144.03',
        '2023-05-23T11:30:00Z',
        '2023-05-23T12:10:00Z',
        pci=('01',),
    ),
    'talosext-710-glibc-extension-lib64-change-breaks-nvidia-container-cli-shared-libraries-revert-ok': Backdrop(
        'talos-gpu-worker',
        'A10',
        '550.144.03',
        '2025-05-27T11:30:00Z',
        '2025-05-27T12:10:00Z',
        pci=('01',),
    ),
    'liquorix-16-nvidia-418-driver-fails-to-start-on-kernel-5-1-418-unsupported-upgrade-to-430': Backdrop(
        'liquorix-desktop',
        'A10',
        '550.144.03',
        '2019-06-04T11:30:00Z',
        '2019-06-04T12:10:00Z',
        pci=('01',),
    ),
    'nvforum-353805-debian-cuda-drivers-580-pulls-590-components-gtx-1070-ti-no-longer-supported': Backdrop(
        'debian-gtx1070ti',
        'A10',
        '550.144.03',
        '2025-12-15T11:30:00Z',
        '2025-12-15T12:10:00Z',
        pci=('01',),
    ),
    'k8s-59629-pods-without-gpu-limit-see-all-gpus-nvidia-default-runtime-known-shortcoming': Backdrop(
        'k8s-gpu-node',
        'A10',
        '550.144.03',
        '2018-06-07T11:30:00Z',
        '2018-06-07T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'fsl-10-find-cuda-exe-rejects-newer-cuda-than-nvidia-smi-reports-tesla-driver-compatible-benign': Backdrop(
        'fsl-tesla-node',
        'A10',
        '550.144.03',
        '2021-06-15T11:30:00Z',
        '2021-06-15T12:10:00Z',
        pci=('01',),
    ),
    'truenas-11178-apps-always-told-to-add-nvidia-runtime-class-pods-rejected-runtimeclass-nvidia-not-found': Backdrop(
        'truenas-scale',
        'A10',
        '550.144.03',
        '2023-04-28T11:30:00Z',
        '2023-04-28T12:10:00Z',
        pci=('01',),
    ),
    'scvi-3799-gke-cdi-allocation-no-nvidia-visible-devices-libcuda-not-injected-torch-cuda-false-ld-library-path-fix': Backdrop(
        'gke-gpu-node',
        'A10',
        '550.144.03',
        '2026-05-06T11:30:00Z',
        '2026-05-06T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
