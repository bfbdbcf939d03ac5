"""heldout-public-101's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-101/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list, and for Jetson / DRIVE integrated GPUs and
GRID vGPUs); hosts, bus numbers and most drivers are stand-ins (see each case's description). No case uses extra:
no report quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'gdrcopy-331-gdrdrv-module-not-built-missing-kernel-headers': Backdrop(
        'el9-k69-gdrcopy-node',
        'A10',
        '570.172.08',
        '2025-09-15T11:30:00Z',
        '2025-09-15T12:10:00Z',
        pci=('01',),
    ),
    'gdrcopy-335-gdrdrv-rejected-by-kernel-6-18-gpl-only-vma-start-write': Backdrop(
        'k618-gdrcopy-node',
        'A10',
        '580.95.05',
        '2026-07-01T11:30:00Z',
        '2026-07-01T12:10:00Z',
        pci=('01',),
    ),
    'deep-object-pose-220-training-cuda-oom-fixed-by-batch-size-4': Backdrop(
        'ws-dope-train',
        'A10',
        '510.47.03',
        '2022-02-19T11:30:00Z',
        '2022-02-19T12:10:00Z',
        pci=('01',),
    ),
    'jetbot-419-jetson-nano-too-slow-configured-in-5w-low-power-mode': Backdrop(
        'jetbot-nano-01',
        'A10',
        '460.73.01',
        '2021-04-09T11:30:00Z',
        '2021-04-09T12:10:00Z',
        pci=('01',),
    ),
    'instant-ngp-1134-cudamemsetasync-invalid-argument-app-bug-fixed-on-master': Backdrop(
        'ws-instant-ngp',
        'A10',
        '527.56',
        '2023-01-09T11:30:00Z',
        '2023-01-09T12:10:00Z',
        pci=('01',),
    ),
    'curobo-39-nvblox-illegal-memory-access-fixed-by-cuda-11-8-update': Backdrop(
        'ws-curobo-nvblox',
        'A10',
        '535.146.02',
        '2024-01-11T11:30:00Z',
        '2024-01-11T12:10:00Z',
        pci=('01',),
    ),
    'hugectr-41-huge-ctr-train-illegal-memory-access-bug-fixed-on-master': Backdrop(
        'dgx-v100-hugectr',
        'A10',
        '450.80.02',
        '2020-10-15T11:30:00Z',
        '2020-10-15T12:10:00Z',
        pci=('01',),
    ),
    'transformerengine-69-install-fails-cuda-toolkit-too-old-no-cuda-fp8-h': Backdrop(
        'ws-ampere-te',
        'A10',
        '515.65.01',
        '2023-02-09T11:30:00Z',
        '2023-02-09T12:10:00Z',
        pci=('01',),
    ),
    'tensorrt-llm-1861-trtllm-build-nvml-errors-on-grid-vgpu-fixed-in-newer-release': Backdrop(
        'vm-grid-vgpu-trtllm',
        'A10',
        '550.90.07',
        '2024-07-04T11:30:00Z',
        '2024-07-04T12:10:00Z',
        pci=('01',),
    ),
    'open-gpu-kernel-modules-351-dkms-build-fails-on-kernel-6-0-rc1-fixed-next-release': Backdrop(
        'ws-k60rc1-open-modules',
        'A10',
        '515.65.01',
        '2022-08-18T11:30:00Z',
        '2022-08-18T12:10:00Z',
        pci=('01',),
    ),
    'tensorrt-3712-gpu-memory-held-after-model-release-until-process-exit-benign': Backdrop(
        'win-3080ti-trt',
        'A10',
        '551.76',
        '2024-03-16T11:30:00Z',
        '2024-03-16T12:10:00Z',
        pci=('01',),
    ),
    'tensorrt-2711-tegrastats-gr3d-40-percent-vs-nsys-idle-sampling-artifact-benign': Backdrop(
        'drive-orin-dla',
        'A10',
        '525.85.12',
        '2023-02-28T11:30:00Z',
        '2023-02-28T12:10:00Z',
        pci=('01',),
    ),
    'tacotron2-153-low-gpu-utilization-in-inference-depends-on-sentence-length-benign': Backdrop(
        'ws-gtx1080-tacotron',
        'A10',
        '418.40.04',
        '2019-02-27T11:30:00Z',
        '2019-02-27T12:10:00Z',
        pci=('01',),
    ),
    'tensorrt-llm-247-gpu-memory-grows-with-max-batch-size-by-design-benign': Backdrop(
        'gpu-trtllm-bs-test',
        'A10',
        '535.129.03',
        '2023-12-05T11:30:00Z',
        '2023-12-05T12:10:00Z',
        pci=('01',),
    ),
    'stylegan2-ada-7-nan-losses-in-tensorboard-reporting-bug-training-fine-benign': Backdrop(
        'ws-2080ti-stylegan',
        'A10',
        '450.80.02',
        '2020-10-21T11:30:00Z',
        '2020-10-21T12:10:00Z',
        pci=('01',),
    ),
    'nemo-rl-1314-gpus-idle-between-steps-single-dataloader-worker': Backdrop(
        'nemo-rl-node-01',
        'A10',
        '570.172.08',
        '2025-10-08T11:30:00Z',
        '2025-10-08T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'nemo-skills-417-oom-with-large-packed-datasets-fixed-by-num-workers-0': Backdrop(
        'nemo-skills-node-01',
        'A10',
        '570.124.06',
        '2025-03-18T11:30:00Z',
        '2025-03-18T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'cudf-spark-628-spark-rapids-fails-yarn-not-configured-for-gpu-scheduling': Backdrop(
        'emr-yarn-gpu-worker',
        'A10',
        '450.80.02',
        '2020-08-28T11:30:00Z',
        '2020-08-28T12:10:00Z',
        pci=('01',),
    ),
    'cuda-quantum-2185-simulation-fails-when-host-memory-limit-exceeds-physical-ram': Backdrop(
        'cudaq-sim-node',
        'A10',
        '550.90.07',
        '2024-09-02T11:30:00Z',
        '2024-09-02T12:10:00Z',
        pci=('01',),
    ),
    'cuda-quantum-2295-cuda-q-programs-fail-after-driver-560-94-update': Backdrop(
        'ws-cudaq-560-94',
        'A10',
        '560.94',
        '2024-10-17T11:30:00Z',
        '2024-10-17T12:10:00Z',
        pci=('01',),
    ),
    'gpu-operator-26-operator-daemonsets-not-scheduled-on-tainted-gpu-nodes': Backdrop(
        'k8s-gpu-tainted-01',
        'A10',
        '440.64.00',
        '2020-01-14T11:30:00Z',
        '2020-01-14T12:10:00Z',
        pci=('01',),
    ),
    'gpu-operator-397-driver-pods-not-scheduled-on-new-gpu-nodes-missing-tolerations': Backdrop(
        'ocp-gpu-new-machineset-01',
        'A10',
        '515.65.01',
        '2022-08-25T11:30:00Z',
        '2022-08-25T12:10:00Z',
        pci=('01',),
    ),
    'tensorrt-llm-2335-oom-with-gather-all-token-logits-logits-oversubscribe-memory': Backdrop(
        'gpu-trtllm-logits',
        'A10',
        '550.90.07',
        '2024-10-18T11:30:00Z',
        '2024-10-18T12:10:00Z',
        pci=('01',),
    ),
    'megatron-bridge-5086-slurm-oom-kills-eight-dataloader-workers-per-rank': Backdrop(
        'vr200-node-001',
        'A10',
        '580.95.05',
        '2026-07-24T11:30:00Z',
        '2026-07-24T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'megatron-bridge-2710-perf-recipes-forced-num-workers-0-dataloader-settings-discarded': Backdrop(
        'gb300-proxy-node-01',
        'A10',
        '580.95.05',
        '2026-03-09T11:30:00Z',
        '2026-03-09T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
