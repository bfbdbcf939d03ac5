"""heldout-public-270's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-270/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts, bus numbers (no source prints one: 01 for one GPU, 01..04 for more) and the driver (550.144.03, the same
for every case) are stand-ins. No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'spack-33117-slate-tests-cuda-driver-insufficient-cuda-dep-newer-than-node-driver': Backdrop(
        'spack-slate-test',
        'A10',
        '550.144.03',
        '2022-10-12T11:30:00Z',
        '2022-10-12T12:10:00Z',
        pci=('01',),
    ),
    'apptainer-2028-nvccli-ubuntu-ldconfig-wrapper-nvidia-libs-unusable-in-container': Backdrop(
        'apptainer-ubuntu2204',
        'A10',
        '550.144.03',
        '2024-02-16T11:30:00Z',
        '2024-02-16T12:10:00Z',
        pci=('01',),
    ),
    'pytorch-152783-nvjitlink-undefined-symbol-ld-library-path-finds-system-cuda-libs': Backdrop(
        'torch-cu128-host',
        'A10',
        '550.144.03',
        '2025-05-13T11:30:00Z',
        '2025-05-13T12:10:00Z',
        pci=('01',),
    ),
    'vivaria-502-container-dataloader-bus-error-default-shm-too-small-shm-size': Backdrop(
        'viv-task-gpu',
        'A10',
        '550.144.03',
        '2024-10-11T11:30:00Z',
        '2024-10-11T12:10:00Z',
        pci=('01',),
    ),
    'vscode-remote-3462-devcontainer-dataloader-workers-out-of-shared-memory': Backdrop(
        'devcontainer-wsl2',
        'A10',
        '550.144.03',
        '2020-08-03T11:30:00Z',
        '2020-08-03T12:10:00Z',
        pci=('01',),
    ),
    'ai-toolkit-627-docker-compose-missing-shm-size-not-enough-shared-memory': Backdrop(
        'ai-toolkit-docker',
        'A10',
        '550.144.03',
        '2026-01-04T11:30:00Z',
        '2026-01-04T12:10:00Z',
        pci=('01',),
    ),
    'pai-1089-docker-job-killed-memory-cgroup-oom-job-retries': Backdrop(
        'paigcr-a-gpu-1013',
        'A10',
        '550.144.03',
        '2018-08-16T11:30:00Z',
        '2018-08-16T12:10:00Z',
        pci=('01',),
    ),
    'xagent-273-docker-could-not-select-device-driver-gpu-nvidia-container-toolkit-missing': Backdrop(
        'xagent-4x4090',
        'A10',
        '550.144.03',
        '2023-11-29T11:30:00Z',
        '2023-11-29T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'toolbox-1577-cdi-spec-lists-persistenced-socket-container-enter-fails': Backdrop(
        'toolbox-fedora',
        'A10',
        '550.144.03',
        '2024-10-29T11:30:00Z',
        '2024-10-29T12:10:00Z',
        pci=('01',),
    ),
    'llama-cpp-python-1882-cuda-not-detected-container-run-without-gpus-all': Backdrop(
        'llama-cpp-docker',
        'A10',
        '550.144.03',
        '2024-12-25T11:30:00Z',
        '2024-12-25T12:10:00Z',
        pci=('01',),
    ),
    'cactus-1222-singularity-exec-without-nv-gpus-invisible-to-cactus': Backdrop(
        'cactus-gpu-node',
        'A10',
        '550.144.03',
        '2023-11-10T11:30:00Z',
        '2023-11-10T12:10:00Z',
        pci=('01',),
    ),
    'dreammat-14-docker-torch-cuda-false-toolkit-missing-and-no-gpus-all': Backdrop(
        'dreammat-docker',
        'A10',
        '550.144.03',
        '2024-06-18T11:30:00Z',
        '2024-06-18T12:10:00Z',
        pci=('01',),
    ),
    'pytorch-ci-infra-661-runner-pip-extra-index-cpu-slug-gpu-jobs-install-cpu-torch': Backdrop(
        'gpu-runner-cu130',
        'A10',
        '550.144.03',
        '2026-05-30T11:30:00Z',
        '2026-05-30T12:10:00Z',
        pci=('01',),
    ),
    'conda-7970-mixed-conda-forge-cpu-tensorflow-over-tensorflow-gpu-gpu-unused': Backdrop(
        'conda-tf-gpu',
        'A10',
        '550.144.03',
        '2018-11-19T11:30:00Z',
        '2018-11-19T12:10:00Z',
        pci=('01',),
    ),
    'zonca-jupyterhub-72-image-built-on-cpu-node-mamba-solves-cpu-torch': Backdrop(
        'jupyterhub-gpu-node',
        'A10',
        '550.144.03',
        '2024-02-14T11:30:00Z',
        '2024-02-14T12:10:00Z',
        pci=('01',),
    ),
    'determined-7337-singularity-nv-exposes-all-node-gpus-move-to-nvccli': Backdrop(
        'determined-agent-gpu',
        'A10',
        '550.144.03',
        '2023-07-11T11:30:00Z',
        '2023-07-11T12:10:00Z',
        pci=('01', '02'),
    ),
    'nni-1733-nni-in-docker-cannot-see-external-gpu-processes-trials-on-busy-gpus': Backdrop(
        'nni-docker-node',
        'A10',
        '550.144.03',
        '2019-11-13T11:30:00Z',
        '2019-11-13T12:10:00Z',
        pci=('01', '02'),
    ),
    'cosmos-39-docker-model-build-exit-137-docker-memory-2gb-default': Backdrop(
        'cosmos-docker-host',
        'A10',
        '550.144.03',
        '2019-04-16T11:30:00Z',
        '2019-04-16T12:10:00Z',
        pci=('01',),
    ),
    'nimpa-31-docker-build-has-no-gpu-devices-by-design-benign': Backdrop(
        'nimpa-docker-build',
        'A10',
        '550.144.03',
        '2023-08-10T11:30:00Z',
        '2023-08-10T12:10:00Z',
        pci=('01',),
    ),
    'aws-dlc-598-nvidia-smi-missing-in-gpu-image-on-cpu-host-mounted-by-runtime-benign': Backdrop(
        'dlc-cpu-host',
        'A10',
        '550.144.03',
        '2020-09-15T11:30:00Z',
        '2020-09-15T12:10:00Z',
        pci=('01',),
    ),
    'lilbee-660-runpod-a40-container-cpu-quota-llama-threads-throttled-generation-collapses': Backdrop(
        'runpod-a40-pod',
        'A10',
        '550.144.03',
        '2026-08-02T11:30:00Z',
        '2026-08-02T12:10:00Z',
        pci=('01',),
    ),
    'grobid-1091-gpu-container-20gb-gpu-ram-tensorflow-preallocation-benign': Backdrop(
        'grobid-2x4090',
        'A10',
        '550.144.03',
        '2024-03-13T11:30:00Z',
        '2024-03-13T12:10:00Z',
        pci=('01', '02'),
    ),
    'whisper-asr-28-docker-server-holds-model-in-vram-while-idle-benign': Backdrop(
        'whisper-asr-docker',
        'A10',
        '550.144.03',
        '2022-10-05T11:30:00Z',
        '2022-10-05T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
