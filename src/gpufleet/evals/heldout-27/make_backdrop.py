"""heldout-public-27's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``cd /work/main && .venv/bin/python /work/staging/heldout-public-27/make_backdrop.py`` (deterministic).

sku must be one of A10, V100, A100, H100, B200, GB200 (stand-in where the report's GPU is not one).
No case uses extra: no report quotes an exporter value as a metric sample.
"""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    "ainavigate-reddit-localllama-vllm-tensor-parallel-hangs-without-nvlink-bridge-nccl-p2p-level-sys": Backdrop(
        "localllama-tp-rig",
        "A100",
        "570.133.20",
        "2026-03-17T11:30:00Z",
        "2026-03-17T12:10:00Z",
        pci=("17", "65"),
    ),
    "alibaba-ack-nvidia-driver-510-plus-occasional-xid-119-120-gsp-errors-fixed-in-550-known-issue": Backdrop(
        "ack-gpu-node",
        "A10",
        "535.161.08",
        "2026-08-27T11:30:00Z",
        "2026-08-27T12:10:00Z",
        pci=("00:07",),
    ),
    "brightenfuture-gpu-compute-slows-after-warmup-clocks-drop-from-heat-insufficient-exhaust-blower-fan": Backdrop(
        "brightenfuture-ws",
        "V100",
        "570.133.20",
        "2020-01-15T11:30:00Z",
        "2020-01-15T12:10:00Z",
        pci=("01",),
    ),
    "bu-scv-mghpcc-annual-facility-maintenance-scc-cluster-drained-and-shut-down-aug-2014-benign": Backdrop(
        "scc-gpu-node",
        "V100",
        "340.29",
        "2014-08-11T01:30:00Z",
        "2014-08-11T02:10:00Z",
        pci=("02", "03", "83", "84"),
    ),
    "hfforum-174734-laptop-rtx-flux-inference-vram-junction-105c-while-core-75c-memory-clock-throttle": Backdrop(
        "flux-laptop",
        "A10",
        "570.133.20",
        "2026-03-28T11:30:00Z",
        "2026-03-28T12:10:00Z",
        pci=("01",),
    ),
    "nvforum-72537-pcie-link-drops-from-gen3-when-idle-driver-power-management-by-design-benign": Backdrop(
        "pcie-gen-host",
        "V100",
        "418.67",
        "2019-03-01T11:30:00Z",
        "2019-03-01T12:10:00Z",
        pci=("3b",),
    ),
    "spaziogames-rtx3090-fe-reaches-record-temperatures-finger-cot-left-inside-cooler-from-factory": Backdrop(
        "rtx3090-fe-desktop",
        "A10",
        "470.42.01",
        "2021-08-01T11:30:00Z",
        "2021-08-01T12:10:00Z",
        pci=("01",),
    ),
    "tomshardware-evga-rtx3090-cards-die-under-new-world-load-poor-soldering-around-mosfets-xray": Backdrop(
        "evga-3090-rig",
        "A10",
        "471.41",
        "2021-09-24T11:30:00Z",
        "2021-09-24T12:10:00Z",
        pci=("01",),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
