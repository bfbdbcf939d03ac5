"""heldout-public-181's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-181/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list; the real hardware is named in each
case's description); bus numbers are stand-ins; host names and drivers are stand-ins unless the source prints
them (said in each description). No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause (flat, healthy values).
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'ollama-5464-gpu-lost-after-linux-suspend-resume-video-memory-not-preserved': Backdrop(
        'ollama-laptop-4060',
        'A10',
        '550.120',
        '2025-02-07T11:30:00Z',
        '2025-02-07T12:10:00Z',
        pci=('01',),
    ),
    'ollama-6647-cudart-init-failure-999-only-after-linux-sleep': Backdrop(
        'gentoo-dell',
        'A10',
        '550.107.02',
        '2024-09-05T11:30:00Z',
        '2024-09-05T12:10:00Z',
        pci=('01',),
    ),
    'onnxruntime-7449-delay-between-inferences-slow-laptop-gpu-power-saving-benign': Backdrop(
        'win-laptop-dml',
        'A10',
        '511.79',
        '2022-03-01T11:30:00Z',
        '2022-03-01T12:10:00Z',
        pci=('01',),
    ),
    'ultralytics-1517-gpu-underutilised-clocks-fluctuate-normal-fps-drop-was-opencv-waitkey-benign': Backdrop(
        'laptop-rtx3060',
        'A10',
        '528.49',
        '2023-03-21T11:30:00Z',
        '2023-03-21T12:10:00Z',
        pci=('01',),
    ),
    'tgi-1026-ptx-unsupported-toolchain-driver-450-too-old-for-cuda-11-8': Backdrop(
        'tgi-host-450',
        'A10',
        '450.80.02',
        '2023-10-30T11:30:00Z',
        '2023-10-30T12:10:00Z',
        pci=('01',),
    ),
    'llmswarm-5-tgi-container-cuda-11-8-requirement-unsatisfied-host-driver-too-old': Backdrop(
        'ip-26-0-154-65',
        'A10',
        '470.182.03',
        '2023-11-20T11:30:00Z',
        '2023-11-20T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'fasterwhisper-362-cudnn-status-not-initialized-wrong-cudnn-for-cuda-11-4-driver': Backdrop(
        'whisper-gpu-470',
        'A10',
        '470.161.03',
        '2023-07-20T11:30:00Z',
        '2023-07-20T12:10:00Z',
        pci=('01',),
    ),
    'llamacpp-3772-multi-gpu-garbage-output-nvidia-545-driver-downgrade-535-fixed': Backdrop(
        'asus-x99-2x3090',
        'A10',
        '545.29.02',
        '2023-11-22T11:30:00Z',
        '2023-11-22T12:10:00Z',
        pci=('01', '02'),
    ),
    'pynvml-48-nvml-struct-wrong-on-rtx2080-nvlink-abi-break-in-535-driver': Backdrop(
        'rtx2080-nvlink',
        'A10',
        '535.54.03',
        '2023-08-02T11:30:00Z',
        '2023-08-02T12:10:00Z',
        pci=('01', '02'),
    ),
    'llamafactory-3520-zero3-very-slow-gpu-100pct-low-power-mixed-gpu-models': Backdrop(
        'lf-mixed-3gpu',
        'A10',
        '535.161.08',
        '2024-05-07T11:30:00Z',
        '2024-05-07T12:10:00Z',
        pci=('01', '02', '03'),
    ),
    'llamafactory-1471-training-stuck-gpu-not-detected': Backdrop(
        'lf-stuck-host',
        'A10',
        '535.104.05',
        '2023-11-12T11:30:00Z',
        '2023-11-12T12:10:00Z',
        pci=('01',),
    ),
    'llamafactory-8871-watchdog-unspecified-launch-failure-gpu-memory-grows-empty-cache': Backdrop(
        'lf-multinode-01',
        'A10',
        '550.127.05',
        '2025-08-14T11:30:00Z',
        '2025-08-14T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'nnunet-239-epoch-too-slow-io-bottleneck-dataset-on-hdd': Backdrop(
        'nnunet-hdd-ws',
        'A10',
        '440.100',
        '2020-06-30T11:30:00Z',
        '2020-06-30T12:10:00Z',
        pci=('01',),
    ),
    'ainode-176-gpu-util-always-0pct-on-gb10-nvml-counter-not-populated-benign': Backdrop(
        'Spark-1-DGX',
        'A10',
        '580.95.05',
        '2026-09-20T11:30:00Z',
        '2026-09-20T12:10:00Z',
        pci=('01',),
    ),
    'club3090-104-power-cap-sweep-pwr-throttle-100pct-healthy-signature-benign': Backdrop(
        'dual-3090-x8',
        'A10',
        '580.95.05',
        '2026-05-08T11:30:00Z',
        '2026-05-08T12:10:00Z',
        pci=('01', '02'),
    ),
    'localai-10722-vllm-0-23-engine-init-crash-on-gb10-uma-memory-pinned-fixed-in-0-24': Backdrop(
        'dgx-spark-localai',
        'A10',
        '580.95.05',
        '2026-07-07T11:30:00Z',
        '2026-07-07T12:10:00Z',
        pci=('01',),
    ),
    'sparkvllm-143-fp8-kernel-trap-on-gb10-sm121-launch-failure-vllm-build-guard': Backdrop(
        'dgx-spark-fp8',
        'A10',
        '580.126.09',
        '2026-03-27T11:30:00Z',
        '2026-03-27T12:10:00Z',
        pci=('01',),
    ),
    'ollama-10833-inference-runs-on-cpu-after-upgrade-0-7-reinstall-0-6-8-fixed': Backdrop(
        'win-ollama-0-7',
        'A10',
        '576.52',
        '2025-05-24T11:30:00Z',
        '2025-05-24T12:10:00Z',
        pci=('01',),
    ),
    'chatglm3-303-inference-slower-and-slower-on-t4-faulty-gpu-replaced': Backdrop(
        't4-chatglm3',
        'A10',
        '470.199.02',
        '2023-11-15T11:30:00Z',
        '2023-11-15T12:10:00Z',
        pci=('01',),
    ),
    'ollama-10053-gpu-unused-after-sleep-or-hibernation-only-host-restart-recovers': Backdrop(
        'debian-rtx3000',
        'A10',
        '535.216.01',
        '2025-03-30T11:30:00Z',
        '2025-03-30T12:10:00Z',
        pci=('01',),
    ),
    'opennmt-609-invalid-device-ordinal-gpuid-1-with-single-gpu-cuda-visible-devices': Backdrop(
        'cluster-gpu-node',
        'A10',
        '384.111',
        '2018-03-18T11:30:00Z',
        '2018-03-18T12:10:00Z',
        pci=('01', '02'),
    ),
    'deepspeed-925-crashes-on-amd-host-with-little-ram-0pct-free-memory-upgraded-to-32gb': Backdrop(
        'amd-lowram-ws',
        'A10',
        '460.80',
        '2021-06-09T11:30:00Z',
        '2021-06-09T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
