"""Write the neutral backdrop of the held-out incidents: ``topology.json`` and ``metrics.jsonl``.

The public reports behind ``heldout-public-3/`` quote log lines, command output and exporter pages,
never a metrics store export; the recorded-incident format needs both a topology and samples. This
script writes, for each incident, the host the report names (its hostname or a stand-in, its GPUs at
the PCI bus ids the report prints, its driver version) and a flat, healthy stretch of
dcgm-exporter samples (temperature, power, utilisation) so the NOC has a fleet to watch. Nothing in
the backdrop points at the cause: the deciding evidence is only the report's own text beside it.
Where a report quotes exporter values (``extra``) they are written as they were quoted.

Run from the repository root: ``.venv/bin/python <this folder>/make_backdrop.py``
(deterministic; rewrites the files).
"""

from __future__ import annotations

from pathlib import Path

from gpufleet.evals.backdrop import Backdrop, write_backdrops

INCIDENTS: dict[str, Backdrop] = {
    "ogkm-387-gpu1-unknown-error-reseated": Backdrop(
        "deeplar",
        "A10",
        "520.61.05",
        "2022-10-11T10:00:00Z",
        "2022-10-11T10:40:00Z",
        ("0a", "0b", "41", "42"),
    ),
    "nvidia-docker-1553-gpu-dropped-off-bus-kill-hangs": Backdrop(
        "gpu-host",
        "A10",
        "465.19.01",
        "2021-10-05T08:00:00Z",
        "2021-10-05T08:40:00Z",
        ("09", "0a", "42"),
    ),
    "shine-cluster-171-hoth-drain-gpu-unknown-error": Backdrop(
        "hoth",
        "V100",
        "510.85.02",
        "2023-05-04T10:00:00Z",
        "2023-05-04T10:40:00Z",
        ("1a", "1c", "1d", "1e", "3d", "3e", "3f", "40"),
    ),
    "syno-22-tesla-p4-no-airflow-unknown-error": Backdrop(
        "ds1621",
        "A10",
        "unknown",
        "2024-06-13T10:00:00Z",
        "2024-06-13T10:40:00Z",
        ("07",),
    ),
    "dstack-2348-fabricmanager-version-pin-error-802": Backdrop(
        "ip-172-31-92-157",
        "A100",
        "535.183.01",
        "2025-02-24T09:10:00Z",
        "2025-02-24T09:50:00Z",
        ("10", "20", "30", "40", "50", "60", "70", "80"),
    ),
    "gpu-operator-544-fabricmanager-530-interface-mismatch": Backdrop(
        "fm-node",
        "A100",
        "530.41.03",
        "2023-06-28T10:00:00Z",
        "2023-06-28T10:40:00Z",
        ("07", "0b", "48", "4c", "88", "8b", "c8", "cb"),
    ),
    "cube-studio-29-fabricmanager-on-2x4090-nothing-to-do": Backdrop(
        "ubuntu2404",
        "A10",
        "unknown",
        "2025-09-18T03:00:00Z",
        "2025-09-18T03:40:00Z",
        ("01", "02"),
    ),
    "dcgm-49-diag-pcie-fail-nvlink-down-no-nvlink": Backdrop(
        "alma-a100",
        "A100",
        "unknown",
        "2022-09-19T10:00:00Z",
        "2022-09-19T10:40:00Z",
        ("17",),
    ),
    "nvtop-6-pcie-gen1-at-idle": Backdrop(
        "gtx1080ti-box",
        "V100",
        "unknown",
        "2018-04-14T10:00:00Z",
        "2018-04-14T10:40:00Z",
        ("01", "02"),
    ),
    "gpud-351-rtx4090-row-remap-false-positive": Backdrop(
        "gpud-4090",
        "A10",
        "unknown",
        "2025-02-03T10:00:00Z",
        "2025-02-03T10:40:00Z",
        ("e1",),
    ),
    "k8s-device-plugin-58-allocatable-stuck-at-zero": Backdrop(
        "ocio-gpu01",
        "V100",
        "unknown",
        "2018-06-26T22:40:00Z",
        "2018-06-26T23:20:00Z",
        (
            "04",
            "05",
            "06",
            "07",
            "08",
            "09",
            "0a",
            "0b",
            "84",
            "85",
            "86",
            "87",
            "88",
            "89",
            "8a",
            "8b",
        ),
    ),
    "k8s-device-plugin-33-gtx760-too-old-marked-unhealthy": Backdrop(
        "gpu",
        "V100",
        "390.30",
        "2018-02-27T16:30:00Z",
        "2018-02-27T17:10:00Z",
        ("0b",),
    ),
    "slinky-containers-14-slurmd-no-nvml-gres-count": Backdrop(
        "slinky-0",
        "GB200",
        "unknown",
        "2026-04-14T06:20:00Z",
        "2026-04-14T07:00:00Z",
        ("01", "02", "03", "04"),
    ),
    "nccl-905-ib-async-port-error-flap": Backdrop(
        "ib-node",
        "A100",
        "unknown",
        "2023-07-03T10:00:00Z",
        "2023-07-03T10:40:00Z",
        ("07", "0b", "48", "4c", "88", "8b", "c8", "cb"),
    ),
    "llamafactory-7396-allreduce-watchdog-timeout": Backdrop(
        "llamafactory-node",
        "H100",
        "unknown",
        "2025-03-21T01:50:00Z",
        "2025-03-21T02:30:00Z",
        ("18", "2a", "3a", "5d", "9a", "ab", "ba", "db"),
    ),
    "gpud-117-xid45-flood-hung-task-nvidia-smi-stuck": Backdrop(
        "gpud-node",
        "H100",
        "unknown",
        "2024-10-12T18:20:00Z",
        "2024-10-12T19:00:00Z",
        ("18", "2a", "3a", "61", "9a", "ab", "ba", "db"),
    ),
    "gpud-500-xid119-gsp-timeouts-gpu4": Backdrop(
        "gpud-h100",
        "H100",
        "unknown",
        "2025-03-07T10:00:00Z",
        "2025-03-07T11:00:00Z",
        ("18", "2a", "3a", "5d", "9b", "ab", "ba", "db"),
    ),
    "nvforum-364958-rtxpro6000-xid62-pmu-halt-needs-power-cycle": Backdrop(
        "rtxpro-ws",
        "B200",
        "595.58.03",
        "2026-03-27T17:20:00Z",
        "2026-03-27T18:00:00Z",
        ("01", "02"),
    ),
    "deepfacelab-89-cuda-error-ecc-uncorrectable": Backdrop(
        "jupyter",
        "A10",
        "unknown",
        "2024-03-05T10:00:00Z",
        "2024-03-05T10:40:00Z",
        ("01",),
    ),
    "pytorch-74235-rtx4090-xid109-ctx-switch-timeout": Backdrop(
        "rtx4090-box",
        "A10",
        "525.89",
        "2023-02-27T10:00:00Z",
        "2023-02-27T10:40:00Z",
        ("01",),
    ),
    "mineru-426-unspecified-launch-failure-bad-card": Backdrop(
        "founder-gpu",
        "A10",
        "unknown",
        "2024-08-09T10:00:00Z",
        "2024-08-09T10:40:00Z",
        ("01",),
    ),
    "xmr-stak-2054-xid32-one-of-eleven-gtx750": Backdrop(
        "miner-rig",
        "V100",
        "unknown",
        "2018-11-09T10:00:00Z",
        "2018-11-09T10:40:00Z",
        ("01", "02", "03", "04", "05", "06", "07", "08", "09", "0a", "0b"),
    ),
    "nccl-tests-6-unhandled-cuda-error-nccl-cuda-mismatch": Backdrop(
        "nccl-box",
        "V100",
        "unknown",
        "2021-05-25T10:00:00Z",
        "2021-05-25T10:40:00Z",
        ("1a", "1b", "3d", "3e"),
    ),
    "awsome-distributed-ai-195-gres-count-0-lt-1-drain": Backdrop(
        "yigou-dev-102-68",
        "A10",
        "unknown",
        "2024-12-19T10:50:00Z",
        "2024-12-19T11:50:00Z",
        ("01",),
    ),
    "lisa-2823-nd96asr-v4-error-802-gpu-count-0": Backdrop(
        "nd96asr-v4",
        "A100",
        "unknown",
        "2023-06-27T06:10:00Z",
        "2023-06-27T06:50:00Z",
        ("07", "0b", "48", "4c", "88", "8b", "c8", "cb"),
    ),
    "akash-244-node4-xid94-contained-sm-device-unhealthy": Backdrop(
        "node4",
        "H100",
        "535.183.01",
        "2024-08-09T13:20:00Z",
        "2024-08-09T14:00:00Z",
        ("05", "07", "08", "09"),
    ),
    "nccl-2241-b200-xid145-rlw-rxpipe-allgather-hang": Backdrop(
        "b200-node",
        "B200",
        "unknown",
        "2026-06-23T10:00:00Z",
        "2026-06-23T10:40:00Z",
        ("1b", "43", "52", "61", "9d", "c3", "d1", "df"),
    ),
    "k8s-device-plugin-213-allocatable-not-decreased-benign": Backdrop(
        "ocp-gpu-worker",
        "V100",
        "unknown",
        "2020-12-09T10:00:00Z",
        "2020-12-09T10:40:00Z",
        ("1e",),
    ),
    "dcgm-304-nvls-bind-cuda-401-nvlink-bad-state": Backdrop(
        "gpu-stress-dgc86-xfpt6",
        "H100",
        "unknown",
        "2026-06-23T15:30:00Z",
        "2026-06-23T16:10:00Z",
        ("18", "2a", "3a", "5d", "9a", "ab", "ba", "db"),
    ),
    "azhpc-diagnostics-73-v100-nvlink-links-inactive": Backdrop(
        "nd40rs-v2",
        "V100",
        "unknown",
        "2022-03-23T10:00:00Z",
        "2022-03-23T10:40:00Z",
        ("01", "02", "03", "04", "05", "06", "07", "08"),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
