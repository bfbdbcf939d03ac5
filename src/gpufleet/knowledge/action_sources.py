"""`kb validate`'s check that every runbook's action names the guidance it follows.

Pure. A runbook with an action class must say where that action comes from
(``action_source``): a vendor's resolution (the Xid catalog's buckets, an NVIDIA guide) or a
tool's documentation, not our habit. A source too short to name a document is refused too. Kept
apart from the card checks (priors, likelihoods) so each check reads on its own.
"""

from __future__ import annotations

from gpufleet.knowledge.store import KnowledgeBase

#: Shorter than this cannot name a document and the part of it that says so.
MIN_SOURCE_CHARS = 12


def unsourced_actions(kb: KnowledgeBase) -> list[str]:
    """One error line per runbook whose action class has no (or a vacuous) source."""
    errors = []
    for r in kb.runbook_list:
        if r.action_class is None:
            continue
        src = (r.action_source or "").strip()
        if len(src) < MIN_SOURCE_CHARS:
            why = "no action_source" if not src else f"action_source {src!r} names no document"
            errors.append(
                f"runbook {r.id}: action class {r.action_class} is unsourced ({why}; name the "
                "vendor guidance it follows, e.g. the Xid catalog bucket)"
            )
    return errors
