"""heldout-public-454's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-454/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description); hosts are
stand-ins except gpulab2002 (CHTC/templates-GPUs#7), which the evidence prints; every case has one GPU (no source gives a
per-host count that the evidence ties to the failure); bus numbers are stand-ins 01 (no source prints a bus id); the driver
(550.144.03) is the same stand-in for every case, so the version carries no signal. No case uses extra: no source quotes an
exporter value as a metric sample. The backdrop never points at the cause (flat, healthy metrics for every case: the failures
of this set are failures to start, which leave no GPU telemetry signature).
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'nvdocker-1066-cuda-driver-insufficient-in-container-host-driver-too-old': Backdrop(
        'docker-ws-1066',
        'A10',
        '550.144.03',
        '2019-09-06T11:30:00Z',
        '2019-09-06T12:10:00Z',
        pci=('01',),
    ),
    'gpubtree-19-cuda-initialization-error-driver-does-not-match-cuda-version': Backdrop(
        'gpubtree-srv-01',
        'A10',
        '550.144.03',
        '2021-05-25T11:30:00Z',
        '2021-05-25T12:10:00Z',
        pci=('01',),
    ),
    'nvdocker-74-could-not-load-nvml-library-nvml-not-in-ldcache-missing-package': Backdrop(
        'fedora-ws-74',
        'A10',
        '550.144.03',
        '2016-04-14T11:30:00Z',
        '2016-04-14T12:10:00Z',
        pci=('01',),
    ),
    'nvdocker-273-docker-volume-plugin-not-found-nvidia-docker-plugin-not-running': Backdrop(
        'mint-ws-273',
        'A10',
        '550.144.03',
        '2016-12-18T11:30:00Z',
        '2016-12-18T12:10:00Z',
        pci=('01',),
    ),
    'gpuop-250-device-plugin-daemonset-crash-loop-containerd-had-died': Backdrop(
        'k8s-gpu-node-250',
        'A10',
        '550.144.03',
        '2021-08-27T11:30:00Z',
        '2021-08-27T12:10:00Z',
        pci=('01',),
    ),
    'chtc-7-gpu-lab-docker-jobs-held-over-1024mb-memory-limit-request-too-small': Backdrop(
        'gpulab2002',
        'A10',
        '550.144.03',
        '2020-06-11T11:30:00Z',
        '2020-06-11T12:10:00Z',
        pci=('01',),
    ),
    'nextflow-1339-aws-batch-gpu-job-stuck-runnable-job-definition-lacks-gpu': Backdrop(
        'batch-gpu-1339',
        'A10',
        '550.144.03',
        '2019-10-18T11:30:00Z',
        '2019-10-18T12:10:00Z',
        pci=('01',),
    ),
    'ray-7014-slurm-job-without-gres-gets-cuda-visible-devices-nodevfiles-gpu-ignored': Backdrop(
        'slurm-titanx-01',
        'A10',
        '550.144.03',
        '2020-02-02T11:30:00Z',
        '2020-02-02T12:10:00Z',
        pci=('01',),
    ),
    'dcgmexp-23-dcgm-exporter-killed-by-probes-initial-delay-too-small-aks-benign': Backdrop(
        'aks-gpu-node-23',
        'A10',
        '550.144.03',
        '2021-10-25T11:30:00Z',
        '2021-10-25T12:10:00Z',
        pci=('01',),
    ),
    'fnos-226-nvidia-driver-failed-during-starting-store-misreports-driver-installed-fine-benign': Backdrop(
        'fnos-nas-226',
        'A10',
        '550.144.03',
        '2026-07-29T02:22:13Z',
        '2026-07-29T03:02:13Z',
        pci=('01',),
    ),
    'pchub-90-gpu-notebook-spawn-timeouts-gpu-nodes-scale-up-slowly-benign': Backdrop(
        'pc-hub-gpu-90',
        'A10',
        '550.144.03',
        '2023-07-11T11:30:00Z',
        '2023-07-11T12:10:00Z',
        pci=('01',),
    ),
    'pc-261-gpu-server-spawn-timeout-gpu-nodes-take-longer-to-start-benign': Backdrop(
        'pc-hub-gpu-261',
        'A10',
        '550.144.03',
        '2023-08-28T11:30:00Z',
        '2023-08-28T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
