"""heldout-public-239's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-239/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts, bus numbers where the source prints none, and the driver (550.144.03, the same for every case) are stand-ins.
One case keeps the bus numbers its source prints (gvisor-9389: 0f, 15, 51).
No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'tahoe-x1-63-docker-default-64mb-dev-shm-dataloader-bus-error-no-space-left': Backdrop(
        'tahoe-x1-docker-host',
        'A10',
        '550.144.03',
        '2025-10-23T11:30:00Z',
        '2025-10-23T12:10:00Z',
        pci=('01',),
    ),
    'paddle-34725-aistudio-dataloader-bus-error-insufficient-shm-platform-side-restart-workaround': Backdrop(
        'aistudio-notebook-env',
        'A10',
        '550.144.03',
        '2021-08-09T11:30:00Z',
        '2021-08-09T12:10:00Z',
        pci=('01',),
    ),
    'pytorch-119989-pip-cudnn-wheel-dlopen-prefers-system-cudnn-library-conflict': Backdrop(
        'debian11-torch-host',
        'A10',
        '550.144.03',
        '2024-02-15T11:30:00Z',
        '2024-02-15T12:10:00Z',
        pci=('01',),
    ),
    'torchmd-net-145-conda-picks-cudatoolkit-11-7-newer-than-driver-force-downgrade': Backdrop(
        'torchmd-conda-host',
        'A10',
        '550.144.03',
        '2022-11-01T11:30:00Z',
        '2022-11-01T12:10:00Z',
        pci=('01',),
    ),
    'nixpkgs-65515-tensorflow-libtensorflow-framework-missing-runpath-libcuda-not-discovered': Backdrop(
        'nixos-tf-gpu-host',
        'A10',
        '550.144.03',
        '2019-07-29T16:39:00Z',
        '2019-07-29T17:19:00Z',
        pci=('01',),
    ),
    'dream2nix-698-pip-torch-rpath-stripped-no-opengl-driver-lib-cuda-devices-zero': Backdrop(
        'nixos-dream2nix-host',
        'A10',
        '550.144.03',
        '2023-09-21T11:30:00Z',
        '2023-09-21T12:10:00Z',
        pci=('01',),
    ),
    'ollama-797-docker-image-built-on-plain-ubuntu-not-cuda-base-gpu-unused': Backdrop(
        'ollama-docker-host',
        'A10',
        '550.144.03',
        '2023-10-16T11:30:00Z',
        '2023-10-16T12:10:00Z',
        pci=('01',),
    ),
    'deeplabcut-2164-older-container-images-lack-libcudnn-so-8-no-gpu-acceleration': Backdrop(
        'dlc-docker-host',
        'A10',
        '550.144.03',
        '2023-02-25T13:11:00Z',
        '2023-02-25T13:51:00Z',
        pci=('01',),
    ),
    'tike-112-conda-publishes-cudatoolkit-11-ci-gpu-container-on-cuda-10-driver-incompatibility': Backdrop(
        'tike-ci-gpu-agent',
        'A10',
        '550.144.03',
        '2021-01-04T11:30:00Z',
        '2021-01-04T12:10:00Z',
        pci=('01',),
    ),
    'aurora-1338-os-image-update-drops-nvidia-container-toolkit-docker-gpu-driver-not-selectable': Backdrop(
        'aurora-nvidia-workstation',
        'A10',
        '550.144.03',
        '2025-11-21T11:30:00Z',
        '2025-11-21T12:10:00Z',
        pci=('01',),
    ),
    'waifu2x-138-docker-start-over-a-minute-cuda-kernel-jit-cache-not-persisted': Backdrop(
        'waifu2x-docker-host',
        'A10',
        '550.144.03',
        '2016-09-01T11:30:00Z',
        '2016-09-01T12:10:00Z',
        pci=('01',),
    ),
    'gvisor-9389-nvproxy-uses-gpu-index-as-device-minor-exposes-wrong-gpu-to-container': Backdrop(
        'gvisor-a100-host',
        'A10',
        '550.144.03',
        '2023-09-17T11:30:00Z',
        '2023-09-17T12:10:00Z',
        pci=('0f', '15', '51'),
    ),
    'project-nomad-208-ollama-container-recreated-without-gpu-device-requests-silently-cpu': Backdrop(
        'nomad-ollama-host',
        'A10',
        '550.144.03',
        '2026-03-05T11:30:00Z',
        '2026-03-05T12:10:00Z',
        pci=('01',),
    ),
    'media-preview-72-nvml-shared-library-not-found-errors-on-intel-gpu-docker-host-benign': Backdrop(
        'media-preview-docker-host',
        'A10',
        '550.144.03',
        '2025-05-19T11:30:00Z',
        '2025-05-19T12:10:00Z',
        pci=('01',),
    ),
    'singularity-3250-nv-underlay-nvidia-smi-more-than-50-bind-mounts-warning-benign': Backdrop(
        'pbs-gpu-node',
        'A10',
        '550.144.03',
        '2019-04-08T11:30:00Z',
        '2019-04-08T12:10:00Z',
        pci=('01',),
    ),
    'localai-5252-selinux-enforcing-blocks-docker-gpu-nvml-insufficient-permissions-runtime-not-configured': Backdrop(
        'fedora-cloud-localai-vm',
        'A10',
        '550.144.03',
        '2025-04-26T11:30:00Z',
        '2025-04-26T12:10:00Z',
        pci=('01',),
    ),
    'selinux-policy-1695-container-use-devices-boolean-misses-xserver-misc-device-nvidia0-avc-denial': Backdrop(
        'f38',
        'A10',
        '550.144.03',
        '2023-05-19T02:32:00Z',
        '2023-05-19T03:12:00Z',
        pci=('01',),
    ),
    'nixpkgs-230851-singularity-nv-cannot-find-nvidia-container-cli-config-only-path-lookup': Backdrop(
        'nixos-singularity-host',
        'A10',
        '550.144.03',
        '2023-05-11T11:30:00Z',
        '2023-05-11T12:10:00Z',
        pci=('01',),
    ),
    'ltp-468-pip-torch-found-no-nvidia-driver-warning-on-cpu-machine-inference-fine-benign': Backdrop(
        'ltp-cpu-inference-host',
        'A10',
        '550.144.03',
        '2020-12-30T11:30:00Z',
        '2020-12-30T12:10:00Z',
        pci=('01',),
    ),
    'emgutf-71-packaged-tensorflow-ptx-only-for-ampere-90-120s-jit-at-every-start': Backdrop(
        'emgutf-rtx-a4000-ws',
        'A10',
        '550.144.03',
        '2022-03-03T11:30:00Z',
        '2022-03-03T12:10:00Z',
        pci=('01',),
    ),
    'cudadrv-117-julia-gpu-packages-fail-build-during-docker-build-no-gpu-by-design-benign': Backdrop(
        'juliagpu-docker-build-host',
        'A10',
        '550.144.03',
        '2018-12-04T11:30:00Z',
        '2018-12-04T12:10:00Z',
        pci=('01',),
    ),
    'caddn-18-docker-build-step-needs-gpu-access-default-nvidia-runtime-not-set': Backdrop(
        'caddn-docker-host',
        'A10',
        '550.144.03',
        '2021-03-24T11:30:00Z',
        '2021-03-24T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
