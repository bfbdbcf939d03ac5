"""Write the neutral backdrop of the held-out incidents: ``topology.json`` and ``metrics.jsonl``.

The public reports behind ``evals/heldout-2/`` quote log lines, command output and exporter pages,
never a metrics store export; the recorded-incident format needs both a topology and samples. This
script writes, for each incident, the host the report names (its hostname or a stand-in, its GPUs at
the PCI bus ids the report prints, its driver version) and a flat, healthy stretch of
dcgm-exporter samples (temperature, power, utilisation) so the NOC has a fleet to watch. Nothing in
the backdrop points at the cause: the deciding evidence is only the report's own text beside it.
Where a report quotes exporter values (``extra``) they are written as they were quoted.

Run from the repository root: ``python src/gpufleet/evals/heldout-2/make_backdrop.py``
(deterministic; rewrites the files).
"""

from __future__ import annotations

from pathlib import Path

from gpufleet.evals.backdrop import HGX_PCI, Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    "gpuburn-1-aer-surprise-down-xid79": Backdrop(
        "gpuburn-host",
        "V100",
        "unknown",
        "2018-04-12T10:00:00Z",
        "2018-04-12T10:40:00Z",
        ("02",),
    ),
    "returnn-1500-aer-fatal-cmpltto": Backdrop(
        "i6-gpu-node",
        "A10",
        "unknown",
        "2024-01-21T10:00:00Z",
        "2024-01-21T10:40:00Z",
        ("03",),
    ),
    "returnn-1486-aer-corrected-gpu-unknown-error": Backdrop(
        "cn-234",
        "A10",
        "unknown",
        "2024-01-02T10:00:00Z",
        "2024-01-02T10:40:00Z",
        ("03", "04", "81", "82"),
    ),
    "ogkm-942-a100-sxid24007-xid74-nvlink": Backdrop(
        "192.168.11.119",
        "A100",
        "unknown",
        "2026-04-22T21:00:00Z",
        "2026-04-22T21:40:00Z",
        ("07", "0b", "48", "4c", "88", "8b", "c8", "cb"),
    ),
    "k8s-device-plugin-231-gpu-lost-admission": Backdrop(
        "node-11",
        "V100",
        "unknown",
        "2021-03-05T10:00:00Z",
        "2021-03-05T10:40:00Z",
        ("01", "41", "81", "c1"),
    ),
    "kubernetes-130145-kubelet-stale-allocated-devices": Backdrop(
        "gpu-node",
        "A100",
        "unknown",
        "2025-02-13T10:00:00Z",
        "2025-02-13T10:40:00Z",
    ),
    "shine-cluster-30-nvml-mismatch-unattended-upgrade": Backdrop(
        "eureka",
        "A10",
        "460.56",
        "2021-04-27T10:00:00Z",
        "2021-04-27T10:40:00Z",
        ("01", "02", "81", "82"),
    ),
    "illinois-70-nvml-mismatch-after-update": Backdrop(
        "bock",
        "A10",
        "520.56.06",
        "2023-02-24T10:00:00Z",
        "2023-02-24T10:40:00Z",
        ("01",),
    ),
    "gpu-operator-1043-cuda-validator-fabricmanager": Backdrop(
        "poc01",
        "H100",
        "unknown",
        "2024-10-15T10:00:00Z",
        "2024-10-15T10:40:00Z",
    ),
    "k8s-device-plugin-11-nvml-default-runtime": Backdrop(
        "gpu-node-1",
        "A10",
        "unknown",
        "2017-11-29T01:40:00Z",
        "2017-11-29T02:20:00Z",
        ("01",),
    ),
    "k8s-device-plugin-856-nvml-library-not-found": Backdrop(
        "k3s-gpu-node",
        "A10",
        "unknown",
        "2024-08-01T10:00:00Z",
        "2024-08-01T10:40:00Z",
        ("01",),
    ),
    "gmt-97-memory-temp-blank-sentinel-t4": Backdrop(
        "t4-node",
        "A10",
        "unknown",
        "2020-07-23T10:00:00Z",
        "2020-07-23T10:40:00Z",
        ("01",),
        extra={(0, "DCGM_FI_DEV_MEMORY_TEMP"): 9.223372036854776e18},
    ),
    "gmt-152-gpu-util-sentinel-mig": Backdrop(
        "a100-mig-node",
        "A100",
        "unknown",
        "2021-01-25T00:30:00Z",
        "2021-01-25T01:10:00Z",
        ("01",),
        extra={(0, "DCGM_FI_DEV_GPU_UTIL"): 9.223372036854776e18},
    ),
    "dcgm-112-sticky-xid31-gauge": Backdrop(
        "dcgm-gpu-node",
        "A100",
        "unknown",
        "2023-10-07T10:00:00Z",
        "2023-10-07T10:40:00Z",
        HGX_PCI,
        extra={(0, "DCGM_FI_DEV_XID_ERRORS"): 31.0},
    ),
    "gpu-operator-610-fabricmanager-nothing-to-do-no-nvswitch": Backdrop(
        "leon-NF5468M6",
        "A10",
        "520.61.05",
        "2023-11-15T14:00:00Z",
        "2023-11-15T14:40:00Z",
        ("01", "02"),
    ),
    "sichek-51-reset-required-nccltest-gpu1": Backdrop(
        "sichek-node",
        "H100",
        "unknown",
        "2026-01-11T09:30:00Z",
        "2026-01-11T10:10:00Z",
    ),
    "magic-castle-361-gres-count-after-mig-change": Backdrop(
        "nodegpu1",
        "A100",
        "unknown",
        "2024-05-23T12:30:00Z",
        "2024-05-23T13:10:00Z",
        ("01",),
    ),
    "bibigrid-705-slurmd-gres-dev-nvidia0-missing": Backdrop(
        "bibigrid-worker",
        "A10",
        "unknown",
        "2026-02-02T09:30:00Z",
        "2026-02-02T10:10:00Z",
        ("01",),
    ),
    "pytorch-51382-xid31-repeated-faulty-gpu": Backdrop(
        "ml-8gpu",
        "V100",
        "unknown",
        "2021-01-29T23:30:00Z",
        "2021-01-30T00:50:00Z",
        ("1a", "1b", "3d", "3e", "88", "89", "b1", "db"),
    ),
    "trtllm-15610-xid13-b200-kernel-bug": Backdrop(
        "b200-node",
        "B200",
        "unknown",
        "2026-06-24T15:20:00Z",
        "2026-06-24T16:00:00Z",
        ("1b", "43", "52", "61", "70", "9d", "c3", "d1"),
    ),
    "flashinfer-3869-mnnvl-oob-xid31-node-hang": Backdrop(
        "mnnvl-node",
        "H200",
        "580.82.07",
        "2026-07-01T19:00:00Z",
        "2026-07-01T19:40:00Z",
        ("1a", "40", "62", "73", "9a", "bd", "df", "f0"),
    ),
    "llm-d-191-rdma-port-flap-vllm-crash": Backdrop(
        "ms-pd-llm-d-modelservice-prefill-2",
        "H100",
        "unknown",
        "2025-09-17T15:00:00Z",
        "2025-09-17T15:40:00Z",
    ),
    "gpu-operator-1146-xid48-xid64-rminitadapter": Backdrop(
        "worker4",
        "V100",
        "unknown",
        "2024-12-02T11:30:00Z",
        "2024-12-02T12:45:00Z",
        ("05", "06", "07", "08", "09", "0a"),
    ),
    "jade-194-uncorrectable-ecc-node-dgk713": Backdrop(
        "dgk713",
        "V100",
        "unknown",
        "2024-05-03T10:00:00Z",
        "2024-05-03T10:40:00Z",
    ),
    "dcgm-270-health-thermal-violation-gpu2": Backdrop(
        "dcgm-host",
        "H100",
        "unknown",
        "2025-12-22T10:00:00Z",
        "2025-12-22T10:40:00Z",
    ),
    "hami-596-unexpected-admission-old-hami": Backdrop(
        "hami-gpu-node",
        "A10",
        "unknown",
        "2024-11-06T10:00:00Z",
        "2024-11-06T10:40:00Z",
    ),
    "vllm-5222-uncorrectable-ecc-hardware": Backdrop(
        "a100-40g-vm",
        "A100",
        "550.54.14",
        "2024-06-03T10:00:00Z",
        "2024-06-03T10:40:00Z",
        ("01",),
    ),
    "marin-8934-gb200-xid149-link14-down": Backdrop(
        "s9jvxs64",
        "GB200",
        "unknown",
        "2026-09-10T07:50:00Z",
        "2026-09-10T08:30:00Z",
        ("01", "02", "03", "04"),
    ),
    "azurehpc-162-h100-pcie-nvlink-inactive-by-design": Backdrop(
        "ncv5-node",
        "H100",
        "unknown",
        "2026-06-10T10:00:00Z",
        "2026-06-10T10:40:00Z",
        ("01", "02"),
    ),
    "nvsentinel-1481-nvlink-down-false-positive-pcie": Backdrop(
        "a100-pcie",
        "A100",
        "570.133.20",
        "2026-07-18T10:00:00Z",
        "2026-07-18T10:40:00Z",
        ("01",),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
