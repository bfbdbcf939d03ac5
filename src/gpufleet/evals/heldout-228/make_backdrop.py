"""heldout-public-228's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-228/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts, bus numbers (no source prints one) and the driver (550.144.03, the same for every case) are stand-ins.
No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'mattshma-bigdata-108-jupyter-container-started-with-docker-not-nvidia-docker-nvidia-smi-fails': Backdrop(
        'jupyter-docker-host',
        'A10',
        '550.144.03',
        '2018-01-23T11:30:00Z',
        '2018-01-23T12:10:00Z',
        pci=('01',),
    ),
    'llamafactory-182-cuda-visible-devices-5-overwritten-job-ran-on-busy-gpu0-oom': Backdrop(
        'llamafactory-8gpu-host',
        'A10',
        '550.144.03',
        '2023-07-18T11:30:00Z',
        '2023-07-18T12:10:00Z',
        pci=('18', '2a', '3a', '5d', '9a', 'ab', 'ba', 'db'),
    ),
    'tkestack-gpu-manager-96-node-lacks-vcuda-resources-gpu-manager-not-running': Backdrop(
        'k8s-gpu-node-vcuda',
        'A10',
        '550.144.03',
        '2021-05-27T11:30:00Z',
        '2021-05-27T12:10:00Z',
        pci=('01',),
    ),
    'ai-starthon-220-nsml-session-killed-by-oom-killer-above-requested-memory': Backdrop(
        'nsml-session-node-a',
        'A10',
        '550.144.03',
        '2019-07-30T11:30:00Z',
        '2019-07-30T12:10:00Z',
        pci=('01',),
    ),
    'khd2020-54-nsml-session-exits-on-start-host-memory-overuse-133-killed': Backdrop(
        'nsml-session-node-b',
        'A10',
        '550.144.03',
        '2020-09-21T11:30:00Z',
        '2020-09-21T12:10:00Z',
        pci=('01',),
    ),
    'khd2019-19-nsml-session-killed-user-session-exited-memory-suspected': Backdrop(
        'nsml-session-node-c',
        'A10',
        '550.144.03',
        '2019-11-29T11:30:00Z',
        '2019-11-29T12:10:00Z',
        pci=('01',),
    ),
    'khd2020-38-nsml-session-stuck-allocating-after-client-killed-holds-gpu': Backdrop(
        'nsml-session-node-d',
        'A10',
        '550.144.03',
        '2020-09-21T11:30:00Z',
        '2020-09-21T12:10:00Z',
        pci=('01',),
    ),
    'smartsub-315-app-reports-no-gpu-after-driver-610-nvidia-smi-format-change-benign': Backdrop(
        'smartsub-desktop',
        'A10',
        '550.144.03',
        '2026-06-02T11:30:00Z',
        '2026-06-02T12:10:00Z',
        pci=('01',),
    ),
    'zte-img-denoise-5-cuda-oom-model-needs-18g-on-10g-card': Backdrop(
        'denoise-train-host',
        'A10',
        '550.144.03',
        '2022-05-03T11:30:00Z',
        '2022-05-03T12:10:00Z',
        pci=('01',),
    ),
    'w-okada-voice-changer-993-cuda-error-system-cuda-on-path-conflicts-with-bundled-gpu-build': Backdrop(
        'vc-windows-pc',
        'A10',
        '550.144.03',
        '2023-11-10T11:30:00Z',
        '2023-11-10T12:10:00Z',
        pci=('01',),
    ),
    'w-okada-voice-changer-250-gpu-init-passthrough-not-supported-message-is-gui-only-benign': Backdrop(
        'vc-rtx3060-pc',
        'A10',
        '550.144.03',
        '2023-05-23T21:48:00Z',
        '2023-05-23T22:28:00Z',
        pci=('01',),
    ),
    'paddleocr-331-training-hangs-gpu-util-0-reader-processes-defunct-queue-size-too-large': Backdrop(
        'ocr-train-2080ti',
        'A10',
        '550.144.03',
        '2020-07-14T11:30:00Z',
        '2020-07-14T12:10:00Z',
        pci=('01',),
    ),
    'deep-packet-4-gpus-requested-but-none-available-environment-installs-cpu-only-pytorch': Backdrop(
        'deep-packet-1080ti',
        'A10',
        '550.144.03',
        '2021-01-10T11:30:00Z',
        '2021-01-10T12:10:00Z',
        pci=('01',),
    ),
    'gpt-academic-984-chatglm-very-slow-on-rtx-4090-cpu-build-of-torch-not-compiled-with-cuda': Backdrop(
        'gpt-academic-4090-pc',
        'A10',
        '550.144.03',
        '2023-07-23T11:30:00Z',
        '2023-07-23T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
