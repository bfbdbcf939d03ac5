"""heldout's backdrop: the table :func:`gpufleet.evals.backdrop.write_backdrops` turns into each
case's ``topology.json`` and ``metrics.jsonl``. Run from the repository root:
``.venv/bin/python src/gpufleet/evals/heldout/make_backdrop.py`` (deterministic)."""

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    "nvsentinel-155-fallen-off-bus-multiline": Backdrop(
        "gpu-node-01",
        "L40S",
        "570.158.01",
        "2025-10-25T10:00:00Z",
        "2025-10-25T10:40:00Z",
        ("18", "3b", "5e", "86", "af", "b3", "d8", "da"),
    ),
    "dcgm-exporter-348-fallen-off-bus-k8s": Backdrop(
        "gpu-node-a",
        "H100",
        "550.54.15",
        "2024-06-27T08:00:00Z",
        "2024-06-27T08:40:00Z",
        ("1b", "43", "52", "61", "9d", "a1", "c3", "d1"),
    ),
    "ogkm-1150-nvlink5-xid149-145": Backdrop(
        "gb-node-07",
        "B200",
        "590.48.01",
        "2026-05-18T02:00:00Z",
        "2026-05-18T02:40:00Z",
        ("1b", "43", "52", "61", "97", "ba", "dc", "ed"),
    ),
    "ogkm-1111-xid119-gsp-rpc-timeout": Backdrop(
        "AI-MicroServer",
        "RTX-PRO-6000",
        "595.71.05",
        "2026-05-14T09:00:00Z",
        "2026-05-14T09:40:00Z",
        ("01",),
    ),
    "ogkm-1230-gsp-heartbeat-h100": Backdrop(
        "epyc",
        "H100",
        "595.71.05",
        "2026-07-10T06:00:00Z",
        "2026-07-10T06:40:00Z",
    ),
    "ogkm-1200-gsp-heartbeat-xid154": Backdrop(
        "rag-worker",
        "RTX-PRO-6000",
        "595.71.05",
        "2026-06-01T12:00:00Z",
        "2026-06-01T12:40:00Z",
        ("01",),
    ),
    "forum-371272-xid62-gsp-crashcat": Backdrop(
        "pve",
        "RTX-PRO-6000",
        "595.71.05",
        "2026-06-10T20:00:00Z",
        "2026-06-10T20:40:00Z",
        ("01",),
    ),
    "ogkm-1151-rminitadapter-failed": Backdrop(
        "fedora",
        "RTX-PRO-6000",
        "595.71.05",
        "2026-05-27T16:20:00Z",
        "2026-05-27T17:00:00Z",
        ("09",),
    ),
    "gpud-46-xid13-xid109-app": Backdrop(
        "h100-node",
        "H100",
        "535.183.01",
        "2024-08-30T11:10:00Z",
        "2024-08-30T11:50:00Z",
        ("18", "2a", "3a", "5d", "9a", "ab", "ba", "cb"),
    ),
    "bumblebee-677-legacy-xid32-31": Backdrop(
        "acer",
        "A10",
        "352.63",
        "2015-12-27T10:00:00Z",
        "2015-12-27T17:00:00Z",
        ("01",),
    ),
    "nccl-1488-nvls-after-fm-restart": Backdrop(
        "node23",
        "H100",
        "550.90.07",
        "2024-10-19T08:00:00Z",
        "2024-10-19T08:40:00Z",
    ),
    "nccl-1405-ib-completion-status12": Backdrop(
        "kp-ddp-worker-0",
        "A100",
        "535.104.05",
        "2024-08-01T00:00:00Z",
        "2024-08-01T00:40:00Z",
    ),
    "gpud-80-row-remap-pending-smi-q": Backdrop(
        "a100-node",
        "A100",
        "535.104.05",
        "2024-09-25T00:00:00Z",
        "2024-09-25T00:40:00Z",
        extra={
            (0, "DCGM_FI_DEV_UNCORRECTABLE_REMAPPED_ROWS"): 4.0,
            (0, "DCGM_FI_DEV_ROW_REMAP_PENDING"): 1.0,
        },
    ),
    "hami-1422-smi-q-575-deprecated-reset": Backdrop(
        "a100-mig",
        "A100",
        "575.57.08",
        "2025-10-20T10:00:00Z",
        "2025-10-20T10:40:00Z",
    ),
    "k8s-device-plugin-189-xid69-unhealthy": Backdrop(
        "k8s-gpu-1",
        "V100",
        "440.64.00",
        "2020-08-10T19:00:00Z",
        "2020-08-10T19:40:00Z",
    ),
    "gpu-operator-898-nvml-mismatch": Backdrop(
        "gpu-worker-1",
        "H100",
        "550.54.15",
        "2024-07-01T00:00:00Z",
        "2024-07-01T00:40:00Z",
    ),
    "gpud-1174-xid94-contained-ecc": Backdrop(
        "h100-9b",
        "H100",
        "570.133.20",
        "2025-12-08T00:00:00Z",
        "2025-12-08T00:40:00Z",
        ("18", "2a", "3a", "5d", "9b", "ab", "ba", "db"),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
