"""NVIDIA Fabric Manager log (``/var/log/fabricmanager.log``, or its journal / systemd lines) →
fabric events and the service's state.

Pure (:mod:`telemetry.text_evidence` conventions). Layouts read::

    [Mar 02 2026 02:45:00] [INFO] [tid 1840] Successfully configured all the available NVSwitches …
    [Mar 02 2026 02:47:10] [ERROR] [tid 1912] detected NVSwitch fatal error 24006 on fid 0 on
        NVSwitch pci bus id 00000000:86:00.0 physical id 2 port 61
    Nov 15 14:15:47 host nv-fabricmanager[4177]: request to query NVSwitch device information
        from NVSwitch driver failed with error:WARNING Nothing to do [NV_WARN_NOTHING_TO_DO]
    Nov 15 14:15:47 host systemd[1]: nvidia-fabricmanager.service: Control process exited,
        code=exited, status=1/FAILURE

(each on one line). Kinds: ``fm_started`` (all NVSwitches configured / FM running),
``fm_nvswitch_fatal`` and ``fm_nvswitch_nonfatal`` (``error``, ``switch_pci``, ``physical_id``,
``port``), ``fm_training_failed`` (NVLink training / link initialisation failed),
``fm_degraded`` (degraded mode, GPU or switch excluded), ``fm_config_failed`` (FM running but
the GPUs / NVSwitches it was to configure not configured), ``fm_not_applicable``
(``NV_WARN_NOTHING_TO_DO``: no NVSwitch on this system), ``fm_version_mismatch``,
``fm_service_failed`` (the systemd unit failed or exited), ``fm_stopped`` (FM stopping on a
signal), ``fm_error`` (any other ERROR-level FM line); and one ``fm_state`` per text with
``state`` = ``running`` | ``failed`` | ``degraded`` | ``not_applicable`` | ``unknown`` (the last
decisive line wins) and ``last_error``. INFO lines FM writes about its configuration are
ignored; other lines that mention the fabric / NVSwitch / NVLink are GPU text not understood.
Errors: :class:`FabricManagerError` only, for invalid arguments.
"""

from __future__ import annotations

import re
from dataclasses import replace

from gpufleet.telemetry.text_evidence import SNIPPET, Signature, TextParse, as_text, lines_of

__all__ = ["FabricManagerError", "parse_fabric_manager"]


class FabricManagerError(ValueError):
    """Invalid arguments to :func:`parse_fabric_manager` (the one error this module raises)."""


# the time may be cut off in a paste ("[ERROR] failed to configure all the available GPUs …")
_FM_LINE = re.compile(
    r"^(?:\[(?P<time>[A-Za-z]{3} [0-9]{1,2} [0-9]{4} [0-9:]{8})\] )?"
    r"\[(?P<level>ERROR|WARNING|WARN|INFO|DEBUG|FATAL)\] "
    r"(?:\[tid [0-9]{1,10}\] )?(?P<msg>.*)$"
)
_FM_SOURCE = re.compile(r"nv-fabricmanager|nvidia-fabricmanager|fabric ?manager", re.I)
# start-up chatter FM and systemd write on every start: understood, no signature
_BENIGN = re.compile(
    r"Starting NVIDIA fabric manager|Connected to [0-9]{1,6} node|Logging level|"
    r"Fabric Manager (?:version|build)|Started NVIDIA fabric manager service$|"
    r"Detected (?:Pre-)?NVL\d+ system",
    re.I,
)
_SWITCH_ERROR = re.compile(
    r"detected NVSwitch (?P<sev>fatal|non-fatal) error (?P<code>[0-9]{1,8})"
    r"(?:.{0,80}?pci bus id (?P<pci>[0-9A-Fa-f:.]{7,16}))?"
    r"(?:.{0,40}?physical id (?P<phys>[0-9]{1,4}))?(?:.{0,20}?port (?P<port>[0-9]{1,4}))?",
    re.I,
)
_RULES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("fm_not_applicable", re.compile(r"NV_WARN_NOTHING_TO_DO", re.I)),
    (
        "fm_started",
        re.compile(
            r"Successfully configured all the available NVSwitches|"
            r"Fabric Manager (?:version \S{1,40} )?is running|Started NVIDIA fabric manager",
            re.I,
        ),
    ),
    (
        "fm_training_failed",
        re.compile(
            r"(?:NVLink|link) (?:training|train|initiali[sz]ation)\b.{0,80}?fail|"
            r"failed to train",
            re.I,
        ),
    ),
    ("fm_degraded", re.compile(r"degraded|excluded|exclud(?:e|ing) (?:GPU|NVSwitch)", re.I)),
    (
        "fm_version_mismatch",
        re.compile(
            r"version mismatch|does not match.{0,60}?version|"
            r"(?:do not|don.?t|doesn.?t) match (?:with )?(?:the )?driver version",
            re.I,
        ),
    ),
    (
        "fm_service_failed",
        re.compile(
            r"fabricmanager\.service: (?:Failed|Main process exited|Control process exited)|"
            r"Failed to start NVIDIA fabric manager|\" failed! Exit code",
            re.I,
        ),
    ),
    ("fm_stopped", re.compile(r"received signal|fabric manager (?:is )?(?:stopp|exit)", re.I)),
    (
        # FM up but the fabric not: the GPUs / NVSwitches it was to configure are not
        "fm_config_failed",
        re.compile(
            r"failed to configure all the available (?:GPUs|NVSwitches)|"
            r"not all local fabric manager instances finished their configuration|"
            r"unhandled config error",
            re.I,
        ),
    ),
)
_STATE_OF = {
    "fm_started": "running",
    "fm_not_applicable": "not_applicable",
    "fm_degraded": "degraded",
    "fm_training_failed": "failed",
    "fm_service_failed": "failed",
    "fm_stopped": "failed",
    "fm_version_mismatch": "failed",
    "fm_config_failed": "failed",
    "fm_nvswitch_fatal": "degraded",
}
_FABRIC_HINT = re.compile(r"fabric|nvswitch|nvlink|\bnvls\b|\bimex\b", re.I)


def parse_fabric_manager(data: str | bytes, *, origin: str, node: str = "") -> TextParse:
    """Signatures of one Fabric Manager log taken on ``node``."""
    if not isinstance(origin, str) or not origin:
        raise FabricManagerError("origin must name the file or command the text came from")
    out = TextParse()
    state, last_error, decisive = "unknown", "", 0
    for n, line in lines_of(as_text(data), out.report):
        out.report.total += 1
        sig = _line(n, line, origin, node)
        if sig is None:
            if not line.strip() or _FM_LINE.match(line) is not None or _BENIGN.search(line):
                out.report.ignored += 1  # FM's own INFO / WARNING chatter
            elif _FABRIC_HINT.search(line) is not None:
                out.report.not_understood(n, line)
            else:
                out.report.unrecognised += 1
            continue
        out.report.recognised += 1
        out.add(sig)
        if sig.kind in _STATE_OF:
            state, decisive = _STATE_OF[sig.kind], n
        if sig.kind != "fm_started":
            last_error = sig.text
    if any(s.kind == "fm_not_applicable" for s in out.signatures):
        # FM exits with NV_WARN_NOTHING_TO_DO on a system without NVSwitches, and systemd logs
        # that exit as a failed start: expected there, not a fabric failure
        out.signatures[:] = [_not_applicable(s) for s in out.signatures]
        state = "not_applicable"
    out.add(
        Signature(
            kind="fm_state",
            source="fabric_manager",
            origin=origin,
            line=decisive,
            node=node,
            detail={"state": state, "last_error": last_error[:SNIPPET]},
            text=f"fabric manager {state}",
        )
    )
    return out


_EXITS = frozenset({"fm_service_failed", "fm_stopped", "fm_error"})


def _not_applicable(sig: Signature) -> Signature:
    """A failed start or exit of FM on a node it has nothing to do on is that, not a fault."""
    if sig.kind not in _EXITS:
        return sig
    return replace(sig, kind="fm_not_applicable", detail={**sig.detail, "exit": sig.kind})


def _line(n: int, line: str, origin: str, node: str) -> Signature | None:
    fm = _FM_LINE.match(line)
    msg = fm["msg"] if fm else line
    if fm is None and _FM_SOURCE.search(line) is None:
        return None  # not a Fabric Manager line (another unit's journal line)
    detail: dict[str, str] = {
        "time": (fm["time"] or "") if fm else "",
        "level": fm["level"] if fm else "",
    }
    kind: str | None = None
    m = _SWITCH_ERROR.search(msg)
    if m is not None:
        kind = "fm_nvswitch_fatal" if m["sev"].lower() == "fatal" else "fm_nvswitch_nonfatal"
        detail |= {
            "error": m["code"],
            "switch_pci": m["pci"] or "",
            "physical_id": m["phys"] or "",
            "port": m["port"] or "",
        }
    else:
        kind = next((k for k, rx in _RULES if rx.search(msg) is not None), None)
    if kind is None and fm is not None and fm["level"] in ("ERROR", "FATAL"):
        kind = "fm_error"
    if kind is None:
        return None
    return Signature(
        kind=kind,
        source="fabric_manager",
        origin=origin,
        line=n,
        node=node,
        detail=detail,
        text=line[:SNIPPET],
    )
