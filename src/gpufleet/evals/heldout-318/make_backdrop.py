"""heldout-public-318's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-318/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts (except compate187 and xzez83263reggo, which the evidence prints), GPU counts where the source is silent,
bus numbers (01..N in index order) and the driver (550.144.03, the same for every case) are stand-ins.
No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'docker-for-win-13835-nvidia-container-cli-libnvidia-ml-load-failed-host-drivers-not-installed': Backdrop(
        'win-docker-host',
        'A10',
        '550.144.03',
        '2024-05-23T11:30:00Z',
        '2024-05-23T12:10:00Z',
        pci=('01',),
    ),
    'jax-29843-unable-to-load-cusparse-system-cuda-on-ld-library-path-shadows-pip-cuda-wheels': Backdrop(
        'jax-node01',
        'A10',
        '550.144.03',
        '2025-07-03T11:30:00Z',
        '2025-07-03T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'frigate-6666-stable-tensorrt-image-no-supported-gpu-rtx-4060-ti-tensorrt-base-too-old': Backdrop(
        'frigate-host',
        'A10',
        '550.144.03',
        '2023-06-01T11:30:00Z',
        '2023-06-01T12:10:00Z',
        pci=('01',),
    ),
    'cactus-1343-nvidia-driver-not-detected-in-docker-container-toolkit-missing-on-host': Backdrop(
        'compate187',
        'A10',
        '550.144.03',
        '2024-04-07T11:30:00Z',
        '2024-04-07T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'syno-nvidia-driver-10-compose-gpu-reservations-fail-container-runtime-not-installed-with-driver-package': Backdrop(
        'synology-nas',
        'A10',
        '550.144.03',
        '2026-09-11T11:30:00Z',
        '2026-09-11T12:10:00Z',
        pci=('01',),
    ),
    'microk8s-core-addons-272-gpus-not-exposed-to-pods-nvidia-not-default-containerd-runtime': Backdrop(
        'microk8s-gpu01',
        'A10',
        '550.144.03',
        '2024-04-11T11:30:00Z',
        '2024-04-11T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'hami-469-gpu-pod-crashloop-libcuda-missing-after-envvar-when-unprivileged-false': Backdrop(
        'hami-node01',
        'A10',
        '550.144.03',
        '2024-09-05T11:30:00Z',
        '2024-09-05T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'minikube-15123-nvidia-driver-installer-addon-init-fails-driver-image-lacks-python3': Backdrop(
        'minikube',
        'A10',
        '550.144.03',
        '2022-10-13T11:30:00Z',
        '2022-10-13T12:10:00Z',
        pci=('01',),
    ),
    'bluefin-3561-nvidia-container-toolkit-dropped-from-f43-images-rpm6-signing': Backdrop(
        'bluefin-ws',
        'A10',
        '550.144.03',
        '2025-11-01T11:30:00Z',
        '2025-11-01T12:10:00Z',
        pci=('01',),
    ),
    'nvidia-gpu-prometheus-exporter-11-fanspeed-nvml-not-supported-error-lines-benign': Backdrop(
        'exporter-node01',
        'A10',
        '550.144.03',
        '2019-06-25T11:30:00Z',
        '2019-06-25T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'chroma-11-docker-image-runs-on-cpu-only-torch-installed-without-cuda': Backdrop(
        'chroma-gpu-host',
        'A10',
        '550.144.03',
        '2023-11-20T11:30:00Z',
        '2023-11-20T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'viseron-1451-amd64-cuda-image-onnxruntime-gpu-1-27-cuda13-silent-cpu-fallback': Backdrop(
        'viseron-host',
        'A10',
        '550.144.03',
        '2026-08-18T11:30:00Z',
        '2026-08-18T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'roboflow-inference-230-gpu-dockerfile-installs-onnxruntime-suppressing-onnxruntime-gpu': Backdrop(
        'inference-gpu01',
        'A10',
        '550.144.03',
        '2024-01-16T11:30:00Z',
        '2024-01-16T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'runpod-worker-inswapper-3-cpuexecutionprovider-log-on-gpu-pod-expected-by-design': Backdrop(
        'xzez83263reggo',
        'A10',
        '550.144.03',
        '2024-01-18T16:34:27Z',
        '2024-01-18T17:14:27Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
