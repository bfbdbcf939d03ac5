"""heldout-public-356's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-356/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU is shown as A10 (the stand-in SKU; the real GPU, where the source names one, is in each description);
host names are stand-ins except node13 (printed by ethminer-596's evidence); bus numbers are stand-ins
(01..N in index order; ethminer-596's GPU at bus 05 is the one its Xid line prints); the driver (550.144.03)
is a stand-in, the same for every case. No case uses extra: no source quotes an exporter value as a metric sample.
The backdrop never points at the cause: flat, healthy values only.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'blendluxcore-568-cuda-error-invalid-ptx-jit-compilation-failed-driver-older-than-bundled-compiler': Backdrop(
        'blender-win10',
        'A10',
        '550.144.03',
        '2020-09-21T11:30:00Z',
        '2020-09-21T12:10:00Z',
        pci=('01',),
    ),
    'boinc-5143-remote-desktop-in-use-disabling-gpu-tasks-by-design-benign': Backdrop(
        'boinc-win11',
        'A10',
        '550.144.03',
        '2023-03-13T11:30:00Z',
        '2023-03-13T12:10:00Z',
        pci=('01',),
    ),
    'cudaminer-102-unable-to-query-cuda-driver-version-over-remote-desktop-benign': Backdrop(
        'cudaminer-win81',
        'A10',
        '550.144.03',
        '2014-02-18T11:30:00Z',
        '2014-02-18T12:10:00Z',
        pci=('01',),
    ),
    'ethminer-596-xid-31-on-pci-05-00-node13-from-high-memory-overclock-recoverable': Backdrop(
        'node13',
        'A10',
        '550.144.03',
        '2018-01-25T11:30:00Z',
        '2018-01-25T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06',),
    ),
    'gaffercycles-50-cycles-cuda-illegal-address-in-cumemcpydtoh-titanx-fixed-in-later-builds': Backdrop(
        'manjaro-titanx',
        'A10',
        '550.144.03',
        '2020-05-31T11:30:00Z',
        '2020-05-31T12:10:00Z',
        pci=('01',),
    ),
    'ghelper-1163-clock-limit-not-shown-in-afterburner-curve-set-via-nvidia-smi-benign': Backdrop(
        'zephyrus-g15',
        'A10',
        '550.144.03',
        '2023-08-23T11:30:00Z',
        '2023-08-23T12:10:00Z',
        pci=('01',),
    ),
    'ghelper-2175-custom-profile-lowers-gpu-max-operating-temp-to-75c-rtx3060-laptop-throttles': Backdrop(
        'zephyrus-g14',
        'A10',
        '550.144.03',
        '2024-03-07T11:30:00Z',
        '2024-03-07T12:10:00Z',
        pci=('01',),
    ),
    'hashcat-236-clfinish-cl-invalid-command-queue-2x-980ti-stale-kernel-cache-deleted-fixed': Backdrop(
        'hashcat-2x980ti',
        'A10',
        '550.144.03',
        '2016-02-22T11:30:00Z',
        '2016-02-22T12:10:00Z',
        pci=('01', '02',),
    ),
    'john-396-encfs-opencl-cl-invalid-command-queue-9600gt-kernel-triggers-watchdog-split-kernel': Backdrop(
        'john-9600gt',
        'A10',
        '550.144.03',
        '2013-10-16T11:30:00Z',
        '2013-10-16T12:10:00Z',
        pci=('01',),
    ),
    'mangohud-291-overlay-shows-gpu-usage-and-temp-always-0-on-nvidia-418-missing-libxnvctrl-benign': Backdrop(
        'mx-linux-1050',
        'A10',
        '550.144.03',
        '2020-07-24T11:30:00Z',
        '2020-07-24T12:10:00Z',
        pci=('01',),
    ),
    'nbminer-98-gpus-id4-id9-die-in-error-state-after-ctrl-c-overclocked-1080ti-reset-clocks-fixed': Backdrop(
        'rig-1080ti-01',
        'A10',
        '550.144.03',
        '2019-06-21T11:30:00Z',
        '2019-06-21T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08', '09', '0a',),
    ),
    'nhm2-104-all-cuda-devices-busy-or-unavailable-optimize-for-compute-reserves-gpu': Backdrop(
        'nhm-gtx980',
        'A10',
        '550.144.03',
        '2017-06-25T11:30:00Z',
        '2017-06-25T12:10:00Z',
        pci=('01',),
    ),
    'nhqm-234-quickminer-crashes-dag-not-generated-in-45s-other-program-consuming-gpu': Backdrop(
        'nhqm-1660s',
        'A10',
        '550.144.03',
        '2021-03-18T11:30:00Z',
        '2021-03-18T12:10:00Z',
        pci=('01',),
    ),
    'nvpipe-42-third-and-fourth-nvenc-encoder-fail-error-10-gtx1070-two-session-limit': Backdrop(
        'nvpipe-ws',
        'A10',
        '550.144.03',
        '2018-12-18T11:30:00Z',
        '2018-12-18T12:10:00Z',
        pci=('01',),
    ),
    'ryujinx-3989-hotline-miami-crashes-on-boot-vulkan-regression-since-pr-3986-rtx3080ti': Backdrop(
        'ryujinx-rtx3080ti',
        'A10',
        '550.144.03',
        '2022-12-02T11:30:00Z',
        '2022-12-02T12:10:00Z',
        pci=('01',),
    ),
    'ryujinx-4040-vulkan-crash-pokemon-violet-gpu-drivers-extremely-outdated-update': Backdrop(
        'ryujinx-laptop',
        'A10',
        '550.144.03',
        '2022-12-06T11:30:00Z',
        '2022-12-06T12:10:00Z',
        pci=('01',),
    ),
    'ryujinx-4762-crash-on-race-loading-rtx2070s-driver-512-78-and-earlier-bug-updated-fixed': Backdrop(
        'ryujinx-rtx2070s',
        'A10',
        '550.144.03',
        '2023-05-02T11:30:00Z',
        '2023-05-02T12:10:00Z',
        pci=('01',),
    ),
    'spacemesh-15-tesla-k80-gpu0-init-failed-kernel-requires-compute-capability-5-0': Backdrop(
        'gcloud-k80',
        'A10',
        '550.144.03',
        '2020-09-08T11:30:00Z',
        '2020-09-08T12:10:00Z',
        pci=('01',),
    ),
    'trex-401-gpu-went-idle-watchdog-restarted-miner-overclock-or-bad-riser-suspected': Backdrop(
        'trex-rig',
        'A10',
        '550.144.03',
        '2021-04-13T11:30:00Z',
        '2021-04-13T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06',),
    ),
    'trex-53-watchdog-reports-gpus-idle-during-kawpow-dag-generation-restarts-miner-benign': Backdrop(
        'trex-m2000',
        'A10',
        '550.144.03',
        '2020-05-07T11:30:00Z',
        '2020-05-07T12:10:00Z',
        pci=('01', '02',),
    ),
    'vaapi-251-cuinit-cuda-error-unknown-999-after-driver-update-stale-kernels-and-modules-removed': Backdrop(
        'vaapi-laptop',
        'A10',
        '550.144.03',
        '2023-10-08T11:30:00Z',
        '2023-10-08T12:10:00Z',
        pci=('01',),
    ),
    'xenia-1071-vulkan-init-fails-gtx980-driver-390-65-downgrade-to-388-71': Backdrop(
        'xenia-gtx980',
        'A10',
        '550.144.03',
        '2018-01-09T11:30:00Z',
        '2018-01-09T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
