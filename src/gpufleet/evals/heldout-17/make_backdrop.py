"""heldout-public-17's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-17/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order; default an 8-GPU HGX)).
Hosts, SKUs, drivers and bus numbers the reports do not show are stand-ins (each case's description says which).
No case uses extra: no report quotes an exporter value as a metric sample.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'nemo-rl-3504-gemma-4-31b-sft-8-node-32-rank-hangs-35h-at-checkpoint-tokenizer-save-race-on-hard-mounted-nfs-d-state': Backdrop(
        'sft-node-4',
        'H100',
        '570.133.20',
        '2026-08-05T11:30:00Z',
        '2026-08-05T12:10:00Z'
    ),
    'pytorch-ci-infra-1011-dcgm-exporter-oomkilled-fleet-wide-49-of-138-pods-restarted-512mi-limit-native-dcgm-memory-benign': Backdrop(
        'ci-gpu-8x-node',
        'A10',
        '570.133.20',
        '2026-08-13T11:30:00Z',
        '2026-08-13T12:10:00Z'
    ),
    'k8s-device-plugin-111-gpu-reported-unhealthy-becomes-healthy-after-plugin-restart-plugin-marks-gpus-unhealthy-on-dbe': Backdrop(
        'k8s-gpu-node',
        'V100',
        '418.67',
        '2019-04-30T11:30:00Z',
        '2019-04-30T12:10:00Z'
    ),
    'system76-firmware-open-528-orxyp9-bios-2023-09-08-update-breaks-nvidia-rminitadapter-failed-0x25-0x65-nvidia-smi-hangs': Backdrop(
        'orxyp9',
        'A10',
        '550.54.14',
        '2024-03-05T11:30:00Z',
        '2024-03-05T12:10:00Z',
        pci=('01',),
    ),
    'instructlab-training-566-non-rank-0-processes-run-ahead-while-rank-0-saves-checkpoint-collective-timeouts-barrier-fix': Backdrop(
        'ilab-train-node',
        'H100',
        '570.133.20',
        '2025-05-22T11:30:00Z',
        '2025-05-22T12:10:00Z'
    ),
    'kempnerforge-49-checkpointmanager-save-load-race-nfs-lustre-attribute-cache-ranks-disagree-on-exists-broadcast-deadlock': Backdrop(
        'kempner-gpu-node',
        'H100',
        '570.133.20',
        '2026-04-22T11:30:00Z',
        '2026-04-22T12:10:00Z'
    ),
    'nemo-speech-7938-asr-multi-node-training-hangs-after-validation-checkpoint-save-best-model-reload-needs-files-on-all-nodes': Backdrop(
        'asr-node-1',
        'A100',
        '535.154.05',
        '2024-01-30T11:30:00Z',
        '2024-01-30T12:10:00Z'
    ),
    'tinygrad-ogkm-6-rtx4090-p2p-40gbs-lspci-lnksta-2-5gts-downgraded-reading-taken-at-idle-different-under-load-benign': Backdrop(
        'tinygrad-4090-box',
        'A10',
        '550.54.15',
        '2024-04-20T11:30:00Z',
        '2024-04-20T12:10:00Z',
        pci=('62',),
    ),
    'nvidia-patcher-106-p106-100-on-a320m-k-runs-pcie-x1-1-1-apu-vega-nvme-and-wifi-take-the-lanes': Backdrop(
        'a320m-k',
        'A10',
        '551.86',
        '2024-04-06T11:30:00Z',
        '2024-04-06T12:10:00Z',
        pci=('01',),
    ),
    'dockermonitor-12-apt-get-install-python-dev-runs-ldconfig-links-nvidia-docker-396-44-libs-nvml-driver-library-mismatch': Backdrop(
        'sist-compute-node',
        'A10',
        '396.44',
        '2018-10-17T11:30:00Z',
        '2018-10-17T12:10:00Z'
    ),
    'rl-vigen-17-robosuite-training-dataloader-worker-killed-by-signal-host-ram-grows-with-episodes-2000-episodes-60g': Backdrop(
        'rl-vigen-box',
        'A10',
        '535.161.08',
        '2024-04-16T11:30:00Z',
        '2024-04-16T12:10:00Z',
        pci=('01',),
    ),
    'vllm-52225-sm120-nemotron-nvfp4-marlin-recurring-xid-13-chip-wide-warp-errors-after-hours-hardware-ruled-out-open': Backdrop(
        'sm120-serve-box',
        'B200',
        '595.71.05',
        '2026-09-01T11:30:00Z',
        '2026-09-01T12:10:00Z',
        pci=('01',),
    ),
    'llm-foundry-733-large-checkpoint-save-on-rank-0-outlasts-collective-timeout-other-ranks-time-out-wait-added': Backdrop(
        'foundry-train-node',
        'H100',
        '535.129.03',
        '2023-11-13T11:30:00Z',
        '2023-11-13T12:10:00Z'
    ),
    'robertslab-1531-mox-klone-job-pending-reqnodenotavail-reserved-for-maintenance-first-tuesday-monthly-benign': Backdrop(
        'mox-srlab-node',
        'V100',
        '535.154.05',
        '2022-10-06T11:30:00Z',
        '2022-10-06T12:10:00Z'
    ),
    'cachyos-1764-gtx-980m-nvidia-580xx-nvidia-uvm-null-deref-in-suspend-handshake-every-later-suspend-fails-until-reboot': Backdrop(
        'gm204-laptop',
        'A10',
        '580.178.04',
        '2026-08-24T11:30:00Z',
        '2026-08-24T12:10:00Z',
        pci=('01',),
    ),
    'pytorch-88639-debian-cuda-unknown-error-after-suspend-during-debugging-device-count-zero-until-nvidia-ko-reloaded': Backdrop(
        'debian-ws',
        'A10',
        '515.65.01',
        '2022-11-08T11:30:00Z',
        '2022-11-08T12:10:00Z',
        pci=('01',),
    ),
    'pop-os-default-settings-64-cuda-fails-to-initialize-after-resume-unknown-error-99-until-nvidia-uvm-reloaded': Backdrop(
        'pop-os-ws',
        'A10',
        '435.21',
        '2019-09-10T11:30:00Z',
        '2019-09-10T12:10:00Z',
        pci=('01',),
    ),
    'osg-topology-2166-t2-us-wisconsin-downtime-campus-cooling-lost-after-generator-failure-services-shut-down': Backdrop(
        't2-wisc-gpu-node',
        'V100',
        '470.82.01',
        '2021-11-30T11:30:00Z',
        '2021-11-30T12:10:00Z'
    ),
    'nnunet-527-docker-3d-training-crashes-machine-two-causes-power-distribution-fixed-by-3090-limit-350w-and-a-faulty-card': Backdrop(
        'nnunet-3090-host',
        'A10',
        '460.39',
        '2021-03-03T11:30:00Z',
        '2021-03-03T12:10:00Z',
        pci=('01',),
    ),
    'nccl-667-all-reduce-hangs-between-gpus-on-pxb-pix-works-across-sys-fixed-by-disabling-vt-d-and-reshuffling-gpus-acs': Backdrop(
        'nccl-pxb-node',
        'A100',
        '470.103.01',
        '2022-04-11T11:30:00Z',
        '2022-04-11T12:10:00Z',
        pci=('1b', '1c', '88', '89'),
    ),
    'dcgm-263-gpu-1-stuck-ebusy-recovery-action-reset-after-gsp-issue-xid-120-but-dcgmi-health-reports-healthy': Backdrop(
        'gsp-reset-node',
        'H100',
        '570.133.20',
        '2025-11-06T11:30:00Z',
        '2025-11-06T12:10:00Z'
    ),
    'sglang-20697-overlap-scheduling-with-structured-output-delay-sample-closure-keeps-vocab-mask-alive-vram-grows-until-oom': Backdrop(
        'sglang-serve-node',
        'H100',
        '570.133.20',
        '2026-03-16T11:30:00Z',
        '2026-03-16T12:10:00Z',
        pci=('18',),
    ),
    'sglang-8429-qwen2-5-vl-multimodal-server-gpu-memory-leak-first-process-far-above-1g-caused-by-pr-6003': Backdrop(
        'sglang-vl-node',
        'H100',
        '570.133.20',
        '2025-07-28T11:30:00Z',
        '2025-07-28T12:10:00Z'
    ),
    'llama-cpp-23446-llama-server-vram-grows-each-run-until-oom-kv-cache-memory-creep-fixed-by-23907-and-24108': Backdrop(
        'llama-server-box',
        'A10',
        '580.95.05',
        '2026-06-05T11:30:00Z',
        '2026-06-05T12:10:00Z',
        pci=('01',),
    ),
    'tinygrad-3323-torch-backend-ooms-on-rtx-4090-from-allocator-fragmentation-expandable-segments-fixes': Backdrop(
        'tinygrad-4090-ci',
        'A10',
        '545.29.06',
        '2024-02-05T11:30:00Z',
        '2024-02-05T12:10:00Z',
        pci=('01',),
    ),
    'cadvisor-2035-gpu-page-retirement-never-completes-because-cadvisor-holds-nvml-gpu-handles-permanently': Backdrop(
        'k8s-cadvisor-gpu-node',
        'V100',
        '396.37',
        '2018-09-05T11:30:00Z',
        '2018-09-05T12:10:00Z'
    ),
    'pytorch-97459-inductor-nightly-perf-runner-a100-application-clocks-locked-1215-1410-dmon-shows-fixed-1410-mhz-benign': Backdrop(
        'inductor-a100-runner',
        'A100',
        '525.85.12',
        '2023-03-23T11:30:00Z',
        '2023-03-23T12:10:00Z',
        pci=('07',),
    ),
    'ariezlabs-blog-tesla-p40-passive-heatsink-in-a-living-room-pc-needs-forced-airflow-desktop-fans-lack-static-pressure': Backdrop(
        'living-room-p40',
        'A10',
        '550.54.15',
        '2025-04-01T11:30:00Z',
        '2025-04-01T12:10:00Z',
        pci=('01',),
    ),
    'nccl-307-dilldevib-v100-ib-broadcast-perf-low-misconfiguration-made-cables-detected-at-wrong-speed-fixed': Backdrop(
        'dilldevib-0',
        'V100',
        '418.116.00',
        '2020-04-07T11:30:00Z',
        '2020-04-07T12:10:00Z',
        pci=('1a', '1b', '3d', '3e', '88', '89', 'b2', 'b3'),
    ),
    'nccl-325-three-ib-nodes-pair-1-2-allreduce-25gbs-vs-39gbs-fabric-routing-collision-confirmed-by-swapping-partners': Backdrop(
        'ib-node-1',
        'V100',
        '418.116.00',
        '2020-04-15T11:30:00Z',
        '2020-04-15T12:10:00Z'
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
