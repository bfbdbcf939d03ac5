"""Xid catalog data and the NOC's Xid classification (knowledge/xid.py)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from gpufleet.bus.events import Family, Severity
from gpufleet.knowledge import xid
from gpufleet.knowledge.xid import XidCategory, XidVerdict, catalog, classify, describe, lookup

REFERENCE_MD = Path(__file__).parents[2] / "shared" / "reference" / "xid_catalog.md"
_ROW = re.compile(r"^\|\s*(\d+)\s*\|\s*`?([^|`]+?)`?\s*\|", re.MULTILINE)

INFO, WARNING, CRITICAL = Severity.INFO, Severity.WARNING, Severity.CRITICAL


def _check(
    v: XidVerdict,
    category: XidCategory,
    severity: Severity,
    action: str,
    *,
    opens: bool | None = None,
) -> None:
    assert (v.category, v.severity, v.action) == (category, severity, action), v
    assert v.opens_incident is (severity > INFO if opens is None else opens)
    assert v.reason


# -- catalog data ----------------------------------------------------------------------------


@pytest.mark.skipif(not REFERENCE_MD.exists(), reason=f"reference markdown absent: {REFERENCE_MD}")
def test_csv_has_every_code_of_the_markdown() -> None:
    text = REFERENCE_MD.read_text(encoding="utf-8")
    rows = {int(code): mnemonic.strip() for code, mnemonic in _ROW.findall(text)}
    assert len(rows) == 172
    assert set(catalog()) == set(rows)
    for code, mnemonic in rows.items():
        assert catalog()[code].mnemonic == mnemonic


def test_catalog_is_complete_and_read_only() -> None:
    cat = catalog()
    assert set(cat) == set(range(1, 173))
    assert catalog() is cat  # cached
    with pytest.raises(TypeError):
        cat[999] = cat[48]  # type: ignore[index]


def test_spot_check_rows() -> None:
    r48 = lookup(48)
    assert r48 is not None
    assert r48.mnemonic == "ROBUST_CHANNEL_GPU_ECC_DBE"
    assert r48.description == "Double Bit ECC Error"
    assert r48.applies_to == ("A100", "H100", "B100", "GB200")
    assert (r48.immediate, r48.investigatory) == ("WORKFLOW_XID_48", "WORKFLOW_XID_48")
    assert r48.xid154_branch == "R565"
    assert (r48.nvsentinel_action, r48.fatal) == ("WORKFLOW_XID_48", True)
    assert r48.used

    r79 = lookup(79)
    assert r79 is not None
    assert r79.mnemonic == "ROBUST_CHANNEL_GPU_HAS_FALLEN_OFF_THE_BUS"
    assert (r79.immediate, r79.investigatory) == ("RESTART_BM", "CONTACT_SUPPORT")
    assert (r79.nvsentinel_action, r79.fatal) == ("RESTART_BM", True)

    r13 = lookup(13)
    assert r13 is not None
    assert r13.mnemonic == "ROBUST_CHANNEL_GR_EXCEPTION / ROBUST_CHANNEL_GR_ERROR_SW_NOTIFY"
    assert (r13.immediate, r13.investigatory) == ("RESTART_APP", "WORKFLOW_XID_13")
    assert r13.fatal is False

    r45 = lookup(45)
    assert r45 is not None
    assert r45.immediate == "WORKFLOW_XID_45"
    assert r45.investigatory == "Solo: RESTART_FM; Not solo: IGNORE (follow other Xid)"
    assert r45.description.startswith("Preemptive cleanup, due to previous errors")

    r64 = lookup(64)
    assert r64 is not None
    assert r64.mnemonic == "INFOROM_DRAM_RETIREMENT_FAILURE"
    assert (r64.immediate, r64.investigatory, r64.fatal) == ("RESET_GPU", "CONTACT_SUPPORT", True)

    r74 = lookup(74)
    assert r74 is not None
    assert r74.applies_to == ("A100", "H100")
    assert (r74.immediate, r74.investigatory) == ("WORKFLOW_NVLINK_ERR", "CONTACT_SUPPORT")

    r119 = lookup(119)
    assert r119 is not None
    assert r119.mnemonic == "GSP_RPC_TIMEOUT"
    assert (r119.immediate, r119.investigatory) == ("RESET_GPU", "INVESTIGATE_SW")
    assert r119.xid154_branch is None

    unused = lookup(1)
    assert unused is not None
    assert not unused.used
    assert unused.applies_to == ()
    assert unused.nvsentinel_action is None and unused.fatal is None
    blank = lookup(162)
    assert blank is not None
    assert (blank.immediate, blank.investigatory) == ("", "")  # "(blank)" normalised
    assert lookup(0) is None and lookup(999) is None


def test_describe() -> None:
    assert describe(48) == "Xid 48 (ROBUST_CHANNEL_GPU_ECC_DBE): Double Bit ECC Error"
    assert describe(999) == "Xid 999: not in the NVIDIA Xid catalog"


# -- workflows -------------------------------------------------------------------------------


def test_xid45_teardown_and_sympathetic_are_benign() -> None:
    v = classify(45, job_ended_within_window=True, repeats_on_gpu=5000)
    _check(v, XidCategory.BENIGN, INFO, "IGNORE")
    assert v.family is Family.APPLICATION and v.layer == "workload"
    _check(classify(45, co_occurring=[94]), XidCategory.BENIGN, INFO, "FOLLOW_OTHER_XID")
    _check(classify(45, co_occurring=(45,)), XidCategory.BENIGN, INFO, "IGNORE")  # self only


def test_xid45_solo_is_info_until_a_storm() -> None:
    below = xid.XID45_SOLO_STORM - 1
    _check(classify(45, repeats_on_gpu=below), XidCategory.BENIGN, INFO, "IGNORE")
    v = classify(45, repeats_on_gpu=xid.XID45_SOLO_STORM)
    _check(v, XidCategory.DRIVER, WARNING, "RESTART_FM")
    assert v.family is Family.DEVICE and v.layer == "driver"
    # a storm explained by teardown or another Xid stays benign
    storm = xid.XID45_SOLO_STORM * 10
    assert not classify(45, repeats_on_gpu=storm, job_ended_within_window=True).opens_incident
    assert not classify(45, repeats_on_gpu=storm, co_occurring={48}).opens_incident


def test_xid48_with_and_without_remap() -> None:
    for companion in (63, 64):
        v = classify(48, co_occurring={companion})
        _check(v, XidCategory.MEMORY, CRITICAL, "DRAIN_AND_RESET")
        assert v.family is Family.MEMORY and v.layer == "hardware"
    _check(classify(48), XidCategory.MEMORY, CRITICAL, "RESET_GPU")
    _check(classify(48, co_occurring={45, 154}), XidCategory.MEMORY, CRITICAL, "RESET_GPU")
    assert "SRAM" in classify(48, co_occurring={172}).reason


def test_xid63_and_64() -> None:
    v = classify(63)
    _check(v, XidCategory.BENIGN, INFO, "IGNORE")
    _check(classify(63, co_occurring={48}), XidCategory.MEMORY, INFO, "FOLLOW_OTHER_XID")
    v = classify(64)
    _check(v, XidCategory.MEMORY, CRITICAL, "RESET_GPU")
    assert "CONTACT_SUPPORT" in v.reason
    _check(classify(64, co_occurring={48}), XidCategory.MEMORY, CRITICAL, "DRAIN_AND_RESET")


def test_xid48_supplements() -> None:
    _check(classify(171, co_occurring={48}), XidCategory.MEMORY, INFO, "FOLLOW_OTHER_XID")
    _check(classify(172), XidCategory.MEMORY, CRITICAL, "RESET_GPU")


@pytest.mark.parametrize("code", [13, 31])
def test_app_workflows(code: int) -> None:
    v = classify(code)
    _check(v, XidCategory.APPLICATION, WARNING, "RESTART_APP")
    assert v.family is Family.APPLICATION and v.layer == "workload"
    # repeated on this GPU only → possible hardware
    v = classify(code, repeats_on_gpu=xid.REPEAT_ESCALATION, gpus_with_same_xid_in_job=1)
    _check(v, XidCategory.DEVICE, WARNING, "RUN_DCGM_EUD")
    assert v.layer == "hardware" and v.family is Family.DEVICE
    # no job at all counts as "not repeated across GPUs"
    v = classify(code, repeats_on_gpu=xid.REPEAT_ESCALATION, gpus_with_same_xid_in_job=0)
    assert v.action == "RUN_DCGM_EUD"
    # repeated across GPUs of the job → the application, even if also repeated locally
    v = classify(code, repeats_on_gpu=10, gpus_with_same_xid_in_job=2)
    _check(v, XidCategory.APPLICATION, WARNING, "CHECK_APP/CUDA")
    assert v.layer == "workload"
    assert classify(code, repeats_on_gpu=xid.REPEAT_ESCALATION - 1).action == "RESTART_APP"


def test_xid79_and_gsp() -> None:
    v = classify(79)
    _check(v, XidCategory.DEVICE, CRITICAL, "RESTART_BM")
    assert v.layer == "hardware" and v.family is Family.DEVICE
    for code in (119, 120):
        _check(classify(code), XidCategory.DEVICE, CRITICAL, "RESET_GPU")
    _check(classify(62), XidCategory.DEVICE, CRITICAL, "RESET_GPU")


def test_xid74_nvlink() -> None:
    v = classify(74)
    _check(v, XidCategory.INTERCONNECT, WARNING, "WORKFLOW_NVLINK_ERR")
    assert v.family is Family.INTERCONNECT and "decode" in v.reason
    v = classify(74, repeats_on_gpu=xid.REPEAT_ESCALATION)
    _check(v, XidCategory.INTERCONNECT, CRITICAL, "RESET_GPU")


def test_nvlink5() -> None:
    for code in (144, 145, 146, 147, 149):
        _check(classify(code), XidCategory.INTERCONNECT, WARNING, "WORKFLOW_NVLINK5_ERR")
        v = classify(code, repeats_on_gpu=xid.REPEAT_ESCALATION)
        _check(v, XidCategory.INTERCONNECT, CRITICAL, "RESET_GPU")
    _check(classify(148), XidCategory.INTERCONNECT, INFO, "IGNORE")
    _check(classify(150), XidCategory.INTERCONNECT, CRITICAL, "RESET_GPU")


def test_memory_containment() -> None:
    _check(classify(94), XidCategory.MEMORY, WARNING, "RESTART_APP")
    _check(classify(95), XidCategory.MEMORY, CRITICAL, "RESET_GPU")
    v = classify(92)  # catalog IGNORE immediate, CONTACT_SUPPORT investigatory
    _check(v, XidCategory.MEMORY, WARNING, "CONTACT_SUPPORT", opens=True)
    assert "IGNORE" in v.reason and "CONTACT_SUPPORT" in v.reason
    _check(classify(140), XidCategory.MEMORY, CRITICAL, "RESET_GPU")


def test_xid154() -> None:
    v = classify(154, co_occurring={48})
    _check(v, XidCategory.DEVICE, CRITICAL, "FOLLOW_XID_154_RECOVERY_ACTION")
    assert set(xid.XID154_RECOVERY_ACTIONS.values()) <= xid.ACTIONS | {"DRAIN_P2P"}


def test_ignore_bucket_codes_do_not_page() -> None:
    for code in (37, 38, 43, 44, 66, 67, 93, 106, 107, 137, 141, 160, 161):
        v = classify(code)
        assert v.severity is INFO and not v.opens_incident and v.action == "IGNORE", v
    _check(classify(43), XidCategory.APPLICATION, INFO, "IGNORE")
    _check(classify(121), XidCategory.INTERCONNECT, INFO, "IGNORE")


def test_ignore_bucket_escalates_on_repeats() -> None:
    n = xid.REPEAT_ESCALATION
    _check(classify(44, repeats_on_gpu=n), XidCategory.DEVICE, WARNING, "CONTACT_SUPPORT")
    _check(classify(66, repeats_on_gpu=n), XidCategory.DRIVER, WARNING, "INVESTIGATE_SW")
    _check(classify(121, repeats_on_gpu=n), XidCategory.INTERCONNECT, WARNING, "UPDATE_SWFW")
    # application and benign IGNORE codes never escalate on their own
    assert not classify(43, repeats_on_gpu=100).opens_incident
    assert not classify(137, repeats_on_gpu=100).opens_incident
    assert not classify(106, repeats_on_gpu=100).opens_incident


def test_bucket_rule_examples() -> None:
    _check(classify(11), XidCategory.APPLICATION, WARNING, "RESTART_APP")
    _check(classify(39), XidCategory.DEVICE, WARNING, "RESTART_APP")  # CE exception
    _check(classify(46), XidCategory.DEVICE, CRITICAL, "RESET_GPU")
    _check(classify(54), XidCategory.DEVICE, WARNING, "CHECK_MECHANICALS")
    _check(classify(78), XidCategory.DRIVER, WARNING, "UPDATE_SWFW")
    assert classify(78).layer == "driver"
    _check(classify(136), XidCategory.INTERCONNECT, CRITICAL, "RESET_GPU")
    _check(classify(159), XidCategory.INTERCONNECT, WARNING, "CHECK_UVM")
    _check(classify(159, co_occurring={48}), XidCategory.INTERCONNECT, INFO, "FOLLOW_OTHER_XID")


def test_unknown_and_unused_codes_are_looked_at() -> None:
    for code in (0, 173, 999, -1):
        v = classify(code)
        _check(v, XidCategory.UNKNOWN, WARNING, "INVESTIGATE_UNKNOWN_XID", opens=True)
        assert "not in the NVIDIA Xid catalog" in v.reason
    v = classify(1)  # listed, but "Unused"
    _check(v, XidCategory.UNKNOWN, WARNING, "CONTACT_SUPPORT", opens=True)
    assert "unused" in v.reason
    _check(classify(61), XidCategory.DEVICE, CRITICAL, "CONTACT_SUPPORT")  # NVSentinel FATAL


def test_sxid() -> None:
    v = classify(12028, sxid=True)
    _check(v, XidCategory.INTERCONNECT, WARNING, "INVESTIGATE_NVSWITCH")
    assert "SXid" in v.reason
    assert classify(48, sxid=True).action == "INVESTIGATE_NVSWITCH"  # never read as a GPU Xid


def test_bad_context_is_rejected() -> None:
    with pytest.raises(ValueError, match="repeats_on_gpu"):
        classify(48, repeats_on_gpu=0)
    with pytest.raises(ValueError, match="gpus_with_same_xid_in_job"):
        classify(13, gpus_with_same_xid_in_job=-1)


# -- whole catalog ---------------------------------------------------------------------------

_CONTEXTS: tuple[dict[str, object], ...] = (
    {},
    {"repeats_on_gpu": 100},
    {"gpus_with_same_xid_in_job": 4, "repeats_on_gpu": 4},
    {"job_ended_within_window": True},
    {"co_occurring": (45, 48, 63, 64, 154)},
)


@pytest.mark.parametrize("ctx", _CONTEXTS)
def test_every_catalog_code_classifies(ctx: dict[str, object]) -> None:
    for code, info in catalog().items():
        v = classify(code, **ctx)  # type: ignore[arg-type]
        assert v.code == code
        assert v.action in xid.ACTIONS
        assert v.family is xid.CATEGORY_FAMILY[v.category]
        assert v.opens_incident is (v.severity > INFO)
        assert v.reason and "\n" not in v.reason
        assert v.layer in ("hardware", "driver", "os", "workload")
        if info.used:
            # every used code is handled by a workflow, an override or the bucket rule
            assert v.category is not XidCategory.UNKNOWN, v
            assert "no rule here" not in v.reason
        if v.category is XidCategory.BENIGN:
            assert not v.opens_incident


def test_reset_and_reboot_codes_are_critical() -> None:
    codes = [c for c, i in catalog().items() if i.immediate in ("RESET_GPU", "RESTART_BM")]
    assert {46, 62, 64, 79, 95, 119, 120, 140, 143} <= set(codes)
    for code in codes:
        v = classify(code)
        assert v.severity is CRITICAL and v.opens_incident, v
        assert v.category in (XidCategory.DEVICE, XidCategory.MEMORY, XidCategory.INTERCONNECT)


def test_fatal_in_nvsentinel_never_silently_ignored() -> None:
    # Where NVSentinel says FATAL and the catalog does not say IGNORE, we open an incident.
    # (160 and 162 are the documented disagreements: catalog IGNORE / blank.)
    for code, info in catalog().items():
        if info.fatal and code not in (160, 162):
            assert classify(code).opens_incident, code
