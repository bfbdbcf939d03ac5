"""heldout-public-227's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-227/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
hosts, bus numbers (no source prints one) and the driver (550.144.03, the same for every case) are stand-ins.
No case uses extra: no source quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'flathub-androidstudio-21-flatpak-emulator-libgl-errors-on-nvidia-gl-runtime-for-host-driver-missing': Backdrop(
        'mint19-desktop',
        'A10',
        '550.144.03',
        '2018-06-20T15:43:00Z',
        '2018-06-20T16:23:00Z',
        pci=('01',),
    ),
    'wan2gp-1846-rtx4090-random-cuda-errors-caused-by-afterburner-overclock-undervolt-profile': Backdrop(
        'rtx4090-desktop',
        'A10',
        '550.144.03',
        '2026-05-29T11:30:00Z',
        '2026-05-29T12:10:00Z',
        pci=('01',),
    ),
    'cryosparc-issues-228-2d-classification-over-100-classes-cuarraycreate-invalid-argument-app-bug-fixed': Backdrop(
        'cryosparc-ws',
        'A10',
        '550.144.03',
        '2017-08-01T11:30:00Z',
        '2017-08-01T12:10:00Z',
        pci=('01', '02'),
    ),
    'relion-315-3d-initial-model-ignores-gpu-binary-compiled-without-cuda': Backdrop(
        'relion-ws',
        'A10',
        '550.144.03',
        '2017-11-22T11:30:00Z',
        '2017-11-22T12:10:00Z',
        pci=('01',),
    ),
    'picongpu-860-cuda-memcheck-crashes-when-another-job-already-uses-gpu-0-exclusive-node-reservation': Backdrop(
        'hypnos-gpu-node',
        'A10',
        '550.144.03',
        '2015-05-08T11:30:00Z',
        '2015-05-08T12:10:00Z',
        pci=('01', '02', '03', '04'),
    ),
    'shiftmedia-ffmpeg-34-driver-only-supports-nvenc-api-7-ffmpeg-needs-8-upgrade-driver': Backdrop(
        'ffmpeg-desktop',
        'A10',
        '550.144.03',
        '2018-04-14T11:30:00Z',
        '2018-04-14T12:10:00Z',
        pci=('01',),
    ),
    'fbxmodelviewer-1-d3d11-tdr-device-hung-with-geforce-380-series-drivers-older-drivers-ok': Backdrop(
        'win7-gtx770',
        'A10',
        '550.144.03',
        '2018-02-22T11:30:00Z',
        '2018-02-22T12:10:00Z',
        pci=('01',),
    ),
    'xmr-stak-nvidia-40-launch-timed-out-display-driver-recovered-too-many-threads-blocks-gtx870m': Backdrop(
        'win81-gtx870m',
        'A10',
        '550.144.03',
        '2017-05-21T23:52:00Z',
        '2017-05-22T00:32:00Z',
        pci=('01',),
    ),
    'astroaccelerate-214-dedispersion-kernel-silently-not-launched-cuda-error-not-propagated': Backdrop(
        'astroaccelerate-host',
        'A10',
        '550.144.03',
        '2019-10-25T11:30:00Z',
        '2019-10-25T12:10:00Z',
        pci=('01',),
    ),
    'lichtfeld-studio-927-vram-status-shows-0gb-nvml-per-process-memory-not-available-on-wddm-benign': Backdrop(
        'lfs-windows-ws',
        'A10',
        '550.144.03',
        '2026-02-27T11:30:00Z',
        '2026-02-27T12:10:00Z',
        pci=('01',),
    ),
    'xmrig-2242-gpu-under-utilized-pascal-forces-p2-state-for-cuda-by-design-benign': Backdrop(
        'xmrig-rig',
        'A10',
        '550.144.03',
        '2021-04-09T11:30:00Z',
        '2021-04-09T12:10:00Z',
        pci=('01',),
    ),
    'phoenixviewer-wiki-firestorm-nvidia-driver-error-code-7-solid-colour-screens-physx-on-gpu': Backdrop(
        'firestorm-desktop',
        'A10',
        '550.144.03',
        '2016-01-01T11:30:00Z',
        '2016-01-01T12:10:00Z',
        pci=('01',),
    ),
    'beast2-500-beauti-crash-cuda-driver-not-initialized-beagle-installed-cuda-without-gpu-driver': Backdrop(
        'beauti-desktop',
        'A10',
        '550.144.03',
        '2016-02-03T11:30:00Z',
        '2016-02-03T12:10:00Z',
        pci=('01',),
    ),
    'topaz-31-train-thcudacheck-error-11-another-users-job-already-on-the-gpu-not-enough-memory': Backdrop(
        'sbgrid-ws',
        'A10',
        '550.144.03',
        '2019-07-05T11:30:00Z',
        '2019-07-05T12:10:00Z',
        pci=('01', '02'),
    ),
    'topaz-33-silently-falls-back-to-cpu-on-cluster-nodes-with-cuda-8': Backdrop(
        'cluster-node-cuda8',
        'A10',
        '550.144.03',
        '2019-07-12T11:30:00Z',
        '2019-07-12T12:10:00Z',
        pci=('01',),
    ),
    'scipion-727-motioncorr2-protocol-runs-but-produces-nothing-libcufft-not-found': Backdrop(
        'scipion-ws',
        'A10',
        '550.144.03',
        '2016-12-21T11:30:00Z',
        '2016-12-21T12:10:00Z',
        pci=('01',),
    ),
    'aizynthfinder-34-tensorflow-cuda-warnings-about-missing-drivers-ignorable-benign': Backdrop(
        'aizynth-host',
        'A10',
        '550.144.03',
        '2021-05-11T11:30:00Z',
        '2021-05-11T12:10:00Z',
        pci=('01',),
    ),
    'schnetpack-33-titan-v-mostly-idle-training-data-read-from-shared-filesystem': Backdrop(
        'titanv-ws',
        'A10',
        '550.144.03',
        '2019-01-09T11:30:00Z',
        '2019-01-09T12:10:00Z',
        pci=('01',),
    ),
    'scipion-em-xmipp-941-highres-cuda-step-always-runs-on-gpu-0-ignores-selected-gpu': Backdrop(
        'xmipp-ws',
        'A10',
        '550.144.03',
        '2025-06-20T11:30:00Z',
        '2025-06-20T12:10:00Z',
        pci=('01', '02'),
    ),
    'warp-44-template-matching-cufft-internal-error-vram-spike-exceeds-a4000-memory': Backdrop(
        'warp-6xa4000',
        'A10',
        '550.144.03',
        '2024-05-02T08:33:00Z',
        '2024-05-02T09:13:00Z',
        pci=('01', '02', '03', '04', '05', '06'),
    ),
    'xmr-stak-1939-miner-hashrate-lower-than-pool-estimate-longer-average-agrees-benign': Backdrop(
        'gtx970-desktop',
        'A10',
        '550.144.03',
        '2018-10-15T11:30:00Z',
        '2018-10-15T12:10:00Z',
        pci=('01',),
    ),
    'pcsx2-8794-vulkan-freeze-crashes-nvidia-driver-bisected-to-emulator-change-pr-8613': Backdrop(
        'arch-840m-laptop',
        'A10',
        '550.144.03',
        '2023-05-04T11:30:00Z',
        '2023-05-04T12:10:00Z',
        pci=('01',),
    ),
    'esm-407-esmfold-cuda-oom-on-4700-residue-sequence-16gb-gpu-too-small': Backdrop(
        'esmfold-ws',
        'A10',
        '550.144.03',
        '2022-12-02T11:30:00Z',
        '2022-12-02T12:10:00Z',
        pci=('01',),
    ),
    'boxtree-3-fmm-gpu-tests-fail-on-k40-after-driver-370-375-upgrade-rollback-to-367-fixes': Backdrop(
        'k40-test-node',
        'A10',
        '550.144.03',
        '2016-12-12T11:30:00Z',
        '2016-12-12T12:10:00Z',
        pci=('01',),
    ),
    'karabo-pipeline-350-nvidia-smi-not-found-on-cpu-instance-expected-falls-back-to-cpu-benign': Backdrop(
        'karabo-ec2',
        'A10',
        '550.144.03',
        '2023-03-11T11:30:00Z',
        '2023-03-11T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
