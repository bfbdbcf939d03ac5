"""heldout-public-335's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-335/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description).
Every case has one GPU at bus 01 (a stand-in, except frigate-3442, whose nvidia-smi prints bus 01:00.0).
Hosts are stand-ins except debian, Jasper and k8s-node1, which the evidence prints. The driver (550.144.03) is the
same stand-in for every case, so the version carries no signal. No case uses extra: no source quotes an exporter
value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'xiaoya-alist-347-emby-container-started-with-runc-runtime-not-nvidia-no-nvenc-transcode': Backdrop(
        'debian',
        'A10',
        '550.144.03',
        '2026-02-16T11:30:00Z',
        '2026-02-16T12:10:00Z',
        pci=('01',),
    ),
    'linuxserver-docker-plex-432-oci-prestart-hook-legacy-mode-fails-after-driver-580-update-cdi-fix': Backdrop(
        'arch-plex-host',
        'A10',
        '550.144.03',
        '2025-09-04T11:30:00Z',
        '2025-09-04T12:10:00Z',
        pci=('01',),
    ),
    'ollama-12323-docker-ollama-falls-back-to-cpu-after-days-gpu-discovery-lost-docker-cgroup-workaround': Backdrop(
        'ollama-docker-host',
        'A10',
        '550.144.03',
        '2025-09-17T11:30:00Z',
        '2025-09-17T12:10:00Z',
        pci=('01',),
    ),
    'discord-ollama-38-nvidia-container-cli-nvml-driver-library-version-mismatch-reverted-ollama-image': Backdrop(
        'discord-ollama-host',
        'A10',
        '550.144.03',
        '2024-04-10T11:30:00Z',
        '2024-04-10T12:10:00Z',
        pci=('01',),
    ),
    'truenas-apps-942-immich-cuda-ml-broken-after-24-10-upgrade-install-nvidia-drivers-unchecked': Backdrop(
        'truenas-scale',
        'A10',
        '550.144.03',
        '2024-11-18T11:30:00Z',
        '2024-11-18T12:10:00Z',
        pci=('01',),
    ),
    'frigate-22843-nvidia-gpu-missing-from-system-metrics-detector-only-gpu-stats-not-collected-benign': Backdrop(
        'frigate-nvr',
        'A10',
        '550.144.03',
        '2026-04-11T11:30:00Z',
        '2026-04-11T12:10:00Z',
        pci=('01',),
    ),
    'frigate-3442-nvidia-smi-in-container-shows-no-processes-they-appear-on-host-benign': Backdrop(
        'frigate-p400',
        'A10',
        '550.144.03',
        '2022-08-01T18:03:08Z',
        '2022-08-01T18:43:08Z',
        pci=('01',),
    ),
    'breedlove-postmortem-ollama-latency-spike-vs-code-remote-tunnel-holding-3gb-vram-on-rtx4090': Backdrop(
        'Jasper',
        'A10',
        '550.144.03',
        '2026-02-28T14:02:00Z',
        '2026-02-28T14:42:00Z',
        pci=('01',),
    ),
    'barzin-postmortem-immich-bulk-import-io-storm-starves-gpu-node-k8s-node1-reboot': Backdrop(
        'k8s-node1',
        'A10',
        '550.144.03',
        '2026-05-24T23:25:00Z',
        '2026-05-25T00:05:00Z',
        pci=('01',),
    ),
    'bash-ghost-homelab-postmortem-kernel-panic-after-power-outage-broken-gpu-driver-install-for-jellyfin': Backdrop(
        'master-node',
        'A10',
        '550.144.03',
        '2025-01-15T11:30:00Z',
        '2025-01-15T12:10:00Z',
        pci=('01',),
    ),
    'jellyfin-9177-nvidia-gpu-support-randomly-breaks-in-docker-container-memory-limited-to-2gb': Backdrop(
        'jellyfin-docker',
        'A10',
        '550.144.03',
        '2023-01-15T11:30:00Z',
        '2023-01-15T12:10:00Z',
        pci=('01',),
    ),
    'comfyui-81-cuda-oom-on-4gb-gpu0-at-128px-fixed-by-updating-comfyui-vram-fix': Backdrop(
        'comfyui-notebook',
        'A10',
        '550.144.03',
        '2023-03-15T11:30:00Z',
        '2023-03-15T12:10:00Z',
        pci=('01',),
    ),
    'subsai-121-subsai-webui-docker-compose-no-nvidia-gpu-fixed-by-gpus-all': Backdrop(
        'subsai-wsl2',
        'A10',
        '550.144.03',
        '2024-03-07T11:30:00Z',
        '2024-03-07T12:10:00Z',
        pci=('01',),
    ),
    'wyoming-piper-32-cuda-mode-silently-falls-back-to-cpu-onnxruntime-gpu-not-installed': Backdrop(
        'wyoming-piper-host',
        'A10',
        '550.144.03',
        '2025-09-30T11:30:00Z',
        '2025-09-30T12:10:00Z',
        pci=('01',),
    ),
    'printguard-100-nvidia-image-exits-on-start-libcudart-so-12-missing-cuda-runtime-not-in-image': Backdrop(
        'unraid-printguard',
        'A10',
        '550.144.03',
        '2026-08-12T10:07:30Z',
        '2026-08-12T10:47:30Z',
        pci=('01',),
    ),
    'docker-obico-32-cuda-image-libcudnn-so-9-missing-image-ships-cudnn8-cuda11-onnxruntime-needs-cudnn9': Backdrop(
        'obico-cuda-host',
        'A10',
        '550.144.03',
        '2025-06-23T11:30:00Z',
        '2025-06-23T12:10:00Z',
        pci=('01',),
    ),
    'docker-obico-27-obico-cuda-fails-after-image-update-libcudnn-so-9-missing-rollback-fixed': Backdrop(
        'obico-host',
        'A10',
        '550.144.03',
        '2024-12-11T10:12:55Z',
        '2024-12-11T10:52:55Z',
        pci=('01',),
    ),
    'nixpkgs-543096-nixos-immich-onnxruntime-cuda-provider-undefined-symbol-nvrtc-fixed-by-package-update': Backdrop(
        'nixos-immich',
        'A10',
        '550.144.03',
        '2026-07-18T11:30:00Z',
        '2026-07-18T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
