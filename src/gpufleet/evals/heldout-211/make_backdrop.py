"""heldout-public-211's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-211/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list and for named SKUs alike, so the SKU carries
no signal); hosts (except the sources' own 8d6bf97c3bf4, sever and oldpc), GPU counts where the source names none,
bus numbers and the driver (550.144.03, the same for every case) are stand-ins (see each case's description).
No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'xinference-1851-vllm-gpu-memory-not-released-vllm-preallocates-80pct-benign': Backdrop(
        'xinf-gpu-server',
        'A10',
        '550.144.03',
        '2024-07-14T11:30:00Z',
        '2024-07-14T12:10:00Z',
        pci=('01', '41', '81', 'c1'),
    ),
    'llamafactory-3228-a100-job-runs-on-cpu-n-gpu-0-cpu-build-of-pytorch': Backdrop(
        'centos7-8xa100',
        'A10',
        '550.144.03',
        '2024-04-11T11:30:00Z',
        '2024-04-11T12:10:00Z',
        pci=('1b', '1c', '3d', '3e', '88', '89', 'b1', 'b2'),
    ),
    'llamafactory-1495-cuda-visible-devices-2-job-lands-on-gpu0-3090-oom-index-order-differs-from-nvtop': Backdrop(
        'mixed-a800-3090',
        'A10',
        '550.144.03',
        '2023-11-14T11:30:00Z',
        '2023-11-14T12:10:00Z',
        pci=('01', '02', '03', '04', '05'),
    ),
    'optimate-302-azure-p100-vm-no-gpu-available-nvidia-smi-error-driver-reinstall': Backdrop(
        'azure-p100-vm',
        'A10',
        '550.144.03',
        '2023-03-28T11:30:00Z',
        '2023-03-28T12:10:00Z',
        pci=('01',),
    ),
    'pipedream-76-docker-nccl-bus-error-nonexistent-physical-address-shm-64m-too-small': Backdrop(
        '8d6bf97c3bf4',
        'A10',
        '550.144.03',
        '2023-01-31T11:30:00Z',
        '2023-01-31T12:10:00Z',
        pci=('01', '02'),
    ),
    'chatglm6b-661-1080ti-servers-reboot-mid-finetune-driver-lost-server-side-problem': Backdrop(
        'ubuntu1604-1080ti',
        'A10',
        '550.144.03',
        '2023-04-18T11:30:00Z',
        '2023-04-18T12:10:00Z',
        pci=('01',),
    ),
    'byteps-313-rdma-training-libibverbs-couldnt-load-driver-warnings-normal-benign': Backdrop(
        'sever',
        'A10',
        '550.144.03',
        '2020-11-02T11:30:00Z',
        '2020-11-02T12:10:00Z',
        pci=('1a', '1b', '3d', '3e', '88', '89', 'b1', 'b2'),
    ),
    'videoanalyst-215-siamfcpp-training-gpu-util-89-to-0-oscillates-data-providing-bottleneck': Backdrop(
        'sot-train-node',
        'A10',
        '550.144.03',
        '2021-12-16T11:30:00Z',
        '2021-12-16T12:10:00Z',
        pci=('01', '02'),
    ),
    'ollama-9704-ps-shows-100pct-gpu-but-cpu-backend-loaded-gpu-backend-not-found': Backdrop(
        'oldpc',
        'A10',
        '550.144.03',
        '2025-03-13T00:33:54Z',
        '2025-03-13T01:13:54Z',
        pci=('01',),
    ),
    'noisyrollout-9-rl-training-cpu-oom-vllm-wheel-host-memory-leak-fixed-by-other-vllm-build': Backdrop(
        'noisyrollout-trainer',
        'A10',
        '550.144.03',
        '2025-05-20T11:30:00Z',
        '2025-05-20T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'snapotter-673-first-boot-no-gpu-detected-warn-before-ai-bundle-installed-benign': Backdrop(
        'snapotter-rtx4070',
        'A10',
        '550.144.03',
        '2026-07-29T11:30:00Z',
        '2026-07-29T12:10:00Z',
        pci=('01',),
    ),
    'cryosparc-96-four-gpu-jobs-24-threads-each-on-24-core-box-cpu-overload': Backdrop(
        'cryosparc-4gpu',
        'A10',
        '550.144.03',
        '2016-12-14T11:30:00Z',
        '2016-12-14T12:10:00Z',
        pci=('02', '03', '82', '83'),
    ),
    'xinference-1712-glm4v-oom-after-upgrade-to-0-12-2-only-first-gpu-used-upstream-model-code-change': Backdrop(
        'xinf-3090-box',
        'A10',
        '550.144.03',
        '2024-06-27T11:30:00Z',
        '2024-06-27T12:10:00Z',
        pci=('01',),
    ),
    'internvl-497-v100-inference-memory-grows-per-new-case-until-oom-cached-not-freed': Backdrop(
        'internvl-v100',
        'A10',
        '550.144.03',
        '2024-08-26T11:30:00Z',
        '2024-08-26T12:10:00Z',
        pci=('01',),
    ),
    'unsloth-660-cuda-visible-devices-1-ignored-finetune-only-runs-on-gpu0': Backdrop(
        'unsloth-2gpu',
        'A10',
        '550.144.03',
        '2024-06-21T11:30:00Z',
        '2024-06-21T12:10:00Z',
        pci=('01', '02'),
    ),
    'gpujupyter-106-image-v1-5-nvml-version-mismatch-fixed-by-updating-vm-driver-510-to-530': Backdrop(
        '9aa6ea4bbbce',
        'A10',
        '550.144.03',
        '2023-03-23T15:28:38Z',
        '2023-03-23T16:08:38Z',
        pci=('0b',),
    ),
    'iree-4507-ci-turing-builds-nvml-driver-library-mismatch-docker-image-vs-vm-image-driver': Backdrop(
        'iree-turing-ci',
        'A10',
        '550.144.03',
        '2021-01-13T11:30:00Z',
        '2021-01-13T12:10:00Z',
        pci=('04',),
    ),
    'msswift-1012-lora-sft-cublas-status-not-initialized-gpu-memory-insufficient-switched-gpu': Backdrop(
        'swift-sft-box',
        'A10',
        '550.144.03',
        '2024-05-28T11:30:00Z',
        '2024-05-28T12:10:00Z',
        pci=('01', '02'),
    ),
    'textgen-100-no-gpu-detected-falling-back-to-cpu-cpu-installer-run-before-nvidia-installer': Backdrop(
        'win-3080ti',
        'A10',
        '550.144.03',
        '2023-02-22T11:30:00Z',
        '2023-02-22T12:10:00Z',
        pci=('01',),
    ),
    'edgeyolo-47-rtx3060-training-gpu-usage-10-to-70pct-too-many-dataloader-workers': Backdrop(
        'edgeyolo-rtx3060',
        'A10',
        '550.144.03',
        '2024-03-07T11:30:00Z',
        '2024-03-07T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
