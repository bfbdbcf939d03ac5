"""heldout-public-75's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-75/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
sku is one of the allowed SKUs; most are stand-ins (see each case's description). No case uses extra:
no report quotes an exporter value as a metric sample. The backdrop never points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    # vkd3d-1930: GeForce GTX 1080 Ti shown as A10; the bus id (09) is the one the Xid line prints; the driver is the one the report names (550.40.53)
    'vkd3d-proton-1930-gtx-1080-ti-xid-69-pascal-driver-regression-530-to-535': Backdrop(
        'linux-desktop-1080ti',
        'A10',
        '550.40.53',
        '2024-04-26T11:30:00Z',
        '2024-04-26T12:10:00Z',
        pci=('09',),
    ),
    # vkd3d-1510: GeForce RTX 2060 shown as A10; bus id is a stand-in; the driver is the one the commenter in the copy names (535.104.05)
    'vkd3d-proton-1510-cyberpunk-xid-31-dlss-and-drivers-after-510-suspected': Backdrop(
        'linux-desktop-rtx2060',
        'A10',
        '535.104.05',
        '2023-09-28T11:30:00Z',
        '2023-09-28T12:10:00Z',
        pci=('01',),
    ),
    # vkd3d-2411: GeForce GTX Titan X shown as A10; the bus id (06) is the one the Xid lines print; no driver is named: a Linux release of the period (550.144.03) is the stand-in
    'vkd3d-proton-2411-gtx-titan-x-xid-32-dx12-games-driver-issue-suspected': Backdrop(
        'linux-desktop-titanx',
        'A10',
        '550.144.03',
        '2025-03-22T11:30:00Z',
        '2025-03-22T12:10:00Z',
        pci=('06',),
    ),
    # centernet-604: GeForce RTX 2080 Super shown as A10; bus id is a stand-in; no driver is named: a Linux release of the period (440.64) is the stand-in
    'centernet-604-rtx-2080-super-training-slows-cpu-busy-with-pycharm-windows': Backdrop(
        'linux-workstation-2080s',
        'A10',
        '440.64',
        '2020-02-05T11:30:00Z',
        '2020-02-05T12:10:00Z',
        pci=('01',),
    ),
    # colmap-1485: unnamed NVIDIA GPU shown as A10; bus id is a stand-in; no driver is named: a Linux release of the period (510.54) is the stand-in
    'colmap-1485-siftgpu-not-supported-debian-colmap-built-without-cuda': Backdrop(
        'linux-workstation-colmap',
        'A10',
        '510.54',
        '2022-04-11T11:30:00Z',
        '2022-04-11T12:10:00Z',
        pci=('01',),
    ),
    # k8s-folding-at-home-7: unnamed NVIDIA GPU on one of the cluster nodes shown as A10 (one node, one GPU; the 8x2080 Ti server of a second user is not modelled); bus id is a stand-in; no driver is named: a Linux release of the period (440.64.00) is the stand-in
    'k8s-folding-at-home-7-fah-daemonset-cannot-find-cuda-libraries-in-container': Backdrop(
        'k8s-gpu-node-1',
        'A10',
        '440.64.00',
        '2020-03-30T11:30:00Z',
        '2020-03-30T12:10:00Z',
        pci=('01',),
    ),
    # sunshine-5217: Tesla P4 shown as A10; bus id is a stand-in; the report names only "535.XX": 535.183.01 is the stand-in
    'sunshine-5217-new-release-breaks-nvenc-on-older-cards-needs-r580-driver': Backdrop(
        'win-host-tesla-p4',
        'A10',
        '535.183.01',
        '2026-05-31T11:30:00Z',
        '2026-05-31T12:10:00Z',
        pci=('01',),
    ),
    # foundation-sunshine-603: unnamed NVIDIA GPU shown as A10; bus id is a stand-in; the pull request names the range R555-R569: 560.94 (inside it) is the stand-in
    'foundation-sunshine-603-nvenc-unavailable-on-r555-r569-drivers-sdk-version-mismatch': Backdrop(
        'win-host-nvenc',
        'A10',
        '560.94',
        '2026-04-20T11:30:00Z',
        '2026-04-20T12:10:00Z',
        pci=('01',),
    ),
    # sunshine-2187: GeForce GTX 1650 shown as A10; bus id is a stand-in; the driver is the one the report names (551.61)
    'sunshine-2187-gtx-1650-nvenc-lost-after-driver-551-61-works-after-rollback': Backdrop(
        'win-desktop-gtx1650',
        'A10',
        '551.61',
        '2024-02-28T11:30:00Z',
        '2024-02-28T12:10:00Z',
        pci=('01',),
    ),
    # sunshine-2141: passed-through NVIDIA GPU of unnamed model shown as A10; bus id is a stand-in; no driver is named: a Windows release of the period (546.33) is the stand-in
    'sunshine-2141-hyper-v-gpu-passthrough-nvenc-ignored-since-standalone-encoder': Backdrop(
        'hyperv-vm-passthrough',
        'A10',
        '546.33',
        '2024-02-14T11:30:00Z',
        '2024-02-14T12:10:00Z',
        pci=('01',),
    ),
    # nvidia-patcher-191: NVIDIA card of unnamed model shown as A10; bus id is a stand-in; no driver is named: a Windows release of the period (566.14) is the stand-in
    'nvidia-patcher-191-card-runs-pcie-x8-instead-of-x16-cpu-or-m2-slot-blamed': Backdrop(
        'win-desktop-pcie-x8',
        'A10',
        '566.14',
        '2025-01-15T11:30:00Z',
        '2025-01-15T12:10:00Z',
        pci=('01',),
    ),
    # boinc-865: two GeForce GTX 260 shown as A10; bus ids are stand-ins; the driver is the one the client log names (driver version 18250, i.e. 182.50)
    'boinc-865-second-gtx-260-not-used-after-client-6-6-25-upgrade': Backdrop(
        'winxp-boinc-2x-gtx260',
        'A10',
        '182.50',
        '2015-02-04T11:30:00Z',
        '2015-02-04T12:10:00Z',
        pci=('01', '02'),
    ),
    # boinc-867: NVIDIA GPU of unnamed model shown as A10; bus id is a stand-in; no driver is named: a Windows release of the period (185.85) is the stand-in
    'boinc-867-gpu-work-units-started-back-to-back-gpugrid-crashes-scheduler-fix': Backdrop(
        'win-boinc-gpu',
        'A10',
        '185.85',
        '2015-02-04T11:30:00Z',
        '2015-02-04T12:10:00Z',
        pci=('01',),
    ),
    # bforartists-6007: GeForce RTX 2080 Super shown as A10; bus id is a stand-in; the driver is the one the report names (591.44)
    'bforartists-6007-cycles-optix-crash-fixed-by-unchecking-cpu-render-device': Backdrop(
        'win-desktop-2080s',
        'A10',
        '591.44',
        '2025-12-10T11:30:00Z',
        '2025-12-10T12:10:00Z',
        pci=('01',),
    ),
    # trex-226: NVIDIA GPU of unnamed model shown as A10; bus id is a stand-in; no driver is named: a Windows release of the period (461.40) is the stand-in
    'trex-226-nvml-fan-speed-error-999-fixed-by-changing-overclock-settings': Backdrop(
        'win-miner-rig',
        'A10',
        '461.40',
        '2021-02-19T11:30:00Z',
        '2021-02-19T12:10:00Z',
        pci=('01',),
    ),
    # trex-260: NVIDIA GPU of unnamed model shown as A10; bus id is a stand-in; no driver is named: a Windows release of the period (461.72) is the stand-in
    'trex-260-nvml-cannot-get-fan-speed-hang-and-crash-hardware-related': Backdrop(
        'win-desktop-miner',
        'A10',
        '461.72',
        '2021-03-11T11:30:00Z',
        '2021-03-11T12:10:00Z',
        pci=('01',),
    ),
    # crystools-280: NVIDIA GPU of unnamed model shown as A10; bus id is a stand-in; no driver is named: a Windows release (581.57) is the stand-in
    'comfyui-crystools-280-monitor-animation-keeps-gpu-at-60w-instead-of-15w-idle': Backdrop(
        'win-comfyui-desktop',
        'A10',
        '581.57',
        '2026-04-04T11:30:00Z',
        '2026-04-04T12:10:00Z',
        pci=('01',),
    ),
    # chia-gigahorse-75: GeForce RTX 3090 shown as A10 (the second, RTX 3080 machine is not modelled); bus id is a stand-in; no driver is named: a Linux release of the period (525.105.17) is the stand-in
    'chia-gigahorse-75-rtx-3090-slower-than-3080-in-phase-3-ddr4-2400-ram-bottleneck': Backdrop(
        'epyc7302-plotter-3090',
        'A10',
        '525.105.17',
        '2023-04-07T11:30:00Z',
        '2023-04-07T12:10:00Z',
        pci=('01',),
    ),
    # wanvideowrapper-676: GeForce RTX 4080 Laptop GPU shown as A10; bus id is a stand-in; no driver is named: a Windows release of the period (576.80) is the stand-in
    'wanvideowrapper-676-wanvideo-sampler-stuck-at-0-percent-vram-full-blocks-to-swap': Backdrop(
        'win-laptop-rtx4080',
        'A10',
        '576.80',
        '2025-06-22T11:30:00Z',
        '2025-06-22T12:10:00Z',
        pci=('01',),
    ),
    # wan2gp-130: GeForce RTX 4080 shown as A10 (the integrated display GPU is not modelled); bus id is a stand-in; no driver is named: a Windows release of the period (572.83) is the stand-in
    'wan2gp-130-rtx-4080-not-used-cpu-build-of-pytorch-suspected': Backdrop(
        'win-desktop-rtx4080',
        'A10',
        '572.83',
        '2025-03-30T11:30:00Z',
        '2025-03-30T12:10:00Z',
        pci=('01',),
    ),
    # ethminer-1600: eight NVIDIA GPUs of unnamed model (--cuda) shown as A10, as the status line counts gpu0-gpu7; the first report's RX580 is not modelled; bus ids are stand-ins; no driver is named: a Linux release of the period (410.73) is the stand-in
    'ethminer-1600-hung-gpus-report-stale-hashrate-0c-overclock-blamed': Backdrop(
        'hiveos-rig06',
        'A10',
        '410.73',
        '2018-11-16T11:30:00Z',
        '2018-11-16T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    # ethlargementpill-19: MSI GeForce GTX 1080 Ti shown as A10 (the Zotac GTX 1080 mentioned is not modelled); bus id is a stand-in; no driver is named: a Windows release of the period (391.35) is the stand-in
    'ethlargementpill-19-gtx-1080-ti-low-hashrate-power-limit-65-percent-too-low': Backdrop(
        'win-rig-1080ti',
        'A10',
        '391.35',
        '2018-04-26T11:30:00Z',
        '2018-04-26T12:10:00Z',
        pci=('01',),
    ),
    # megaminer-283: eight GeForce GTX 1050 Ti of one rig shown as A10; the other rigs are not modelled; bus ids are stand-ins; the driver is the one the report names (390.77)
    'megaminer-283-power-reads-0-on-driver-390-77-cosmetic-benign': Backdrop(
        'win-rig-8x-1050ti',
        'A10',
        '390.77',
        '2018-02-06T11:30:00Z',
        '2018-02-06T12:10:00Z',
        pci=('01', '02', '03', '04', '05', '06', '07', '08'),
    ),
    # sunshine-1908: NVIDIA GPU of unnamed model shown as A10; bus id is a stand-in; no driver is named: a Windows release of the period (546.17) is the stand-in
    'sunshine-1908-gpu-stays-clocked-up-while-streaming-p-state-feature-by-design-benign': Backdrop(
        'win-sunshine-host',
        'A10',
        '546.17',
        '2023-12-10T11:30:00Z',
        '2023-12-10T12:10:00Z',
        pci=('01',),
    ),
    # moonlight-android-488: GeForce GTX 1070 (laptop) shown as A10; bus id is a stand-in; no driver is named: a Windows release of the period (388.43) is the stand-in
    'moonlight-android-488-task-manager-10-percent-gpu-while-streaming-benign': Backdrop(
        'win-laptop-gtx1070',
        'A10',
        '388.43',
        '2017-12-04T11:30:00Z',
        '2017-12-04T12:10:00Z',
        pci=('01',),
    ),
    # ntminer-120: GeForce GPU of unnamed model shown as A10; bus id is a stand-in; no driver is named: a Windows release of the period (465.89) is the stand-in
    'ntminer-120-gpu-at-88c-still-mining-card-throttles-itself-at-threshold-benign': Backdrop(
        'win-ntminer-rig',
        'A10',
        '465.89',
        '2021-04-10T11:30:00Z',
        '2021-04-10T12:10:00Z',
        pci=('01',),
    ),
    # oneminer-33: GeForce GTX 980 shown as A10; bus id is a stand-in; no driver is named: a Windows release of the period (397.64) is the stand-in
    'oneminer-33-miner-stops-at-90c-limit-gtx-980-temperature-sensor-busted-benign': Backdrop(
        'win-miner-gtx980',
        'A10',
        '397.64',
        '2018-05-23T11:30:00Z',
        '2018-05-23T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
