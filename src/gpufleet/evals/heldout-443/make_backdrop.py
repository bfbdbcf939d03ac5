"""heldout-public-443's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-443/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description); host names are
stand-ins except jupyter-338261-719442 (paddle-26250) and VM-0-14-centos (nccl-394), which the evidence prints; GPU counts are one
per host except nccl-394 (four local ranks in its log), nccl-447 (two, the minimum for a collective) and jaxpp-11 (eight H100
per the report); bus numbers are stand-ins
01..N (no source prints a bus id for the host at fault); the driver (550.144.03) is the same stand-in for every case. No case uses
extra: no source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'paddle-26250-aistudio-cudnn-bad-param-paddle-built-for-cudnn-7-6-machine-has-7-3-version-mismatch': Backdrop(
        'jupyter-338261-719442',
        'A10',
        '550.144.03',
        '2020-08-13T11:30:00Z',
        '2020-08-13T12:10:00Z',
        pci=('01',),
    ),
    'nvdocker-685-devicequery-unknown-error-30-conflicting-driver-installs-reinstall-driver-and-reboot': Backdrop(
        'ws-nvdocker-685',
        'A10',
        '550.144.03',
        '2018-04-01T11:30:00Z',
        '2018-04-01T12:10:00Z',
        pci=('01',),
    ),
    'siadv-3-no-kernel-image-available-pytorch-build-too-old-for-the-gpu-reinstalled-torch-cu113': Backdrop(
        'ws-siadv-3',
        'A10',
        '550.144.03',
        '2022-09-27T11:30:00Z',
        '2022-09-27T12:10:00Z',
        pci=('01',),
    ),
    'tffrcnn-218-faster-rcnn-training-on-cpu-10s-per-iter-broken-tensorflow-gpu-install-reinstalled': Backdrop(
        'ws-tffrcnn-218',
        'A10',
        '550.144.03',
        '2017-09-28T11:30:00Z',
        '2017-09-28T12:10:00Z',
        pci=('01',),
    ),
    'tfmodels-3366-training-on-cpu-several-tensorflow-packages-installed-reinstall-tensorflow-gpu': Backdrop(
        'ws-tfmodels-3366',
        'A10',
        '550.144.03',
        '2018-07-02T11:30:00Z',
        '2018-07-02T12:10:00Z',
        pci=('01',),
    ),
    'celeb-4-gpu-util-0-training-on-cpu-tensorflow-gpu-cudnn-cuda-versions-mismatched': Backdrop(
        'ws-celeb-4',
        'A10',
        '550.144.03',
        '2019-05-16T11:30:00Z',
        '2019-05-16T12:10:00Z',
        pci=('01',),
    ),
    'nvdocker-1044-cuda-10-images-fail-on-p100-384-driver-beta-libnvidia-container-update-nvidia-docker': Backdrop(
        'ws-nvdocker-1044',
        'A10',
        '550.144.03',
        '2019-08-12T11:30:00Z',
        '2019-08-12T12:10:00Z',
        pci=('01',),
    ),
    'faceswap-158-driver-397-31-buggy-on-all-cards-revert-to-391-35-fixed-in-397-93': Backdrop(
        'ws-faceswap-158',
        'A10',
        '550.144.03',
        '2018-05-04T11:30:00Z',
        '2018-05-04T12:10:00Z',
        pci=('01',),
    ),
    'bluefin-4387-driver-595-58-03-regression-games-crash-performance-drop-rolled-back-to-595-45-04': Backdrop(
        'ws-bluefin-4387',
        'A10',
        '550.144.03',
        '2026-03-31T11:30:00Z',
        '2026-03-31T12:10:00Z',
        pci=('01',),
    ),
    'pytorch-1183-cudnn-6-bidirectional-rnn-memory-leak-a-cudnn-bug-fixed-in-cudnn-7-2': Backdrop(
        'ws-pytorch-1183',
        'A10',
        '550.144.03',
        '2017-04-04T11:30:00Z',
        '2017-04-04T12:10:00Z',
        pci=('01',),
    ),
    'msdn-8-gpu-memory-leak-on-cuda-9-caused-by-pytorch-0-3-1-code-on-0-4-library': Backdrop(
        'ws-msdn-8',
        'A10',
        '550.144.03',
        '2018-06-08T11:30:00Z',
        '2018-06-08T12:10:00Z',
        pci=('01',),
    ),
    'nccl-394-nccl-training-hang-gone-after-upgrading-nccl-2-5-7-to-2-7-8': Backdrop(
        'VM-0-14-centos',
        'A10',
        '550.144.03',
        '2020-11-16T11:30:00Z',
        '2020-11-16T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'nccl-447-nccl-hang-after-launch-mode-parallel-pytorch-and-driver-mismatch-reinstall-driver': Backdrop(
        'ws-nccl-447',
        'A10',
        '550.144.03',
        '2022-04-08T11:30:00Z',
        '2022-04-08T12:10:00Z',
        pci=('01', '02'),
    ),
    'a1111-7791-colab-tensorflow-libnvinfer-dlopen-warnings-are-warnings-no-effect-benign': Backdrop(
        'colab-vm-7791',
        'A10',
        '550.144.03',
        '2023-03-01T11:30:00Z',
        '2023-03-01T12:10:00Z',
        pci=('01',),
    ),
    'ogkm-820-gsp-firmware-version-still-shown-after-nvreg-enablegpufirmware-0-open-modules-require-gsp-benign': Backdrop(
        'ws-ogkm-820',
        'A10',
        '550.144.03',
        '2025-04-01T11:30:00Z',
        '2025-04-01T12:10:00Z',
        pci=('01',),
    ),
    'paddle-23487-driver-api-vs-runtime-api-version-note-is-informational-normal-benign': Backdrop(
        'ws-paddle-23487',
        'A10',
        '550.144.03',
        '2020-04-04T11:30:00Z',
        '2020-04-04T12:10:00Z',
        pci=('01',),
    ),
    'ppdet-2001-ppyolo-inference-host-memory-leak-on-rtx-3090-traced-to-cudnn-8-0-4-8-0-5': Backdrop(
        'ws-ppdet-2001',
        'A10',
        '550.144.03',
        '2021-01-04T11:30:00Z',
        '2021-01-04T12:10:00Z',
        pci=('01',),
    ),
    'paddle-30805-paddle-2-0-cuda-11-host-memory-leak-during-segmentation-cudnn-8-leak-suspected': Backdrop(
        'ws-paddle-30805',
        'A10',
        '550.144.03',
        '2021-02-01T11:30:00Z',
        '2021-02-01T12:10:00Z',
        pci=('01',),
    ),
    'jaxpp-11-mpmd-pipeline-hang-with-nccl-2-30-7-passes-with-2-31-2-on-8xh100': Backdrop(
        'ws-jaxpp-11',
        'A10',
        '550.144.03',
        '2026-09-02T11:30:00Z',
        '2026-09-02T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'tf-3106-kernel-space-memory-leak-with-driver-361-fixed-by-upgrading-to-367-27': Backdrop(
        'ws-tf-3106',
        'A10',
        '550.144.03',
        '2016-06-30T11:30:00Z',
        '2016-06-30T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
