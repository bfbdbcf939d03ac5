"""heldout-public-310's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-310/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description).
Hosts printed in the evidence (8294c4ac4c8f, 1f02ee14cb12, 96c7e3d99641, nmyjs_186_119) are used as printed; the other
hosts, the bus numbers (01..N in index order) and the driver (550.144.03, the same for every case) are stand-ins.
No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'nixpkgs-77834-ffmpeg-cannot-load-libcuda-non-nixos-host-lacks-run-opengl-driver': Backdrop(
        'nix-gpu-host01',
        'A10',
        '550.144.03',
        '2020-01-19T11:30:00Z',
        '2020-01-19T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'flatcar-1859-old-nvidia-runtime-sysext-release-incompatible-with-prebuilt-driver-sysext': Backdrop(
        'flatcar-gpu01',
        'A10',
        '550.144.03',
        '2025-08-20T11:30:00Z',
        '2025-08-20T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'cfgithubio-2202-gromacs-cuda-builds-removed-conda-forge-dropped-cuda-11-2': Backdrop(
        'cf-gpu01',
        'A10',
        '550.144.03',
        '2024-06-12T11:30:00Z',
        '2024-06-12T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'smp-172-dataloader-bus-error-insufficient-shm-docker-shm-size': Backdrop(
        'smp-docker01',
        'A10',
        '550.144.03',
        '2020-04-03T11:30:00Z',
        '2020-04-03T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'tritondev-61-rootless-podman-selinux-blocks-gpu-access-needs-label-disable': Backdrop(
        'podman-gpu01',
        'A10',
        '550.144.03',
        '2025-03-13T11:30:00Z',
        '2025-03-13T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'xdl-28-xdl-gpu-image-ships-driver-410-host-390-nvml-unknown-error-cpu-only': Backdrop(
        '8294c4ac4c8f',
        'A10',
        '550.144.03',
        '2018-12-25T11:30:00Z',
        '2018-12-25T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'dfl-110-dockerfile-installs-libnvidia-compute-overriding-injected-driver-libs': Backdrop(
        'dfl-docker01',
        'A10',
        '550.144.03',
        '2022-12-26T11:30:00Z',
        '2022-12-26T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'visionatrix-19-image-update-cuda-12-8-no-kernel-image-for-gtx-1070m': Backdrop(
        'visionatrix-node01',
        'A10',
        '550.144.03',
        '2025-05-26T11:30:00Z',
        '2025-05-26T12:10:00Z',
        pci=('01',),
    ),
    'gpustack-5886-cuda-12-9-runner-pod-refused-on-cuda-12-8-driver-requirement-check': Backdrop(
        'gpustack-node01',
        'A10',
        '550.144.03',
        '2026-07-16T11:30:00Z',
        '2026-07-16T12:10:00Z',
        pci=('01',),
    ),
    'hvd-503-benign-read-minus-1-expected-errno-1-messages-in-docker-harmless': Backdrop(
        '1f02ee14cb12',
        'A10',
        '550.144.03',
        '2018-09-18T11:30:00Z',
        '2018-09-18T12:10:00Z',
        pci=('01', '02', '03', '04',),
    ),
    'hvd-300-benign-read-minus-1-errno-1-on-p2-8xlarge-docker-not-privileged': Backdrop(
        '96c7e3d99641',
        'A10',
        '550.144.03',
        '2018-06-08T11:30:00Z',
        '2018-06-08T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'tlb-1580-benign-libnvinfer-so-7-tf-trt-warning-ignore': Backdrop(
        'tlb-runtime01',
        'A10',
        '550.144.03',
        '2023-02-12T11:30:00Z',
        '2023-02-12T12:10:00Z',
        pci=('01',),
    ),
    'pytorch-90673-conda-libcusparse-12-pulled-into-cuda-11-7-env-undefined-symbol': Backdrop(
        'conda-gpu01',
        'A10',
        '550.144.03',
        '2022-12-11T11:30:00Z',
        '2022-12-11T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'openlit-713-gpu-collector-container-busy-loop-100-percent-cpu': Backdrop(
        'openlit-node01',
        'A10',
        '550.144.03',
        '2025-04-29T11:30:00Z',
        '2025-04-29T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'jetson-3-l4t-container-without-runtime-nvidia-no-cudnn-libraries': Backdrop(
        'jetson-nano01',
        'A10',
        '550.144.03',
        '2020-05-09T11:30:00Z',
        '2020-05-09T12:10:00Z',
        pci=('01',),
    ),
    'hvd-212-horovod-mpi-in-docker-two-node-hang-tcp-on-docker-interfaces': Backdrop(
        'nmyjs_186_119',
        'A10',
        '550.144.03',
        '2018-03-14T11:30:00Z',
        '2018-03-14T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
