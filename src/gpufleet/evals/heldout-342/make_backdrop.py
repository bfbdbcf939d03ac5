"""heldout-public-342's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-342/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except e9bb2d9ceb6c and system, which the evidence prints), bus numbers (01..N in index order) and the
driver (550.144.03, the same for every case) are stand-ins. No case uses extra: no source quotes an exporter
value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'nix-725-caffe-from-nixpkgs-on-centos-cuda-driver-insufficient-libcuda-so-1-not-loaded-from-host-driver': Backdrop(
        'centos6-nix-host',
        'A10',
        '550.144.03',
        '2015-12-01T11:30:00Z',
        '2015-12-01T12:10:00Z',
        pci=('01',),
    ),
    'spack-30589-gasnet-cuda-build-cannot-find-lcuda-spack-cuda-package-lacks-driver-library': Backdrop(
        'e9bb2d9ceb6c',
        'A10',
        '550.144.03',
        '2022-05-10T11:30:00Z',
        '2022-05-10T12:10:00Z',
        pci=('01',),
    ),
    'kaggle-docker-python-919-nnabla-1-14-needs-cudnn-8-image-ships-cudnn-7-pinned-to-1-13': Backdrop(
        'kaggle-python-gpu-image',
        'A10',
        '550.144.03',
        '2020-12-15T11:30:00Z',
        '2020-12-15T12:10:00Z',
        pci=('01',),
    ),
    'nixpkgs-321928-gpt4all-cuda-only-cpu-device-cuda-driver-is-a-stub-library-fixed-by-opengl-driver-lib-path': Backdrop(
        'system',
        'A10',
        '550.144.03',
        '2024-06-23T11:30:00Z',
        '2024-06-23T12:10:00Z',
        pci=('01',),
    ),
    'villa-1584-uv-lock-routes-torch-to-cuda-index-only-on-linux-windows-gets-cpu-only-build': Backdrop(
        'spiral-windows-ws',
        'A10',
        '550.144.03',
        '2026-08-24T11:30:00Z',
        '2026-08-24T12:10:00Z',
        pci=('01',),
    ),
    'sleap-nn-340-uv-tool-install-on-windows-pulls-cpu-torch-pypi-cannot-see-custom-cuda-index': Backdrop(
        'sleap-windows-ws',
        'A10',
        '550.144.03',
        '2025-09-26T11:30:00Z',
        '2025-09-26T12:10:00Z',
        pci=('01',),
    ),
    'frigate-6458-jetson-tensorrt-detector-libnvdla-compiler-not-found-container-started-without-nvidia-runtime': Backdrop(
        'jetson-frigate',
        'A10',
        '550.144.03',
        '2023-06-10T11:30:00Z',
        '2023-06-10T12:10:00Z',
        pci=('01',),
    ),
    'd-align-1-no-cuda-runtime-found-in-docker-container-created-without-gpu-option': Backdrop(
        'dalign-docker-host',
        'A10',
        '550.144.03',
        '2023-08-27T11:30:00Z',
        '2023-08-27T12:10:00Z',
        pci=('01',),
    ),
    'podman-desktop-11380-podman-gpu-on-fedora-nvml-insufficient-permissions-selinux-policy-not-configured': Backdrop(
        'fedora-podman-host',
        'A10',
        '550.144.03',
        '2025-02-26T11:30:00Z',
        '2025-02-26T12:10:00Z',
        pci=('01',),
    ),
    'insightface-1444-arcface-multi-node-nccl-unhandled-system-error-docker-bridge-network-fixed-with-host-network': Backdrop(
        'arcface-node2',
        'A10',
        '550.144.03',
        '2021-03-26T11:30:00Z',
        '2021-03-26T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'bluefin-3038-image-update-to-nvidia-580-breaks-gpu-containers-nvidia-container-cli-looks-for-575-libraries': Backdrop(
        'bluefin-ws',
        'A10',
        '550.144.03',
        '2025-08-21T11:30:00Z',
        '2025-08-21T12:10:00Z',
        pci=('01',),
    ),
    'pytorch-196869-b200-ci-illegal-memory-access-from-ci-image-cuda-13-0-2-vs-wheel-cublas-13-1-1-3-skew': Backdrop(
        'b200-ci-runner',
        'A10',
        '550.144.03',
        '2026-09-12T11:30:00Z',
        '2026-09-12T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'openpai-5672-one-gpu-sku-job-container-sees-all-gpus-nvidia-visible-devices-all-runtime-not-nvidia': Backdrop(
        'openpai-worker',
        'A10',
        '550.144.03',
        '2021-12-09T11:30:00Z',
        '2021-12-09T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'nvitop-134-no-such-process-holding-32-gib-on-gpu1-host-pid-seen-from-container-benign': Backdrop(
        'nvitop-container-host',
        'A10',
        '550.144.03',
        '2024-07-31T11:30:00Z',
        '2024-07-31T12:10:00Z',
        pci=('01', '02',),
    ),
    'piper-plus-532-cuda-12-6-base-image-with-cu121-torch-wheel-flagged-as-mismatch-bundled-runtime-works-benign': Backdrop(
        'piper-train-image',
        'A10',
        '550.144.03',
        '2026-05-21T11:30:00Z',
        '2026-05-21T12:10:00Z',
        pci=('01',),
    ),
    'docker-pytorch-35-cuda-11-3-image-on-cuda-11-4-host-looks-mismatched-works-fine-benign': Backdrop(
        'docker-pytorch-host',
        'A10',
        '550.144.03',
        '2022-01-05T11:30:00Z',
        '2022-01-05T12:10:00Z',
        pci=('01',),
    ),
    'spack-32157-upcxx-cuda-e4s-ci-build-fails-to-link-cuda-driver-api-in-gpu-less-container-expected-benign': Backdrop(
        'spack-e4s-ci',
        'A10',
        '550.144.03',
        '2022-08-15T11:30:00Z',
        '2022-08-15T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
