"""heldout-public-465's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-465/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description: Kepler,
Maxwell and Pascal GeForce, Titan and Tesla cards of 2015-2018); every host name is a stand-in except ip-10-202-36-46 (nvdocker-780, printed by its uname line);
GPU counts follow the source (2 for a Tesla K80 board, 1 otherwise); bus numbers are stand-ins 01..N except where the
source prints a bus id (tf-8170 and tf-6083: 0000:01:00.0, kept as bus 01; nvdocker-780: 00000000:00:1E.0, kept as bus 1e); the driver (550.144.03) is the same stand-in
for every case, so the version carries no signal (the era's driver, where printed, is in the evidence). No case uses extra:
no source quotes an exporter value as a metric sample. The backdrop never points at the cause: flat, healthy metrics.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'cadlab-2-torch7-cuda-runtime-error-2-out-of-memory-gt-750m-2gb-model-needs-12gb-k40': Backdrop(
        'mac-gt750m-01',
        'A10',
        '550.144.03',
        '2016-11-25T11:30:00Z',
        '2016-11-25T12:10:00Z',
        pci=('01',),
    ),
    'caffe-2755-benign-host-memory-over-90-percent-training-alexnet-lmdb-page-cache-not-a-leak': Backdrop(
        'caffe-ws-01',
        'A10',
        '550.144.03',
        '2015-07-13T11:30:00Z',
        '2015-07-13T12:10:00Z',
        pci=('01',),
    ),
    'caffe-4279-benign-k80-googlenet-host-memory-growing-lmdb-file-caching-not-a-leak': Backdrop(
        'k80-caffe-01',
        'A10',
        '550.144.03',
        '2016-06-07T11:30:00Z',
        '2016-06-07T12:10:00Z',
        pci=('01', '02'),
    ),
    'cutorch-201-benign-cutorch-test-multi-gpu-copy-out-of-memory-harmless-test-sized-for-large-gpus': Backdrop(
        'torch-ws-01',
        'A10',
        '550.144.03',
        '2015-07-17T11:30:00Z',
        '2015-07-17T12:10:00Z',
        pci=('01',),
    ),
    'deepdetect-278-jetson-tx2-text-model-training-fails-board-lacks-ram': Backdrop(
        'jetson-tx2-01',
        'A10',
        '550.144.03',
        '2017-03-17T11:30:00Z',
        '2017-03-17T12:10:00Z',
        pci=('01',),
    ),
    'dl-docker-34-nvidia-docker-unsupported-cuda-driver-7-5-image-8-0-driver-352-too-old': Backdrop(
        'docker-gpu-01',
        'A10',
        '550.144.03',
        '2017-01-18T11:30:00Z',
        '2017-01-18T12:10:00Z',
        pci=('01',),
    ),
    'fbcunn-47-titan-x-computer-restarts-under-overfeat-training-not-enough-power-to-gpu': Backdrop(
        'titanx-ws-01',
        'A10',
        '550.144.03',
        '2015-05-08T11:30:00Z',
        '2015-05-08T12:10:00Z',
        pci=('01',),
    ),
    'fst-62-benign-training-slow-on-tesla-k80-normal-k80-clock-rate-not-a-fault': Backdrop(
        'k80-node-01',
        'A10',
        '550.144.03',
        '2017-03-14T11:30:00Z',
        '2017-03-14T12:10:00Z',
        pci=('01', '02'),
    ),
    'h2o4gpu-298-nvidia-docker-unsupported-cuda-driver-8-0-image-9-0-needs-cuda-9-driver': Backdrop(
        'h2o-dev-01',
        'A10',
        '550.144.03',
        '2017-11-21T11:30:00Z',
        '2017-11-21T12:10:00Z',
        pci=('01',),
    ),
    'keras-7168-fit-generator-gpu-usage-spiking-augmentation-generator-slower-than-training': Backdrop(
        'keras-ws-01',
        'A10',
        '550.144.03',
        '2017-06-29T11:30:00Z',
        '2017-06-29T12:10:00Z',
        pci=('01',),
    ),
    'nvdocker-780-k80-ecs-host-oom-kill-of-pytorch-container-leaves-nvidia-smi-hung-reboot': Backdrop(
        'ip-10-202-36-46',
        'A10',
        '550.144.03',
        '2018-06-28T11:30:00Z',
        '2018-06-28T12:10:00Z',
        pci=('1e',),
    ),
    'tf-6083-gtx-660m-ignored-compute-capability-3-0-pip-package-built-for-3-5-and-5-2-runs-on-cpu': Backdrop(
        'tf-win-01',
        'A10',
        '550.144.03',
        '2016-12-05T11:30:00Z',
        '2016-12-05T12:10:00Z',
        pci=('01',),
    ),
    'tf-8170-gtx-1080-session-cuda-error-out-of-memory-190mb-free-memory-held-by-another-process': Backdrop(
        'tf-ws-01',
        'A10',
        '550.144.03',
        '2017-03-07T11:30:00Z',
        '2017-03-07T12:10:00Z',
        pci=('01',),
    ),
    'theano-3778-benign-gt-635m-gpu-slower-than-cpu-low-end-gpu-not-a-fault': Backdrop(
        'gt635m-laptop-01',
        'A10',
        '550.144.03',
        '2015-12-14T11:30:00Z',
        '2015-12-14T12:10:00Z',
        pci=('01',),
    ),
    'theano-4677-benign-cnmem-is-disabled-startup-line-optional-allocator-program-runs-normally': Backdrop(
        'titan-black-ws-01',
        'A10',
        '550.144.03',
        '2016-06-30T11:30:00Z',
        '2016-06-30T12:10:00Z',
        pci=('01',),
    ),
    'theano-6556-cuda-9-1-theano-gpu-init-fails-driver-384-too-old-upgrade-to-390': Backdrop(
        'theano-ws-01',
        'A10',
        '550.144.03',
        '2018-02-05T11:30:00Z',
        '2018-02-05T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
