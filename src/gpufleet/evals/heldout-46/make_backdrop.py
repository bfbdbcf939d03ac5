"""heldout-public-46's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-46/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
sku is one of the allowed SKUs; most are stand-ins (see each case's description). No case uses extra:
no report quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    # one entry per case folder (the folder name is the key); sku: one of the allowed SKUs (a stand-in
    # where the report's GPU is not one of them: said in the case's description); driver: the version the
    # report names, else a stand-in (said); start/end: the incident's time_range; pci: one bus number per GPU.
    'accelerate-3911-l40s-gpu-idles-80pct-kmp-affinity-pins-trainer-and-dataloader-workers-to-one-core': Backdrop(
        'g6e-2xlarge',
        'L40S',
        '580.95.05',
        '2026-01-23T11:30:00Z',
        '2026-01-23T12:10:00Z',
        pci=('30',),
    ),
    'ciinfra-pr-1058-one-lost-gpu-fails-device-plugin-getpreferredallocation-for-every-pod-node-black-holes-554-pods': Backdrop(
        'ip-10-4-164-212',
        'A100',
        '580.95.05',
        '2026-09-04T14:26:23Z',
        '2026-09-04T15:06:23Z',
        pci=('18', '2a', '3a', '5d'),
    ),
    'ciinfra-pr-541-h100-nccl-nvls-multicast-bind-fails-fabric-manager-not-running-imex-channel-missing': Backdrop(
        'p5-48xlarge',
        'H100',
        '570.172.08',
        '2026-05-07T11:30:00Z',
        '2026-05-07T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'coqui-stt-2238-slurm-job-exceeded-memory-limit-during-stt-training-system-lacks-resources': Backdrop(
        'xantipa',
        'A100',
        '510.47.03',
        '2022-06-10T16:41:35Z',
        '2022-06-10T17:21:35Z',
        pci=('07',),
    ),
    'ctensors-pr-587-offloading-llama-70b-cuda-oom-1-83-gib-fragmented-reserve-5pct-of-model-memory': Backdrop(
        'ct-offload-test-host',
        'A100',
        '580.95.05',
        '2026-02-17T11:30:00Z',
        '2026-02-17T12:10:00Z',
        pci=('07',),
    ),
    'dali-3048-decoding-on-default-stream-warning-driver-460-invalid-memory-access-on-non-default-stream': Backdrop(
        'dali-video-host',
        'A100',
        '460.73.01',
        '2021-06-14T11:30:00Z',
        '2021-06-14T12:10:00Z',
        pci=('07',),
    ),
    'dcgmexp-609-helm-default-memory-limit-too-low-dcgm-exporter-oomkilled-on-a10g-benign': Backdrop(
        'g5-a10g-node',
        'A10',
        '580.95.05',
        '2026-01-15T11:30:00Z',
        '2026-01-15T12:10:00Z',
        pci=('1e',),
    ),
    'deepspeed-4380-zero3-offload-process-killed-consuming-too-much-cpu-memory': Backdrop(
        'zero3-offload-host',
        'A100',
        '535.104.05',
        '2023-10-05T11:30:00Z',
        '2023-10-05T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'fastai-dc-21-fastai-course-container-dataloader-worker-killed-by-bus-error-shared-memory-fixed-by-shm-size-3g': Backdrop(
        'fastai-1080ti-desktop',
        'A10',
        '450.66',
        '2020-09-24T11:30:00Z',
        '2020-09-24T12:10:00Z',
        pci=('01',),
    ),
    'ftbackend-111-fastertransformer-gpt-gemm-cuda-driver-insufficient-container-started-with-docker-not-nvidia-runtime': Backdrop(
        'ft-backend-builder',
        'A100',
        '525.85.12',
        '2023-03-30T11:30:00Z',
        '2023-03-30T12:10:00Z',
        pci=('07',),
    ),
    'gfd-75-gpu-feature-discovery-ran-before-driver-install-completed-nvml-not-loaded-cuda-labels-missing': Backdrop(
        'k8s-gpu-node-gfd',
        'A100',
        '550.54.15',
        '2024-05-14T11:30:00Z',
        '2024-05-14T12:10:00Z',
        pci=('07',),
    ),
    'gmt-24-dcgm-exporter-nvlink-bandwidth-total-counter-disabled-metric-buggy-fixed-in-dcgm-1-6-benign': Backdrop(
        'dcgm-exporter-nvlink-host',
        'V100',
        '418.40.04',
        '2019-03-29T11:30:00Z',
        '2019-03-29T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'gpuop-416-driver-upgrade-incomplete-idle-gpu-pods-not-restarted-hold-stale-driver-files-proc-driver-nvidia': Backdrop(
        'k8s-gpu-node-upgrade',
        'A100',
        '515.65.01',
        '2022-10-13T11:30:00Z',
        '2022-10-13T12:10:00Z',
        pci=('07',),
    ),
    'lightning-19425-single-machine-ddp-stuck-on-driver-545-nccl-p2p-disable-resolves-reverted-to-535': Backdrop(
        'ddp-4gpu-host',
        'A100',
        '545.23.08',
        '2024-02-14T11:30:00Z',
        '2024-02-14T12:10:00Z',
        pci=('18', '2a', '3a', '5d'),
    ),
    'mxnet-18224-gluon-dataloader-timed-out-in-docker-default-64m-shared-memory-fixed-by-shm-1024m': Backdrop(
        'd2l-docker-host',
        'A100',
        '440.82',
        '2020-06-16T11:30:00Z',
        '2020-06-16T12:10:00Z',
        pci=('07',),
    ),
    'nvdocker-628-p2-16xlarge-nvidia-container-cli-driver-error-timed-out-listing-16-gpus-run-nvidia-persistenced': Backdrop(
        'ip-10-206-45-133',
        'V100',
        '384.111',
        '2018-02-06T11:30:00Z',
        '2018-02-06T12:10:00Z',
        pci=('0f', '10', '11', '12', '13', '14', '15', '16', '17', '18', '19', '1a', '1b', '1c', '1d', '1e'),
    ),
    'ogkm-979-rtx-5090-thunderbolt-egpu-xid-79-under-cuda-load-driver-retrains-tunnelled-link-to-gen4': Backdrop(
        'thinkpad-p1-gen7',
        'B200',
        '595.71.05',
        '2026-07-09T11:30:00Z',
        '2026-07-09T12:10:00Z',
        pci=('52',),
    ),
    'ray-pr-63810-ray-serve-llm-tp1-workers-init-cuda-before-cuda-visible-devices-all-land-on-gpu0-and-oom': Backdrop(
        'ray-llm-release-4gpu',
        'A100',
        '575.57.08',
        '2026-06-03T11:30:00Z',
        '2026-06-03T12:10:00Z',
        pci=('18', '2a', '3a', '5d'),
    ),
    'triton-3151-triton-uses-only-one-mig-instance-cuda-app-cannot-span-mig-partitions-one-process-per-mig-benign': Backdrop(
        'a100x5-mig-host',
        'A100',
        '460.73.01',
        '2021-07-26T11:30:00Z',
        '2021-07-26T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a'),
    ),
    'triton-3773-tritonserver-21-10-no-cuda-capable-device-driver-455-below-required-470': Backdrop(
        'triton-sdk-host',
        'A100',
        '455.45.01',
        '2022-01-07T11:30:00Z',
        '2022-01-07T12:10:00Z',
        pci=('07',),
    ),
    'triton-4205-unable-to-get-power-limit-for-gpu-0-not-supported-metrics-only-inference-unaffected-benign': Backdrop(
        'triton-no-power-mgmt',
        'A10',
        '510.54',
        '2022-04-14T11:30:00Z',
        '2022-04-14T12:10:00Z',
        pci=('07',),
    ),
    'triton-7798-triton-24-10-on-jetpack-6-1-driver-compatibility-error-host-r540-container-r560-forward-compat': Backdrop(
        'orin-nano-jetpack61',
        'A10',
        '540.4.0',
        '2024-11-15T11:30:00Z',
        '2024-11-15T12:10:00Z',
        pci=('07',),
    ),
    'trtllm-pr-13556-4-rank-deadlock-loading-deepseek-v4-pro-prefetch-barrier-gated-on-per-rank-free-memory': Backdrop(
        'dsv4-4gpu-node',
        'B200',
        '590.48.01',
        '2026-04-28T11:30:00Z',
        '2026-04-28T12:10:00Z',
        pci=('18', '2a', '3a', '5d'),
    ),
    'trtllm-pr-14655-8xb300-server-hangs-at-health-weight-prefetch-read-fanout-stalls-nfs-libc-read': Backdrop(
        'b300-ci-node',
        'B300',
        '590.48.01',
        '2026-05-28T11:30:00Z',
        '2026-05-28T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'verl-429-ray-oom-kills-rl-training-worker-memory-grows-leak-caused-by-vllm-pr-14326': Backdrop(
        'verl-ray-8gpu',
        'A100',
        '550.127.05',
        '2025-03-06T11:30:00Z',
        '2025-03-06T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'vllm-7896-ray-cluster-nccl-unhandled-cuda-error-repeated-6x-resolved-by-removing-bad-instance-node': Backdrop(
        'vllm-ray-node-bad',
        'A100',
        '550.90.07',
        '2024-09-10T11:30:00Z',
        '2024-09-10T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'vllm-pr-4159-customallreduce-wrongly-enabled-on-pcie-gpus-nvlink-state-misread-hangs-at-model-loading': Backdrop(
        'vllm-pcie-4gpu',
        'A100',
        '535.161.07',
        '2024-04-18T11:30:00Z',
        '2024-04-18T12:10:00Z',
        pci=('18', '2a', '3a', '5d'),
    ),
    'yolov5-8736-inference-and-training-time-grow-from-0-05s-to-2-1s-rtx-2070-sounds-like-thermal-throttling': Backdrop(
        'yolov5-rtx2070-desktop',
        'A10',
        '515.57',
        '2022-07-27T11:30:00Z',
        '2022-07-27T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
