"""Slurm's own words about a GPU node, as operators paste them (pure; one line at a time).

:func:`telemetry.stack_errors.classify` asks this module first about every line no NCCL / CUDA
rule takes. The strings are Slurm's: slurmctld's node_mgr.c / ping_nodes.c drain and down
reasons, slurmd's gres.c errors, slurmstepd's step messages, ``sinfo -R`` rows in either column
order. Kinds (``slurm_gres_gpu_error``, ``slurm_kill_task_failed``, ``slurm_node_down_reason``,
``slurm_node_config_mismatch``) are described in :mod:`telemetry.stack_errors`; a ``nodelist``
detail is a Slurm hostlist, expanded against the topology by :mod:`telemetry.job_log`.
"""

from __future__ import annotations

import re

Found = tuple[str, dict[str, str]]

_GRES_COUNT = re.compile(
    r"gres/gpu\S*:? (?:count (?:reported lower than configured|too low)|[Cc]ount changed)"
    r"(?:\s*\((?P<have>\d{1,4}) ?[<!]=? ?(?P<want>\d{1,4})\))?"
)
# `sinfo -R`: REASON (cut to 20 characters: "gres/gpu count repor"), USER, TIMESTAMP, NODELIST
_SINFO_ROW = re.compile(
    r"^(?P<reason>gres/gpu\b.{0,40}?)\s+(?P<user>[A-Za-z0-9_.-]{1,32})\s+"
    r"(?P<ts>\d{4}-\d\d-\d\dT[\d:]{8}|Unknown|None)\s+(?P<nodes>[A-Za-z0-9_.,\[\]-]{1,200})\s*$"
)
# any `sinfo -R` row (REASON USER TIMESTAMP NODELIST): Slurm's own output, whatever the reason
_SINFO_ANY_ROW = re.compile(
    r"^(?P<reason>\S.{0,40}?)\s+(?P<user>[A-Za-z0-9_.()-]{1,32})\s+"
    r"(?P<ts>\d{4}-\d\d-\d\dT[\d:]{8}|Unknown|None)\s+(?P<nodes>[A-Za-z0-9_.,\[\]-]{1,200})\s*$"
)
# slurmctld's own drain / down reasons (sinfo -R, scontrol show node "Reason=", its log)
_SLURM_REASON = re.compile(
    r"(?P<reason>Kill task failed|Node unexpectedly rebooted|Not responding|"
    r"NO NETWORK ADDRESS FOUND|Prolog error|Epilog error|batch job complete failure)",
    re.I,
)
# slurmstepd when a step's processes outlive SIGKILL (src/slurmd/slurmstepd/req.c): slurmctld then
# drains the node "Kill task failed" - the same event seen from the node
_STEPD_UNKILLABLE = re.compile(
    r"STEPD TERMINATED ON (?P<node>[A-Za-z0-9_.-]{1,253}) AT \S+ DUE TO JOB NOT ENDING WITH SIGNALS"
)
# slurmctld (ping_nodes.c): "error: Nodes gpu[01-02] not responding"; slurmstepd when the job's
# node failed under it: "*** JOB 1234 ON gpu01 CANCELLED AT … DUE TO NODE FAILURE ***"
_NOT_RESPONDING = re.compile(r"error: Nodes? (?P<nodes>[A-Za-z0-9_.,\[\]-]{1,200}) not responding")
_NODE_FAILURE = re.compile(
    r"\*\*\* JOB \d{1,12} ON (?P<node>[A-Za-z0-9_.-]{1,253}) CANCELLED AT \S+ DUE TO NODE FAILURE"
)
# slurmctld's reason when a node registers fewer resources than slurm.conf gives it
# (src/slurmctld/node_mgr.c: "Low RealMemory (reported:… < …% of configured:…)", "Low CPUs",
# "Low socket*core*thread count", "Low TmpDisk"): the node is drained until the configuration
# or the node is fixed
_LOW_RESOURCES = re.compile(r"\bLow (?P<what>RealMemory|CPUs|socket\*core\*thread count|TmpDisk)\b")
# slurmd refusing to start over its GRES configuration ("fatal: gres.conf duplicate records for
# gpu", "fatal: Invalid GRES record for gpu", "error: gres/gpu: … ") - src/common/gres.c
_GRES_CONF_FATAL = re.compile(
    r"(?:fatal|error): (?P<why>[^\r\n]{0,100}?(?:gres\.conf|GRES|gres/gpu)[^\r\n]{0,100})"
)
_GRES_DEV = re.compile(
    r"(?:can't stat|Waiting for) gres\.conf file (?P<dev>/dev/nvidia[A-Za-z0-9-]{0,20})"
)
_NODE_STATE = re.compile(
    r"[Ss]etting node (?P<node>[A-Za-z0-9_.-]{1,253}) state to (?P<state>INVAL|DRAIN|DOWN)\b"
    r"(?P<rest>[^\r\n]{0,200})"
)
_NODE_NAMED = re.compile(r"\bnode[= ](?P<node>[A-Za-z0-9_.-]{1,253})")


def classify(line: str) -> Found | None:
    """(kind, detail) of a Slurm line about a GPU node, or None."""
    if (m := _NODE_STATE.search(line)) is not None and "gres" in m["rest"].lower():
        return "slurm_gres_gpu_error", {
            "what": "node_invalid",
            "node": m["node"],
            "state": m["state"],
            "reason": m["rest"].strip(" :")[:120],
        }
    if (m := _SINFO_ROW.search(line)) is not None:
        nodes = m["nodes"]
        one = "" if any(c in nodes for c in ",[") else nodes  # a hostlist names several
        return "slurm_gres_gpu_error", {"what": "count_low", "node": one, "nodelist": nodes}
    if (m := _GRES_COUNT.search(line)) is not None:
        named = _NODE_NAMED.search(line)
        return "slurm_gres_gpu_error", {
            "what": "count_low",
            "node": named["node"] if named else "",
            "have": m["have"] or "",
            "want": m["want"] or "",
        }
    if (m := _GRES_DEV.search(line)) is not None:
        return "slurm_gres_gpu_error", {"what": "device_missing", "device": m["dev"], "node": ""}
    if (m := _GRES_CONF_FATAL.search(line)) is not None:
        why = m["why"].strip()[:120]
        return "slurm_gres_gpu_error", {"what": "config", "reason": why, "node": ""}
    if (m := _NOT_RESPONDING.search(line)) is not None:
        nodes = m["nodes"]
        one = "" if any(c in nodes for c in ",[") else nodes
        return "slurm_node_down_reason", {
            "reason": "Not responding",
            "node": one,
            "nodelist": nodes,
        }
    if (m := _NODE_FAILURE.search(line)) is not None:
        return "slurm_node_down_reason", {"reason": "node failure", "node": m["node"]}
    if (m := _STEPD_UNKILLABLE.search(line)) is not None:
        return "slurm_kill_task_failed", {"reason": "stepd terminated", "node": m["node"]}
    if (m := _LOW_RESOURCES.search(line)) is not None:
        return _low_resources(line, m)
    row = _SINFO_ANY_ROW.match(line)
    if (m := _SLURM_REASON.search(line)) is not None and (row or _SLURMISH.search(line)):
        named = _NODE_NAMED.search(line)
        node = named["node"] if named else ""
        if row is not None and not any(c in row["nodes"] for c in ",["):
            node = row["nodes"]  # one host; a hostlist names several
        reason = m["reason"].lower()
        kind = "slurm_kill_task_failed" if reason.startswith("kill") else "slurm_node_down_reason"
        return kind, {"reason": m["reason"], "node": node}
    return None


def _low_resources(line: str, m: re.Match[str]) -> Found:
    row = _SINFO_ANY_ROW.match(line) or _REASON_NODES.match(line)
    nodes = row["nodes"] if row is not None else ""
    node = "" if any(c in nodes for c in ",[") else nodes  # a hostlist names several
    named = _NODE_NAMED.search(line)
    return "slurm_node_config_mismatch", {
        "reason": f"Low {m['what']}",
        "node": named["node"] if named else node,
        "nodelist": nodes,
    }


# `sinfo -R --Format=reason:N,nodelist`: the reason, then the node list
_REASON_NODES = re.compile(
    r"^(?P<reason>\S.{0,60}?)\s{2,}(?P<nodes>[A-Za-z0-9_.,\[\]-]{1,200})\s*$"
)


# a line from Slurm itself (its daemons, sinfo / scontrol output, a drain reason)
_SLURMISH = re.compile(r"slurm|scontrol|sinfo|Reason=|State=|\bDRAIN|\bDOWN\b", re.I)
