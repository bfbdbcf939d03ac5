"""heldout-public-133's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-133/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list). Hosts are stand-ins except adl (the host the
ollama-9322 journal prints); bus numbers are stand-ins except 02 (tensorflow-27065) and 0d (pytorch-160809), which
the reports print; drivers are stand-ins except 550.135 (lmstudio-918) and 610.88 (castwright-2534), which the
reports name (see each case's description). No case uses extra: no report quotes an exporter value as a metric
sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'ollama-9322-deepseek-70b-fp16-on-2x-a4000-desktop-crash-host-oom-killer': Backdrop(
        'adl',
        'A10',
        '550.120',
        '2025-02-24T18:46:31Z',
        '2025-02-24T19:26:31Z',
        pci=('01', '02'),
    ),
    'caffe-6020-training-hangs-in-d-state-lmdb-on-network-drive-lost-connection': Backdrop(
        'caffe-ws-01',
        'A10',
        '384.90',
        '2017-11-01T11:30:00Z',
        '2017-11-01T12:10:00Z',
        pci=('01',),
    ),
    'torcwa-9-gpu-memory-grows-per-iteration-autograd-graph-kept-in-loop': Backdrop(
        'rcwa-ws-3090ti',
        'A10',
        '520.61.05',
        '2022-11-22T11:30:00Z',
        '2022-11-22T12:10:00Z',
        pci=('01',),
    ),
    'ollama-9885-inference-on-cpu-despite-cuda-driver-pacman-install-missing-libraries': Backdrop(
        'arch-ollama-ws',
        'A10',
        '570.124.04',
        '2025-03-20T11:30:00Z',
        '2025-03-20T12:10:00Z',
        pci=('01',),
    ),
    'textgen-440-model-load-killed-linux-oom-killer-host-ram-wsl-memory-limit': Backdrop(
        'textgen-loader',
        'A10',
        '550.54.14',
        '2024-03-24T23:24:53Z',
        '2024-03-25T00:04:53Z',
        pci=('01',),
    ),
    'inference-snaps-255-llama-server-ptx-unsupported-toolchain-host-driver-570-too-old': Backdrop(
        'ubuntu-gemma3-1080ti',
        'A10',
        '570.133.07',
        '2026-03-25T16:47:07Z',
        '2026-03-25T17:27:07Z',
        pci=('01',),
    ),
    'ollama-8393-gpu-idle-cpu-full-31-of-33-layers-offloaded-gpu-waits-for-cpu': Backdrop(
        'win-ollama-8393',
        'A10',
        '566.36',
        '2025-01-13T11:30:00Z',
        '2025-01-13T12:10:00Z',
        pci=('01',),
    ),
    'sglang-glm53-flash-sm120-3-xid31-on-both-ranks-hicache-and-kernel-bugs-fixed': Backdrop(
        'sm120-tp2-01',
        'A10',
        '580.95.05',
        '2026-09-02T11:30:00Z',
        '2026-09-02T12:10:00Z',
        pci=('01', '02'),
    ),
    'mmdetection3d-1020-cuda-visible-devices-set-after-import-torch-runs-on-gpu0': Backdrop(
        'mmdet3d-ws-01',
        'A10',
        '470.74',
        '2021-10-31T11:30:00Z',
        '2021-10-31T12:10:00Z',
        pci=('01', '02'),
    ),
    'optimum-benchmark-27-hydra-env-set-cuda-visible-devices-ignored-torch-imported-first': Backdrop(
        'optimum-bench-8gpu',
        'A10',
        '535.86.10',
        '2023-08-17T11:30:00Z',
        '2023-08-17T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'deep-person-reid-267-gpu-devices-option-ignored-job-uses-all-4-gpus': Backdrop(
        'reid-4gpu-01',
        'A10',
        '440.33.01',
        '2019-12-02T11:30:00Z',
        '2019-12-02T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'synthefy-nori-86-ddp-nccl-broadcast-timeout-rank0-only-validation-others-wait': Backdrop(
        'nori-4gpu-01',
        'A10',
        '570.158.01',
        '2026-07-23T11:30:00Z',
        '2026-07-23T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'clevr-iep-29-training-stuck-in-loss-backward-gpu-util-0-pytorch-0-2-deadlock': Backdrop(
        'k40m-ws-01',
        'A10',
        '384.81',
        '2017-11-15T11:30:00Z',
        '2017-11-15T12:10:00Z',
        pci=('01',),
    ),
    'tensorflow-22623-2gb-gpu-memory-missing-vs-nvidia-smi-wddm-reports-90-percent-benign': Backdrop(
        'win10-tf-01',
        'A10',
        '411.70',
        '2018-10-17T11:30:00Z',
        '2018-10-17T12:10:00Z',
        pci=('01',),
    ),
    'llamacpp-26263-cuda-segfault-during-generation-weak-gpu-power-cable': Backdrop(
        'llama-ws-26263',
        'A10',
        '580.95.05',
        '2026-07-29T11:30:00Z',
        '2026-07-29T12:10:00Z',
        pci=('01',),
    ),
    'lmstudio-918-gpu-clocks-stay-high-idle-after-model-load-drop-later-benign': Backdrop(
        'nixos-lmstudio',
        'A10',
        '550.135',
        '2025-08-20T11:30:00Z',
        '2025-08-20T12:10:00Z',
        pci=('01',),
    ),
    'flashinfer-2575-routingdeepseek-warp-out-of-range-address-kernel-bug-resolved-in-main': Backdrop(
        'moe-serve-8gpu',
        'A10',
        '580.95.05',
        '2026-02-18T11:30:00Z',
        '2026-02-18T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'tensorflow-27065-gtx1060-6gb-shows-4-9gb-memory-limit-system-reserved-benign': Backdrop(
        'win-tf-1060',
        'A10',
        '419.35',
        '2019-03-26T11:30:00Z',
        '2019-03-26T12:10:00Z',
        pci=('02',),
    ),
    'pytorch-160809-torch-freezes-3060-rminitadapter-failed-mixed-vendor-drivers': Backdrop(
        'xpu-cuda-mixed-01',
        'A10',
        '575.64.05',
        '2025-08-20T11:30:00Z',
        '2025-08-20T12:10:00Z',
        pci=('0d',),
    ),
    'castwright-2534-onnxruntime-gpu-silent-cpu-fallback-cuda13-runtime-libraries-missing': Backdrop(
        'win-castwright-tts',
        'A10',
        '610.88',
        '2026-08-20T11:30:00Z',
        '2026-08-20T12:10:00Z',
        pci=('01',),
    ),
    'trusty-tools-695-onnx-runtime-cuda12-build-on-cuda13-instance-silent-cpu-fallback': Backdrop(
        'g4dn-reindex-01',
        'A10',
        '590.44.01',
        '2026-06-03T11:30:00Z',
        '2026-06-03T12:10:00Z',
        pci=('1e',),
    ),
    'onnxruntime-6183-colab-p100-cuda-provider-missing-cpu-package-shadows-gpu-needs-cuda-10-2': Backdrop(
        'colab-p100-vm',
        'A10',
        '418.67',
        '2020-12-21T11:30:00Z',
        '2020-12-21T12:10:00Z',
        pci=('04',),
    ),
    'ollama-9167-rtx2080ti-22gb-detected-os-vram-overhead-3-2gib-wddm-reserve-benign': Backdrop(
        'win10-ollama-2080ti',
        'A10',
        '572.16',
        '2025-02-17T08:22:12Z',
        '2025-02-17T09:02:12Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
