"""heldout-public-231's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-231/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (one is printed by its source), bus numbers (none is printed by a source; the eight-GPU case uses the default
HGX numbers) and the driver (550.144.03, the same for every case) are stand-ins.
No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'podman-24474-podman-3-4-4-cannot-resolve-cdi-gpu-device-needs-newer-podman': Backdrop(
        'podman-ubuntu-host',
        'A10',
        '550.144.03',
        '2024-11-06T11:30:00Z',
        '2024-11-06T12:10:00Z',
        pci=('01',),
    ),
    'rosdocker-5-docker-could-not-select-device-driver-gpu-nvidia-container-toolkit-missing': Backdrop(
        'rosdocker-host',
        'A10',
        '550.144.03',
        '2025-01-20T11:30:00Z',
        '2025-01-20T12:10:00Z',
        pci=('01',),
    ),
    'nerdctl-1023-nerdctl-gpus-utility-only-cuda-version-na-torch-no-cuda-driver-capability': Backdrop(
        'nerdctl-host',
        'A10',
        '550.144.03',
        '2022-04-29T11:30:00Z',
        '2022-04-29T12:10:00Z',
        pci=('01',),
    ),
    'panda-autograsp-150-singularity-cuda-driver-insufficient-forgot-nv-flag': Backdrop(
        'panda-autograsp-host',
        'A10',
        '550.144.03',
        '2019-11-21T11:30:00Z',
        '2019-11-21T12:10:00Z',
        pci=('01',),
    ),
    'odysseus-458-docker-compose-gpu-not-recognized-nvidia-compose-file-not-enabled': Backdrop(
        'odysseus-host',
        'A10',
        '550.144.03',
        '2026-06-01T11:30:00Z',
        '2026-06-01T12:10:00Z',
        pci=('01',),
    ),
    'torchx-825-local-docker-scheduler-device-request-compute-not-gpu-container-sees-no-gpu': Backdrop(
        'torchx-docker-host',
        'A10',
        '550.144.03',
        '2024-02-15T11:30:00Z',
        '2024-02-15T12:10:00Z',
        pci=('01',),
    ),
    'pytorch-188892-cu13-wheel-cudnn-9-20-omits-engine-lib-loads-system-cuda12-cudnn-sublibrary-mismatch': Backdrop(
        'torch-cu13-host',
        'A10',
        '550.144.03',
        '2026-07-07T11:30:00Z',
        '2026-07-07T12:10:00Z',
        pci=('01',),
    ),
    'cmssw-34547-sonictriton-gpu-ib-container-built-for-driver-465-node-has-460-compat-unavailable': Backdrop(
        'cmssw-ib-gpu-node',
        'A10',
        '550.144.03',
        '2021-07-28T11:30:00Z',
        '2021-07-28T12:10:00Z',
        pci=('01',),
    ),
    'faster-qwen3-tts-113-pip-resolves-latest-torch-wheel-driver-550-too-old-cuda-init-fails': Backdrop(
        'qwen3-tts-t4-host',
        'A10',
        '550.144.03',
        '2026-06-13T11:30:00Z',
        '2026-06-13T12:10:00Z',
        pci=('01',),
    ),
    'torchserve-640-cuda10-1-image-pip-installs-default-torch-wheel-inference-runs-on-cpu': Backdrop(
        'torchserve-host',
        'A10',
        '550.144.03',
        '2020-08-24T11:30:00Z',
        '2020-08-24T12:10:00Z',
        pci=('01',),
    ),
    'voiceprint-api-10-docker-image-runs-inference-on-cpu-needs-cuda-base-and-compose-gpu': Backdrop(
        'voiceprint-host',
        'A10',
        '550.144.03',
        '2025-08-21T11:30:00Z',
        '2025-08-21T12:10:00Z',
        pci=('01',),
    ),
    'torchdata-315-conda-env-with-torchdata-resolves-cpuonly-pytorch-build': Backdrop(
        'torchdata-host',
        'A10',
        '550.144.03',
        '2022-03-22T11:30:00Z',
        '2022-03-22T12:10:00Z',
        pci=('01',),
    ),
    'xpk-965-torchtitan-nccl-shm-no-space-left-missing-dshm-volume-in-rdma-decorator': Backdrop(
        'chengken-ubench-93mf-slice-job-0-0',
        'A10',
        '550.144.03',
        '2026-01-13T08:50:00Z',
        '2026-01-13T09:30:00Z',
    ),
    'pangeo-docker-images-258-hub-pod-dataloader-bus-error-small-shared-memory-limit': Backdrop(
        'pc-hub-gpu-pod',
        'A10',
        '550.144.03',
        '2021-10-19T11:30:00Z',
        '2021-10-19T12:10:00Z',
        pci=('01',),
    ),
    'eslam-20-torch-shared-memory-no-space-left-in-docker-fixed-by-shm-size-32g': Backdrop(
        'eslam-docker-host',
        'A10',
        '550.144.03',
        '2024-05-20T11:30:00Z',
        '2024-05-20T12:10:00Z',
        pci=('01',),
    ),
    'devito-2710-ci-docker-gpus-device-renumbers-gpu-1-to-0-cuda-visible-devices-mismatch': Backdrop(
        'devito-ci-gpu-host',
        'A10',
        '550.144.03',
        '2025-08-12T11:30:00Z',
        '2025-08-12T12:10:00Z',
        pci=('01', '02'),
    ),
    'jade-82-singbatch-wrapper-puts-nv-after-image-name-gpu-job-fails-nv-not-found': Backdrop(
        'jade-gpu-node',
        'A10',
        '550.144.03',
        '2018-10-26T11:30:00Z',
        '2018-10-26T12:10:00Z',
        pci=('01',),
    ),
    'furnari-flow-3-container-binaries-lack-sass-for-gpu-ptx-jit-each-start-minute-and-half': Backdrop(
        'furnari-flow-host',
        'A10',
        '550.144.03',
        '2020-01-09T11:30:00Z',
        '2020-01-09T12:10:00Z',
        pci=('01',),
    ),
    'ollama37-27-ptx-only-docker-build-3-4-minute-jit-every-container-cold-start-k80': Backdrop(
        'ollama37-k80-host',
        'A10',
        '550.144.03',
        '2026-03-08T11:30:00Z',
        '2026-03-08T12:10:00Z',
        pci=('01',),
    ),
    'cdi-239-podman-cdi-gpu-oci-runtime-error-nvidia-container-toolkit-1-17-0-regression-downgrade': Backdrop(
        'podman-cdi-host',
        'A10',
        '550.144.03',
        '2024-11-08T11:30:00Z',
        '2024-11-08T12:10:00Z',
        pci=('01',),
    ),
    'translations-1154-dockerized-gpu-tasks-lost-gpus-fixed-dev-char-symlinks-uvm-devices-driver-570': Backdrop(
        'translations-gpu-worker',
        'A10',
        '550.144.03',
        '2025-06-16T11:30:00Z',
        '2025-06-16T12:10:00Z',
        pci=('01',),
    ),
    'tensorflow-23874-ptxas-older-than-warning-in-cuda10-wheel-is-a-version-check-bug-benign': Backdrop(
        'tf-wheel-host',
        'A10',
        '550.144.03',
        '2018-11-20T11:30:00Z',
        '2018-11-20T12:10:00Z',
        pci=('01',),
    ),
    'deepvariant-993-tf-trt-could-not-find-tensorrt-warning-under-singularity-safe-on-cpu-benign': Backdrop(
        'deepvariant-host',
        'A10',
        '550.144.03',
        '2025-07-14T11:30:00Z',
        '2025-07-14T12:10:00Z',
        pci=('01',),
    ),
    'kohya-ss-2263-tensorflow-unable-to-register-factory-messages-in-pytorch-trainer-ignore-benign': Backdrop(
        'kohya-host',
        'A10',
        '550.144.03',
        '2024-06-02T11:30:00Z',
        '2024-06-02T12:10:00Z',
        pci=('01', '02'),
    ),
    'neuropyxels-377-cupy-cuda-path-warning-and-no-nvcc-optional-gpu-extra-not-needed-benign': Backdrop(
        'npyx-workstation',
        'A10',
        '550.144.03',
        '2024-03-07T11:30:00Z',
        '2024-03-07T12:10:00Z',
        pci=('01',),
    ),
    'pynvml-36-nvml-returns-host-pids-inside-docker-pid-namespace-expected-benign': Backdrop(
        'pynvml-docker-host',
        'A10',
        '550.144.03',
        '2021-05-20T11:30:00Z',
        '2021-05-20T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
