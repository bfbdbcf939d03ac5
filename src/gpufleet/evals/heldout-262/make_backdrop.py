"""heldout-public-262's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-262/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except ythel and kind-gpu-worker, which the evidence prints), bus numbers (except 37 and 86 of
anibali-27, which the evidence prints; 01.. otherwise, or the default eight-GPU layout for the 8 x H200 case)
and the driver (550.144.03, the same for every case) are stand-ins. No case uses extra: no source quotes an
exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'fish-speech-1225-docker-cu126-no-kernel-image-on-blackwell-sm120-bump-cuda-12-9': Backdrop(
        'fish-speech-blackwell',
        'A10',
        '550.144.03',
        '2026-03-21T11:30:00Z',
        '2026-03-21T12:10:00Z',
        pci=('01',),
    ),
    'podman-23935-gpu-container-lib-not-found-after-driver-upgrade-stale-cdi-spec-regenerate': Backdrop(
        'podman-gpu-workstation',
        'A10',
        '550.144.03',
        '2024-09-17T11:30:00Z',
        '2024-09-17T12:10:00Z',
        pci=('01',),
    ),
    'nixos-wsl-578-docker-gpu-fails-on-wsl-cdi-mounts-missing-nvidia-executables': Backdrop(
        'nixos-wsl-laptop',
        'A10',
        '550.144.03',
        '2024-11-08T11:30:00Z',
        '2024-11-08T12:10:00Z',
        pci=('01',),
    ),
    'sim-5552-ecs-t4-fleet-image-ships-cpu-only-torch-cuda-unavailable': Backdrop(
        'ecs-g4dn-xlarge',
        'A10',
        '550.144.03',
        '2026-07-10T11:30:00Z',
        '2026-07-10T12:10:00Z',
        pci=('01',),
    ),
    'rembg-841-pip-onnxruntime-gpu-cuda13-without-runtime-dlls-silent-cpu-session': Backdrop(
        'rembg-win-rtx5070',
        'A10',
        '550.144.03',
        '2026-08-07T11:30:00Z',
        '2026-08-07T12:10:00Z',
        pci=('01',),
    ),
    'panopticseg-20-docker-run-without-gpus-driver-not-detected-banner': Backdrop(
        'panopticseg-docker-host',
        'A10',
        '550.144.03',
        '2025-05-21T11:30:00Z',
        '2025-05-21T12:10:00Z',
        pci=('01',),
    ),
    'floydhub-3-gpu-image-run-with-plain-docker-cuda-not-available-use-nvidia-docker': Backdrop(
        'floydhub-docker-host',
        'A10',
        '550.144.03',
        '2017-05-03T11:30:00Z',
        '2017-05-03T12:10:00Z',
        pci=('01',),
    ),
    'anibali-27-docker-run-without-gpus-flag-nvidia-smi-and-cuda-missing-in-container': Backdrop(
        'v100-vm',
        'A10',
        '550.144.03',
        '2020-07-27T11:30:00Z',
        '2020-07-27T12:10:00Z',
        pci=('37', '86'),
    ),
    'simplerecon-3-dataloader-bus-error-insufficient-shm-docker-shm-size': Backdrop(
        'simplerecon-docker-host',
        'A10',
        '550.144.03',
        '2022-09-07T11:30:00Z',
        '2022-09-07T12:10:00Z',
        pci=('01',),
    ),
    'onnxruntime-5214-nightly-docker-nccl-failure-shm-limit-raised-to-1g': Backdrop(
        'ort-nightly-docker',
        'A10',
        '550.144.03',
        '2020-09-17T11:30:00Z',
        '2020-09-17T12:10:00Z',
        pci=('01', '02'),
    ),
    'mozilla-tts-135-docker-training-needs-ipc-host-shm-bus-error': Backdrop(
        'tts-docker-host',
        'A10',
        '550.144.03',
        '2019-03-21T11:30:00Z',
        '2019-03-21T12:10:00Z',
        pci=('01',),
    ),
    'jax-25091-pip-nvcc-wheel-12-6-77-wrong-results-in-docker-on-h100-bump-12-6-85': Backdrop(
        'jax-h100-docker',
        'A10',
        '550.144.03',
        '2024-11-25T11:30:00Z',
        '2024-11-25T12:10:00Z',
        pci=('01',),
    ),
    'singularity-4702-3-5-0-rc1-nv-fatal-persistenced-socket-mount-var-run-symlink-regression': Backdrop(
        'ythel',
        'A10',
        '550.144.03',
        '2019-11-05T11:30:00Z',
        '2019-11-05T12:10:00Z',
        pci=('01',),
    ),
    'kubeflow-trainer-3067-kind-gpu-ci-breaks-unpinned-container-toolkit-1-18-1-jit-cdi': Backdrop(
        'kind-gpu-worker',
        'A10',
        '550.144.03',
        '2026-01-16T11:30:00Z',
        '2026-01-16T12:10:00Z',
        pci=('01',),
    ),
    'pai-1667-device-flag-and-nvidia-visible-devices-name-different-gpus-container-gets-two': Backdrop(
        'pai-k80-node',
        'A10',
        '550.144.03',
        '2019-03-19T11:30:00Z',
        '2019-03-19T12:10:00Z',
        pci=('01', '02'),
    ),
    'simple-tf-serving-31-docker-mounts-all-dev-nvidia-devices-container-takes-all-four-gpus': Backdrop(
        'four-1080ti-host',
        'A10',
        '550.144.03',
        '2018-09-13T11:30:00Z',
        '2018-09-13T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'dra-driver-1144-h200-kubelet-plugin-stale-cdi-cache-after-container-toolkit-replaced': Backdrop(
        'ocp-h200-node',
        'A10',
        '550.144.03',
        '2026-05-14T11:30:00Z',
        '2026-05-14T12:10:00Z',
    ),
    'grand-challenge-1352-algorithm-containers-see-too-many-cpus-cpuset-per-gpu': Backdrop(
        'gc-algorithm-gpu-node',
        'A10',
        '550.144.03',
        '2020-05-08T11:30:00Z',
        '2020-05-08T12:10:00Z',
        pci=('01', '02'),
    ),
    'singularity-3565-nv-omits-persistenced-socket-gpu-looks-not-in-persistence-mode-benign': Backdrop(
        'singularity-gpu-host',
        'A10',
        '550.144.03',
        '2019-05-16T11:30:00Z',
        '2019-05-16T12:10:00Z',
        pci=('01',),
    ),
    'deepo-129-tensorrt-libnvinfer-dlopen-warnings-in-gpu-container-just-a-warning-benign': Backdrop(
        'deepo-docker-host',
        'A10',
        '550.144.03',
        '2020-02-06T11:30:00Z',
        '2020-02-06T12:10:00Z',
        pci=('01',),
    ),
    'tf-serving-1650-serving-container-takes-whole-gpu-memory-tensorflow-preallocation-benign': Backdrop(
        'tfserving-docker-host',
        'A10',
        '550.144.03',
        '2020-06-02T11:30:00Z',
        '2020-06-02T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
