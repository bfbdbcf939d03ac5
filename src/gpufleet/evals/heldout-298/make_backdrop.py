"""heldout-public-298's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-298/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except xzx-G3-3579, which the evidence prints), GPU counts, bus numbers (no source prints one: 01..N in index order)
and the driver (550.144.03, the same for every case) are stand-ins. No case uses extra: no source quotes an exporter
value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'hami-704-libcuda-so-1-missing-in-container-without-nvidia-runtime-use-nvidia-docker2': Backdrop(
        'xzx-G3-3579',
        'A10',
        '550.144.03',
        '2024-12-13T11:30:00Z',
        '2024-12-13T12:10:00Z',
        pci=('01',),
    ),
    'deepops-919-slurm-prolog-epilog-sudo-sh-command-not-found-jobs-fail-nodes-drain': Backdrop(
        'slurm-gpu01',
        'A10',
        '550.144.03',
        '2021-03-23T11:30:00Z',
        '2021-03-23T12:10:00Z',
        pci=('01', '02',),
    ),
    'xgboost-7318-ec2-ci-worker-nvml-driver-library-version-mismatch-after-network-cuda-install': Backdrop(
        'ci-gpu-worker',
        'A10',
        '550.144.03',
        '2021-10-14T11:30:00Z',
        '2021-10-14T12:10:00Z',
        pci=('01',),
    ),
    'koordinator-1136-koord-scheduler-deviceshare-insufficient-devices-unhealthy-gpu-not-skipped': Backdrop(
        'k8s-gpu-node-1',
        'A10',
        '550.144.03',
        '2023-03-23T18:05:48Z',
        '2023-03-23T18:45:48Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'eksctl-2329-neuron-device-plugin-applied-to-all-nodes-crash-loops-on-gpu-nodes': Backdrop(
        'eks-gpu-node-1',
        'A10',
        '550.144.03',
        '2020-06-13T11:30:00Z',
        '2020-06-13T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'compute-gpu-installation-28-gce-debian-11-driver-install-fails-until-reboot-into-updated-kernel': Backdrop(
        'gce-gpu-vm-1',
        'A10',
        '550.144.03',
        '2023-08-31T11:30:00Z',
        '2023-08-31T12:10:00Z',
        pci=('01',),
    ),
    'nvidia-docker-526-gcp-gpu-vm-weekly-maintenance-reboot-containers-fail-after-384-90-driver-update': Backdrop(
        'gcp-gpu-vm-1',
        'A10',
        '550.144.03',
        '2017-11-09T11:30:00Z',
        '2017-11-09T12:10:00Z',
        pci=('01',),
    ),
    'openscow-999-gpu-jobs-show-no-gpu-count-in-portal-jobs-run-fine-display-only-benign': Backdrop(
        'hpc-gpu01',
        'A10',
        '550.144.03',
        '2023-11-23T11:30:00Z',
        '2023-11-23T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
