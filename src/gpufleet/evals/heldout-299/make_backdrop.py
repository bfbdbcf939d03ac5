"""heldout-public-299's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-299/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
host names are stand-ins (no source prints a host name), the driver (550.144.03, the same for every case) is a stand-in,
and bus numbers are stand-ins (01.. in index order) except where the evidence prints a bus: 01 (proton-8072), 05
(vkd3d-1357), 02 (xmrignv-251) and the bzminer-174 device rows 01, 03, 04, 05, 07, 10, 11 as printed.
No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'proton-8072-space-marine-2-xid-109-ctx-switch-timeout-blackwell-driver-bug-pyroveil-shader-workaround': Backdrop(
        'sm2-desktop',
        'A10',
        '550.144.03',
        '2026-03-17T11:30:00Z',
        '2026-03-17T12:10:00Z',
        pci=('01',),
    ),
    'vkd3d-proton-1357-resident-evil-village-hang-xid-109-ctx-switch-timeout-bisected-to-dxil-spirv-commit': Backdrop(
        're8-desktop',
        'A10',
        '550.144.03',
        '2023-02-22T11:30:00Z',
        '2023-02-22T12:10:00Z',
        pci=('05',),
    ),
    'dorado-740-c10-outofmemoryerror-simplex-basecalling-a100-v100-reduce-batchsize': Backdrop(
        'hpc-gpu-node',
        'A10',
        '550.144.03',
        '2024-04-11T11:30:00Z',
        '2024-04-11T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'dorado-5-cudaoutofmemoryerror-a100-dorado-uses-more-memory-than-guppy-known-issue-reduce-batch': Backdrop(
        'a100-workstation',
        'A10',
        '550.144.03',
        '2022-05-24T11:30:00Z',
        '2022-05-24T12:10:00Z',
        pci=('01',),
    ),
    'cryosparc-issues-131-nvcc-sm-61-not-defined-gtx1080-needs-cuda-8-installed-against-cuda-7-5': Backdrop(
        'cryoem-ws',
        'A10',
        '550.144.03',
        '2017-02-01T11:30:00Z',
        '2017-02-01T12:10:00Z',
        pci=('01', '02'),
    ),
    'xmrig-nvidia-251-quadro-600-illegal-memory-access-cuda-8-toolkit-on-newer-driver-compat-path': Backdrop(
        'quadro600-rig',
        'A10',
        '550.144.03',
        '2019-03-13T09:36:07Z',
        '2019-03-13T10:16:07Z',
        pci=('02',),
    ),
    'deepsimulator-21-guppy-gpu-basecaller-libcuda-so-1-missing-on-cluster-no-nvidia-driver-library': Backdrop(
        'deepsim-node',
        'A10',
        '550.144.03',
        '2019-06-17T11:30:00Z',
        '2019-06-17T12:10:00Z',
        pci=('01',),
    ),
    'nevermore-miner-8-x16r-illegal-memory-access-after-hours-not-enough-host-ram-virtual-memory': Backdrop(
        'rvn-rig-4gb',
        'A10',
        '550.144.03',
        '2018-03-30T11:30:00Z',
        '2018-03-30T12:10:00Z',
        pci=('01',),
    ),
    'mumax3-167-cuda-error-unknown-ctxcreate-after-wake-from-suspend-gtx-1070-laptop': Backdrop(
        'msi-ge73vr',
        'A10',
        '550.144.03',
        '2018-03-14T11:30:00Z',
        '2018-03-14T12:10:00Z',
        pci=('01',),
    ),
    'darktable-5834-opencl-not-available-after-sleep-wake-until-restart-upstream-nvidia': Backdrop(
        'arch-gtx1060',
        'A10',
        '550.144.03',
        '2020-07-29T11:30:00Z',
        '2020-07-29T12:10:00Z',
        pci=('01',),
    ),
    'ethminer-53-illegal-memory-access-after-minutes-self-built-binary-wrong-cuda-release-rebuilt': Backdrop(
        'gtx1060-miner',
        'A10',
        '550.144.03',
        '2017-06-21T05:21:25Z',
        '2017-06-21T06:01:25Z',
        pci=('01',),
    ),
    'comd-cuda-6-multi-gpu-neighbor-list-eam-crash-illegal-memory-access-long-runs-app-bug': Backdrop(
        'comd-node',
        'A10',
        '550.144.03',
        '2014-10-09T11:30:00Z',
        '2014-10-09T12:10:00Z',
        pci=('01', '02'),
    ),
    'reframework-1345-re8-vr-crash-nvlddmkm-event-153-after-driver-576-52-rollback-fixes': Backdrop(
        'rtx4070-vr-pc',
        'A10',
        '550.144.03',
        '2025-05-29T11:30:00Z',
        '2025-05-29T12:10:00Z',
        pci=('01',),
    ),
    'teardown-375-game-crash-access-violation-in-nvogl-dll-after-driver-update-nvidia-driver-not-game': Backdrop(
        'rtx3080-gamer',
        'A10',
        '550.144.03',
        '2023-07-27T11:30:00Z',
        '2023-07-27T12:10:00Z',
        pci=('01',),
    ),
    'egl-wayland-126-excessive-vram-under-wayland-compositors-opengl-holds-memory-for-reuse-driver-profile-fix': Backdrop(
        'wayland-desktop',
        'A10',
        '550.144.03',
        '2024-11-28T11:30:00Z',
        '2024-11-28T12:10:00Z',
        pci=('01',),
    ),
    'burn-my-windows-520-gnome-shell-vram-grows-without-bound-extension-bisected-as-root-cause': Backdrop(
        'manjaro-desktop',
        'A10',
        '550.144.03',
        '2025-05-12T11:30:00Z',
        '2025-05-12T12:10:00Z',
        pci=('01',),
    ),
    'facefusion-comfyui-6-runs-on-cpu-not-cuda-broken-onnxruntime-gpu-package-reinstalled': Backdrop(
        'comfyui-pc',
        'A10',
        '550.144.03',
        '2025-12-29T11:30:00Z',
        '2025-12-29T12:10:00Z',
        pci=('01',),
    ),
    'bzminer-174-rtx-3060-at-bus-3-always-reports-0-watt-card-works-ok-bogus-power-reading-benign': Backdrop(
        'bz-rig',
        'A10',
        '550.144.03',
        '2023-01-31T11:30:00Z',
        '2023-01-31T12:10:00Z',
        pci=('01', '03', '04', '05', '07', '10', '11'),
    ),
    'ewbf-miner-75-gpu0-and-gpu1-temperatures-swapped-in-miner-display-cards-fine-benign': Backdrop(
        'mint-13gpu-rig',
        'A10',
        '550.144.03',
        '2018-01-21T11:30:00Z',
        '2018-01-21T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08', '09', '0a', '0b', '0c', '0d'),
    ),
    'g-helper-5244-rtx-5060-laptop-limited-to-20-30-w-on-battery-absolutely-normal-benign': Backdrop(
        'rog-strix-g16',
        'A10',
        '550.144.03',
        '2026-04-14T11:30:00Z',
        '2026-04-14T12:10:00Z',
        pci=('01',),
    ),
    'fah-issues-1529-gpu-error-after-standby-hibernate-resume-work-unit-dumped-not-a-real-gpu-error-benign': Backdrop(
        'fah-windows-pc',
        'A10',
        '550.144.03',
        '2020-06-24T11:30:00Z',
        '2020-06-24T12:10:00Z',
        pci=('01',),
    ),
    'openhardwaremonitor-1386-second-gpu-memory-stats-duplicated-from-gpu0-monitor-bug-benign': Backdrop(
        'dual-gpu-laptop',
        'A10',
        '550.144.03',
        '2021-01-06T11:30:00Z',
        '2021-01-06T12:10:00Z',
        pci=('01', '02'),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
