"""heldout-public-60's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-60/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
sku is one of the allowed SKUs; most are stand-ins (see each case's description). No case uses extra:
no report quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    # one entry per case folder (the folder name is the key); sku and driver are stand-ins unless the
    # case's description says the report names them; start/end: the incident's time_range.
    'freebsd-d154407-rtx-5070-xorg-fails-with-port-driver-gsp-firmware-disabled-by-default': Backdrop(
        'freebsd-desktop-rtx5070',
        'A10',
        '570.144',
        '2025-05-20T11:30:00Z',
        '2025-05-20T12:10:00Z',
        pci=('01',),
    ),
    'ai-infra-runbook-gsp-firmware-driver-mismatch-h200-3-of-8-gpus-fail-init-after-partial-upgrade': Backdrop(
        'h200-node-after-driver-upgrade',
        'H200',
        '570.172.08',
        '2026-05-01T11:30:00Z',
        '2026-05-01T12:10:00Z',
        pci=('06', '07', '08', '09', '0a', '0b', '0c', '0d'),
    ),
    'ai-infra-runbook-fabric-manager-failure-fm-left-on-old-version-after-driver-upgrade': Backdrop(
        'hgx-nvswitch-node',
        'H100',
        '570.133.20',
        '2026-05-01T11:30:00Z',
        '2026-05-01T12:10:00Z',
        pci=('07', '08', '09', '0a', '0b', '0c', '0d', '0e'),
    ),
    'ai-infra-runbook-stale-mig-state-hopper-mig-mode-not-persistent-across-reboot': Backdrop(
        'gpu-07.dc1.internal',
        'H100',
        '570.133.20',
        '2026-05-01T11:30:00Z',
        '2026-05-01T12:10:00Z',
        pci=('07', '08', '09', '0a', '0b', '0c', '0d', '0e'),
    ),
    'byteplus-mlp-xid-13-graphics-engine-exception-usually-array-out-of-bounds-in-user-code': Backdrop(
        'byteplus-mlp-task-node',
        'A100',
        '535.161.08',
        '2025-01-15T11:30:00Z',
        '2025-01-15T12:10:00Z',
        pci=('07',),
    ),
    'kentino-xid-43-stopped-processing-app-side-problem-gpu-is-fine': Backdrop(
        'kentino-8gpu-workstation',
        'A100',
        '550.54.15',
        '2026-01-15T11:30:00Z',
        '2026-01-15T12:10:00Z',
        pci=('07', '08', '09', '0a', '0b', '0c', '0d', '0e'),
    ),
    'plexus-xid-48-double-bit-ecc-genuine-hardware-fault-reset-and-rma-on-recurrence': Backdrop(
        'plexus-fleet-node-xid48',
        'H100',
        '550.54.15',
        '2026-03-01T11:30:00Z',
        '2026-03-01T12:10:00Z',
        pci=('65',),
    ),
    'plexus-xid-94-contained-ecc-error-reset-after-the-job-rma-on-recurrence': Backdrop(
        'plexus-fleet-node-xid94',
        'H100',
        '550.54.15',
        '2026-03-01T11:30:00Z',
        '2026-03-01T12:10:00Z',
        pci=('65',),
    ),
    'plexus-xid-79-gpu-fallen-off-bus-power-overheating-or-seating-fault': Backdrop(
        'plexus-fleet-node-xid79',
        'H100',
        '550.54.15',
        '2026-03-01T11:30:00Z',
        '2026-03-01T12:10:00Z',
        pci=('65',),
    ),
    'crusoe-kb-nixl-memory-registration-errors-on-ib-gpu-instances-registration-fan-out': Backdrop(
        'crusoe-ib-gpu-vm',
        'H100',
        '570.133.20',
        '2026-04-15T11:30:00Z',
        '2026-04-15T12:10:00Z',
        pci=('07', '08', '09', '0a', '0b', '0c', '0d', '0e'),
    ),
    'gitcode-nccl-shm-segment-creation-fails-with-4-gpus-dev-shm-too-small': Backdrop(
        'nccl-shm-4gpu-server',
        'A100',
        '535.161.08',
        '2025-05-01T11:30:00Z',
        '2025-05-01T12:10:00Z',
        pci=('07', '08', '09', '0a'),
    ),
    'gitcode-llama-factory-training-killed-during-preprocessing-linux-oom-killer': Backdrop(
        'llama-factory-train-host',
        'A100',
        '535.161.08',
        '2025-05-01T11:30:00Z',
        '2025-05-01T12:10:00Z',
        pci=('07',),
    ),
    'gitcode-vllm-3x8-rtx4090-nccl-software-caused-connection-abort-inconsistent-network-interface': Backdrop(
        'jnlh102072',
        'A10',
        '550.54.15',
        '2025-06-19T11:30:00Z',
        '2025-06-19T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'plex-forum-qnap-pms-does-not-find-nvidia-gpu-when-driver-package-starts-after-pms': Backdrop(
        'qnap-nas-plex',
        'A10',
        '535.161.08',
        '2024-10-01T11:30:00Z',
        '2024-10-01T12:10:00Z',
        pci=('01',),
    ),
    'nvidia-readme-390-kernel-module-not-receiving-interrupts-irq-routing-or-msi': Backdrop(
        'linux-desktop-x-no-interrupts',
        'A10',
        '390.132',
        '2019-11-12T11:30:00Z',
        '2019-11-12T12:10:00Z',
        pci=('01',),
    ),
    'answers-microsoft-gtx680-kernel-mode-driver-stopped-responding-tdr-crash': Backdrop(
        'win7-gtx680-desktop',
        'A10',
        '306.97',
        '2012-10-15T11:30:00Z',
        '2012-10-15T12:10:00Z',
        pci=('01',),
    ),
    'flofaber-nvlddmkm-event-4101-kvm-windows-guest-line-based-interrupts-switch-to-msi': Backdrop(
        'kvm-windows-guest-gpu',
        'A10',
        '461.92',
        '2021-03-01T11:30:00Z',
        '2021-03-01T12:10:00Z',
        pci=('01',),
    ),
    'househack-six-gpu-rig-on-household-circuit-psu-output-drops-when-other-loads-run': Backdrop(
        'home-mining-rig-6gpu',
        'A10',
        '390.77',
        '2018-01-20T11:30:00Z',
        '2018-01-20T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06'),
    ),
    'telepolis-rtx-4090-power-connector-smokes-on-stream-plug-not-fully-seated-suspected': Backdrop(
        'streamer-rtx4090-desktop',
        'A10',
        '566.36',
        '2025-01-10T11:30:00Z',
        '2025-01-10T12:10:00Z',
        pci=('01',),
    ),
    'pokgak-nfs-checkpoint-fan-in-writes-gpus-idle-mfu-drops-from-43-to-6-percent': Backdrop(
        'train-node-nfs-client',
        'H100',
        '570.133.20',
        '2026-03-01T11:30:00Z',
        '2026-03-01T12:10:00Z',
        pci=('07', '08', '09', '0a', '0b', '0c', '0d', '0e'),
    ),
    'nvidia-forum-hp-z420-k20c-fatal-pcie-error-completion-timeout-fixed-by-limiting-slots-to-gen2': Backdrop(
        'hp-z420-rhel64',
        'A10',
        '319.37',
        '2013-06-15T11:30:00Z',
        '2013-06-15T12:10:00Z',
        pci=('02', '05'),
    ),
    'crashless-kb-gpu-running-at-reduced-pcie-lane-width-wrong-slot-or-bios': Backdrop(
        'desktop-gpu-x8-link',
        'A10',
        '566.36',
        '2026-01-01T11:30:00Z',
        '2026-01-01T12:10:00Z',
        pci=('01',),
    ),
    'tspankaj-12h-epochs-bottleneck-was-data-loading-and-on-the-fly-preprocessing': Backdrop(
        'research-lab-train-box',
        'A100',
        '384.66',
        '2017-08-13T11:30:00Z',
        '2017-08-13T12:10:00Z',
        pci=('07',),
    ),
    'ai-manual-proxmox-rtx-pro-passthrough-fails-after-vm-reboot-gpu-not-fully-reset': Backdrop(
        'proxmox-vm-rtx-pro',
        'A10',
        '580.95.05',
        '2026-01-07T11:30:00Z',
        '2026-01-07T12:10:00Z',
        pci=('01',),
    ),
    'huaweicloud-cce-gpu-memory-used-reads-250mb-high-driver-reserved-memory-benign': Backdrop(
        'cce-gpu-node',
        'A100',
        '535.161.08',
        '2025-07-17T11:30:00Z',
        '2025-07-17T12:10:00Z',
        pci=('07',),
    ),
    'devopsbeast-gpu-util-pinned-at-100pct-while-h100-serves-40pct-measurement-problem-benign': Backdrop(
        'inference-h100-node',
        'H100',
        '550.54.15',
        '2026-04-01T11:30:00Z',
        '2026-04-01T12:10:00Z',
        pci=('07',),
    ),
    'pytorch-forums-gpu-memory-kept-after-backward-is-the-caching-allocator-benign': Backdrop(
        'pytorch-user-workstation',
        'A10',
        '440.82',
        '2020-05-11T11:30:00Z',
        '2020-05-11T12:10:00Z',
        pci=('01',),
    ),
    'csdn-xid-45-logged-when-an-app-is-aborted-ctrl-c-sigkill-gpu-reset-benign': Backdrop(
        'csdn-gpu-server',
        'A100',
        '535.161.08',
        '2025-07-30T11:30:00Z',
        '2025-07-30T12:10:00Z',
        pci=('07',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
