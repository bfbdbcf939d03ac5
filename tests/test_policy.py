"""The approval policy: strict loading with file:line errors, pre-approval, approval authority."""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pytest

from gpufleet.graph.approvals.policy import (
    Approver,
    Policy,
    PolicyError,
    approval_grant,
    load_policy,
    may_approve,
    may_reset_breaker,
    parse_duration,
    parse_policy,
    person_problem,
    preapproval,
)
from gpufleet.knowledge.schema import TOOLS

REPO = Path(__file__).resolve().parents[1]


def ts(year: int, month: int, day: int, hour: int = 0, minute: int = 0) -> float:
    return dt.datetime(year, month, day, hour, minute, tzinfo=dt.UTC).timestamp()


def policy_error(text: str) -> str:
    with pytest.raises(PolicyError) as e:
        parse_policy(text, "site.yaml")
    return str(e.value)


# -- loading --------------------------------------------------------------------------------------


def test_example_policy_loads_and_means_what_it_says() -> None:
    policy = load_policy(REPO / "policy.example.yaml")
    assert [a.name for a in policy.approvers] == ["alice", "bob", "dc-ops"]
    assert policy.roles["sre-lead"].reset_breaker
    assert policy.breaker.max_drained_share == 0.05
    assert policy.breaker.node_limit(None) == 25  # floor(0.05 × 512)
    assert policy.approval_ttl_s == 14400
    assert policy.rule_names() == [
        "canary-drain",
        "canary-reboot",
        "rack-a-firmware-2025-06",
        "weekly-sunday",
        "paperwork",
    ]
    window = policy.maintenance_windows[0]
    assert window.start == dt.datetime(2025, 6, 14, 2, tzinfo=dt.UTC)
    weekly = policy.maintenance_windows[1].weekly
    assert weekly is not None
    assert (weekly.weekday, weekly.start, weekly.duration) == (("sunday",), "02:00", 4 * 3600.0)


def test_no_file_and_empty_file_give_the_safe_default(tmp_path: Path) -> None:
    empty = tmp_path / "empty.yaml"
    empty.write_text("# nothing yet\n")
    for policy in (load_policy(None), load_policy(empty), Policy()):
        assert policy.approvers == ()
        assert policy.rule_names() == []
        for tool, risk in TOOLS.items():
            assert preapproval(policy, tool, risk, "gpu-canary-01", ts(2025, 6, 15, 3)) is None


def test_unknown_key_names_file_line_path_and_allowed_keys() -> None:
    msg = policy_error(
        "approvers:\n  - name: alice\n    roles: [sre-lead]\n    role: oncall\n"
        "breaker:\n  windw_s: 60\n"
    )
    assert "site.yaml:4: approvers[0].role: unknown key (allowed: name, roles, slack_user_id)" in (
        msg
    )
    assert "site.yaml:6: breaker.windw_s: unknown key" in msg
    assert "window_s" in msg  # the allowed keys point at the typo's fix


def test_unknown_top_level_key_and_wrapped_policy() -> None:
    assert "site.yaml:1: canaries: unknown key" in policy_error("canaries: []\n")
    msg = policy_error("policy:\n  breaker:\n    max_drained_share: 0\n")
    assert "site.yaml:3: policy.breaker.max_drained_share" in msg
    wrapped = parse_policy("policy:\n  approval_ttl_s: 60\n")
    assert wrapped.approval_ttl_s == 60


def test_broken_yaml_reports_the_line() -> None:
    msg = policy_error("approvers:\n  - name: alice\n    roles: [sre-lead\nbreaker: {}\n")
    assert msg.startswith("site.yaml:4:")
    assert "not valid YAML" in msg


def test_duplicate_yaml_keys_are_an_error_not_last_one_wins() -> None:
    msg = policy_error("approval_ttl_s: 60\nbreaker: {}\napproval_ttl_s: 99999\n")
    assert "duplicate keys" in msg
    assert "site.yaml:3: approval_ttl_s" in msg


def test_unreadable_file_and_non_mapping(tmp_path: Path) -> None:
    with pytest.raises(PolicyError, match="cannot read policy"):
        load_policy(tmp_path / "missing.yaml")
    assert "top level must be a mapping" in policy_error("- a\n- b\n")


@pytest.mark.parametrize(
    ("nodes", "expected"),
    [
        ('["gpu-[01"]', "'[' without a closing ']'"),
        ('["gpu 01"]', "whitespace"),
        ('[""]', "empty"),
        ('["*"]', "matches every node"),
        ("[]", "at least 1"),
    ],
)
def test_bad_node_globs_are_refused(nodes: str, expected: str) -> None:
    msg = policy_error(
        f"canary_nodes:\n  - name: c\n    nodes: {nodes}\n    tools: [slurm.drain_node]\n"
    )
    assert "canary_nodes[0].nodes" in msg
    assert expected in msg


def test_every_node_is_allowed_for_a_maintenance_window() -> None:
    policy = parse_policy(
        "maintenance_windows:\n  - name: all\n    weekly: {weekday: sat, start: '00:00', "
        "duration: 1h}\n    nodes: ['*']\n    tools: [slurm.drain_node]\n"
    )
    assert preapproval(policy, "slurm.drain_node", "mutate", "any", ts(2025, 6, 14, 0, 30))


@pytest.mark.parametrize(
    ("window", "expected"),
    [
        ("start: 2025-06-14 02:00:00\n    end: 2025-06-14T06:00:00Z", "no UTC offset"),
        ("start: 2025-06-14T06:00:00Z\n    end: 2025-06-14T02:00:00Z", "is not after start"),
        ("start: 2025-06-14T02:00:00Z", "give start and end, or weekly"),
        ("weekly: {weekday: sunday, start: 2:00, duration: 1h}", "quoted string"),
        ("weekly: {weekday: sunday, start: '25:00', duration: 1h}", "expected HH:MM"),
        ("weekly: {weekday: 0, start: '02:00', duration: 1h}", "write the day's name"),
        ("weekly: {weekday: funday, start: '02:00', duration: 1h}", "not a day name"),
        ("weekly: {weekday: sunday, start: '02:00', duration: 4x}", "expected e.g. '4h'"),
        ("weekly: {weekday: sunday, start: '02:00', duration: 8d}", "longer than a week"),
        ("weekly: {weekday: sunday, start: '02:00', duration: 0}", "must be positive"),
        (
            "weekly: {weekday: sunday, start: '02:00', duration: 1h}\n"
            "    start: 2025-06-14T02:00:00Z\n    end: 2025-06-14T06:00:00Z",
            "not both",
        ),
    ],
)
def test_bad_window_times_are_refused(window: str, expected: str) -> None:
    msg = policy_error(
        f"maintenance_windows:\n  - name: w\n    {window}\n"
        "    nodes: [gpu-*]\n    tools: [slurm.drain_node]\n"
    )
    assert "maintenance_windows[0]" in msg
    assert expected in msg


def test_tool_lists_are_checked_against_the_runbook_vocabulary() -> None:
    rule = "canary_nodes:\n  - name: c\n    nodes: [gpu-canary-01]\n    tools: {}\n"
    assert "matches no known tool" in policy_error(rule.format("[slurm.drian_node]"))
    assert "only matches read tools" in policy_error(rule.format("[slurm.show_node]"))
    msg = policy_error(rule.format("[slurm.drain_node, node.reboot]"))
    assert "node.reboot is destructive; set allow_destructive: true" in msg
    msg = policy_error(rule.format("['node.*']\n    allow_destructive: true"))
    assert "no destructive tool is named exactly" in msg


def test_standing_rules_can_never_be_destructive() -> None:
    msg = policy_error(
        "standing:\n  - name: s\n    tools: [node.reboot]\n    allow_destructive: true\n"
    )
    assert "standing rules never pre-approve destructive" in msg


def test_cross_references_are_checked() -> None:
    msg = policy_error(
        "approvers:\n  - {name: alice, roles: [admin]}\n  - {name: Alice, roles: [oncall]}\n"
        "canary_nodes:\n  - {name: dup, nodes: [a], tools: [slurm.drain_node]}\n"
        "standing:\n  - {name: dup, tools: [ticket.open]}\n"
    )
    assert "approvers[0].roles: unknown role 'admin'" in msg
    assert "'Alice' is listed twice" in msg
    assert "rule name 'dup' is also used in canary_nodes" in msg
    assert "not a person" in policy_error("approvers:\n  - {name: agent, roles: [oncall]}\n")
    assert "not a person" in policy_error("approvers:\n  - {name: 'policy:x', roles: [oncall]}\n")


def test_parse_duration() -> None:
    assert parse_duration("1h30m") == 5400
    assert parse_duration(90) == 90
    assert parse_duration("2d") == 172800
    with pytest.raises(ValueError):
        parse_duration("1h 30m")
    with pytest.raises(ValueError):
        parse_duration(True)


# -- pre-approval ---------------------------------------------------------------------------------

SITE = """
canary_nodes:
  - name: canary-drain
    nodes: ["gpu-canary-0[1-4]", "lab-*"]
    tools: [slurm.drain_node, slurm.resume_node]
  - name: canary-reboot
    nodes: [gpu-canary-01]
    tools: [node.reboot]
    allow_destructive: true
maintenance_windows:
  - name: firmware
    start: 2025-06-14T02:00:00Z
    end: 2025-06-14T06:00:00+00:00
    nodes: ["rack-a-*"]
    tools: ["slurm.*"]
  - name: sunday-night
    weekly: {weekday: [sun], start: "23:00", duration: 3h}
    nodes: ["gpu-*"]
    tools: [slurm.drain_node]
standing:
  - name: paperwork
    tools: ["ticket.*"]
"""


@pytest.fixture
def site() -> Policy:
    return parse_policy(SITE)


def test_canary_nodes_pre_approve_listed_tools_only(site: Policy) -> None:
    now = ts(2025, 6, 10, 12)
    hit = preapproval(site, "slurm.drain_node", "mutate", "gpu-canary-03", now)
    assert hit is not None
    assert (hit.rule, hit.kind, hit.initiator) == ("canary-drain", "canary", "policy:canary-drain")
    assert preapproval(site, "slurm.drain_node", "mutate", "lab-7", now) is not None
    assert preapproval(site, "slurm.drain_node", "mutate", "gpu-canary-05", now) is None
    assert preapproval(site, "slurm.drain_node", "mutate", "gpu-0001", now) is None
    assert preapproval(site, "slurm.requeue_job", "mutate", "gpu-canary-01", now) is None
    assert preapproval(site, "slurm.drain_node", "mutate", None, now) is None  # no node, no canary


def test_destructive_needs_exact_name_and_allow_destructive(site: Policy) -> None:
    now = ts(2025, 6, 14, 3)
    reboot = preapproval(site, "node.reboot", "destructive", "gpu-canary-01", now)
    assert reboot is not None and reboot.rule == "canary-reboot"
    assert preapproval(site, "node.reboot", "destructive", "gpu-canary-02", now) is None
    # "slurm.*" inside an open window covers slurm.cancel_job's name, but never a destructive
    # tool: globs do not pre-approve destructive risk.
    assert preapproval(site, "slurm.requeue_job", "mutate", "rack-a-01", now) is not None
    assert preapproval(site, "slurm.cancel_job", "destructive", "rack-a-01", now) is None
    # The caller's risk is what counts: a destructive tool in a mutate rule stays unapproved.
    assert preapproval(site, "slurm.drain_node", "destructive", "gpu-canary-01", now) is None


def test_reads_are_never_pre_approved_they_need_nothing(site: Policy) -> None:
    assert preapproval(site, "slurm.show_node", "read", "gpu-canary-01", 0) is None


def test_one_off_window_start_inclusive_end_exclusive(site: Policy) -> None:
    def rule(now: float) -> str | None:
        hit = preapproval(site, "slurm.resume_node", "mutate", "rack-a-07", now)
        return hit.rule if hit else None

    assert rule(ts(2025, 6, 14, 1, 59)) is None
    assert rule(ts(2025, 6, 14, 2, 0)) == "firmware"
    assert rule(ts(2025, 6, 14, 5, 59)) == "firmware"
    assert rule(ts(2025, 6, 14, 6, 0)) is None
    assert preapproval(site, "slurm.resume_node", "mutate", "rack-b-07", ts(2025, 6, 14, 3)) is None


def test_weekly_window_crosses_midnight_and_the_week_boundary(site: Policy) -> None:
    def rule(year: int, month: int, day: int, hour: int, minute: int = 0) -> str | None:
        now = ts(year, month, day, hour, minute)
        hit = preapproval(site, "slurm.drain_node", "mutate", "gpu-0042", now)
        return hit.rule if hit else None

    assert dt.date(2025, 6, 15).strftime("%A") == "Sunday"
    assert rule(2025, 6, 15, 22, 59) is None
    assert rule(2025, 6, 15, 23, 0) == "sunday-night"
    assert rule(2025, 6, 16, 1, 59) == "sunday-night"  # Monday, still inside the window
    assert rule(2025, 6, 16, 2, 0) is None
    assert rule(2025, 6, 22, 23, 30) == "sunday-night"  # next week
    assert rule(2025, 6, 18, 23, 30) is None  # Wednesday


def test_standing_rules_need_no_node(site: Policy) -> None:
    hit = preapproval(site, "ticket.rma", "mutate", None, 0)
    assert hit is not None and hit.kind == "standing"
    assert preapproval(site, "notify.user", "mutate", None, 0) is None


# -- approval authority ---------------------------------------------------------------------------

ROSTER = """
roles:
  oncall: {risks: [mutate]}
  sre-lead: {risks: [mutate, destructive], reset_breaker: true}
  facilities: {risks: [mutate], tools: ["notify.facilities", "ticket.*"]}
approvers:
  - {name: alice, roles: [sre-lead], slack_user_id: U024BE7LH}
  - {name: bob, roles: [oncall]}
  - {name: dc-ops, roles: [facilities]}
"""


def test_roles_decide_who_may_approve_which_risk() -> None:
    policy = parse_policy(ROSTER)
    assert may_approve(policy, "bob", "slurm.drain_node", "mutate")[0]
    ok, why = may_approve(policy, "bob", "node.reboot", "destructive")
    assert not ok and "may not approve destructive" in why
    ok, why = may_approve(policy, "ALICE", "node.reboot", "destructive")
    assert ok and "sre-lead" in why
    assert may_approve(policy, "dc-ops", "ticket.rma", "mutate")[0]
    assert not may_approve(policy, "dc-ops", "slurm.drain_node", "mutate")[0]
    ok, why = may_approve(policy, "mallory", "slurm.drain_node", "mutate")
    assert not ok and "not a listed approver" in why
    assert policy.approver_by_slack_id("U024BE7LH") is not None


@pytest.mark.parametrize("name", ["agent", "Agent", "policy", "policy:canary-drain", "", " bob"])
def test_software_and_blank_names_never_approve(name: str) -> None:
    for policy in (Policy(), parse_policy(ROSTER)):
        ok, _ = may_approve(policy, name, "slurm.drain_node", "mutate")
        assert not ok
        assert not may_reset_breaker(policy, name)[0]
    assert person_problem(name) is not None


def test_empty_roster_allows_named_people_mutate_but_nobody_destructive() -> None:
    policy = Policy()
    ok, why = may_approve(policy, "carol", "slurm.drain_node", "mutate")
    assert ok and "no approvers are listed" in why
    ok, why = may_approve(policy, "carol", "node.reboot", "destructive")
    assert not ok and "needs a listed approver" in why
    assert may_reset_breaker(policy, "carol")[0]


def test_breaker_reset_needs_a_role_that_allows_it() -> None:
    policy = parse_policy(ROSTER)
    assert may_reset_breaker(policy, "alice")[0]
    ok, why = may_reset_breaker(policy, "bob")
    assert not ok and "no role that may reset" in why
    assert not may_reset_breaker(policy, "mallory")[0]


def test_custom_roles_replace_the_defaults() -> None:
    msg = policy_error(
        "roles:\n  ops: {risks: [mutate]}\napprovers:\n  - {name: a, roles: [oncall]}\n"
    )
    assert "unknown role 'oncall'" in msg


def test_a_service_identity_never_decides_with_or_without_approvers() -> None:
    """Issue 27 item 5: without an approvers list any named person may approve a mutate step,
    and Alertmanager's token identity could. Service identities never decide."""
    open_lab = Policy()
    assert approval_grant(open_lab, "bob", "slurm.drain_node", "mutate").allowed
    for policy in (open_lab, Policy(approvers=[Approver(name="alice", roles=("sre-lead",))])):
        grant = approval_grant(policy, "Alertmanager", "slurm.drain_node", "mutate")
        assert not grant.allowed and "service identity" in grant.reason
        assert not may_reset_breaker(policy, "alertmanager")[0]
    hooked = open_lab.with_services(["hook"])
    assert not approval_grant(hooked, "hook", "slurm.drain_node", "mutate").allowed
    with pytest.raises(PolicyError, match="service identity, not a person"):
        parse_policy("approvers: [{name: alertmanager, roles: [oncall]}]\n")
