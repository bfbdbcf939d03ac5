"""nvidia-smi's table as operators paste it: the GPUs it lists, a GPU missing from a node's own
listing, a counted uncorrectable ECC error, and the table's own lines read as the table's
(not as GPU text nobody understood); slurmstepd's cgroup OOM line in Slurm's own wording."""

from __future__ import annotations

from gpufleet.agents.noc.log_rules import JOB_SIGNAL_RULES
from gpufleet.telemetry.job_log import parse_job_log
from gpufleet.telemetry.job_signals import FLEET_SIGNATURES, job_signal_events
from gpufleet.telemetry.stack_errors import classify
from gpufleet.telemetry.text_evidence import Signature
from gpufleet.telemetry.topology import Cluster, Gpu, Node, Rack, Topology

BUS = ["00000000:03:00.0", "00000000:04:00.0", "00000000:83:00.0", "00000000:84:00.0"]


def _table(rows: list[tuple[str, str]], *, banner: bool = True, closed: bool = True) -> str:
    """A modern nvidia-smi table listing (bus id, Volatile Uncorr. ECC) per GPU."""
    head = [
        "+-----------------------------------------------------------------------------+",
        "| NVIDIA-SMI 535.54.03    Driver Version: 535.54.03    CUDA Version: 12.2     |",
        "|-------------------------------+----------------------+----------------------+",
        "| GPU  Name        Persistence-M| Bus-Id        Disp.A | Volatile Uncorr. ECC |",
        "| Fan  Temp  Perf  Pwr:Usage/Cap|         Memory-Usage | GPU-Util  Compute M. |",
        "|                               |                      |               MIG M. |",
        "|===============================+======================+======================|",
    ]
    body: list[str] = []
    for i, (bus, ecc) in enumerate(rows):
        body += [
            f"|   {i}  Tesla V100-SXM2...  On   | {bus} Off |{ecc:>21} |",
            "| N/A   35C    P0    56W / 300W |      0MiB / 32510MiB |      0%      Default |",
            "|                               |                      |                  N/A |",
            "+-------------------------------+----------------------+----------------------+",
        ]
    tail = [
        "",
        "+-----------------------------------------------------------------------------+",
        "| Processes:                                                                  |",
        "|  GPU   GI   CI        PID   Type   Process name                  GPU Memory |",
        "|        ID   ID                                                   Usage      |",
        "|=============================================================================|",
        "|    0   N/A  N/A     12345      C   python                          1234MiB |",
        "+-----------------------------------------------------------------------------+",
    ]
    return "\n".join((head if banner else head[-1:]) + body + (tail if closed else []))


def _topology() -> Topology:
    gpus = tuple(
        Gpu(index=i, uuid=f"GPU-{i:08d}", pci_bus_id=b, sku="V100", slot=i)
        for i, b in enumerate(BUS)
    )
    node = Node(hostname="gpu-07", nvlink_domain="gpu-07", gpus=gpus)
    rack = Rack(name="r1", pdu="p1", cooling_zone="z1", nodes=(node,))
    return Topology([Cluster(name="site", racks=(rack,))])


def _listed(text: str) -> Signature:
    sigs = parse_job_log(text, origin="nodes/gpu-07/nvidia-smi.txt", node="gpu-07").signatures
    return next(s for s in sigs if s.kind == "smi_gpus_listed")


def test_the_whole_table_is_read_and_nothing_in_it_is_left_not_understood() -> None:
    parsed = parse_job_log(_table([(b, "0") for b in BUS]), origin="smi.txt", node="gpu-07")
    assert parsed.report.gpu_unparsed == 0 and parsed.report.unrecognised == 0
    assert parsed.report.recognised == 4  # one first row per GPU
    listed = _listed(_table([(b, "0") for b in BUS]))
    assert listed.detail["count"] == "4" and listed.detail["complete"] == "true"


def test_a_gpu_missing_from_the_nodes_own_listing_is_reported_on_the_node() -> None:
    listed = _listed(_table([(b, "0") for b in BUS[:3]]))
    out = job_signal_events([(listed, "")], _topology(), at=100.0)
    assert [e.attrs["signature"] for e in out.events] == ["smi_gpu_not_listed"]
    event = out.events[0]
    assert event.node == "gpu-07" and event.gpu is None  # the listing is about the node
    assert "lists 3 of the node's 4 GPUs (not 00000000:84:00.0)" in event.message
    assert JOB_SIGNAL_RULES["smi_gpu_not_listed"][0] == "gpu_missing"


def test_a_jobs_listing_a_cut_paste_or_one_gpus_block_opens_nothing() -> None:
    # in a job's container nvidia-smi lists only the GPUs the job was given
    in_job = _listed(_table([(BUS[0], "0")]))
    # a paste cut before the table closes, one GPU's block quoted alone, no banner
    cut = _listed(_table([(b, "0") for b in BUS[:3]], closed=False))
    alone = _listed(_table([(BUS[1], "0")], banner=False))
    for sig, job in ((in_job, "4242"), (cut, ""), (alone, "")):
        assert not job_signal_events([(sig, job)], _topology(), at=100.0).events
    assert cut.detail["complete"] == "false" and alone.detail["complete"] == "false"
    # and a whole listing of every GPU is the node as it should be
    whole = _listed(_table([(b, "0") for b in BUS]))
    assert not job_signal_events([(whole, "")], _topology(), at=100.0).events


def test_a_counted_uncorrectable_ecc_error_names_its_gpu() -> None:
    text = _table([(BUS[0], "0"), (BUS[1], "2"), (BUS[2], "N/A"), (BUS[3], "0")])
    sigs = parse_job_log(text, origin="nodes/gpu-07/nvidia-smi.txt", node="gpu-07").signatures
    ecc = [s for s in sigs if s.kind == "smi_uncorrectable_ecc"]
    assert len(ecc) == 1 and ecc[0].detail["ecc"] == "2" and ecc[0].detail["smi_gpu"] == "1"
    assert "smi_uncorrectable_ecc" in FLEET_SIGNATURES
    out = job_signal_events([(ecc[0], "")], _topology(), at=100.0)
    assert [e.gpu for e in out.events] == ["gpu-07/gpu1"]


def test_slurmstepd_cgroup_oom_in_slurms_own_wording() -> None:
    # src/slurmd/slurmstepd: "Detected %u oom_kill event%s in %ps." and the older
    # "Detected %u oom-kill event(s) in step %u.%u cgroup"
    for line in (
        "slurmstepd: error: Detected 1 oom-kill event(s) in StepId=191.batch cgroup. Some of "
        "your processes may have been killed by the cgroup out-of-memory handler.",
        "slurmstepd: error: Detected 3 oom_kill events in StepId=88.0.",
        "slurmstepd: error: Detected 1 oom-kill event(s) in step 4242.0 cgroup.",
    ):
        found = classify(line)
        assert found is not None and found[0] == "host_oom_kill", line
        assert found[1]["scope"] == "cgroup"
