"""heldout-public-390's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-390/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (all stand-ins: no kept excerpt prints a usable host name), GPU counts, bus numbers (01..N in index order) and the
driver (550.144.03, the same for every case) are stand-ins. No case uses extra: no source quotes an exporter value
as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'nvdocker-1424-cuda-11-image-fails-in-container-ldconfig-path-in-runtime-config-runs-container-ldconfig': Backdrop(
        'docker-gpu-host',
        'A10',
        '550.144.03',
        '2020-12-07T11:30:00Z',
        '2020-12-07T12:10:00Z',
        pci=('01',),
    ),
    'tgi-1711-gke-pod-cannot-find-libcuda-so-ld-cache-not-updated-without-nvidia-container-runtime': Backdrop(
        'gke-gpu-node',
        'A10',
        '550.144.03',
        '2024-04-05T11:30:00Z',
        '2024-04-05T12:10:00Z',
        pci=('01',),
    ),
    'dashdot-1226-image-update-requires-cuda-12-8-requirement-error-on-550-driver-fixed-by-570-driver': Backdrop(
        'dashdot-host',
        'A10',
        '550.144.03',
        '2025-07-08T11:30:00Z',
        '2025-07-08T12:10:00Z',
        pci=('01',),
    ),
    'cupy-10295-ci-runners-modprobe-nvidia-drm-not-found-r615-cuda-repo-dropped-proprietary-kernel-modules': Backdrop(
        'flexci-t4-runner',
        'A10',
        '550.144.03',
        '2026-09-09T16:52:00Z',
        '2026-09-09T17:32:00Z',
        pci=('01',),
    ),
    'gvisor-9846-h100-nvproxy-unknown-control-command-no-cuda-device-driver-version-and-missing-ioctls': Backdrop(
        'gvisor-h100-vm',
        'A10',
        '550.144.03',
        '2023-12-29T11:30:00Z',
        '2023-12-29T12:10:00Z',
        pci=('01',),
    ),
    'apptainer-1177-nvccli-read-only-file-system-writable-tmpfs-set-before-gpu-options-regression-3-11-0': Backdrop(
        'singularity-host',
        'A10',
        '550.144.03',
        '2023-03-08T11:30:00Z',
        '2023-03-08T12:10:00Z',
        pci=('01',),
    ),
    'nvcrt-85-rootless-podman-nvidia-container-cli-cuda-error-unknown-needs-no-cgroups-and-root-created-devices': Backdrop(
        'centos77-gpu',
        'A10',
        '550.144.03',
        '2019-10-25T11:30:00Z',
        '2019-10-25T12:10:00Z',
        pci=('01',),
    ),
    'svoboda-triton-rootless-podman-cudagetdevicecount-err-3-nvidia-cap-not-passed-in-user-namespace': Backdrop(
        'rootless-podman-host',
        'A10',
        '550.144.03',
        '2025-06-01T11:30:00Z',
        '2025-06-01T12:10:00Z',
        pci=('01',),
    ),
    'k8sdp-203-ngc-image-sets-nvidia-visible-devices-pod-without-gpu-request-fails-insufficient-privileges': Backdrop(
        'k8s-gpu-node',
        'A10',
        '550.144.03',
        '2020-11-05T11:30:00Z',
        '2020-11-05T12:10:00Z',
        pci=('01',),
    ),
    'k8sdp-71-pod-with-two-gpu-containers-requests-two-gpus-insufficient-nvidia-com-gpu': Backdrop(
        'k8s-gpu-node',
        'A10',
        '550.144.03',
        '2018-08-30T11:30:00Z',
        '2018-08-30T12:10:00Z',
        pci=('01',),
    ),
    'microk8s-3959-device-plugin-finds-no-gpu-containerd-toml-reverted-on-restart-edit-template': Backdrop(
        'microk8s-node',
        'A10',
        '550.144.03',
        '2023-05-09T11:30:00Z',
        '2023-05-09T12:10:00Z',
        pci=('01',),
    ),
    'volcano-155-vgpu-device-plugin-nvml-library-not-found-default-runc-runtime-needs-runtimeclassname': Backdrop(
        'containerd-gpu-node',
        'A10',
        '550.144.03',
        '2026-09-02T11:30:00Z',
        '2026-09-02T12:10:00Z',
        pci=('01',),
    ),
    'k8sdp-139-docker-19-03-gpus-flag-works-but-device-plugin-cannot-load-nvml-default-runtime-not-nvidia': Backdrop(
        'k8s-docker-node',
        'A10',
        '550.144.03',
        '2019-09-30T11:30:00Z',
        '2019-09-30T12:10:00Z',
        pci=('01',),
    ),
    'pytorch-21259-pytorch-image-torch-cuda-is-available-false-container-found-no-cuda-gpu': Backdrop(
        'pytorch-docker-host',
        'A10',
        '550.144.03',
        '2019-06-02T11:30:00Z',
        '2019-06-02T12:10:00Z',
        pci=('01',),
    ),
    'kiosk-91-tensorflow-container-ignores-k80-compute-capability-3-7-below-required-5-2': Backdrop(
        'aws-k80-node',
        'A10',
        '550.144.03',
        '2018-11-26T11:30:00Z',
        '2018-11-26T12:10:00Z',
        pci=('01',),
    ),
    'ailab-30-container-19-09-tensorflow-ignores-k80-gpus-compute-capability-below-6-0': Backdrop(
        'ai-lab-k80-host',
        'A10',
        '550.144.03',
        '2019-12-04T11:30:00Z',
        '2019-12-04T12:10:00Z',
        pci=('01',),
    ),
    'nvdocker-572-container-start-nvidia-container-cli-driver-service-forced-terminate-driver-issue': Backdrop(
        'docker-gpu-572',
        'A10',
        '550.144.03',
        '2017-12-27T11:30:00Z',
        '2017-12-27T12:10:00Z',
        pci=('01',),
    ),
    'nvdocker-225-nvidia-smi-not-found-during-docker-build-driver-files-mounted-at-run-time-benign': Backdrop(
        'docker-build-host',
        'A10',
        '550.144.03',
        '2016-10-20T11:30:00Z',
        '2016-10-20T12:10:00Z',
        pci=('01',),
    ),
    'brck-827-nvidia-ctk-cdi-missing-optional-library-warnings-misled-builders-benign': Backdrop(
        'bottlerocket-nvidia-node',
        'A10',
        '550.144.03',
        '2026-02-10T11:30:00Z',
        '2026-02-10T12:10:00Z',
        pci=('01',),
    ),
    'shine-116-docker-in-slurm-job-bypasses-cgroup-user-asks-1-gpu-container-sees-10': Backdrop(
        'dagobah',
        'A10',
        '550.144.03',
        '2022-05-10T11:30:00Z',
        '2022-05-10T12:10:00Z',
        pci=('01','02','03','04','05','06','07','08','09','10',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
