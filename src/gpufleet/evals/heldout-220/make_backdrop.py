"""heldout-public-220's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-220/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts, bus numbers (except bus 0b of the Jay case, printed by its driver line) and the driver (550.144.03, the same
for every case) are stand-ins. No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'ccminer-msvc2015-26-gtx1060-lyra2z-illegal-memory-access-too-high-intensity': Backdrop(
        'win10-gtx1060-lyra2z',
        'A10',
        '550.144.03',
        '2017-11-23T11:30:00Z',
        '2017-11-23T12:10:00Z',
        pci=('01',),
    ),
    'jellyfin-2395-docker-nvenc-transcode-fails-host-missing-libnvcuvid-libnvidia-encode': Backdrop(
        'jellyfin-docker-host',
        'A10',
        '550.144.03',
        '2020-02-10T11:30:00Z',
        '2020-02-10T12:10:00Z',
        pci=('01',),
    ),
    'qmplay2-548-cuvid-cuda-unavailable-after-suspend-resume-nvidia-driver-bug-reload-or-reboot': Backdrop(
        'ubuntu-qmplay2-desktop',
        'A10',
        '550.144.03',
        '2022-11-08T15:36:00Z',
        '2022-11-08T16:16:00Z',
        pci=('01',),
    ),
    'rpcs3-1922-vulkan-crash-nvidia-368-69-368-81-driver-broken-downgrade': Backdrop(
        'imac-gt650m-rpcs3',
        'A10',
        '550.144.03',
        '2016-07-16T11:30:00Z',
        '2016-07-16T12:10:00Z',
        pci=('01',),
    ),
    'openmm-2837-illegal-memory-access-in-nonbonded-kernel-amoeba-vdw-fixed-in-code': Backdrop(
        'openmm-amoeba-workstation',
        'A10',
        '550.144.03',
        '2020-09-09T11:30:00Z',
        '2020-09-09T12:10:00Z',
        pci=('01',),
    ),
    'hwloc-385-gpu-pcie-link-speed-lower-than-expected-nvidia-gpus-downclock-link-when-idle-benign': Backdrop(
        'hwloc-cuda-node',
        'A10',
        '550.144.03',
        '2020-02-25T11:30:00Z',
        '2020-02-25T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'dream-textures-172-gtx1650-4gb-cuda-out-of-memory-full-precision-needs-more-vram-hardware-limit': Backdrop(
        'win11-gtx1650-blender',
        'A10',
        '550.144.03',
        '2022-09-28T11:30:00Z',
        '2022-09-28T12:10:00Z',
        pci=('01',),
    ),
    'dream-textures-312-blender-vram-grows-each-render-render-pass-keeps-cycles-from-releasing-vram': Backdrop(
        'win-blender-dreamtex',
        'A10',
        '550.144.03',
        '2022-10-15T11:30:00Z',
        '2022-10-15T12:10:00Z',
        pci=('01',),
    ),
    'jay-410-wayland-monitors-freeze-nvidia-drm-flip-event-timeout-driver-bug-fixed-in-575-580': Backdrop(
        'arch-jay-3080ti',
        'A10',
        '550.144.03',
        '2025-03-22T11:30:00Z',
        '2025-03-22T12:10:00Z',
        pci=('0b', '0c'),
    ),
    'yank-198-platform-defaults-to-cpu-although-cuda-opencl-available-fixed-in-code': Backdrop(
        'yank-cuda-host',
        'A10',
        '550.144.03',
        '2015-01-23T11:30:00Z',
        '2015-01-23T12:10:00Z',
        pci=('01',),
    ),
    'nvidia-vaapi-driver-183-firefox-video-decode-vram-grows-to-5gb-direct-backend-not-freeing-memory': Backdrop(
        'hyprland-rtx3070',
        'A10',
        '550.144.03',
        '2023-03-09T11:30:00Z',
        '2023-03-09T12:10:00Z',
        pci=('01',),
    ),
    'gqn-dataset-renderer-1-cuda-invalid-device-pointer-after-rendering-finished-ignore-benign': Backdrop(
        'gqn-renderer-host',
        'A10',
        '550.144.03',
        '2019-03-01T11:30:00Z',
        '2019-03-01T12:10:00Z',
        pci=('01',),
    ),
    'apollo-825-streaming-host-gpu-stays-100pct-after-session-ends-nvenc-sdk-resources-not-released': Backdrop(
        'win11-rtx5090-apollo',
        'A10',
        '550.144.03',
        '2025-06-09T11:30:00Z',
        '2025-06-09T12:10:00Z',
        pci=('01',),
    ),
    'legion-691-profiler-shows-100pct-gpu-utilization-while-gpu-on-node1-never-used-profiler-bug-benign': Backdrop(
        'legion-circuit-node1',
        'A10',
        '550.144.03',
        '2019-11-19T11:30:00Z',
        '2019-11-19T12:10:00Z',
        pci=('01',),
    ),
    'void-packages-5287-nvidia340-dkms-build-fails-after-gcc-and-kernel-upgrade-gcc-version-check-from-running-kernel': Backdrop(
        'void-nvidia340-desktop',
        'A10',
        '550.144.03',
        '2016-12-04T11:30:00Z',
        '2016-12-04T12:10:00Z',
        pci=('01',),
    ),
    'cemu-785-opengl-shader-cache-build-crash-gtx1080ti-nvidia-driver-needs-10gb-commit-pagefile': Backdrop(
        'win11-gtx1080ti-cemu',
        'A10',
        '550.144.03',
        '2023-04-20T11:30:00Z',
        '2023-04-20T12:10:00Z',
        pci=('01',),
    ),
    'taiyaki-24-basecall-cuda-out-of-memory-whole-long-reads-at-once-nondeterministic-pytorch-frees': Backdrop(
        'taiyaki-basecall-host',
        'A10',
        '550.144.03',
        '2019-06-10T11:30:00Z',
        '2019-06-10T12:10:00Z',
        pci=('01',),
    ),
    'openmm-2052-custom-reporter-getstate-every-step-gpu-usage-4pct-gpu-idle-during-pcie-transfers': Backdrop(
        'openmm-smd-workstation',
        'A10',
        '550.144.03',
        '2018-04-21T11:30:00Z',
        '2018-04-21T12:10:00Z',
        pci=('01',),
    ),
    'biosimspace-219-somd-free-energy-gpu-usage-and-speed-depend-on-cycles-fewer-cycles-more-moves': Backdrop(
        'biosimspace-v100-host',
        'A10',
        '550.144.03',
        '2021-07-09T11:30:00Z',
        '2021-07-09T12:10:00Z',
        pci=('01',),
    ),
    'icecube-pisa-315-numba-cuda-cleanup-error-at-exit-after-successful-run-no-actual-failure-benign': Backdrop(
        'pisa-vbwkde-host',
        'A10',
        '550.144.03',
        '2017-03-29T11:30:00Z',
        '2017-03-29T12:10:00Z',
        pci=('01',),
    ),
    'lichtfeld-studio-1419-cudaerrorcudartunloading-flood-at-exit-after-successful-training-benign': Backdrop(
        'win11-lichtfeld-trainer',
        'A10',
        '550.144.03',
        '2026-07-16T11:30:00Z',
        '2026-07-16T12:10:00Z',
        pci=('01',),
    ),
    'darktable-3374-opencl-local-laplacian-fails-minus4-mem-object-allocation-failure-gpu-memory': Backdrop(
        'debian-darktable-nvidia',
        'A10',
        '550.144.03',
        '2019-11-11T11:30:00Z',
        '2019-11-11T12:10:00Z',
        pci=('01',),
    ),
    'shotcut-1496-nvenc-not-detected-after-app-update-nvenc-sdk-needs-newer-driver-than-gt710-has': Backdrop(
        'win11-gt710-shotcut',
        'A10',
        '550.144.03',
        '2023-12-19T11:30:00Z',
        '2023-12-19T12:10:00Z',
        pci=('01',),
    ),
    'sodium-1486-minecraft-crashes-with-nvidia-drivers-526-47-and-later-driver-issue-downgrade': Backdrop(
        'win-rtx2070s-minecraft',
        'A10',
        '550.144.03',
        '2022-11-11T11:30:00Z',
        '2022-11-11T12:10:00Z',
        pci=('01',),
    ),
    'saschawillems-vulkan-943-examples-black-window-intel-igpu-picked-instead-of-nvidia-select-gpu-1': Backdrop(
        'ubuntu-gtx760m-laptop',
        'A10',
        '550.144.03',
        '2022-04-24T11:30:00Z',
        '2022-04-24T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
