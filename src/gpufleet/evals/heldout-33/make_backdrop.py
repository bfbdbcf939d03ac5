"""heldout-public-33's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-33/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers as the report prints them or stand-ins, one per GPU,
in index order; default an 8-GPU HGX), extra={}). sku is one of A10, V100, A100, H100, B200, GB200
(stand-in where the report's GPU is not one). No case uses extra: no source quotes an exporter value.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    "beowulf-list-2005-01-cluster-run-in-room-without-ac-35c-summers-over-60pct-hardware-failure-rate": Backdrop(
        "kuleuven-chem-cluster-node",
        "V100",
        "570.133.20",
        "2005-01-18T13:11:36Z",
        "2005-01-18T13:51:36Z",
        pci=("3b",),
    ),
    "bsl-annual-report-2004-05-room-237-computer-room-peaked-above-85f-when-the-ac-unit-failed-fall-2002": Backdrop(
        "bsl-room237-server",
        "V100",
        "570.133.20",
        "2002-10-01T11:30:00Z",
        "2002-10-01T12:10:00Z",
        pci=("3b",),
    ),
    "debian-bug-761062-upgrade-304-to-340-drops-support-for-older-nvidia-gpu-system-left-without-x-legacy-driver-needed": Backdrop(
        "debian-legacy-gpu-host",
        "A10",
        "340.32",
        "2014-09-12T12:05:20Z",
        "2014-09-12T12:45:20Z",
        pci=("01",),
    ),
    "fnal-news-2012-07-controls-power-and-cooling-outages-july-20-23-ups-install-ad-computer-room-planned-benign": Backdrop(
        "fnal-ad-computer-room-server",
        "V100",
        "570.133.20",
        "2012-07-20T11:30:00Z",
        "2012-07-20T12:10:00Z",
        pci=("3b",),
    ),
    "herro-docs-incident-2026-05-27-pve2-rtx2080ti-vfio-d3cold-to-d0-failed-dropped-off-pci-bus-needs-chassis-power": Backdrop(
        "pve2",
        "A10",
        "570.133.20",
        "2026-05-27T20:55:53Z",
        "2026-05-27T21:35:53Z",
        pci=("0a",),
    ),
    "inkch-tech-arch-linux-update-boot-hangs-when-nvidia-driver-loads-in-kernel-space-fixed-by-disabling-kms": Backdrop(
        "arch-nvidia-host",
        "A10",
        "570.133.20",
        "2025-01-01T11:30:00Z",
        "2025-01-01T12:10:00Z",
        pci=("01",),
    ),
    "nvidia-dc-driver-535-183-06-release-notes-nvswitch-h100-topo-p2p-shows-ns-while-fabricmanager-is-up-benign": Backdrop(
        "hgx-h100-nvswitch-node",
        "H100",
        "535.161.08",
        "2024-07-09T11:30:00Z",
        "2024-07-09T12:10:00Z",
    ),
    "nvidia-dc-driver-535-216-03-release-notes-known-issue-uvm-fails-to-initialize-with-mig-and-hmm-on-large-gpu-systems": Backdrop(
        "mig-hmm-h100-node",
        "H100",
        "535.216.03",
        "2024-11-19T11:30:00Z",
        "2024-11-19T12:10:00Z",
    ),
    "nvidia-dc-driver-570-133-20-release-notes-r570-gpu-accounting-stale-pointer-null-pointer-exception-fixed": Backdrop(
        "r570-accounting-node",
        "H100",
        "570.124.06",
        "2025-04-17T11:30:00Z",
        "2025-04-17T12:10:00Z",
    ),
    "nvidia-forums-64917-tesla-k40m-in-workstation-non-functional-system-bios-cannot-assign-pci-bar-resources": Backdrop(
        "p510-workstation",
        "V100",
        "570.133.20",
        "2018-10-01T11:30:00Z",
        "2018-10-01T12:10:00Z",
        pci=("02",),
    ),
    "prioritycolo-forum-818-suite-hvac-post-mortem-2010-11-07-all-three-hvac-units-stopped-equipment-thermal-throttle": Backdrop(
        "pc-818-suite-server",
        "V100",
        "570.133.20",
        "2010-11-07T16:00:00Z",
        "2010-11-07T16:40:00Z",
        pci=("3b",),
    ),
    "slac-today-2008-12-scientific-computing-servers-shut-down-jan-5-12-for-chilled-water-cooling-upgrade-planned-benign": Backdrop(
        "slac-b50-server",
        "V100",
        "570.133.20",
        "2009-01-05T11:30:00Z",
        "2009-01-05T12:10:00Z",
        pci=("3b",),
    ),
    "uni-magdeburg-urz-sofja-hpc-nodes-power-off-unintended-cannot-power-on-sel-thermal-trip-fixed-by-bmc-firmware": Backdrop(
        "sofja-node",
        "V100",
        "570.133.20",
        "2022-09-14T12:29:46Z",
        "2022-09-14T13:09:46Z",
        pci=("3b",),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
