"""heldout-public-226's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-226/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts, bus numbers where the source prints none (pci omitted = the default eight HGX bus numbers), and the
driver (550.144.03, the same for every case) are stand-ins. No case uses extra: no source quotes an exporter
value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'wmx-decision-0001-gke-operator-toolkit-cannot-register-nvidia-runtime-gpu-never-advertised': Backdrop(
        'gke-ubuntu-gpu-node',
        'A10',
        '550.144.03',
        '2026-06-14T11:30:00Z',
        '2026-06-14T12:10:00Z',
        pci=('01',),
    ),
    'agentbaker-8918-grid-driver-installed-over-stale-cuda-prebake-nvml-driver-library-mismatch': Backdrop(
        'aks-nvadsa10v5-vmss000000',
        'A10',
        '550.144.03',
        '2026-07-02T11:30:00Z',
        '2026-07-02T12:10:00Z',
        pci=('01',),
    ),
    'ucl-young-status-2023-03-gpu-nodes-lustre-client-evictions-io-errors-two-omnipath-cards-suspected': Backdrop(
        'young-gpu-node',
        'A10',
        '550.144.03',
        '2023-03-29T14:40:00Z',
        '2023-03-29T15:20:00Z',
    ),
    'ucl-planned-outages-2026-01-young-gpu-nodes-drained-moved-to-new-cabinet-benign': Backdrop(
        'node-x12t-004',
        'A10',
        '550.144.03',
        '2026-01-27T11:30:00Z',
        '2026-01-27T12:10:00Z',
    ),
    'nos-27-mps-partitioning-leaves-gpus-in-exclusive-process-mode-after-label-removed': Backdrop(
        'nos-mps-node',
        'A10',
        '550.144.03',
        '2023-03-28T11:30:00Z',
        '2023-03-28T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'cluster-toolkit-5291-a3-highgpu-prolog-wrapper-missing-slurm-script-context-tcpx-rxdm-skipped-exit-3': Backdrop(
        'a3-highgpu-node-0',
        'A10',
        '550.144.03',
        '2026-02-26T11:30:00Z',
        '2026-02-26T12:10:00Z',
    ),
    'azurehpc-health-checks-133-nhc-does-not-run-on-nd-v5-docker-runtime-flag-benign': Backdrop(
        'nd-h200-v5-vm',
        'A10',
        '550.144.03',
        '2025-03-06T11:30:00Z',
        '2025-03-06T12:10:00Z',
    ),
    'karpenter-6355-duplicate-gpu-nodes-startup-taint-not-tolerated-by-pending-gpu-pod': Backdrop(
        'karpenter-gpu-node-1',
        'A10',
        '550.144.03',
        '2024-06-13T11:30:00Z',
        '2024-06-13T12:10:00Z',
        pci=('01',),
    ),
    'antmedia-5072-azure-nv-a10-vm-cuda-driver-installed-needs-grid-driver-nvidia-smi-cannot-communicate': Backdrop(
        'azure-nvads-a10-vm',
        'A10',
        '550.144.03',
        '2023-05-05T11:30:00Z',
        '2023-05-05T12:10:00Z',
        pci=('01',),
    ),
    'optimas-266-perlmutter-exclusive-exact-srun-steps-hold-all-gpus-step-creation-disabled': Backdrop(
        'perlmutter-gpu-node',
        'A10',
        '550.144.03',
        '2025-04-02T11:30:00Z',
        '2025-04-02T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'aws-ofi-nccl-663-efa-nccl-internal-error-address-vector-security-group-outbound-rule-missing': Backdrop(
        'efa-gpu-node-1',
        'A10',
        '550.144.03',
        '2024-10-16T11:30:00Z',
        '2024-10-16T12:10:00Z',
    ),
    'olcf-summit-cuda-aware-mpi-ipc-fails-with-more-than-one-resource-set-per-node-cgroups': Backdrop(
        'summit-node',
        'A10',
        '550.144.03',
        '2019-05-21T11:30:00Z',
        '2019-05-21T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06'),
    ),
    'excl-leconte-v100-gpus-power-limited-to-250w-for-cooling-deliberate-cap-benign': Backdrop(
        'leconte',
        'A10',
        '550.144.03',
        '2021-07-06T11:30:00Z',
        '2021-07-06T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06'),
    ),
    'excl-hudson-h100-nvidia-smi-fails-without-group-membership-access-not-gpu-fault-benign': Backdrop(
        'hudson',
        'A10',
        '550.144.03',
        '2024-07-12T11:30:00Z',
        '2024-07-12T12:10:00Z',
        pci=('01', '02'),
    ),
    'aalto-triton-srun-step-inside-gpu-job-gets-no-gpu-unless-gres-respecified-slurm-change': Backdrop(
        'triton-gpu-node',
        'A10',
        '550.144.03',
        '2021-09-01T11:30:00Z',
        '2021-09-01T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'pangeo-cloud-federation-425-eks-gpu-node-group-user-notebook-taint-gpu-resource-never-listed': Backdrop(
        'eks-gpu-nodegroup-node',
        'A10',
        '550.144.03',
        '2020-01-27T11:30:00Z',
        '2020-01-27T12:10:00Z',
        pci=('01',),
    ),
    'mozilla-translations-964-gcp-spot-v100-worker-powered-off-preemption-notice-not-a-node-fault-benign': Backdrop(
        'translations-1-b-linux-v100-gpu-4-1tb-vvppjagzspgzcf58mfvmzw-1',
        'A10',
        '550.144.03',
        '2024-12-17T15:33:58Z',
        '2024-12-17T16:13:58Z',
        pci=('01', '02', '03', '04'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
