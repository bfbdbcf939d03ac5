"""heldout-public-366's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-366/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except debian and paowall, which the evidence prints), GPU counts, bus numbers (01..N in index order) and the
driver (550.144.03, the same for every case) are stand-ins. No case uses extra: no source quotes an exporter value
as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'nvdocker-24-devicequery-cuda-driver-insufficient-container-started-without-driver-libraries-use-nvidia-docker-wrapper': Backdrop(
        'docker-gpu-01',
        'A10',
        '550.144.03',
        '2015-12-21T11:30:00Z',
        '2015-12-21T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'pytorch-6098-torch-cuda-is-available-false-cuda-9-2-toolkit-on-driver-390-reinstall-driver-fixed': Backdrop(
        'ubuntu-gpu-01',
        'A10',
        '550.144.03',
        '2018-08-05T11:30:00Z',
        '2018-08-05T12:10:00Z',
        pci=('01',),
    ),
    'nvct-108-nvidia-container-cli-unknown-device-after-toolkit-1-14-0-upgrade-patch-release-1-14-1-amis-reverted': Backdrop(
        'ami-gpu-node',
        'A10',
        '550.144.03',
        '2023-09-08T11:30:00Z',
        '2023-09-08T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'nvct-59-docker-gpu-containers-fail-after-debian-package-update-stale-toolkit-rc-package-vs-split-packages': Backdrop(
        'debian-gpu-01',
        'A10',
        '550.144.03',
        '2023-06-23T11:30:00Z',
        '2023-06-23T12:10:00Z',
        pci=('01',),
    ),
    'k8sdp-87-all-node-gpus-visible-in-pod-without-gpu-limit-nvidia-default-runtime-device-plugin-api-limitation': Backdrop(
        'k8s-gpu-node',
        'A10',
        '550.144.03',
        '2019-01-02T11:30:00Z',
        '2019-01-02T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'k8sdp-314-device-plugin-failed-to-load-nvml-containerd-missing-default-runtime-name-nvidia': Backdrop(
        'k8s-gpu-node',
        'A10',
        '550.144.03',
        '2022-06-23T11:30:00Z',
        '2022-06-23T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'k8sdp-302-device-plugin-not-working-on-k8s-1-24-containerd-not-configured-for-nvidia-container-runtime': Backdrop(
        'debian',
        'A10',
        '550.144.03',
        '2022-05-06T11:30:00Z',
        '2022-05-06T12:10:00Z',
        pci=('01',),
    ),
    'anaconda-12302-conda-update-installs-non-gpu-pytorch-build-channel-priority-defaults-over-pytorch': Backdrop(
        'conda-gpu-ws',
        'A10',
        '550.144.03',
        '2021-03-01T11:30:00Z',
        '2021-03-01T12:10:00Z',
        pci=('01',),
    ),
    'rfdiffusion-119-conda-environment-channel-order-installs-cpu-pytorch-gpu-not-utilized': Backdrop(
        'rfd-gpu-01',
        'A10',
        '550.144.03',
        '2023-09-05T11:30:00Z',
        '2023-09-05T12:10:00Z',
        pci=('01',),
    ),
    'negativo17-75-nvidia-module-cannot-load-nouveau-always-loaded-after-fedora-upgrade-install-nouveau-bin-true': Backdrop(
        'paowall',
        'A10',
        '550.144.03',
        '2019-02-19T11:30:00Z',
        '2019-02-19T12:10:00Z',
        pci=('01',),
    ),
    'nvflare-5038-slurm-apptainer-launch-does-not-forward-scheduler-gpu-visibility-into-container': Backdrop(
        'slurm-gpu-01',
        'A10',
        '550.144.03',
        '2026-08-05T11:30:00Z',
        '2026-08-05T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'akash-131-unattended-upgrades-update-nvidia-driver-nvidia-smi-hangs-device-plugin-stuck-reboot-nodes': Backdrop(
        'akash-gpu-node',
        'A10',
        '550.144.03',
        '2023-09-30T11:30:00Z',
        '2023-09-30T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'fusedssim-19-docker-build-without-gpu-falls-back-to-wrong-cuda-arch-no-kernel-image-at-runtime': Backdrop(
        'ssim-gpu-01',
        'A10',
        '550.144.03',
        '2025-07-19T11:30:00Z',
        '2025-07-19T12:10:00Z',
        pci=('01',),
    ),
    'tla-29-gpu-less-docker-build-silently-builds-cpu-only-extension-crashes-on-gpu-tensors-force-cuda': Backdrop(
        'tla-build-01',
        'A10',
        '550.144.03',
        '2026-03-31T11:30:00Z',
        '2026-03-31T12:10:00Z',
        pci=('01',),
    ),
    'clearlinux-2042-nvidia-module-rejected-module-sig-force-installer-removes-signing-keys': Backdrop(
        'clr-gpu-ws',
        'A10',
        '550.144.03',
        '2020-06-30T11:30:00Z',
        '2020-06-30T12:10:00Z',
        pci=('01',),
    ),
    'pcluster-37-pyxis-post-install-script-skips-nvidia-container-cli-when-nvidia-smi-present': Backdrop(
        'pcluster-gpu-worker',
        'A10',
        '550.144.03',
        '2024-09-09T11:30:00Z',
        '2024-09-09T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'gpuop-172-device-plugin-crashloop-on-cri-o-gpu-operator-1-6-2-moved-runtime-hook-dir-not-in-crio-hooks-dir': Backdrop(
        'crio-gpu-node',
        'A10',
        '550.144.03',
        '2021-03-21T11:30:00Z',
        '2021-03-21T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'nvdocker-1237-container-reports-host-driver-cuda-version-not-image-cuda-by-design-benign': Backdrop(
        'docker-gpu-02',
        'A10',
        '550.144.03',
        '2020-10-05T11:30:00Z',
        '2020-10-05T12:10:00Z',
        pci=('01',),
    ),
    'nvdocker-1588-cuda-10-1-container-runs-on-driver-384-forward-compatibility-not-a-fault-benign': Backdrop(
        'docker-gpu-03',
        'A10',
        '550.144.03',
        '2022-01-10T11:30:00Z',
        '2022-01-10T12:10:00Z',
        pci=('01',),
    ),
    'fasterrcnn-15-torch-cuda-unavailable-during-docker-build-gpus-absent-at-build-by-design-benign': Backdrop(
        'gpu-deploy-01',
        'A10',
        '550.144.03',
        '2017-09-21T11:30:00Z',
        '2017-09-21T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'dcgmexp-365-dcgm-exporter-no-dcp-metrics-on-rtx-3090-consumer-gpu-not-supported-benign': Backdrop(
        'k8s-3090-node',
        'A10',
        '550.144.03',
        '2024-07-23T11:30:00Z',
        '2024-07-23T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'apollo-12567-dev-start-script-warns-nvidia-docker-deprecated-though-container-toolkit-installed-gpus-work-benign': Backdrop(
        'apollo-dev-01',
        'A10',
        '550.144.03',
        '2020-09-16T11:30:00Z',
        '2020-09-16T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
