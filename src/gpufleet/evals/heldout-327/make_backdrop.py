"""heldout-public-327's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-327/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts are stand-ins except photoprism, Tower and servarr, which the evidence prints; bus numbers are 01..N in index
order (servarr's bus 01 is the one its worklog prints); the driver (550.144.03) is the same for every case.
No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'truenas-apps-631-immich-ml-cuda-socket-closed-migrated-containers-fixed-by-recreating': Backdrop(
        'truenas',
        'A10',
        '550.144.03',
        '2024-10-08T11:30:00Z',
        '2024-10-08T12:10:00Z',
        pci=('01',),
    ),
    'photoprism-2125-ffmpeg-in-2022-03-02-release-lacks-h264-nvenc-gpu-transcoding-gone': Backdrop(
        'photoprism',
        'A10',
        '550.144.03',
        '2022-03-05T11:30:00Z',
        '2022-03-05T12:10:00Z',
        pci=('01',),
    ),
    'jellyfin-5163-gtx970-hevc-cuvid-not-supported-transcode-fails-on-windows': Backdrop(
        'jellyfin-win',
        'A10',
        '550.144.03',
        '2021-02-04T11:30:00Z',
        '2021-02-04T12:10:00Z',
        pci=('01',),
    ),
    'localai-5189-rtx5090-no-nvidia-driver-found-for-image-generation-cuda-12-8-needed': Backdrop(
        'localai-host',
        'A10',
        '550.144.03',
        '2025-04-16T11:30:00Z',
        '2025-04-16T12:10:00Z',
        pci=('01',),
    ),
    'gitcode-blog-jellyfin-13279-gtx1050ti-av1-nvenc-unsupported-ffmpeg-exit-218': Backdrop(
        'jellyfin-bookworm',
        'A10',
        '550.144.03',
        '2024-12-24T11:30:00Z',
        '2024-12-24T12:10:00Z',
        pci=('01',),
    ),
    'livestreamdvr-272-reencoder-crash-docker-ffmpeg-cannot-find-nvenc-codec': Backdrop(
        'livestreamdvr',
        'A10',
        '550.144.03',
        '2022-09-02T11:30:00Z',
        '2022-09-02T12:10:00Z',
        pci=('01',),
    ),
    'whisper-asr-webservice-102-container-always-on-gpu0-not-gpu7-gpus-device-syntax': Backdrop(
        'asr-host',
        'A10',
        '550.144.03',
        '2023-10-18T11:30:00Z',
        '2023-10-18T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08',),
    ),
    'jellyfin-11139-nvenc-fails-when-compose-user-is-set-no-permission-on-nvidia-device': Backdrop(
        'jellyfin-suse',
        'A10',
        '550.144.03',
        '2024-03-11T11:30:00Z',
        '2024-03-11T12:10:00Z',
        pci=('01',),
    ),
    'video2x-1226-nvml-driver-library-version-mismatch-container-565-host-535': Backdrop(
        'linuxmint-host',
        'A10',
        '550.144.03',
        '2024-11-10T11:30:00Z',
        '2024-11-10T12:10:00Z',
        pci=('01',),
    ),
    'rhasspy-hassio-addons-21-faster-whisper-addon-cuda-driver-insufficient-image-not-cuda-built': Backdrop(
        'haos',
        'A10',
        '550.144.03',
        '2023-03-10T11:30:00Z',
        '2023-03-10T12:10:00Z',
        pci=('01',),
    ),
    'linuxserver-faster-whisper-4-container-stays-on-cpu-two-tesla-p40-image-has-no-cuda-runtime': Backdrop(
        'home-server',
        'A10',
        '550.144.03',
        '2024-01-07T11:30:00Z',
        '2024-01-07T12:10:00Z',
        pci=('01', '02',),
    ),
    'wyoming-faster-whisper-4-ha-addon-wrapper-omits-device-option-tesla-never-used': Backdrop(
        'unraid-haos',
        'A10',
        '550.144.03',
        '2023-10-19T11:30:00Z',
        '2023-10-19T12:10:00Z',
        pci=('01',),
    ),
    'emmyapi-homelab-servarr-vm-gpu-not-found-after-resize-gpu-added-twice-in-vm-config': Backdrop(
        'servarr',
        'A10',
        '550.144.03',
        '2025-07-21T11:30:00Z',
        '2025-07-21T12:10:00Z',
        pci=('01',),
    ),
    'nvidia-patch-388-plex-windows-capped-at-3-nvenc-streams-driver-461-92-patch-wrong-sequence': Backdrop(
        'plex-win10',
        'A10',
        '550.144.03',
        '2021-03-17T11:30:00Z',
        '2021-03-17T12:10:00Z',
        pci=('01',),
    ),
    'gpustat-unraid-5-kernel-resource-sanity-check-nvidia-bar-lines-on-each-poll-benign': Backdrop(
        'Tower',
        'A10',
        '550.144.03',
        '2020-06-18T17:37:26Z',
        '2020-06-18T18:17:26Z',
        pci=('01',),
    ),
    'gpustat-unraid-38-second-gpu-missing-from-gpu-stats-bound-to-vfio-for-vm-benign': Backdrop(
        'unraid-server',
        'A10',
        '550.144.03',
        '2022-04-30T11:30:00Z',
        '2022-04-30T12:10:00Z',
        pci=('01', '02',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
