"""heldout-public-89's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-89/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in for GPUs outside the SKU list); hosts, bus numbers and most drivers are
stand-ins (see each case's description). No case uses extra: no source quotes an exporter value as a metric
sample. The backdrop never points at the cause. One case (28gpu-daemonset-alert) is a control-plane node
without GPUs (pci=()), as its source describes.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'ngpus-profile-20240601-nccl-p2p-hang-pci-acs-enabled-on-r7525': Backdrop(
        'cloudlab-r7525-node',
        'A10',
        '535.104.05',
        '2024-06-01T11:30:00Z',
        '2024-06-01T12:10:00Z',
        pci=('01', '02'),
    ),
    'nccl-release-notes-2-18-1-bf16-ib-sharp-hang-fewer-nics-than-gpus': Backdrop(
        'hgx-h100-node',
        'A10',
        '535.104.05',
        '2023-06-01T11:30:00Z',
        '2023-06-01T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'navsim-269582-16-l40s-ddp-host-ram-oom-killed-dataloader-workers': Backdrop(
        'gl003',
        'A10',
        '535.104.05',
        '2025-10-16T08:22:15Z',
        '2025-10-16T09:02:15Z',
        pci=('01', '02', '03', '04'),
    ),
    'lambdalabs-nccl-hang-20230928-would-hang-acsctl-enabled-in-bios': Backdrop(
        'sys-421ge-tnrt',
        'A10',
        '535.104.05',
        '2023-09-28T11:30:00Z',
        '2023-09-28T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'lambdalabs-gsp-20231011-supermicro-xid-119-gsp-rpc-timeout-and-xid-79-fixed-by-disabling-gsp': Backdrop(
        'supermicro-gsp-node',
        'A10',
        '535.104.05',
        '2023-10-11T11:30:00Z',
        '2023-10-11T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'lambdalabs-bar-20231011-supermicro-gpus-not-seen-pci-bar-no-space-above-4g-decoding': Backdrop(
        'supermicro-bar-node',
        'A10',
        '535.104.05',
        '2023-10-11T11:30:00Z',
        '2023-10-11T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'lambdalabs-a100-remap-20230316-xid-64-all-reserved-rows-for-bank-remapped-needs-replacement': Backdrop(
        'gpu3',
        'A10',
        '535.104.05',
        '2023-03-16T11:30:00Z',
        '2023-03-16T12:10:00Z',
        pci=('0b',),
    ),
    'lambdalabs-ipmi-20230316-sel-unknown-0xff-asserted-missing-admin-user-benign': Backdrop(
        'smc-gpu-server-bmc',
        'A10',
        '535.104.05',
        '2023-03-16T11:30:00Z',
        '2023-03-16T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'trm-repro-coreweave-20251014-ticket-h200-training-pods-unexpectedadmissionerror-gpus-held-by-hpc-verification-pods': Backdrop(
        'gd90782',
        'A10',
        '535.104.05',
        '2025-10-14T15:59:00Z',
        '2025-10-14T16:39:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'liquid-mono-ec2-20260125-instance-frozen-four-parallel-training-jobs-exhausted-host-resources': Backdrop(
        'ec2-training-instance',
        'A10',
        '535.104.05',
        '2026-01-25T19:15:00Z',
        '2026-01-25T19:55:00Z',
        pci=('01',),
    ),
    'llm-toy-gpu-fix-20251113-rtx2070-nvml-driver-library-mismatch-kernel-module-580-65-vs-nvml-580-95': Backdrop(
        'rtx2070-desktop',
        'A10',
        '580.65.06',
        '2025-11-13T11:30:00Z',
        '2025-11-13T12:10:00Z',
        pci=('01',),
    ),
    'mpu-readme-20250312-nvidia-smi-shows-no-processes-inside-containers-pid-namespace-benign': Backdrop(
        'docker-gpu-host',
        'A10',
        '440.64',
        '2025-03-12T11:30:00Z',
        '2025-03-12T12:10:00Z',
        pci=('01',),
    ),
    '28gpu-2080ti-0323-gpu-03-one-of-eight-gpus-missing-on-pci-suspected-slot-or-card': Backdrop(
        '2080ti-gpu-03',
        'A10',
        '580.126.09',
        '2026-03-23T15:12:14Z',
        '2026-03-23T15:52:14Z',
        pci=('1b', '1c', '1d', '1e', '3d', '40', '41', '42'),
    ),
    '28gpu-dcgm-nodata-0327-grafana-dcgm-dashboard-no-data-servicemonitor-label-mismatch-benign': Backdrop(
        '2080ti-gpu-02',
        'A10',
        '580.126.09',
        '2026-03-27T11:30:00Z',
        '2026-03-27T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    '28gpu-driver-update-0319-dgx-station-v100-device-plugin-reports-zero-gpus-container-toolkit-on-ubuntu-18-04': Backdrop(
        'v100dgx-gpu04',
        'A10',
        '535.154.05',
        '2026-03-19T11:30:00Z',
        '2026-03-19T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    '28gpu-daemonset-alert-0409-kubedaemonsetrolloutstuck-alerts-master-noschedule-taint-intended-benign': Backdrop(
        'master-01',
        'A10',
        '580.126.09',
        '2026-04-09T11:30:00Z',
        '2026-04-09T12:10:00Z',
        pci=(),
    ),
    'dask-cuda-troubleshooting-20241220-wrong-device-indexing-dgx-station-display-gpu': Backdrop(
        'dgx-station-a100',
        'A10',
        '535.104.05',
        '2024-12-20T11:30:00Z',
        '2024-12-20T12:10:00Z',
        pci=('01', '02', '03', '04', '05'),
    ),
    'cen-dark-data-reboot-20251102-gtx1650-three-processes-overfill-4gb-vram-cuda-unknown-error-driver-stuck-reboot': Backdrop(
        'gtx1650-workstation',
        'A10',
        '550.54.14',
        '2025-11-02T11:30:00Z',
        '2025-11-02T12:10:00Z',
        pci=('57',),
    ),
    'modelarts-ecc-13-0028-uncorrectable-ecc-error-training-job-fails-node-auto-isolated': Backdrop(
        'modelarts-train-node',
        'A10',
        '535.104.05',
        '2024-07-25T11:30:00Z',
        '2024-07-25T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'modelarts-connect-timeout-trouble-0043-distributed-connect-timed-out-nodes-still-copying-data-before-init': Backdrop(
        'modelarts-train-node',
        'A10',
        '535.104.05',
        '2025-08-26T11:30:00Z',
        '2025-08-26T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'modelarts-ordinal-trouble-0049-invalid-device-ordinal-cuda-visible-devices-beyond-job-gpus': Backdrop(
        'modelarts-train-node',
        'A10',
        '535.104.05',
        '2025-08-26T11:30:00Z',
        '2025-08-26T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'modelarts-cuda-reinstall-trouble-0047-reinstalled-cuda-package-does-not-match-image-cuda-version': Backdrop(
        'modelarts-notebook-node',
        'A10',
        '535.104.05',
        '2024-07-25T11:30:00Z',
        '2024-07-25T12:10:00Z',
        pci=('01',),
    ),
    'modelarts-dataloader-killed-trouble-0060-worker-killed-by-signal-batch-size-too-large': Backdrop(
        'modelarts-train-node',
        'A10',
        '535.104.05',
        '2024-07-25T11:30:00Z',
        '2024-07-25T12:10:00Z',
        pci=('01',),
    ),
    'modelarts-cudacheckerror-13-0115-no-kernel-image-setup-py-arch-not-matching-v100': Backdrop(
        'modelarts-v100-notebook',
        'A10',
        '535.104.05',
        '2024-07-25T11:30:00Z',
        '2024-07-25T12:10:00Z',
        pci=('01',),
    ),
    'cce-gpu-service-error-faq-00109-node-services-fail-to-start-outdated-driver-in-gpu-add-on': Backdrop(
        'cce-gpu-node',
        'A10',
        '470.57.02',
        '2025-10-27T11:30:00Z',
        '2025-10-27T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
