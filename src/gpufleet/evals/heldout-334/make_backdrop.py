"""heldout-public-334's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-334/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts, GPU counts, bus numbers (01..N in index order, except buses 04, 18 and 01 that x11docker-180, docker-snap-161
and kata-containers-12861 print) and the driver (550.144.03, the same for every case) are stand-ins.
No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'vortex-106-docker-build-nvidia-container-cli-requirement-cuda-10-2-host-driver-too-old': Backdrop(
        'vortex-build01',
        'A10',
        '550.144.03',
        '2021-03-09T11:30:00Z',
        '2021-03-09T12:10:00Z',
        pci=('01',),
    ),
    'elodin-42-nixos-libcuda-so-not-found-fixed-by-hardware-graphics-opengl-driver-symlink': Backdrop(
        'elodin-dev01',
        'A10',
        '550.144.03',
        '2025-04-29T11:30:00Z',
        '2025-04-29T12:10:00Z',
        pci=('01',),
    ),
    'conda-10480-conda-ignores-cuda-virtual-package-installs-cudatoolkit-11-on-driver-440-cuda-10-2': Backdrop(
        'conda-ws01',
        'A10',
        '550.144.03',
        '2021-01-26T11:30:00Z',
        '2021-01-26T12:10:00Z',
        pci=('01',),
    ),
    'tortoise-tts-760-docker-image-conda-installs-cpu-pytorch-fixed-by-pinning-pytorch-cuda': Backdrop(
        'tortoise-gpu01',
        'A10',
        '550.144.03',
        '2024-04-12T11:30:00Z',
        '2024-04-12T12:10:00Z',
        pci=('01',),
    ),
    'pytorch-23778-conda-installs-cpu-only-pytorch-nightly-while-cuda-packages-still-uploading': Backdrop(
        'conda-gpu01',
        'A10',
        '550.144.03',
        '2019-08-05T11:30:00Z',
        '2019-08-05T12:10:00Z',
        pci=('01',),
    ),
    'invokeai-2492-installer-gets-torch-without-cuda-from-pypi-fixed-by-cu117-wheel-from-pytorch-index': Backdrop(
        'invoke-ws01',
        'A10',
        '550.144.03',
        '2023-02-03T11:30:00Z',
        '2023-02-03T12:10:00Z',
        pci=('01',),
    ),
    'docker-compose-8583-tensorflow-jax-cannot-see-gpu-traced-to-utility-capability-in-compose-file': Backdrop(
        'lambda-8gpu01',
        'A10',
        '550.144.03',
        '2021-09-07T11:30:00Z',
        '2021-09-07T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'open-webui-1192-could-not-select-device-driver-nvidia-docker-desktop-on-linux-has-no-gpu-support': Backdrop(
        'owui-desk01',
        'A10',
        '550.144.03',
        '2024-03-17T11:30:00Z',
        '2024-03-17T12:10:00Z',
        pci=('01',),
    ),
    'x11docker-180-gpu-option-does-not-pass-docker-gpus-nvidia-smi-not-found-in-container': Backdrop(
        'x11docker-ws01',
        'A10',
        '550.144.03',
        '2019-08-21T11:30:00Z',
        '2019-08-21T12:10:00Z',
        pci=('04',),
    ),
    'docker-docs-21026-moby-27-3-compose-gpu-reservation-without-count-sets-nvidia-visible-devices-void': Backdrop(
        'moby-gpu01',
        'A10',
        '550.144.03',
        '2024-09-28T11:30:00Z',
        '2024-09-28T12:10:00Z',
        pci=('01',),
    ),
    'flathub-gl-nvidia-288-gpu-not-visible-after-gl-nvidia-runtime-update-downgrade-fixes': Backdrop(
        'flatpak-ws01',
        'A10',
        '550.144.03',
        '2024-08-24T11:30:00Z',
        '2024-08-24T12:10:00Z',
        pci=('01',),
    ),
    'kata-containers-12861-rtx-5090-vfio-passthrough-pod-fails-runtime-bug-qemu-dma-map-warning-red-herring': Backdrop(
        'kata-gpu01',
        'A10',
        '550.144.03',
        '2026-04-17T11:30:00Z',
        '2026-04-17T12:10:00Z',
        pci=('01',),
    ),
    'microk8s-3231-gpu-addon-containers-crashloop-cgroup-subsystem-devices-not-found-addon-update-not-in-stable': Backdrop(
        'microk8s-gpu01',
        'A10',
        '550.144.03',
        '2022-06-21T11:30:00Z',
        '2022-06-21T12:10:00Z',
        pci=('01',),
    ),
    'clearml-agent-47-agent-for-gpu-1-spawns-privileged-container-with-nvidia-visible-devices-all': Backdrop(
        'clearml-gpu01',
        'A10',
        '550.144.03',
        '2021-02-24T11:30:00Z',
        '2021-02-24T12:10:00Z',
        pci=('01', '02',),
    ),
    'swapcudaversionwindows-1-nvcc-switched-but-nvidia-smi-cuda-version-unchanged-benign-unrelated': Backdrop(
        'swapcuda-ws01',
        'A10',
        '550.144.03',
        '2024-04-15T11:30:00Z',
        '2024-04-15T12:10:00Z',
        pci=('01',),
    ),
    'vllm-282-torch-cuda-is-available-false-during-docker-build-is-normal-check-cuda-home-instead-benign': Backdrop(
        'vllm-build01',
        'A10',
        '550.144.03',
        '2023-06-27T11:30:00Z',
        '2023-06-27T12:10:00Z',
        pci=('01',),
    ),
    'docker-snap-161-nvidia-smi-not-found-in-container-on-classic-is-a-path-issue-gpu-works-benign': Backdrop(
        'snap-t4-01',
        'A10',
        '550.144.03',
        '2024-06-07T11:30:00Z',
        '2024-06-07T12:10:00Z',
        pci=('18',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
