"""heldout-public-481's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-481/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
host names are the printed one where the evidence prints one (ai3090) and stand-ins otherwise; most cases have one
GPU; ollama-10756 (3, the report's 3x16GB split), horovod-638 (2, "multi gpus"), pai-2294 (4, "all of GPUs") and
nvidia-container-toolkit-1355 (8, the printed nvidia-smi -L) have more; no evidence prints a bus number, so buses are
the stand-ins 01..NN except optimus-vfio-docs-4, whose dmesg prints GPU 0000:00:07.0 (bus 00, device 07); the driver (550.144.03) is the same stand-in for every case, so the version carries no signal. No
case uses extra: no source quotes an exporter value as a metric sample. The backdrop never points at the cause:
flat, healthy metrics for every case.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'pytorch-30376-new-pytorch-cudatoolkit-10-1-install-no-kernel-image-cc-3-5-support-dropped': Backdrop(
        'kaolin-ws',
        'A10',
        '550.144.03',
        '2019-11-24T11:30:00Z',
        '2019-11-24T12:10:00Z',
        pci=('01',),
    ),
    'rapids-devcontainers-332-cuda-12-5-devcontainer-unsatisfied-cuda-requirement-driver-535-too-old': Backdrop(
        'rapids-lab-01',
        'A10',
        '550.144.03',
        '2024-06-26T11:30:00Z',
        '2024-06-26T12:10:00Z',
        pci=('01',),
    ),
    'rapids-singlecell-677-latest-cu12-container-ships-cuda-13-binaries-fails-on-driver-570': Backdrop(
        'hpc-gpu-node',
        'A10',
        '550.144.03',
        '2026-05-26T11:30:00Z',
        '2026-05-26T12:10:00Z',
        pci=('01',),
    ),
    'tfodcourse-118-tensorflow-2-11-training-not-on-gpu-native-windows-gpu-support-dropped': Backdrop(
        'win-train-ws',
        'A10',
        '550.144.03',
        '2022-12-30T11:30:00Z',
        '2022-12-30T12:10:00Z',
        pci=('01',),
    ),
    'tensorflow-64536-tensorflow-2-16-cannot-use-gpu-on-native-windows-cuda-build-not-supported-after-2-10': Backdrop(
        'win10-ws',
        'A10',
        '550.144.03',
        '2024-03-26T11:30:00Z',
        '2024-03-26T12:10:00Z',
        pci=('01',),
    ),
    'cyclegan-140-gpu-memory-leak-after-pytorch-and-cuda-9-upgrade-fixed-in-code': Backdrop(
        'cyclegan-train',
        'A10',
        '550.144.03',
        '2017-11-02T11:30:00Z',
        '2017-11-02T12:10:00Z',
        pci=('01',),
    ),
    'pytorch-3646-gpu-memory-leak-on-master-build-not-in-0-2-0-leak-being-fixed': Backdrop(
        'torch-dev-ws',
        'A10',
        '550.144.03',
        '2017-11-11T11:30:00Z',
        '2017-11-11T12:10:00Z',
        pci=('01',),
    ),
    'home-ops-3446-llama-server-oom-killed-on-ai3090-after-image-bump-host-ram-regression': Backdrop(
        'ai3090',
        'A10',
        '550.144.03',
        '2026-08-19T06:09:00Z',
        '2026-08-19T06:49:00Z',
        pci=('01',),
    ),
    'ci-infra-1023-rclone-cache-mounts-oom-killed-on-gpu1-runners-after-gpu-ami-roll': Backdrop(
        'gpu1-runner',
        'A10',
        '550.144.03',
        '2026-08-20T11:30:00Z',
        '2026-08-20T12:10:00Z',
        pci=('01',),
    ),
    'ollama-10756-models-no-longer-fit-vram-oom-after-0-7-0-upgrade-memory-estimate-bug-fixed': Backdrop(
        'ollama-host',
        'A10',
        '550.144.03',
        '2025-05-17T11:30:00Z',
        '2025-05-17T12:10:00Z',
        pci=('01', '02', '03',),
    ),
    'cutorch-769-gpu-memory-15-percent-higher-and-oom-after-cutorch-update-caching-allocator': Backdrop(
        'lua-torch-ws',
        'A10',
        '550.144.03',
        '2017-05-12T11:30:00Z',
        '2017-05-12T12:10:00Z',
        pci=('01',),
    ),
    'i3pystatus-776-benign-fan-speed-n-a-after-driver-upgrade-nvidia-smi-output-format-changed': Backdrop(
        'i3-desktop',
        'A10',
        '550.144.03',
        '2020-04-02T11:30:00Z',
        '2020-04-02T12:10:00Z',
        pci=('01',),
    ),
    'cpu-x-132-benign-nvidia-clocks-and-usage-missing-after-cpu-x-update-tool-parsing-bug': Backdrop(
        'fedora32-desktop',
        'A10',
        '550.144.03',
        '2020-05-11T11:30:00Z',
        '2020-05-11T12:10:00Z',
        pci=('01',),
    ),
    'starvla-84-training-data-loading-very-slow-after-moving-to-lerobot-v3-dataset-format-video-chunk-reopen': Backdrop(
        'vla-train-node',
        'A10',
        '550.144.03',
        '2025-12-23T11:30:00Z',
        '2025-12-23T12:10:00Z',
        pci=('01',),
    ),
    'pop-os-4073-nvidia-rm-lock-deadlock-after-fresh-install-gsp-init-race-and-nvidia-powerd-write-lock': Backdrop(
        'pop-laptop',
        'A10',
        '550.144.03',
        '2026-08-14T11:30:00Z',
        '2026-08-14T12:10:00Z',
        pci=('01',),
    ),
    'a1111-11063-generation-hangs-at-50-percent-after-driver-update-vram-spills-to-shared-system-memory': Backdrop(
        'sd-webui-ws',
        'A10',
        '550.144.03',
        '2023-07-24T11:30:00Z',
        '2023-07-24T12:10:00Z',
        pci=('01',),
    ),
    'horovod-638-multi-gpu-training-hangs-with-open-mpi-3-1-3-works-on-3-0-0-and-4-0-0': Backdrop(
        'horovod-node',
        'A10',
        '550.144.03',
        '2018-11-21T11:30:00Z',
        '2018-11-21T12:10:00Z',
        pci=('01', '02',),
    ),
    'nvidia-container-toolkit-1355-container-asking-for-gpu-0-sees-all-8-a100s-toolkit-jit-cdi-regression': Backdrop(
        'a100-toolkit-host',
        'A10',
        '550.144.03',
        '2025-10-16T11:30:00Z',
        '2025-10-16T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'pai-2294-containers-get-all-host-gpus-after-openpai-0-9-1-upgrade-nvidia-visible-devices-not-set': Backdrop(
        'pai-worker',
        'A10',
        '550.144.03',
        '2019-03-10T11:30:00Z',
        '2019-03-10T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'scow-slurm-adapter-31-benign-gpu-figures-misparsed-by-portal-adapter-after-slurm-upgrade-zh': Backdrop(
        'scow-gpu-node',
        'A10',
        '550.144.03',
        '2023-06-01T11:30:00Z',
        '2023-06-01T12:10:00Z',
        pci=('01',),
    ),
    'pixi-dev-scipystack-5-jax-falls-back-to-cpu-after-unpinning-conda-forge-cuda-jaxlib-0-4-34': Backdrop(
        'scipy-dev-gpu',
        'A10',
        '550.144.03',
        '2024-12-08T11:30:00Z',
        '2024-12-08T12:10:00Z',
        pci=('01',),
    ),
    'optimus-vfio-docs-4-rminitadapter-failed-after-driver-435-21-with-patched-vbios-wrong-vbios-file': Backdrop(
        'optimus-vfio-vm',
        'A10',
        '550.144.03',
        '2019-10-05T11:30:00Z',
        '2019-10-05T12:10:00Z',
        pci=('00:07',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
