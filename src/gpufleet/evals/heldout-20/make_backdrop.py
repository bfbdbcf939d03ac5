"""heldout-public-20's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-20/make_backdrop.py`` (deterministic).

Backdrop(host, sku, driver, start, end, pci=(bus numbers, one per GPU, in index order; default an 8-GPU HGX),
extra={(gpu_index, "DCGM_FI_..."): value quoted by the report}). sku is one of A10, V100, A100, H100, B200,
GB200 (stand-in where the report's GPU is not one). No case uses extra: no report quotes an exporter value
as a metric sample.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    "agentlab-modal-gpu-health-cloud-d-a10s-frequent-hw-slowdown-and-hw-power-brake": Backdrop(
        "cloud-d-a10",
        "A10",
        "580.95.05",
        "2025-12-28T11:30:00Z",
        "2025-12-28T12:10:00Z",
        pci=("01",),
    ),
    "arc-vt-2026-01-planned-outage-gpu-driver-565-to-580-update-clusters-offline-benign": Backdrop(
        "tc-gpu-node",
        "A100",
        "565.57.01",
        "2026-01-05T12:30:00Z",
        "2026-01-05T13:10:00Z",
    ),
    "bcg-biostat-2014-scheduled-chilled-water-outage-compute-hosts-shut-down-benign": Backdrop(
        "bcg-compute",
        "V100",
        "331.67",
        "2014-03-21T11:15:00Z",
        "2014-03-21T11:55:00Z",
    ),
    "brainiky-k0s-nvidia-container-toolkit-nested-toml-imports-not-merged-containerd-nodes-fail": Backdrop(
        "k0s-gpu-node",
        "A10",
        "570.133.20",
        "2025-10-01T11:30:00Z",
        "2025-10-01T12:10:00Z",
        pci=("01",),
    ),
    "bxhu-roce-notes-nic-pfc-pause-frame-storm-nic-receive-pipeline-bug-blocks-whole-fabric": Backdrop(
        "rack-server-0",
        "V100",
        "367.48",
        "2016-08-22T11:30:00Z",
        "2016-08-22T12:10:00Z",
    ),
    "canopywave-h100-gpu-fans-not-spinning-at-idle-intelligent-temperature-control-benign": Backdrop(
        "cw-h100-node",
        "H100",
        "570.133.20",
        "2025-11-03T11:30:00Z",
        "2025-11-03T12:10:00Z",
    ),
    "cels-anl-2016-storm-power-outage-ups-exhausted-and-221-systems-shut-down-by-mistake": Backdrop(
        "cels-240-node",
        "V100",
        "367.48",
        "2016-07-28T18:58:00Z",
        "2016-07-28T19:38:00Z",
    ),
    "computerworld-2012-zayo-111-8th-ave-suite-above-100f-generator-fuel-pump-affects-ac": Backdrop(
        "zayo-111-8th-node",
        "V100",
        "304.64",
        "2012-11-01T11:30:00Z",
        "2012-11-01T12:10:00Z",
    ),
    "debian-889669-unattended-nvidia-security-update-loaded-module-vs-userspace-mismatch-cuda-farms": Backdrop(
        "cuda-farm-node",
        "V100",
        "390.42",
        "2018-03-21T07:47:15Z",
        "2018-03-21T08:27:15Z",
    ),
    "dnim-tesla-p100-vfio-passthrough-game-launch-power-transient-trips-pcie-fault-resets-proxmox-host": Backdrop(
        "pve-host",
        "V100",
        "550.54.14",
        "2026-06-01T11:30:00Z",
        "2026-06-01T12:10:00Z",
        pci=("01",),
    ),
    "emerson-2013-datacenter-110f-both-hvac-units-down-failed-pump-blocked-failover": Backdrop(
        "emerson-dc-node",
        "V100",
        "319.37",
        "2013-03-15T03:45:00Z",
        "2013-03-15T04:25:00Z",
    ),
    "funloop-arch-nvrm-api-mismatch-after-upgrade-initramfs-built-before-nvidia-package": Backdrop(
        "arch-desktop",
        "A10",
        "337.25",
        "2014-06-04T11:30:00Z",
        "2014-06-04T12:10:00Z",
        pci=("01",),
    ),
    "gitcode-open-gpu-kernel-modules-rtx-4090-gsp-ga10x-bin-firmware-load-error-2-version-mismatch": Backdrop(
        "rtx4090-ws",
        "A10",
        "550.76",
        "2025-05-14T11:49:45Z",
        "2025-05-14T12:29:45Z",
        pci=("01",),
    ),
    "hotdry-b200-570-133-20-nvidia-smi-hangs-forever-after-66-days-uptime-nvlink-rx-detect-errors": Backdrop(
        "b200-node",
        "B200",
        "570.133.20",
        "2026-01-25T11:30:00Z",
        "2026-01-25T12:10:00Z",
    ),
    "hpe-a00127211-xl675d-hgx-a100-no-power-on-gpu-board-vrd-fault-fixed-by-fpga-3-14-cpld-0x14": Backdrop(
        "xl675d",
        "A100",
        "515.65.01",
        "2022-09-26T11:30:00Z",
        "2022-09-26T12:10:00Z",
    ),
    "launchpad-2129682-580-server-packages-pin-full-driver-version-fabricmanager-nscq-break-on-recrank": Backdrop(
        "hgx-580-node",
        "H100",
        "580.95.05",
        "2025-11-15T11:30:00Z",
        "2025-11-15T12:10:00Z",
    ),
    "nsc-liu-2017-karnhuset-power-outages-loose-bolt-arcing-in-substation-compute-nodes-down": Backdrop(
        "triolith-n001",
        "V100",
        "375.26",
        "2017-04-06T05:30:00Z",
        "2017-04-06T06:10:00Z",
    ),
    "nvforum-205097-rtx-2080-super-swpowercap-throttle-reason-is-the-gpus-own-power-cap-benign": Backdrop(
        "rtx2080s-ws",
        "A10",
        "461.92",
        "2022-02-14T11:30:00Z",
        "2022-02-14T12:10:00Z",
        pci=("01",),
    ),
    "nvforum-242308-containers-lose-gpu-access-failed-to-initialize-nvml-systemd-cgroup-reload-runc-dev-char": Backdrop(
        "k8s-gpu-node",
        "A100",
        "525.85.12",
        "2023-02-08T11:30:00Z",
        "2023-02-08T12:10:00Z",
    ),
    "nvidia-esp-4644-dgx-v100-dbe-xid-48-63-page-retired-blacklisted-on-next-attach": Backdrop(
        "dgx1",
        "V100",
        "410.79",
        "2019-06-01T11:30:00Z",
        "2019-06-01T12:10:00Z",
    ),
    "openillumi-pytorch-cuda-oom-reserved-much-larger-than-allocated-fragmentation-max-split-size-mb": Backdrop(
        "dev-ws",
        "A10",
        "535.104.05",
        "2025-06-01T11:30:00Z",
        "2025-06-01T12:10:00Z",
        pci=("01",),
    ),
    "pipfrosch-geforce-405-fan-stops-card-overheats-system-crashes": Backdrop(
        "xeon-ws",
        "A10",
        "340.108",
        "2020-06-01T11:30:00Z",
        "2020-06-01T12:10:00Z",
        pci=("01",),
    ),
    "scorpiox-three-v100-sxm2-pcie-splitter-bifurcation-two-slots-width-x0": Backdrop(
        "v100-rig",
        "V100",
        "535.230.02",
        "2026-05-25T11:30:00Z",
        "2026-05-25T12:10:00Z",
        pci=("01", "02", "03"),
    ),
    "snapoverflow-askubuntu-nvidia-driver-495-auto-upgraded-to-510-breaks-a100-on-gcp": Backdrop(
        "gcp-a100-vm",
        "A100",
        "510.47.03",
        "2022-02-15T11:30:00Z",
        "2022-02-15T12:10:00Z",
        pci=("04",),
    ),
    "tencent-cloud-pytorch-dataloader-fork-opencv-threads-deadlock-gpu-util-0-training-stalls": Backdrop(
        "det-train",
        "A10",
        "535.183.01",
        "2025-09-03T11:30:00Z",
        "2025-09-03T12:10:00Z",
        pci=("01",),
    ),
    "thomas-krenn-pcie-aer-corrected-data-link-layer-replay-timer-timeout-with-aspm-pcie-aspm-off": Backdrop(
        "debian",
        "V100",
        "384.90",
        "2017-11-09T10:50:38Z",
        "2017-11-09T11:30:38Z",
    ),
    "uiowa-2012-scratch-lustre-overloaded-nodes-deep-in-swap-clients-evicted-reconnect-loop": Backdrop(
        "helium-compute",
        "V100",
        "295.41",
        "2012-03-20T18:30:00Z",
        "2012-03-20T19:10:00Z",
    ),
    "valtteri-lustre-slow-one-training-job-random-reads-saturating-the-hdd-tier": Backdrop(
        "train-node",
        "A100",
        "550.54.15",
        "2026-03-01T11:30:00Z",
        "2026-03-01T12:10:00Z",
    ),
    "wpnews-h100-nvidia-smi-97pct-util-while-gpu-idle-51pct-cpu-scheduling-contention": Backdrop(
        "h100-train",
        "H100",
        "550.54.15",
        "2026-06-01T11:30:00Z",
        "2026-06-01T12:10:00Z",
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
