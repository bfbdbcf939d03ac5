"""The SLURM executor (graph.executors.slurm): pure parsers on captured SLURM 22.05.8 output, and
drain / resume / requeue / cancel against a real slurmctld + slurmds on 127.0.0.1."""

from __future__ import annotations

import json
import re
import shlex
import shutil
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path

import pytest
import yaml

from gpufleet.graph.executors.runner import DryRunRunner, SubprocessRunner
from gpufleet.graph.executors.slurm import (
    SlurmExecutor,
    check_job_id,
    check_node_name,
    count_gpus,
    expand_hostlist,
    parse_jobs,
    parse_kv_line,
    parse_nodes,
    parse_squeue_json,
    slurm_tools,
    split_state,
)
from gpufleet.graph.tools import ToolRegistry
from gpufleet.knowledge.schema import TOOLS
from tests.slurm_cluster import INSTALL_HINT, SlurmCluster, missing_binaries

# -- captured outputs (SLURM 22.05.8, the cluster of tests/slurm_cluster.py) -------------------

NODE_HUMAN_DRAINED = (
    "NodeName=node-02 Arch=x86_64 CoresPerSocket=1  CPUAlloc=0 CPUEfctv=64 CPUTot=64 "
    "CPULoad=0.84 AvailableFeatures=(null) ActiveFeatures=(null) Gres=gpu:8 "
    "NodeAddr=127.0.0.1 NodeHostName=node-02 Port=42881 Version=22.05.8 OS=Linux "
    "6.18.44-fc-v669 #1 SMP PREEMPT_DYNAMIC @0  RealMemory=512000 AllocMem=0 FreeMem=20424 "
    "Sockets=64 Boards=1 State=IDLE+DRAIN ThreadsPerCore=1 TmpDisk=0 Weight=1 Owner=N/A "
    "MCS_label=N/A Partitions=gpu  BootTime=2026-11-21T10:34:18 "
    "SlurmdStartTime=2026-11-21T12:50:14 LastBusyTime=2026-11-21T12:50:14 "
    "CfgTRES=cpu=64,mem=500G,billing=64 AllocTRES= CapWatts=n/a CurrentWatts=0 AveWatts=0 "
    "ExtSensorsJoules=n/s ExtSensorsWatts=0 ExtSensorsTemp=n/s Reason=ops alice: bad PSU, "
    "ticket 42 [root@2026-11-21T12:50:14]"
)

NODE_GPUFLEET_DRAINING = (
    "NodeName=node-01 Arch=x86_64 CoresPerSocket=1  CPUAlloc=1 CPUEfctv=64 CPUTot=64 "
    "CPULoad=0.84 AvailableFeatures=(null) ActiveFeatures=(null) Gres=gpu:8 "
    "NodeAddr=127.0.0.1 NodeHostName=node-01 Port=37371 Version=22.05.8 OS=Linux "
    "6.18.44-fc-v669 #1 SMP PREEMPT_DYNAMIC @0  RealMemory=512000 AllocMem=512000 "
    "FreeMem=20425 Sockets=64 Boards=1 State=MIXED+DRAIN ThreadsPerCore=1 TmpDisk=0 Weight=1 "
    "Owner=N/A MCS_label=N/A Partitions=gpu  BootTime=2026-11-21T10:34:18 "
    "SlurmdStartTime=2026-11-21T12:50:14 LastBusyTime=2026-11-21T12:50:14 "
    "CfgTRES=cpu=64,mem=500G,billing=64 AllocTRES=cpu=1,mem=500G CapWatts=n/a CurrentWatts=0 "
    "AveWatts=0 ExtSensorsJoules=n/s ExtSensorsWatts=0 ExtSensorsTemp=n/s Reason=gpufleet "
    "inc-1: xid 79 [root@2026-11-21T12:50:18]"
)

NODE_MIXED_DETAIL = (
    "NodeName=node-02 Arch=x86_64 CoresPerSocket=1  CPUAlloc=1 CPUEfctv=64 CPUTot=64 "
    "CPULoad=1.47 AvailableFeatures=(null) ActiveFeatures=(null) Gres=gpu:8 GresDrain=N/A "
    "GresUsed=gpu:3 NodeAddr=127.0.0.1 NodeHostName=node-02 Port=40619 Version=22.05.8 "
    "OS=Linux 6.18.44-fc-v669 #1 SMP PREEMPT_DYNAMIC @0  RealMemory=512000 AllocMem=1024 "
    "FreeMem=21558 Sockets=64 Boards=1 State=MIXED ThreadsPerCore=1 TmpDisk=0 Weight=1 "
    "Owner=N/A MCS_label=N/A Partitions=gpu  BootTime=2026-11-21T10:34:18 "
    "SlurmdStartTime=2026-11-21T12:51:38 LastBusyTime=2026-11-21T12:51:38 "
    "CfgTRES=cpu=64,mem=500G,billing=64 AllocTRES=cpu=1,mem=1G CapWatts=n/a CurrentWatts=0 "
    "AveWatts=0 ExtSensorsJoules=n/s ExtSensorsWatts=0 ExtSensorsTemp=n/s"
)

JOB_RUNNING = (
    "JobId=1 JobName=train gpt UserId=root(0) GroupId=root(0) MCS_label=N/A "
    "Priority=4294901759 Nice=0 Account=(null) QOS=(null) JobState=RUNNING Reason=None "
    "Dependency=(null) Requeue=1 Restarts=0 BatchFlag=1 Reboot=0 ExitCode=0:0 "
    "RunTime=00:00:01 TimeLimit=UNLIMITED TimeMin=N/A SubmitTime=2026-11-21T12:50:14 "
    "EligibleTime=2026-11-21T12:50:14 AccrueTime=2026-11-21T12:50:14 "
    "StartTime=2026-11-21T12:50:17 EndTime=Unknown Deadline=N/A SuspendTime=None "
    "SecsPreSuspend=0 LastSchedEval=2026-11-21T12:50:17 Scheduler=Main Partition=gpu "
    "AllocNode:Sid=vm:12294 ReqNodeList=(null) ExcNodeList=(null) NodeList=node-01 "
    "BatchHost=node-01 NumNodes=1 NumCPUs=1 NumTasks=1 CPUs/Task=1 ReqB:S:C:T=0:0:*:* "
    "TRES=cpu=1,mem=500G,node=1,billing=1 Socks/Node=* NtasksPerN:B:S:C=0:0:*:* CoreSpec=* "
    "MinCPUsNode=1 MinMemoryNode=0 MinTmpDiskNode=0 Features=(null) DelayBoot=00:00:00 "
    "OverSubscribe=OK Contiguous=0 Licenses=(null) Network=(null) Command=(null) "
    "WorkDir=/work/main StdErr=/work/main/slurm-1.out StdIn=/dev/null "
    "StdOut=/work/main/slurm-1.out Power= TresPerNode=gres:gpu:2 "
)

JOB_TWO_NODES = (
    "JobId=2 JobName=wrap UserId=root(0) GroupId=root(0) MCS_label=N/A Priority=4294901758 "
    "Nice=0 Account=(null) QOS=(null) JobState=RUNNING Reason=None Dependency=(null) "
    "Requeue=1 Restarts=0 BatchFlag=1 Reboot=0 ExitCode=0:0 RunTime=00:00:01 "
    "TimeLimit=UNLIMITED TimeMin=N/A SubmitTime=2026-11-21T12:51:38 "
    "EligibleTime=2026-11-21T12:51:38 AccrueTime=2026-11-21T12:51:38 "
    "StartTime=2026-11-21T12:51:41 EndTime=Unknown Deadline=N/A SuspendTime=None "
    "SecsPreSuspend=0 LastSchedEval=2026-11-21T12:51:41 Scheduler=Main Partition=gpu "
    "AllocNode:Sid=vm:12294 ReqNodeList=node-[02-03] ExcNodeList=(null) NodeList=node-[02-03]"
    " BatchHost=node-02 NumNodes=2 NumCPUs=2 NumTasks=2 CPUs/Task=1 ReqB:S:C:T=0:0:*:* "
    "TRES=cpu=2,mem=2G,node=2,billing=2 Socks/Node=* NtasksPerN:B:S:C=0:0:*:* CoreSpec=* "
    "MinCPUsNode=1 MinMemoryCPU=1G MinTmpDiskNode=0 Features=(null) DelayBoot=00:00:00 "
    "OverSubscribe=OK Contiguous=0 Licenses=(null) Network=(null) Command=(null) WorkDir=/tmp"
    " StdErr=/dev/null StdIn=/dev/null StdOut=/dev/null Power= TresPerNode=gres:gpu:3 "
)

JOB_PENDING = (
    "JobId=2 JobName=wrap UserId=root(0) GroupId=root(0) MCS_label=N/A Priority=4294901758 "
    "Nice=0 Account=(null) QOS=(null) JobState=PENDING Reason=Nodes_required_for_job_are_DOWN"
    ",_DRAINED_or_reserved_for_jobs_in_higher_priority_partitions Dependency=(null) Requeue=1"
    " Restarts=0 BatchFlag=1 Reboot=0 ExitCode=0:0 RunTime=00:00:00 TimeLimit=UNLIMITED "
    "TimeMin=N/A SubmitTime=2026-11-21T12:50:18 EligibleTime=2026-11-21T12:50:18 "
    "AccrueTime=2026-11-21T12:50:18 StartTime=Unknown EndTime=Unknown Deadline=N/A "
    "SuspendTime=None SecsPreSuspend=0 LastSchedEval=2026-11-21T12:50:19 Scheduler=Main "
    "Partition=gpu AllocNode:Sid=vm:12294 ReqNodeList=(null) ExcNodeList=(null) NodeList= "
    "NumNodes=2-2 NumCPUs=2 NumTasks=2 CPUs/Task=1 ReqB:S:C:T=0:0:*:* "
    "TRES=cpu=2,mem=1000G,node=2,billing=2 Socks/Node=* NtasksPerN:B:S:C=0:0:*:* CoreSpec=* "
    "MinCPUsNode=1 MinMemoryNode=0 MinTmpDiskNode=0 Features=(null) DelayBoot=00:00:00 "
    "OverSubscribe=OK Contiguous=0 Licenses=(null) Network=(null) Command=(null) "
    "WorkDir=/work/main StdErr=/work/main/slurm-2.out StdIn=/dev/null "
    "StdOut=/work/main/slurm-2.out Power= TresPerNode=gres:gpu:8 "
)

SQUEUE_JSON = json.dumps(
    {
        "meta": {
            "plugin": {"type": "openapi/v0.0.38", "name": "Slurm OpenAPI v0.0.38"},
            "Slurm": {"version": {"major": 22, "micro": 8, "minor": 5}, "release": "22.05.8"},
        },
        "errors": [],
        # Two real jobs, trimmed to the keys the parser reads plus a few it must ignore.
        "jobs": [
            {
                "job_id": 1,
                "name": "wrap",
                "user_name": "root",
                "user_id": 0,
                "job_state": "RUNNING",
                "state_reason": "None",
                "partition": "gpu",
                "nodes": "node-01",
                "batch_host": "node-01",
                "excluded_nodes": "",
                "node_count": 1,
                "tres_per_node": "gres:gpu:2",
                "gres_detail": ["gpu:2(IDX:0-1)"],
                "tres_alloc_str": "cpu=1,mem=1G,node=1,billing=1",
                "requeue": True,
                "restart_cnt": 0,
                "batch_flag": True,
                "submit_time": 1795265498,
                "start_time": 1795265501,
                "end_time": 1826801501,
                "current_working_directory": "/tmp",
                "array_job_id": 0,
                "flags": ["JOB_WAS_RUNNING"],
                "priority": 4294901759,
            },
            {
                "job_id": 2,
                "name": "wrap",
                "user_name": "root",
                "user_id": 0,
                "job_state": "RUNNING",
                "state_reason": "None",
                "partition": "gpu",
                "nodes": "node-[02-03]",
                "batch_host": "node-02",
                "excluded_nodes": "",
                "node_count": 2,
                "tres_per_node": "gres:gpu:3",
                "gres_detail": ["gpu:3(IDX:0-2)", "gpu:3(IDX:0-2)"],
                "tres_alloc_str": "cpu=2,mem=2G,node=2,billing=2",
                "requeue": True,
                "restart_cnt": 0,
                "batch_flag": True,
                "submit_time": 1795265498,
                "start_time": 1795265501,
                "end_time": 1826801501,
                "current_working_directory": "/tmp",
                "array_job_id": 0,
                "flags": ["JOB_WAS_RUNNING"],
                "priority": 4294901758,
            },
        ],
    }
)


def _utc(year: int, month: int, day: int, hour: int, minute: int, second: int) -> float:
    return datetime(year, month, day, hour, minute, second, tzinfo=UTC).timestamp()


# -- pure parsing ------------------------------------------------------------------------------


def test_human_drained_node_keeps_reason_with_spaces_and_commas() -> None:
    (node,) = parse_nodes(NODE_HUMAN_DRAINED)
    assert node.name == "node-02"
    assert node.state == "IDLE+DRAIN"
    assert (node.base_state, node.flags) == ("IDLE", ["DRAIN"])
    assert node.drained and not node.draining and not node.down and not node.not_responding
    assert node.reason == "ops alice: bad PSU, ticket 42"
    assert (node.reason_user, node.reason_time) == ("root", "2026-11-21T12:50:14")
    # A value with spaces is one value, and the key after it still parses.
    assert node.fields["OS"] == "Linux 6.18.44-fc-v669 #1 SMP PREEMPT_DYNAMIC @0"
    assert node.real_memory_mb == 512000
    assert (node.gres, node.gpus, node.cpus_total, node.cpus_alloc) == ("gpu:8", 8, 64, 0)
    assert node.partitions == ["gpu"]
    assert node.address == "127.0.0.1"


def test_draining_node_with_running_job() -> None:
    (node,) = parse_nodes(NODE_GPUFLEET_DRAINING)
    assert node.state == "MIXED+DRAIN"
    assert node.drained and node.draining
    assert node.reason == "gpufleet inc-1: xid 79"
    assert node.cpus_alloc == 1


def test_node_detail_gives_gpus_in_use() -> None:
    (node,) = parse_nodes(NODE_MIXED_DETAIL)
    assert (node.base_state, node.gres_used, node.reason) == ("MIXED", "gpu:3", None)


def test_reason_with_equals_signs_cannot_fake_fields() -> None:
    line = NODE_HUMAN_DRAINED.replace(
        "ops alice: bad PSU, ticket 42", "ops: State=IDLE Gres=gpu:0 [see #42]"
    )
    (node,) = parse_nodes(line)
    assert node.state == "IDLE+DRAIN" and node.gpus == 8
    assert node.reason == "ops: State=IDLE Gres=gpu:0 [see #42]"
    assert node.reason_user == "root"


def test_unknown_and_missing_keys_and_not_responding_states() -> None:
    (node,) = parse_nodes("NodeName=gpu-7 State=DOWN*+DRAIN FutureKey=1 2 3 Gres=(null)")
    assert (node.base_state, node.flags, node.not_responding) == ("DOWN", ["DRAIN"], True)
    assert node.down and node.drained
    assert node.fields["FutureKey"] == "1 2 3"
    assert node.gres is None and node.gpus is None and node.cpus_total is None
    assert parse_nodes("Node node-99 not found\n\n") == []
    assert split_state("IDLE*") == ("IDLE", [], True)
    assert split_state("UNKNOWN+NOT_RESPONDING") == ("UNKNOWN", ["NOT_RESPONDING"], True)
    assert split_state("") == ("UNKNOWN", [], False)


def test_parse_kv_line_first_key_wins_and_continuations_join() -> None:
    fields = parse_kv_line("A=1 B=x y z C=k=v A=2 tail")
    assert fields == {"A": "1", "B": "x y z", "C": "k=v"}


def test_running_job() -> None:
    (job,) = parse_jobs(JOB_RUNNING, tz=UTC)
    assert (job.job_id, job.name, job.user, job.user_id) == ("1", "train gpt", "root", 0)
    assert (job.state, job.state_reason, job.partition) == ("RUNNING", None, "gpu")
    assert job.nodes == ["node-01"] and job.batch_host == "node-01"
    assert job.excluded_nodes == []
    assert (job.gres, job.gpus_per_node) == ("gres:gpu:2", 2)
    assert (job.requeue, job.restarts, job.batch) == (True, 0, True)
    assert job.submit_time == _utc(2026, 11, 21, 12, 50, 14)
    assert job.start_time == _utc(2026, 11, 21, 12, 50, 17)
    assert job.end_time is None  # EndTime=Unknown
    assert job.tres == "cpu=1,mem=500G,node=1,billing=1"


def test_two_node_and_pending_jobs() -> None:
    (multi,) = parse_jobs(JOB_TWO_NODES)
    assert multi.nodes == ["node-02", "node-03"] and multi.node_list == "node-[02-03]"
    assert multi.gpus_per_node == 3
    (pending,) = parse_jobs(JOB_PENDING)
    assert pending.state == "PENDING" and pending.nodes == [] and pending.start_time is None
    assert pending.state_reason is not None and pending.state_reason.startswith("Nodes_required")
    assert pending.num_nodes == "2-2"


def test_job_name_cannot_fake_state_or_nodes() -> None:
    evil = "x JobState=COMPLETED NodeList=evil-01 UserId=mallory(7)"
    (job,) = parse_jobs(JOB_RUNNING.replace("JobName=train gpt", f"JobName={evil}"))
    assert job.name == evil
    assert (job.state, job.nodes, job.user) == ("RUNNING", ["node-01"], "root")


def test_squeue_json() -> None:
    jobs = parse_squeue_json(SQUEUE_JSON)
    assert [j.job_id for j in jobs] == ["1", "2"]
    one, two = jobs
    assert one.nodes == ["node-01"] and one.gres_detail == ["gpu:2(IDX:0-1)"]
    assert two.nodes == ["node-02", "node-03"] and two.num_nodes == "2"
    assert two.gres_detail == ["gpu:3(IDX:0-2)", "gpu:3(IDX:0-2)"]
    assert (two.user, two.state, two.requeue, two.gpus_per_node) == ("root", "RUNNING", True, 3)
    assert two.start_time == 1795265501.0 and two.state_reason is None


def test_squeue_json_newer_shapes_and_bad_input() -> None:
    doc = {
        "jobs": [
            {
                "job_id": 9,
                "job_state": ["RUNNING"],
                "nodes": "n[1-2]",
                "start_time": {"set": True, "infinite": False, "number": 100},
                "end_time": {"set": False},
                "something_new": {"x": 1},
            },
            "garbage",
        ]
    }
    (job,) = parse_squeue_json(json.dumps(doc))
    assert (job.state, job.nodes, job.start_time, job.end_time) == (
        "RUNNING",
        ["n1", "n2"],
        100.0,
        None,
    )
    with pytest.raises(ValueError, match="not JSON"):
        parse_squeue_json("squeue: error: something")
    with pytest.raises(ValueError, match="'jobs'"):
        parse_squeue_json("{}")


def test_expand_hostlist() -> None:
    assert expand_hostlist("node-[01-03,07]") == ["node-01", "node-02", "node-03", "node-07"]
    assert expand_hostlist("node-01") == ["node-01"]
    assert expand_hostlist("a[1-2],b[09-11]") == ["a1", "a2", "b09", "b10", "b11"]
    assert expand_hostlist("r[1-2]n[1-2]") == ["r1n1", "r1n2", "r2n1", "r2n2"]
    assert expand_hostlist("gpu[8-10]") == ["gpu8", "gpu9", "gpu10"]
    assert expand_hostlist("(null)") == [] and expand_hostlist("") == []
    for bad in ("node-[01-", "node-[a-b]", "node-[5-1]", "node-]"):
        with pytest.raises(ValueError, match="hostlist"):
            expand_hostlist(bad)


def test_count_gpus() -> None:
    assert count_gpus("gpu:8") == 8
    assert count_gpus("gres:gpu:2") == 2
    assert count_gpus("gpu:a100:4(S:0-1),gpu:h100:4(S:1)") == 8
    assert count_gpus("gpu:3(IDX:0-2)") == 3
    assert count_gpus("gres/gpu=2") == 2
    assert count_gpus("nic:2") is None and count_gpus("(null)") is None


def test_names_and_ids_are_validated_strictly() -> None:
    assert check_node_name("node-01") == "node-01"
    for bad in ("node-01; reboot", "node 01", "$(id)", "", "-rf", "node-[01-02]", "a'b", "n=1"):
        with pytest.raises(ValueError, match="invalid node name"):
            check_node_name(bad)
    assert check_job_id(12) == "12" and check_job_id("12_3") == "12_3"
    for bad_id in ("12;ls", "-1", "abc", "", "1 2"):
        with pytest.raises(ValueError, match="invalid job id"):
            check_job_id(bad_id)


# -- tools and runbook alignment (no cluster) ---------------------------------------------------


def _offline_executor(writes: DryRunRunner | None = None) -> SlurmExecutor:
    return SlurmExecutor(
        SubprocessRunner(),
        writes,
        scontrol="/nonexistent/scontrol",
        squeue="/nonexistent/squeue",
        scancel="/nonexistent/scancel",
    )


def test_tools_match_the_knowledge_vocabulary() -> None:
    tools = {t.name: t for t in slurm_tools(_offline_executor())}
    expected = {name: risk for name, risk in TOOLS.items() if name.startswith("slurm.")}
    assert {n: t.risk for n, t in tools.items()} == expected
    for t in tools.values():
        assert t.description and t.schema()["parameters"]["properties"]


def test_every_runbook_slurm_step_validates_against_its_tool() -> None:
    registry = ToolRegistry(slurm_tools(_offline_executor()))
    values = {
        "node": "node-01",
        "job_id": "1234",
        "gpu": "3",
        "incident_id": "inc-1",
        "summary": "Xid 79",
        "failed_check": "dcgm",
        "device": "mlx5_0",
        "port": "1",
    }
    seen = 0
    for path in sorted(Path("src/gpufleet/knowledge/runbooks").glob("*.yaml")):
        book = yaml.safe_load(path.read_text())
        calls = [*book["steps"], *book.get("rollback", []), book["verification"]]
        for call in calls:
            if not call["tool"].startswith("slurm."):
                continue
            args = {
                k: re.sub(r"\{(\w+)\}", lambda m: values[m.group(1)], str(v))
                for k, v in call.get("args", {}).items()
            }
            registry.validate(call["tool"], args)  # raises if a runbook arg is not accepted
            seen += 1
    assert seen > 30


def test_missing_binary_is_an_error_result_not_an_exception() -> None:
    executor = _offline_executor()
    acting = SlurmExecutor(  # not a dry run: a change needs the state it reads first
        SubprocessRunner(), SubprocessRunner(), scontrol="/nonexistent/scontrol"
    )
    for result in (
        executor.show_node("node-01"),
        executor.show_job(1),
        executor.jobs_on_node("node-01"),
        acting.drain("node-01", "x"),
        acting.resume("node-01"),
        executor.requeue(1),
        executor.cancel(1),
    ):
        assert result.status == "error"
        assert result.error is not None and "/nonexistent/" in result.error
        assert "No such file" in result.error
    registry = ToolRegistry(slurm_tools(executor))
    result = registry.call("slurm.show_node", {"node": "node-01"})
    assert result.status == "error" and result.query.startswith("/nonexistent/scontrol -o")


@pytest.mark.skipif(
    shutil.which("scontrol") is None, reason="scontrol (slurm-client) not installed"
)
@pytest.mark.skipif(Path("/etc/slurm/slurm.conf").exists(), reason="this host has a SLURM config")
def test_a_dry_run_drain_needs_no_controller_and_says_what_it_would_run(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The real scontrol with no slurm.conf and no controller: "DNS SRV lookup failed". A dry
    # run changes nothing, so it must not fail (and escalate) on the state read it cannot do.
    monkeypatch.delenv("SLURM_CONF", raising=False)
    dry = DryRunRunner()
    executor = SlurmExecutor(SubprocessRunner(), dry)
    drain = executor.drain("node-17", "fan failure")
    assert drain.status == "dry_run" and drain.ok, drain
    command = "scontrol update NodeName=node-17 State=DRAIN 'Reason=gpufleet: fan failure'"
    assert drain.query == command
    assert drain.error is not None
    assert drain.error.startswith(f"dry-run: would run {command}; node-17's state was not read")
    assert "another operator's drain was not checked" in drain.error
    resume = executor.resume("node-17")
    assert resume.status == "dry_run" and resume.query.endswith("State=RESUME")
    assert len(dry.recorded) == 2  # recorded, never run
    # through the registry, as the SRE graph calls it
    result = ToolRegistry(slurm_tools(executor)).call(
        "slurm.drain_node", {"node": "node-17", "reason": "fan failure"}
    )
    assert result.status == "dry_run" and result.query == command


def test_bad_arguments_are_refused_before_any_command() -> None:
    writes = DryRunRunner()
    registry = ToolRegistry(slurm_tools(_offline_executor(writes)))
    bad = registry.call("slurm.drain_node", {"node": "node-01;reboot", "reason": "x"})
    assert bad.status == "error" and bad.error is not None and "node" in bad.error
    assert registry.call("slurm.requeue_job", {"job_id": "1 && ls"}).status == "error"
    assert registry.call("slurm.show_node", {"node": "node-01", "extra": 1}).status == "error"
    assert registry.validate("slurm.show_job", {"job_id": 12}) == registry.validate(
        "slurm.show_job", {"job_id": "12"}
    )
    direct = _offline_executor(writes).drain("node-01", "line one\nline two")
    assert direct.status == "error" and "printable" in (direct.error or "")
    assert writes.recorded == []


# -- the real cluster --------------------------------------------------------------------------

_MISSING = missing_binaries()
needs_slurm = pytest.mark.skipif(
    bool(_MISSING), reason=f"SLURM programs missing ({', '.join(_MISSING)}): {INSTALL_HINT}"
)


@pytest.fixture(scope="module")
def cluster() -> Iterator[SlurmCluster]:
    c = SlurmCluster(("node-01", "node-02", "node-03"), offline_nodes=("node-04",))
    c.start()
    procs = [c.slurmctld, *c.slurmd.values()]
    try:
        yield c
    finally:
        c.stop()
    assert all(p is not None and p.returncode is not None for p in procs)  # waited on, reaped
    assert c.stray_stepds_killed == 0  # every job was cancelled and finished before the stop


@pytest.fixture
def executor(cluster: SlurmCluster) -> SlurmExecutor:
    runner = SubprocessRunner(env=cluster.env)
    return SlurmExecutor(reads=runner, writes=runner)


def _sinfo_reason(cluster: SlurmCluster, node: str) -> str:
    return cluster.run("sinfo", "-h", "-R", "-n", node, "-o", "%E").stdout.strip()


def _submit(cluster: SlurmCluster, tmp_path: Path, *args: str) -> str:
    out = cluster.run("sbatch", "--parsable", f"--chdir={tmp_path}", "-o", "/dev/null", *args)
    assert out.returncode == 0, out.stderr
    return out.stdout.strip().split(";")[0]


def _wait_job(cluster: SlurmCluster, job_id: str, states: set[str], timeout_s: float = 30) -> str:
    deadline, state = time.monotonic() + timeout_s, ""
    while time.monotonic() < deadline:
        text = cluster.run("scontrol", "-o", "show", "job", job_id).stdout
        state = parse_jobs(text)[0].state if text.strip() else ""
        if state in states:
            return state
        time.sleep(0.2)
    raise AssertionError(f"job {job_id} stayed {state!r}, expected one of {states}")


@needs_slurm
def test_drain_then_resume_a_real_node(cluster: SlurmCluster, executor: SlurmExecutor) -> None:
    result = executor.drain("node-03", "inc-7: Xid 79 on GPU 3")
    assert result.status == "ok", result.error
    assert result.query == shlex.join(
        [
            "scontrol",
            "update",
            "NodeName=node-03",
            "State=DRAIN",
            "Reason=gpufleet: inc-7: Xid 79 on GPU 3",
        ]
    )
    assert result.data["after"]["drained"] is True
    assert cluster.node_state("node-03") == "drained"
    assert _sinfo_reason(cluster, "node-03") == "gpufleet: inc-7: Xid 79 on GPU 3"

    again = executor.drain("node-03", "gpufleet inc-8: something else")
    assert again.status == "ok" and again.data["outcome"] == "unchanged"
    assert _sinfo_reason(cluster, "node-03") == "gpufleet: inc-7: Xid 79 on GPU 3"

    shown = executor.show_node("node-03")
    assert shown.status == "ok" and shown.data["reason"] == "gpufleet: inc-7: Xid 79 on GPU 3"
    assert shown.query == "scontrol -o -d show node node-03"

    resumed = executor.resume("node-03")
    assert resumed.status == "ok", resumed.error
    assert resumed.data["outcome"] == "changed" and resumed.data["after"]["drained"] is False
    assert cluster.wait_node_state("node-03", ["idle"]) == "idle"  # idle* lasts 1-11 s
    assert _sinfo_reason(cluster, "node-03") == ""
    idle = executor.resume("node-03")  # nothing to resume: no command, no error
    assert idle.status == "ok" and idle.data["outcome"] == "unchanged"


@needs_slurm
def test_a_human_drain_is_never_overridden(cluster: SlurmCluster, executor: SlurmExecutor) -> None:
    human = "ops bob: PSU swap, ticket 42"
    set_by_human = cluster.run(
        "scontrol", "update", "NodeName=node-02", "State=DRAIN", f"Reason={human}"
    )
    assert set_by_human.returncode == 0, set_by_human.stderr
    try:
        resumed = executor.resume("node-02")
        assert resumed.status == "denied"
        assert resumed.error is not None and human in resumed.error
        drained = executor.drain("node-02", "inc-9: Xid 48")
        assert drained.status == "denied" and drained.error is not None
        assert "not overriding" in drained.error
        assert cluster.node_state("node-02") == "drained"
        assert _sinfo_reason(cluster, "node-02") == human

        # The same denials in dry-run: state is read for real, nothing is recorded.
        dry = DryRunRunner()
        dry_exec = SlurmExecutor(SubprocessRunner(env=cluster.env), dry)
        assert dry_exec.resume("node-02").status == "denied"
        assert dry_exec.drain("node-02", "x").status == "denied"
        assert dry.recorded == []
    finally:
        cluster.run("scontrol", "update", "NodeName=node-02", "State=RESUME")
        # idle* (not yet schedulable) is enough here: no later test schedules on node-02.
        cluster.wait_node_state("node-02", ["idle", "idle*"])


@needs_slurm
def test_dry_run_records_the_command_and_changes_nothing(cluster: SlurmCluster) -> None:
    dry = DryRunRunner()
    executor = SlurmExecutor(SubprocessRunner(env=cluster.env))  # writes default to dry-run
    executor.writes = dry
    result = executor.drain("node-01", "gpufleet inc-3: thermal")
    assert result.status == "dry_run" and result.ok
    argv = (
        "scontrol",
        "update",
        "NodeName=node-01",
        "State=DRAIN",
        "Reason=gpufleet inc-3: thermal",
    )
    assert dry.recorded == [argv]
    assert result.query == shlex.join(argv)
    assert result.data["before"]["state"] == "IDLE"
    assert cluster.node_state("node-01") == "idle"
    assert isinstance(SlurmExecutor(SubprocessRunner()).writes, DryRunRunner)


@needs_slurm
def test_real_job_show_list_requeue_cancel(
    cluster: SlurmCluster, executor: SlurmExecutor, tmp_path: Path
) -> None:
    job_id = _submit(
        cluster, tmp_path, "--gres=gpu:2", "-w", "node-01", "-J", "train llm", "--wrap", "sleep 60"
    )
    try:
        _wait_job(cluster, job_id, {"RUNNING"})
        shown = executor.show_job(job_id)
        assert shown.status == "ok", shown.error
        assert shown.query == f"scontrol -o show job {job_id}"
        job = shown.data
        assert (job["state"], job["nodes"], job["name"]) == ("RUNNING", ["node-01"], "train llm")
        assert (job["gpus_per_node"], job["requeue"], job["restarts"]) == (2, True, 0)
        assert job["start_time"] is not None

        listed = executor.jobs_on_node("node-01")
        assert listed.status == "ok" and listed.query == "squeue --json -w node-01"
        (on_node,) = [j for j in listed.data["jobs"] if j["job_id"] == job_id]
        assert on_node["gres_detail"] == ["gpu:2(IDX:0-1)"] and on_node["user"] == "root"
        assert executor.jobs_on_node("node-02").data["count"] == 0

        # Requeue with the culprit node excluded: held, excluded, released.
        requeued = executor.requeue(job_id, "gpufleet inc-4: GPU 1 on node-01", "node-01")
        assert requeued.status == "ok", requeued.error
        assert requeued.query == (
            f"scontrol requeuehold {job_id}; scontrol update "
            f"JobId={job_id} ExcNodeList=node-01; scontrol release {job_id}"
        )
        after = executor.show_job(job_id).data
        assert after["excluded_nodes"] == ["node-01"]
        assert after["restarts"] == 1
        # SLURM holds a requeued job back (BeginTime) before it may start again.
        assert after["state"] in ("PENDING", "COMPLETING", "REQUEUED")
        assert after["state_reason"] != "JobHeldAdmin"  # released, not left held

        cancelled = executor.cancel(job_id, "gpufleet inc-4: test over")
        assert cancelled.status == "ok", cancelled.error
        assert cancelled.query == f"scancel {job_id}"
        assert _wait_job(cluster, job_id, {"CANCELLED"}) == "CANCELLED"
        again = executor.cancel(job_id)
        assert again.status == "ok" and again.data["outcome"] == "unchanged"
    finally:
        cluster.run("scancel", job_id)


@needs_slurm
def test_requeue_without_exclude_on_a_real_job(
    cluster: SlurmCluster, executor: SlurmExecutor, tmp_path: Path
) -> None:
    job_id = _submit(cluster, tmp_path, "--gres=gpu:1", "-w", "node-01", "--wrap", "sleep 60")
    try:
        _wait_job(cluster, job_id, {"RUNNING"})
        result = executor.requeue(job_id)
        assert result.status == "ok" and result.query == f"scontrol requeue {job_id}"
        assert result.data["after"]["restarts"] == 1
        dry = DryRunRunner()
        dry_result = SlurmExecutor(SubprocessRunner(env=cluster.env), dry).requeue(job_id)
        assert dry_result.status == "dry_run" and dry.recorded == [("scontrol", "requeue", job_id)]
    finally:
        cluster.run("scancel", job_id)


@needs_slurm
def test_unknown_node_and_job_give_slurms_message(executor: SlurmExecutor) -> None:
    node = executor.show_node("node-99")
    assert node.status == "error" and node.error is not None
    assert "Node node-99 not found" in node.error
    assert node.query == "scontrol -o -d show node node-99"
    assert executor.drain("node-99", "x").status == "error"
    job = executor.show_job(987654)
    assert job.status == "error" and "Invalid job id specified" in (job.error or "")
    # scancel itself exits 0 in silence for an unknown id; the executor reads first.
    cancel = executor.cancel(987654)
    assert cancel.status == "error" and "Invalid job id" in (cancel.error or "")


@needs_slurm
def test_tools_through_the_registry_on_the_real_cluster(
    cluster: SlurmCluster, executor: SlurmExecutor
) -> None:
    registry = ToolRegistry(slurm_tools(executor))
    drained = registry.call("slurm.drain_node", {"node": "node-03", "reason": "gpufleet t: x"})
    try:
        assert drained.status == "ok", drained.error
        shown = registry.call("slurm.show_node", {"node": "node-03"})
        assert shown.data["drained"] is True and shown.data["reason"] == "gpufleet t: x"
        listed = registry.call("slurm.list_jobs_on_node", {"node": "node-03", "window": "6h"})
        assert listed.status == "ok" and "note" in listed.data
    finally:
        resumed = registry.call("slurm.resume_node", {"node": "node-03"})
    assert resumed.status == "ok", resumed.error
    assert cluster.wait_node_state("node-03", ["idle", "idle*"]) in ("idle", "idle*")


@needs_slurm
def test_resume_of_a_node_whose_slurmd_is_gone(executor: SlurmExecutor) -> None:
    # node-04 is configured but has no slurmd. SLURM 22.05 drains it fine; RESUME clears the
    # drain but exits 1 with "Invalid node state specified": the executor reports that the drain
    # is gone and why the node is still not schedulable, instead of a bare failure.
    before = executor.show_node("node-04").data
    assert before["base_state"] == "UNKNOWN" and before["drained"] is False
    drained = executor.drain("node-04", "gpufleet inc-5: node silent")
    assert drained.status == "ok", drained.error
    assert drained.data["after"]["drained"] is True
    resumed = executor.resume("node-04")
    assert resumed.status == "ok", resumed.error
    assert resumed.data["after"]["drained"] is False
    assert resumed.data["after"]["not_responding"] is True  # State=UNKNOWN+NOT_RESPONDING
    assert "not responding" in resumed.data["note"]
