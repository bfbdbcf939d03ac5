"""heldout-public-294's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-294/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
host names are stand-ins except ip-172-31-12-237.us-west-2.compute.internal, which the evidence prints; bus numbers are
stand-ins (01..N in index order) except bus 1e, which the bottlerocket evidence prints; the driver (550.144.03) is the
same for every case. No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'fasterliveportrait-8-nvidia-smi-no-libnvidia-ml-in-image-broken-symlink-remade': Backdrop(
        'flp-docker-v100',
        'A10',
        '550.144.03',
        '2024-07-18T11:30:00Z',
        '2024-07-18T12:10:00Z',
        pci=('01',),
    ),
    'anacondarecipes-aggregate-83-pytorch-built-against-nccl1-fails-import-with-nccl2-pin-added': Backdrop(
        'conda-gpu-node',
        'A10',
        '550.144.03',
        '2018-08-30T11:30:00Z',
        '2018-08-30T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'apptainer-2398-nvccli-with-overlay-fails-writable-tmpfs-conflict': Backdrop(
        'apptainer-gpu-host',
        'A10',
        '550.144.03',
        '2024-08-02T11:30:00Z',
        '2024-08-02T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'container-engine-accelerators-72-pod-gpu-appears-as-dev-nvidia1-same-minor-as-host-by-design-benign': Backdrop(
        'k8s-gpu-node-2gpu',
        'A10',
        '550.144.03',
        '2018-06-19T11:30:00Z',
        '2018-06-19T12:10:00Z',
        pci=('01', '02'),
    ),
    'nvtop-118-ubuntu-nvtop-package-downgrades-nvidia-470-driver-nvml-mismatch': Backdrop(
        'ubuntu21-gpu-desktop',
        'A10',
        '550.144.03',
        '2021-08-23T11:30:00Z',
        '2021-08-23T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'distrobox-1064-nvidia-flag-skips-nvidia-libraries-init-script-bug-fixed': Backdrop(
        'distrobox-gpu-host',
        'A10',
        '550.144.03',
        '2023-11-20T11:30:00Z',
        '2023-11-20T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'conda-libmamba-solver-646-pytorch-torchvision-env-resolves-cpu-builds-despite-cuda-virtual-package': Backdrop(
        'conda-cuda-workstation',
        'A10',
        '550.144.03',
        '2025-04-16T11:30:00Z',
        '2025-04-16T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'mold-77-nix-devshell-links-cuda-stub-libcuda-cuda-error-stub-library': Backdrop(
        'nixos-cuda-devbox',
        'A10',
        '550.144.03',
        '2026-03-27T11:30:00Z',
        '2026-03-27T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'rules-ll-242-nixpkgs-cuda-toolkit-change-left-only-stubs-in-runpath': Backdrop(
        'nix-cuda-builder',
        'A10',
        '550.144.03',
        '2024-05-28T11:30:00Z',
        '2024-05-28T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'audio-cpp-214-nix-flake-cuda-stub-library-only-cpu-device-listed': Backdrop(
        'nixos-i7-13700-gpu',
        'A10',
        '550.144.03',
        '2026-08-11T11:30:00Z',
        '2026-08-11T12:10:00Z',
        pci=('01',),
    ),
    'bottlerocket-core-kit-842-cdi-spec-generator-missing-library-warnings-misleading-benign': Backdrop(
        'ip-172-31-12-237.us-west-2.compute.internal',
        'A10',
        '550.144.03',
        '2026-02-25T01:52:21Z',
        '2026-02-25T02:32:21Z',
        pci=('1e',),
    ),
    'nvitop-128-nvidia-smi-and-nvitop-eat-52gb-ram-in-docker-nvidia-persistenced-socket': Backdrop(
        'docker-rtx3060-host',
        'A10',
        '550.144.03',
        '2024-12-19T11:30:00Z',
        '2024-12-19T12:10:00Z',
        pci=('01',),
    ),
    'alnair-119-vgpu-server-mounts-host-run-persistenced-socket-mount-error': Backdrop(
        'alnair-k8s-gpu-node',
        'A10',
        '550.144.03',
        '2022-04-03T11:30:00Z',
        '2022-04-03T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'k3s-12802-nvidia-com-gpu-not-allocatable-k3s-only-detects-runtime-needs-gpu-operator': Backdrop(
        'k3s-wsl-gpu-node',
        'A10',
        '550.144.03',
        '2025-08-25T11:30:00Z',
        '2025-08-25T12:10:00Z',
        pci=('01',),
    ),
    'dart-3475-pixi-nvcc-13-3-ptx-newer-than-driver-13-2-unsupported-toolchain': Backdrop(
        'ubuntu-latest-gpu',
        'A10',
        '550.144.03',
        '2026-09-02T11:30:00Z',
        '2026-09-02T12:10:00Z',
        pci=('01',),
    ),
    'singularity-2252-nvidia-smi-not-bound-into-container-3-0-regression-fixed-in-2257': Backdrop(
        'singularity-gpu-node',
        'A10',
        '550.144.03',
        '2018-10-17T11:30:00Z',
        '2018-10-17T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'nixpkgs-291217-ollama-service-built-cpu-only-gpu-libraries-not-detected': Backdrop(
        'nixos-ollama-host',
        'A10',
        '550.144.03',
        '2024-02-25T11:30:00Z',
        '2024-02-25T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
