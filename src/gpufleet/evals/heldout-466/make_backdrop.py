"""heldout-public-466's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-466/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description); host
names are stand-ins except fsf-linux-x64 (printed in its evidence); GPU counts follow the source where it gives one
(two for `docker run --gpus 2`, two per OpenPAI worker, eight for the DGX and the 8-rank Horovod job) and are stand-ins
otherwise; bus numbers are stand-ins 01..N (no source prints a bus id); the driver (550.144.03) is the same stand-in for
every case, so the version carries no signal. No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause: flat, healthy metrics for every case.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'bert-285-tf112-conda-cuda-driver-insufficient-framework-build-needs-newer-driver': Backdrop(
        'bert-ws-01',
        'A10',
        '550.144.03',
        '2018-12-19T11:30:00Z',
        '2018-12-19T12:10:00Z',
        pci=('01',),
    ),
    'chineseocr-170-rtx2080ti-cuda9-tf18-blas-sgemm-launch-failed-turing-unsupported-stack-zh': Backdrop(
        'ocr-ws-01',
        'A10',
        '550.144.03',
        '2019-03-12T11:30:00Z',
        '2019-03-12T12:10:00Z',
        pci=('01',),
    ),
    'sheffield-hpc-884-benign-sharc-gpu-nodes-drained-for-planned-418-driver-reboot': Backdrop(
        'sharc-gpu-01',
        'A10',
        '550.144.03',
        '2019-04-29T11:30:00Z',
        '2019-04-29T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'nvdocker-1133-docker-gpus-2-driver-timeout-persistence-mode-not-enabled': Backdrop(
        'fsf-linux-x64',
        'A10',
        '550.144.03',
        '2019-11-25T11:30:00Z',
        '2019-11-25T12:10:00Z',
        pci=('01', '02'),
    ),
    'openpai-1906-job-requests-4-gpus-workers-have-2-each-exceeds-single-node': Backdrop(
        'pai-worker-01',
        'A10',
        '550.144.03',
        '2018-12-18T11:30:00Z',
        '2018-12-18T12:10:00Z',
        pci=('01', '02'),
    ),
    'paddle-10608-v100-multi-gpu-unhandled-cuda-error-nccl-helper-nccl-not-installed-zh': Backdrop(
        'paddle-v100-01',
        'A10',
        '550.144.03',
        '2018-05-13T11:30:00Z',
        '2018-05-13T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'skin-segmentation-5-gtx1080-gpu-used-periodically-input-pipeline-bound': Backdrop(
        'seg-ws-01',
        'A10',
        '550.144.03',
        '2018-04-02T11:30:00Z',
        '2018-04-02T12:10:00Z',
        pci=('01',),
    ),
    'image-segmentation-keras-74-gpu-util-zero-tensorflow-gpu-not-installed-correctly': Backdrop(
        'keras-ws-01',
        'A10',
        '550.144.03',
        '2019-06-27T11:30:00Z',
        '2019-06-27T12:10:00Z',
        pci=('01',),
    ),
    'k8s-device-plugin-109-dgx-kubelet-1-10-plugin-1-0-0-beta-cannot-register-v1beta1': Backdrop(
        'dgx-worker-01',
        'A10',
        '550.144.03',
        '2019-04-05T11:30:00Z',
        '2019-04-05T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'k8s-device-plugin-32-plugin-1-9-on-kubernetes-master-1-10-pluginapi-changed': Backdrop(
        'k8s-local-01',
        'A10',
        '550.144.03',
        '2018-02-28T11:30:00Z',
        '2018-02-28T12:10:00Z',
        pci=('01',),
    ),
    'tensorflow-28639-horovod-8-rank-hang-mid-training-suspected-nccl-2-4-regression': Backdrop(
        'hvd-node-01',
        'A10',
        '550.144.03',
        '2019-05-15T11:30:00Z',
        '2019-05-15T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'openpai-758-vc-zero-available-gpus-only-gpu-machine-configured-as-master-not-worker': Backdrop(
        'pai-master-01',
        'A10',
        '550.144.03',
        '2018-06-24T11:30:00Z',
        '2018-06-24T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
