"""Write the neutral backdrop of the held-out incidents: ``topology.json`` and ``metrics.jsonl``.

The public reports behind ``heldout-public-4/`` quote log lines, command output and exporter pages,
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
    "aibrix-909-gke-kvcache-pod-untolerated-gpu-taint": Backdrop(
        "gke-gpu-pool-node",
        "A10",
        "unknown",
        "2025-03-27T10:00:00Z",
        "2025-03-27T10:40:00Z",
        ("04",),
    ),
    "arjuna-151-c017-c018-node-unexpectedly-rebooted-twice": Backdrop(
        "c017",
        "V100",
        "unknown",
        "2022-06-26T16:34:00Z",
        "2022-06-26T17:14:00Z",
        ("1a", "1b", "3d", "3e"),
    ),
    "arjuna-64-ntpd-fix-rolling-reboot-reboot-timed-out-benign": Backdrop(
        "c011",
        "V100",
        "unknown",
        "2021-09-17T20:22:00Z",
        "2021-09-17T21:02:00Z",
        ("1a", "1b", "3d", "3e"),
    ),
    "awsome-distributed-ai-185-drain-kill-task-failed-pyxis-epilog": Backdrop(
        "ip-10-0-1-23",
        "H100",
        "unknown",
        "2024-01-25T14:42:00Z",
        "2024-01-25T15:22:00Z",
        ("18", "2a", "3a", "5d", "9a", "ab", "ba", "db"),
    ),
    "cbio-cluster-409-orphan-yank-processes-gpu-2-14": Backdrop(
        "gpu-2-14",
        "V100",
        "unknown",
        "2016-05-10T10:00:00Z",
        "2016-05-10T10:40:00Z",
        ("03", "04", "83", "84"),
    ),
    "cuda-jl-2194-nvml-idle-clock-event-benign": Backdrop(
        "julia-dev-box",
        "A10",
        "unknown",
        "2023-12-11T10:00:00Z",
        "2023-12-11T10:40:00Z",
        ("01",),
    ),
    "cyclenerd-miner-40-gtx1060-on-riser-not-seen-pcie-gen-auto": Backdrop(
        "asrock-btc-rig",
        "A10",
        "unknown",
        "2017-07-13T10:00:00Z",
        "2017-07-13T10:40:00Z",
        ("01",),
    ),
    "dali-585-multi-gpu-hang-python-invoked-oom-killer": Backdrop(
        "g291-gpu-node",
        "V100",
        "unknown",
        "2019-03-04T10:00:00Z",
        "2019-03-04T10:40:00Z",
        ("1a", "1b", "3d", "3e", "88", "89", "b1", "b2"),
    ),
    "dcgm-exporter-312-gpu-temp-4278190080-after-upgrade": Backdrop(
        "k8s-a100-node",
        "A100",
        "unknown",
        "2024-04-14T20:03:00Z",
        "2024-04-14T20:43:00Z",
        ("07", "0b", "48", "4c", "88", "8b", "c8", "cb"),
    ),
    "dcgm-exporter-702-exporter-oom-killed-metrics-gap-benign": Backdrop(
        "idc-z790-ud-ax-2",
        "A10",
        "unknown",
        "2026-06-28T05:15:00Z",
        "2026-06-28T05:55:00Z",
        ("01",),
    ),
    "gpu-operator-1065-h100-xid94-gpu-stays-unallocatable": Backdrop(
        "h100-gpu-worker",
        "H100",
        "unknown",
        "2024-10-25T01:49:00Z",
        "2024-10-25T02:29:00Z",
        ("18", "2a", "3a", "5d", "9a", "ab", "ba", "db"),
    ),
    "gpu-operator-649-ibm-cloud-rminitadapter-0x11-0x45": Backdrop(
        "ibm-ocp-gpu-worker",
        "V100",
        "unknown",
        "2024-01-10T10:00:00Z",
        "2024-01-10T10:40:00Z",
        ("04:01", "04:02"),
    ),
    "gpud-1085-b200-gpu2-all-nvlinks-inactive": Backdrop(
        "b200-node",
        "B200",
        "unknown",
        "2025-09-26T18:39:00Z",
        "2025-09-26T19:19:00Z",
        ("1b", "43", "52", "61", "9d", "c3", "d1", "df"),
    ),
    "gpud-1151-h100-fabric-manager-found-not-active": Backdrop(
        "h100-fm-node",
        "H100",
        "unknown",
        "2025-11-20T04:16:00Z",
        "2025-11-20T04:56:00Z",
        ("18", "2a", "3a", "5d", "9a", "ab", "ba", "db"),
    ),
    "gpud-338-nvswitch-sxid-12028-egress-nonposted-priv": Backdrop(
        "hgx-nvswitch-node",
        "H100",
        "unknown",
        "2025-01-25T10:04:00Z",
        "2025-01-25T10:44:00Z",
        ("18", "2a", "3a", "5d", "9a", "ab", "ba", "db"),
    ),
    "hpccm-239-relion-cuda-10-2-container-on-418-driver": Backdrop(
        "gpu-partition-node",
        "V100",
        "418.87.00",
        "2020-03-18T10:00:00Z",
        "2020-03-18T10:40:00Z",
        ("1a", "1b", "3d", "3e"),
    ),
    "intel-llvm-17614-nvml-mismatch-container-lib-550-144": Backdrop(
        "ur-cuda-ci",
        "A10",
        "unknown",
        "2025-03-24T10:00:00Z",
        "2025-03-24T10:40:00Z",
        ("01",),
    ),
    "k8s-device-plugin-129-allocatable-8-to-4-no-plugin-error": Backdrop(
        "gpu-node-8x",
        "V100",
        "unknown",
        "2019-08-12T10:00:00Z",
        "2019-08-12T10:40:00Z",
        ("1a", "1b", "3d", "3e", "88", "89", "b1", "b2"),
    ),
    "k8s-device-plugin-2038-rtx5090-xid79-unexpected-admission-error": Backdrop(
        "rke2-gpu-node",
        "B200",
        "580.159.03",
        "2026-09-17T10:00:00Z",
        "2026-09-17T10:40:00Z",
        ("01", "21", "41", "61", "81", "a1", "c1", "e1"),
    ),
    "lit-llama-380-ib-async-port-error-node48": Backdrop(
        "node48",
        "A100",
        "unknown",
        "2023-06-10T10:00:00Z",
        "2023-06-10T10:40:00Z",
        ("07", "0b", "48", "4c", "88", "8b", "c8", "cb"),
    ),
    "marin-7956-gb200-sg8txs64-gpu0-illegal-instruction-single-rank": Backdrop(
        "sg8txs64",
        "GB200",
        "unknown",
        "2026-08-11T19:45:00Z",
        "2026-08-11T20:25:00Z",
        ("01", "02", "03", "04"),
    ),
    "mattshma-bigdata-133-probe-routine-not-called-nouveau": Backdrop(
        "v100-node",
        "V100",
        "384.81",
        "2018-11-02T10:00:00Z",
        "2018-11-02T10:40:00Z",
        ("5a", "5e", "62"),
    ),
    "nemo-1204-gpu-util-0-dataloader-few-workers": Backdrop(
        "nemo-train-box",
        "V100",
        "unknown",
        "2020-09-22T10:00:00Z",
        "2020-09-22T10:40:00Z",
        ("01",),
    ),
    "nvidia-docker-849-xid48-dbe-xid63-page-retired-reboot": Backdrop(
        "docker-gpu-host",
        "V100",
        "390.30",
        "2018-10-29T11:37:00Z",
        "2018-10-29T12:17:00Z",
        ("1a", "1b", "3d", "3e", "88", "89", "8a", "8b"),
    ),
    "ogkm-446-talos-back-to-back-gsp-rpc-timeout-xid154-reset-required": Backdrop(
        "192.168.11.119",
        "A10",
        "unknown",
        "2026-04-22T21:00:00Z",
        "2026-04-22T21:40:00Z",
        ("0b",),
    ),
    "opennmt-tutorial-6-colab-dataloader-killed-cgroup-oom": Backdrop(
        "colab-vm",
        "A10",
        "unknown",
        "2022-11-19T10:00:00Z",
        "2022-11-19T10:40:00Z",
        ("04",),
    ),
    "pytorch-141069-iterabledataset-unequal-lengths-allreduce-timeout": Backdrop(
        "ddp-node",
        "A100",
        "unknown",
        "2024-11-19T10:00:00Z",
        "2024-11-19T10:40:00Z",
        ("07", "0b", "48", "4c"),
    ),
    "pytorch-examples-164-alexnet-data-time-dominates-zero-gpu-util": Backdrop(
        "imagenet-box",
        "V100",
        "unknown",
        "2017-06-02T10:00:00Z",
        "2017-06-02T10:40:00Z",
        ("01",),
    ),
    "simpletuner-3099-start-step-gated-dataset-allgather-deadlock": Backdrop(
        "simpletuner-8gpu",
        "H100",
        "unknown",
        "2026-08-17T10:00:00Z",
        "2026-08-17T10:40:00Z",
        ("18", "2a", "3a", "5d", "9a", "ab", "ba", "db"),
    ),
    "slurm-job-exporter-30-h100-dcgm-blank-profiling-values": Backdrop(
        "h100-slurm-node",
        "H100",
        "unknown",
        "2024-03-01T10:00:00Z",
        "2024-03-01T10:40:00Z",
        ("18", "2a", "3a", "5d", "9a", "ab", "ba", "db"),
    ),
    "thermald-300-mx330-max-operating-temp-57c-sw-thermal-throttle": Backdrop(
        "thinkpad-t14",
        "A10",
        "465.27",
        "2021-05-08T12:55:00Z",
        "2021-05-08T13:35:00Z",
        ("2d",),
    ),
    "vllm-5901-a800-xid13-graphics-exception-engine-dead": Backdrop(
        "a800-node",
        "A100",
        "535.169.07",
        "2024-08-23T10:00:00Z",
        "2024-08-23T10:40:00Z",
        ("0e", "13", "43", "48", "8a", "8f", "c1", "c6"),
    ),
}


if __name__ == "__main__":
    write_backdrops(Path(__file__).parent, INCIDENTS)
