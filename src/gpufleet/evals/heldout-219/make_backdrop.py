"""heldout-public-219's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-219/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts where the source names none, bus numbers where the source prints none, and the driver (550.144.03, the same
for every case) are stand-ins. One GPU per GPU the report implicates (the default HGX bus numbers for 8-GPU nodes).
No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'sglang-21180-b200-ci-orphan-sglang-server-processes-hold-gpu-memory-next-test-ooms': Backdrop(
        'sglang-ci-b200-runner',
        'A10',
        '550.144.03',
        '2026-03-23T11:30:00Z',
        '2026-03-23T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'submitit-1704-eight-slurm-tasks-all-land-on-gpu0-slurm-does-not-hide-gpus-per-task': Backdrop(
        'submitit-slurm-8gpu-node',
        'A10',
        '550.144.03',
        '2022-07-19T11:30:00Z',
        '2022-07-19T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'deepspeed-7155-slurm-assigns-gpus-4-7-deepspeed-runs-on-0-3-another-users-job': Backdrop(
        'slurm-shared-h100-node',
        'A10',
        '550.144.03',
        '2025-03-19T11:30:00Z',
        '2025-03-19T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'oar-193-oar-cgroup-does-not-hide-unreserved-gpus-for-first-job-after-boot': Backdrop(
        'bigfoot10',
        'A10',
        '550.144.03',
        '2021-12-03T11:30:00Z',
        '2021-12-03T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'lightning-19883-slurm-ddp-freezes-when-trainer-devices-differ-from-ntasks-per-node': Backdrop(
        'slurm-apptainer-2gpu-node',
        'A10',
        '550.144.03',
        '2024-08-22T11:30:00Z',
        '2024-08-22T12:10:00Z',
        pci=('01', '02'),
    ),
    'accelerate-2816-multinode-rendezvous-timeout-every-node-launched-as-rank-zero': Backdrop(
        'slurm-accelerate-node-1',
        'A10',
        '550.144.03',
        '2024-06-05T11:30:00Z',
        '2024-06-05T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'pithtrain-91-multinode-runs-hang-at-startup-scontrol-missing-rendezvous-on-localhost': Backdrop(
        'slurm-pith-node-1',
        'A10',
        '550.144.03',
        '2026-09-06T11:30:00Z',
        '2026-09-06T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'cactus-17-sbatch-rejects-gpu-job-cluster-needs-gres-not-gpus-option': Backdrop(
        'cactus-slurm-gpu-node',
        'A10',
        '550.144.03',
        '2026-04-24T11:30:00Z',
        '2026-04-24T12:10:00Z',
        pci=('01',),
    ),
    '3drs-7-dataloader-worker-killed-slurm-oom-kill-event-on-8xh100-node-host-ram': Backdrop(
        'g002',
        'A10',
        '550.144.03',
        '2025-08-22T00:44:01Z',
        '2025-08-22T01:24:01Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'openreview-198-queue-processes-keep-gpu-memory-jobs-run-out-of-memory-over-time': Backdrop(
        'openreview-expertise-gpu-worker',
        'A10',
        '550.144.03',
        '2024-12-18T11:30:00Z',
        '2024-12-18T12:10:00Z',
        pci=('01',),
    ),
    'metal-9-slurm-l40-gpu-job-runs-on-cpu-pytorch-installed-cpu-only': Backdrop(
        'slurm-l40-node',
        'A10',
        '550.144.03',
        '2025-06-06T11:30:00Z',
        '2025-06-06T12:10:00Z',
        pci=('01',),
    ),
    'photon-32-cellpose-on-hpc-runs-without-torch-cuda-cuda-module-not-loaded': Backdrop(
        'swc-hpc-gpu-node',
        'A10',
        '550.144.03',
        '2025-10-08T11:30:00Z',
        '2025-10-08T12:10:00Z',
        pci=('01',),
    ),
    'jade-24-dgx-pytorch-container-refused-driver-cuda-8-older-than-image-cuda-9': Backdrop(
        'dgj404',
        'A10',
        '550.144.03',
        '2017-12-20T12:38:46Z',
        '2017-12-20T13:18:46Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'cdt-31-cluster-gpus-on-cuda-11-cudatoolkit-10-1-env-fails-cuda-available-check': Backdrop(
        'cdt-cluster-gpu-node',
        'A10',
        '550.144.03',
        '2022-03-03T11:30:00Z',
        '2022-03-03T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'jeanzay-45-ssh-to-shared-gpu-node-shows-one-gpu-cgroups-separate-jobs-by-design': Backdrop(
        'jean-zay-gpu-node',
        'A10',
        '550.144.03',
        '2020-09-15T11:30:00Z',
        '2020-09-15T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'ainode-215-dashboard-counts-four-gpu-node-as-one-gpu-and-host-ram-as-gpu-memory': Backdrop(
        'castor',
        'A10',
        '550.144.03',
        '2026-09-20T11:30:00Z',
        '2026-09-20T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'gpud-137-persistence-mode-check-fails-when-nvidia-persistenced-not-running': Backdrop(
        'rtx4090-gpud-host',
        'A10',
        '550.144.03',
        '2024-10-26T11:30:00Z',
        '2024-10-26T12:10:00Z',
        pci=('01',),
    ),
    'gpud-431-persistence-mode-not-enabled-reported-right-after-reboot-transient': Backdrop(
        'gpud-rebooted-host',
        'A10',
        '550.144.03',
        '2025-02-16T11:30:00Z',
        '2025-02-16T12:10:00Z',
        pci=('0f', '34', '48'),
    ),
    'compliantkubernetes-kubespray-450-kubespray-upgrade-resets-containerd-config-gpu-pods-fail': Backdrop(
        'ck8s-gpu-node-1',
        'A10',
        '550.144.03',
        '2025-07-15T11:30:00Z',
        '2025-07-15T12:10:00Z',
        pci=('01',),
    ),
    'kops-9148-kops-gpu-nodes-device-plugin-hook-breaks-after-docker-19-03-9-release': Backdrop(
        'kops-gpu-node-1',
        'A10',
        '550.144.03',
        '2020-05-20T11:30:00Z',
        '2020-05-20T12:10:00Z',
        pci=('01',),
    ),
    'arjuna-231-all-cluster-nodes-offline-storm-knocked-power-out': Backdrop(
        'arjuna-gpu-node',
        'A10',
        '550.144.03',
        '2023-02-24T11:30:00Z',
        '2023-02-24T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'arjuna-109-jobs-stuck-in-completing-after-power-issue-firewalld-on-nodes': Backdrop(
        'c019',
        'A10',
        '550.144.03',
        '2022-01-06T11:30:00Z',
        '2022-01-06T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
