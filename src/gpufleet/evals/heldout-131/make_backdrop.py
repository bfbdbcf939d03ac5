"""heldout-public-131's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-131/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order)).
Every GPU (GB10, Jetson modules, GeForce desktop and laptop cards) is shown as A10, the stand-in for GPUs outside
the SKU list; hosts and bus numbers are stand-ins, and so are the drivers no report names (see each case's
description). No case uses extra: no report quotes an exporter value as a metric sample. The backdrop never
points at the cause.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    'miaai-dspark-79-gb10-soc-overheats-vllm-shm-spin-wait-pins-cpu-cores': Backdrop(
        'dgx-spark-head-tp2',
        'A10',
        '580.97',
        '2026-08-18T11:30:00Z',
        '2026-08-18T12:10:00Z',
        pci=('01',),
    ),
    'modelserving-minefield-55-dgx-spark-gb10-stuck-low-power-state-cleared-by-ac-removal': Backdrop(
        'dgx-spark-gb10-cruz',
        'A10',
        '580.97',
        '2026-08-20T11:30:00Z',
        '2026-08-20T12:10:00Z',
        pci=('01',),
    ),
    'miaai-dspark-146-dgx-spark-cx7-aer-soft-lock-participant-overheating-shutdown': Backdrop(
        'dgx-spark-head-cx7',
        'A10',
        '580.97',
        '2026-09-08T11:30:00Z',
        '2026-09-08T12:10:00Z',
        pci=('01',),
    ),
    'dgx-spark-playbooks-108-cx7-link-up-200g-but-rdma-capped-13gbps-degraded-init': Backdrop(
        'dgx-spark-rail-bench',
        'A10',
        '580.97',
        '2026-08-24T11:30:00Z',
        '2026-08-24T12:10:00Z',
        pci=('01',),
    ),
    'jetson-inference-488-jetson-nano-powers-off-under-load-fixed-with-5v-4a-supply': Backdrop(
        'jetson-nano-detectnet',
        'A10',
        '440.100',
        '2020-07-25T11:30:00Z',
        '2020-07-25T12:10:00Z',
        pci=('01',),
    ),
    'aiformula-89-jetson-will-not-boot-25w-supply-power-cable-in-wrong-connector': Backdrop(
        'jetson-aiformula-robot',
        'A10',
        '550.127.05',
        '2024-07-05T11:30:00Z',
        '2024-07-05T12:10:00Z',
        pci=('01',),
    ),
    'aiformula-131-jetson-reboots-while-driving-usb-c-power-cable-contact-replaced': Backdrop(
        'jetson-aiformula-drive',
        'A10',
        '550.127.05',
        '2024-12-23T11:30:00Z',
        '2024-12-23T12:10:00Z',
        pci=('01',),
    ),
    'sustaina-336-xavier-nx-over-current-throttle-and-cpu-drops-supply-raised-to-19v': Backdrop(
        'xavier-nx-sustaina-mainboard',
        'A10',
        '515.65.01',
        '2022-06-29T11:30:00Z',
        '2022-06-29T12:10:00Z',
        pci=('01',),
    ),
    'rootonnvme-23-xavier-nx-fan-uncontrollable-carrier-board-circuit-design': Backdrop(
        'xavier-nx-carrier-fan',
        'A10',
        '515.65.01',
        '2022-11-28T11:30:00Z',
        '2022-11-28T12:10:00Z',
        pci=('01',),
    ),
    'jetson-containers-23-agx-xavier-reboots-during-build-bluetooth-power-driver': Backdrop(
        'agx-xavier-colcon',
        'A10',
        '455.45.01',
        '2021-08-09T11:30:00Z',
        '2021-08-09T12:10:00Z',
        pci=('01',),
    ),
    'ark-jetson-kernel-120-orin-pcie-ffc-link-at-8gts-correctable-aer-storm-capped-gen2': Backdrop(
        'orin-nx-jaj-carrier',
        'A10',
        '580.97',
        '2026-08-16T11:30:00Z',
        '2026-08-16T12:10:00Z',
        pci=('01',),
    ),
    'zed-ros2-wrapper-5-jetson-nano-hard-crash-when-zed-camera-plugged-power-budget': Backdrop(
        'jetson-nano-zed',
        'A10',
        '440.100',
        '2020-01-03T11:30:00Z',
        '2020-01-03T12:10:00Z',
        pci=('01',),
    ),
    'omencore-123-omen-max-rtx5080-tgp-capped-80w-bios-never-raises-nvpcf-budget': Backdrop(
        'omen-max-16-8d41',
        'A10',
        '580.97',
        '2026-05-07T11:30:00Z',
        '2026-05-07T12:10:00Z',
        pci=('01',),
    ),
    'nvidia-ogkm-1344-rtx3070-laptop-capped-55w-sbios-power-table-unsupported': Backdrop(
        'legion5-15th6h-82jh',
        'A10',
        '610.57.04',
        '2026-09-08T11:30:00Z',
        '2026-09-08T12:10:00Z',
        pci=('01',),
    ),
    'fancontrol-1695-rtx4080-two-of-three-fans-detected-paired-headers-benign': Backdrop(
        'win-rtx4080-phantom',
        'A10',
        '531.41',
        '2023-04-07T11:30:00Z',
        '2023-04-07T12:10:00Z',
        pci=('01',),
    ),
    'fancontrol-2305-rtx4080s-fe-fans-stay-at-30-percent-known-limitation-benign': Backdrop(
        'win-rtx4080s-fe',
        'A10',
        '551.23',
        '2024-02-12T11:30:00Z',
        '2024-02-12T12:10:00Z',
        pci=('01',),
    ),
    'fancontrol-2121-rtx3080-fan-start-stop-curve-below-minimum-spin-benign': Backdrop(
        'win-rtx3080-fancurve',
        'A10',
        '546.01',
        '2023-11-06T11:30:00Z',
        '2023-11-06T12:10:00Z',
        pci=('01',),
    ),
    'infiniband-exporter-12-portxmitwait-counters-saturated-and-ports-down-for-maintenance-benign': Backdrop(
        'ib-fabric-gpu-node',
        'A10',
        '460.73.01',
        '2021-04-10T11:30:00Z',
        '2021-04-10T12:10:00Z',
        pci=('01',),
    ),
    'kickstart-berlin-57-vast-listing-gpu-model-alternates-heterogeneous-gpus-benign': Backdrop(
        'vast-z8-host',
        'A10',
        '580.97',
        '2026-08-30T11:30:00Z',
        '2026-08-30T12:10:00Z',
        pci=('01', '02'),
    ),
    'lact-1126-rtx5070-hotspot-equals-gpu-temp-old-tool-build-benign': Backdrop(
        'linux-rtx5070-lact',
        'A10',
        '580.97',
        '2026-07-25T11:30:00Z',
        '2026-07-25T12:10:00Z',
        pci=('01',),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
