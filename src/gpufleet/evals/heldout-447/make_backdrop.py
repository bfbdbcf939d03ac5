"""heldout-public-447's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-447/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description); hosts are
stand-ins except svdev (lxd-5433), pai-worker1 (ncr-154) (printed by the evidence); every case has one GPU
(no source states a GPU count) except synaplan-331, whose host has no NVIDIA GPU (no GPU row); bus numbers are stand-ins
(01; lxd-5433's evidence prints 0000:01:00.0, which the stand-in matches); the driver (550.144.03) is the same stand-in for
every case. No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'cuda-python-17-wsl2-cuinit-failed-to-dlopen-libcuda-wsl-lib-dir-not-in-dlopen-search-path': Backdrop(
        'wsl2-dev-01',
        'A10',
        '550.144.03',
        '2022-02-22T11:30:00Z',
        '2022-02-22T12:10:00Z',
        pci=('01',),
    ),
    'k8s-device-plugin-1805-nvml-init-error-library-not-found-containerd-runtime-handler-not-configured': Backdrop(
        'k8s-gpu-node-01',
        'A10',
        '550.144.03',
        '2026-05-24T11:30:00Z',
        '2026-05-24T12:10:00Z',
        pci=('01',),
    ),
    'synaplan-331-compose-gpu-reservation-on-host-without-nvidia-gpu-could-not-select-device-driver': Backdrop(
        'synaplan-dev-01',
        'A10',
        '550.144.03',
        '2026-01-09T11:30:00Z',
        '2026-01-09T12:10:00Z',
        pci=(),
    ),
    'llama-cpp-3520-only-one-cuda-device-visible-on-mig-gpu-one-mig-instance-per-process-by-design-benign': Backdrop(
        'mig-gpu-01',
        'A10',
        '550.144.03',
        '2023-10-07T11:30:00Z',
        '2023-10-07T12:10:00Z',
        pci=('01',),
    ),
    'nvidia-container-toolkit-378-docker-unknown-or-invalid-runtime-name-nvidia-runtime-config-not-applied': Backdrop(
        'docker-gpu-host-01',
        'A10',
        '550.144.03',
        '2024-03-05T11:30:00Z',
        '2024-03-05T12:10:00Z',
        pci=('01',),
    ),
    'lxd-5433-lxd-container-gpu-fails-host-nvidia-uvm-and-nvidia-drm-modules-not-loaded': Backdrop(
        'svdev',
        'A10',
        '550.144.03',
        '2019-01-26T11:30:00Z',
        '2019-01-26T12:10:00Z',
        pci=('01',),
    ),
    'netdata-glibc-2-unknown-runtime-nvidia-docker-daemon-not-restarted-after-daemon-json-edit': Backdrop(
        'netdata-gpu-host-01',
        'A10',
        '550.144.03',
        '2019-05-29T11:30:00Z',
        '2019-05-29T12:10:00Z',
        pci=('01',),
    ),
    'ray-48269-vsphere-gpu-passthrough-64bit-mmio-size-hardcoded-64gb-too-small-for-gpu': Backdrop(
        'vsphere-gpu-vm-01',
        'A10',
        '550.144.03',
        '2024-10-25T11:30:00Z',
        '2024-10-25T12:10:00Z',
        pci=('01',),
    ),
    'gpustat-102-no-gpu-metrics-for-mig-gpu-in-kubernetes-no-root-gpu-permission-nvml-mig-unaware-benign': Backdrop(
        'k8s-mig-node-01',
        'A10',
        '550.144.03',
        '2021-06-22T11:30:00Z',
        '2021-06-22T12:10:00Z',
        pci=('01',),
    ),
    'nvidia-container-runtime-154-openpai-worker-requirement-default-runtime-not-set-to-nvidia': Backdrop(
        'pai-worker1',
        'A10',
        '550.144.03',
        '2021-09-30T11:30:00Z',
        '2021-09-30T12:10:00Z',
        pci=('01',),
    ),
    'gpu-operator-432-no-runtime-for-nvidia-configured-containerd-config-regenerated-systemd-cgroup': Backdrop(
        'k8s-gpu-node-02',
        'A10',
        '550.144.03',
        '2023-10-13T11:30:00Z',
        '2023-10-13T12:10:00Z',
        pci=('01',),
    ),
    'ucore-359-docker-containers-not-using-gpu-nvidia-runtime-unknown-until-nvidia-ctk-runtime-configure': Backdrop(
        'ucore-nvidia-01',
        'A10',
        '550.144.03',
        '2026-03-17T11:30:00Z',
        '2026-03-17T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
