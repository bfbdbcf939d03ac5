"""heldout-public-374's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-374/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except 00-25-90-c0-f7-c8, which the evidence prints), GPU counts, bus numbers (01..N in index order) and the
driver (550.144.03, the same for every case) are stand-ins. No case uses extra: no source quotes an exporter value
as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'tinygrad-47-nvml-driver-library-version-mismatch-run-installer-570-124-04-vs-p2p-kernel-modules-570-124-06': Backdrop(
        'p2p-gpu-node',
        'A10',
        '550.144.03',
        '2025-10-15T11:30:00Z',
        '2025-10-15T12:10:00Z',
        pci=('01',),
    ),
    'nctk-1084-cudaerrorsystemdrivermismatch-803-compat-libcuda-inherited-from-nvidia-cuda-base-image': Backdrop(
        'cuda-svc-node',
        'A10',
        '550.144.03',
        '2025-05-15T11:30:00Z',
        '2025-05-15T12:10:00Z',
        pci=('01',),
    ),
    'ramalama-759-ptx-compiled-with-unsupported-toolchain-container-cuda-12-8-on-host-driver-cuda-12-7': Backdrop(
        'fedora41-gpu',
        'A10',
        '550.144.03',
        '2025-02-07T11:30:00Z',
        '2025-02-07T12:10:00Z',
        pci=('01',),
    ),
    'nctk-1679-thor-cudaerrorsystemdrivermismatch-803-toolkit-injects-cuda-compat-libs-by-unreliable-host-driver-version': Backdrop(
        'thor-node',
        'A10',
        '550.144.03',
        '2026-02-25T11:30:00Z',
        '2026-02-25T12:10:00Z',
        pci=('01',),
    ),
    'testinfra-5852-docker-gpus-all-fails-imex-channel-parse-error-nvidia-container-toolkit-1-17-0-release': Backdrop(
        'ci-gpu-runner',
        'A10',
        '550.144.03',
        '2024-11-01T11:30:00Z',
        '2024-11-01T12:10:00Z',
        pci=('01',),
    ),
    'yumkmod-35-nvidia-smi-fails-after-kernel-update-no-precompiled-kmod-nvidia-package-for-new-rhel-kernel': Backdrop(
        'rhel8-gpu-node',
        'A10',
        '550.144.03',
        '2022-07-26T11:30:00Z',
        '2022-07-26T12:10:00Z',
        pci=('01',),
    ),
    'k8sdp-406-device-plugin-crashloopbackoff-k3s-containerd-nvidia-runtime-defined-but-not-default': Backdrop(
        'k3s-gpu-node',
        'A10',
        '550.144.03',
        '2023-06-05T11:30:00Z',
        '2023-06-05T12:10:00Z',
        pci=('01',),
    ),
    'k8sdp-52-device-plugin-fails-on-cpu-node-nvidia-default-runtime-installed-cuda-error-unknown': Backdrop(
        '00-25-90-c0-f7-c8',
        'A10',
        '550.144.03',
        '2018-05-29T11:30:00Z',
        '2018-05-29T12:10:00Z',
        pci=(),
    ),
    'k8sweb-4668-pod-with-gpu-limit-1-sees-all-gpus-because-of-privileged-mode': Backdrop(
        'k8s-gpu-node',
        'A10',
        '550.144.03',
        '2017-08-07T11:30:00Z',
        '2017-08-07T12:10:00Z',
        pci=('03', '04'),
    ),
    'docker-1083-docker-compose-nvidia-visible-devices-0-ignored-all-gpus-visible-privileged-true': Backdrop(
        'compose-gpu-host',
        'A10',
        '550.144.03',
        '2019-09-21T11:30:00Z',
        '2019-09-21T12:10:00Z',
        pci=('01', '02'),
    ),
    'docker-1000-gpu-isolation-fails-both-k80-used-nvidia-visible-devices-written-as-cuda-visible-devices': Backdrop(
        'rhel76-ppc64le',
        'A10',
        '550.144.03',
        '2019-06-24T11:30:00Z',
        '2019-06-24T12:10:00Z',
        pci=('01', '02'),
    ),
    'enroot-265-pyxis-enroot-gpu-container-start-fails-in-k8s-pod-nvidia-persistenced-socket-mount-denied': Backdrop(
        'slinky-slurmd-pod',
        'A10',
        '550.144.03',
        '2026-03-27T11:30:00Z',
        '2026-03-27T12:10:00Z',
        pci=('01',),
    ),
    'dcgmexp-33-could-not-select-device-driver-with-capabilities-gpu-nvidia-container-toolkit-not-installed': Backdrop(
        'dcgm-exporter-host',
        'A10',
        '550.144.03',
        '2021-12-08T11:30:00Z',
        '2021-12-08T12:10:00Z',
        pci=('01',),
    ),
    'docker-1071-ngc-container-nvidia-driver-not-detected-docker-19-03-run-without-gpus-flag': Backdrop(
        'tf-gpu-node',
        'A10',
        '550.144.03',
        '2019-09-14T11:30:00Z',
        '2019-09-14T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    'omv-1102-nvidia-driver-not-working-after-kernel-update-dkms-module-not-built-missing-kernel-headers': Backdrop(
        'omv-laptop',
        'A10',
        '550.144.03',
        '2015-05-24T11:30:00Z',
        '2015-05-24T12:10:00Z',
        pci=('01',),
    ),
    'archinstall-585-nvidia-dkms-installed-without-matching-kernel-headers-module-not-built': Backdrop(
        'arch-zen-host',
        'A10',
        '550.144.03',
        '2021-06-19T11:30:00Z',
        '2021-06-19T12:10:00Z',
        pci=('01',),
    ),
    'apptainer-1201-single-a100-no-devices-seen-in-container-nvidia-persistenced-not-running': Backdrop(
        'a100-gpu-node',
        'A10',
        '550.144.03',
        '2023-03-16T11:30:00Z',
        '2023-03-16T12:10:00Z',
        pci=('01',),
    ),
    'nctk-351-gpu-not-detected-during-docker-build-by-design-build-sandbox-has-no-gpu-access-benign': Backdrop(
        'docker-build-host',
        'A10',
        '550.144.03',
        '2024-02-12T11:30:00Z',
        '2024-02-12T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
