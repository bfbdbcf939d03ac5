"""heldout-public-457's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-457/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description); every
host name is a stand-in (no source prints a host name); GPU counts follow the source where it implies one (8 for the
Fabric Manager / NVSwitch EC2 case), one GPU otherwise; bus numbers are stand-ins 01..N (no source prints a bus id);
the driver (550.144.03) is the same stand-in for every case, so the version carries no signal (the driver numbers of
the driver cases are in their descriptions and evidence only). No case uses extra: no source quotes an exporter value
as a metric sample. The backdrop never points at the cause: flat, healthy metrics for every case.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'libfabric-ci-159-nccl-ofi-ci-fabric-manager-driver-version-mismatch-use-dlami': Backdrop(
        'p4d-ci-01',
        'A10',
        '550.144.03',
        '2021-07-24T11:30:00Z',
        '2021-07-24T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'ray-9917-old-deep-learning-ami-outdated-nvidia-driver-breaks-torch-and-docker': Backdrop(
        'ray-gpu-worker-01',
        'A10',
        '550.144.03',
        '2020-08-04T11:30:00Z',
        '2020-08-04T12:10:00Z',
        pci=('01',),
    ),
    'antmedia-902-g3s-xlarge-nvidia-driver-problem-app-needs-cuda-10-0-runtime': Backdrop(
        'g3s-xlarge-01',
        'A10',
        '550.144.03',
        '2019-02-05T11:30:00Z',
        '2019-02-05T12:10:00Z',
        pci=('01',),
    ),
    'rav-gcp-notes-gce-t4-spot-vm-no-heartbeat-gpu-driver-not-ready-on-cos': Backdrop(
        'rav-spot-t4-01',
        'A10',
        '550.144.03',
        '2026-02-27T11:30:00Z',
        '2026-02-27T12:10:00Z',
        pci=('01',),
    ),
    'churchlab-ml-ami-7-ami-fails-on-new-p3-v100-instances-drivers-too-old': Backdrop(
        'p3-ami-01',
        'A10',
        '550.144.03',
        '2017-10-29T11:30:00Z',
        '2017-10-29T12:10:00Z',
        pci=('01',),
    ),
    'deepracer-for-cloud-167-g6-instances-hang-unresponsive-fixed-by-nvidia-driver-550': Backdrop(
        'g6-deepracer-01',
        'A10',
        '550.144.03',
        '2024-05-03T11:30:00Z',
        '2024-05-03T12:10:00Z',
        pci=('01',),
    ),
    'batch-shipyard-303-azure-nc-nv-nvidia-driver-broken-by-patched-kernels-driver-update': Backdrop(
        'azure-nc-01',
        'A10',
        '550.144.03',
        '2018-01-15T11:30:00Z',
        '2018-01-15T12:10:00Z',
        pci=('01',),
    ),
    'sagemaker-examples-851-deepracer-training-ignores-gpu-instance-cpu-only-docker-image': Backdrop(
        'sagemaker-deepracer-01',
        'A10',
        '550.144.03',
        '2019-08-20T11:30:00Z',
        '2019-08-20T12:10:00Z',
        pci=('01',),
    ),
    'jukebox-205-colab-pro-nvidia-smi-fails-runtime-without-gpu-accelerator': Backdrop(
        'colab-pro-01',
        'A10',
        '550.144.03',
        '2021-02-16T11:30:00Z',
        '2021-02-16T12:10:00Z',
        pci=('01',),
    ),
    'colabtools-4467-colab-asks-for-nvidia-driver-runtime-type-not-set-to-gpu': Backdrop(
        'colab-01',
        'A10',
        '550.144.03',
        '2024-03-26T11:30:00Z',
        '2024-03-26T12:10:00Z',
        pci=('01',),
    ),
    'sagemaker-examples-2160-studio-nvidia-smi-shows-no-process-jobs-run-on-other-instance-benign': Backdrop(
        'sm-studio-nb-01',
        'A10',
        '550.144.03',
        '2021-04-24T11:30:00Z',
        '2021-04-24T12:10:00Z',
        pci=('01',),
    ),
    'minigo-19-preemptible-gpu-tasks-fail-about-12-percent-preemption-benign': Backdrop(
        'minigo-preemptible-01',
        'A10',
        '550.144.03',
        '2018-01-30T11:30:00Z',
        '2018-01-30T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
