"""heldout-public-350's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-350/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts, GPU counts, bus numbers (01..N in index order) and the driver (550.144.03, the same for every case) are
stand-ins: no kept excerpt prints a host name or bus id of the failing machine. No case uses extra: no source quotes
an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'aspire-983-ollama-withgpusupport-passes-docker-gpu-args-podman-container-gets-no-gpu': Backdrop(
        'podman-dev-host',
        'A10',
        '550.144.03',
        '2025-11-19T11:30:00Z',
        '2025-11-19T12:10:00Z',
        pci=('01',),
    ),
    'canonical-79-nvml-driver-library-version-mismatch-user-space-packages-made-to-depend-on-kernel-common': Backdrop(
        'jammy-gpu-node',
        'A10',
        '550.144.03',
        '2025-09-20T11:30:00Z',
        '2025-09-20T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'crio-7632-criu-pod-restore-fails-nvidia-prestart-hook-mount-proc-driver-nvidia-no-such-file-hedged': Backdrop(
        'k8s-gpu-node',
        'A10',
        '550.144.03',
        '2023-12-22T11:30:00Z',
        '2023-12-22T12:10:00Z',
        pci=('01',),
    ),
    'epam-158-user-installed-nvidia-driver-committed-into-image-gpu-runs-fail-nvidia-smi-file-exists': Backdrop(
        'cp-gpu-node',
        'A10',
        '550.144.03',
        '2019-04-17T11:30:00Z',
        '2019-04-17T12:10:00Z',
        pci=('01',),
    ),
    'gcpsci-157-torch-2-13-upgrade-on-cuda-12-base-loads-nccl-cu12-undefined-symbol-ncclcommresume-reverted': Backdrop(
        'batch-gpu-vm',
        'A10',
        '550.144.03',
        '2026-08-06T11:30:00Z',
        '2026-08-06T12:10:00Z',
        pci=('01',),
    ),
    'gridhead-56-fedora-33-nvidia-driver-falls-back-to-nouveau-akmods-not-installed-kmod-rebuilt': Backdrop(
        'fedora33-ws',
        'A10',
        '550.144.03',
        '2020-11-30T11:30:00Z',
        '2020-11-30T12:10:00Z',
        pci=('01',),
    ),
    'lpose-460-cannot-load-symbol-cudnngetversion-pip-cudnn-wheels-without-system-cudnn-ld-library-path': Backdrop(
        'lp-workstation',
        'A10',
        '550.144.03',
        '2026-07-15T11:30:00Z',
        '2026-07-15T12:10:00Z',
        pci=('01',),
    ),
    'microk8s-1342-snap-refresh-to-revision-1499-breaks-gpu-plugin-rollback-to-1422-works-hedged': Backdrop(
        'microk8s-node',
        'A10',
        '550.144.03',
        '2020-06-23T11:30:00Z',
        '2020-06-23T12:10:00Z',
        pci=('01',),
    ),
    'mk8saddons-50-microk8s-gpu-addon-passed-containerd-config-with-fixed-snap-revision-to-toolkit-fixed': Backdrop(
        'microk8s-gpu-node',
        'A10',
        '550.144.03',
        '2022-06-20T11:30:00Z',
        '2022-06-20T12:10:00Z',
        pci=('01',),
    ),
    'mrtrix-2383-official-singularity-image-has-no-cuda-eddy-cuda9-1-unusable-on-cuda-11-4-hpc': Backdrop(
        'hpc-gpu-node',
        'A10',
        '550.144.03',
        '2021-10-20T11:30:00Z',
        '2021-10-20T12:10:00Z',
        pci=('01',),
    ),
    'negativo-72-fedora-29-kernel-update-breaks-nvidia-display-module-not-built-for-new-kernel-hedged': Backdrop(
        'fedora29-ws',
        'A10',
        '550.144.03',
        '2019-02-06T11:30:00Z',
        '2019-02-06T12:10:00Z',
        pci=('01',),
    ),
    'optimum-88-empty-gpu-process-list-in-docker-without-pid-host-does-not-mean-gpu-idle-benign': Backdrop(
        'docker-gpu-host',
        'A10',
        '550.144.03',
        '2023-11-24T11:30:00Z',
        '2023-11-24T12:10:00Z',
        pci=('01',),
    ),
    'podman-16094-rootless-podman-nvidia-hook-exit-1-container-cli-list-hangs-persistence-mode-workaround': Backdrop(
        'rhel84-a40-vm',
        'A10',
        '550.144.03',
        '2022-10-09T11:30:00Z',
        '2022-10-09T12:10:00Z',
        pci=('01',),
    ),
    'pytorch-32369-conda-install-requested-cuda-10-1-got-pytorch-1-4-cpuonly-build-cuda-not-available': Backdrop(
        'ubuntu1604-ws',
        'A10',
        '550.144.03',
        '2020-01-17T11:30:00Z',
        '2020-01-17T12:10:00Z',
        pci=('01',),
    ),
    'sylabs-1963-singularity-oci-nv-warns-could-not-find-any-rocm-devices-message-should-say-nvidia-benign': Backdrop(
        'oci-nv-host',
        'A10',
        '550.144.03',
        '2023-08-01T11:30:00Z',
        '2023-08-01T12:10:00Z',
        pci=('01',),
    ),
    'sylabs-471-singularity-nvccli-without-contain-misses-mig-devices-fixed-with-nvidia-visible-devices-all': Backdrop(
        'mig-gpu-node',
        'A10',
        '550.144.03',
        '2021-12-11T11:30:00Z',
        '2021-12-11T12:10:00Z',
        pci=('01',),
    ),
    'talos-9187-nvidia-device-plugin-0-15-daemonset-schedules-no-pods-needs-gpu-present-node-label': Backdrop(
        'talos-gpu-node',
        'A10',
        '550.144.03',
        '2024-08-17T11:30:00Z',
        '2024-08-17T12:10:00Z',
        pci=('01',),
    ),
    'tf-36841-tensorflow-2-1-0-py3-cpu-image-ships-gpu-package-tensorrt-warnings-on-cpu-benign': Backdrop(
        'cpu-docker-host',
        'A10',
        '550.144.03',
        '2020-02-17T11:30:00Z',
        '2020-02-17T12:10:00Z',
        pci=('01',),
    ),
    'verlomni-187-vllm-prebuilt-wheels-target-cuda-12-9-driver-535-too-old-found-version-12080': Backdrop(
        'h200-node',
        'A10',
        '550.144.03',
        '2026-06-18T11:30:00Z',
        '2026-06-18T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'volcano-49-vgpu-container-utilization-metric-always-zero-for-whole-card-allocation-benign': Backdrop(
        'k8s-vgpu-node',
        'A10',
        '550.144.03',
        '2025-02-20T11:30:00Z',
        '2025-02-20T12:10:00Z',
        pci=('01',),
    ),
    'vscode-7622-devcontainers-missing-gpu-warning-dialog-although-gpu-detected-benign': Backdrop(
        'wsl2-docker-desktop',
        'A10',
        '550.144.03',
        '2022-12-01T11:30:00Z',
        '2022-12-01T12:10:00Z',
        pci=('01',),
    ),
    'xmake-4686-cuda-driver-is-a-stub-library-xmake-run-puts-cuda-lib64-stubs-on-ld-library-path': Backdrop(
        'wsl2-dev',
        'A10',
        '550.144.03',
        '2024-02-03T11:30:00Z',
        '2024-02-03T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
