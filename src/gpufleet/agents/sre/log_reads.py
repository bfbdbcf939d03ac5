"""Which kernel-log evidence is the incident's own episode.

The SRE agent reads the kernel log twice: the incident's window, and the root GPU's Xid lines
of the week before it (:func:`agents.sre.evidence.plan_evidence`'s earlier-fault read, marked
with the fact :data:`EARLIER`). Only the first is this episode: its Xids choose the vendor's
bucket, its recovery action and its corroboration; the earlier read only says whether the
fault came back (:mod:`agents.sre.findings`). Pure.
"""

from __future__ import annotations

from collections.abc import Sequence

from gpufleet.bus.events import Evidence

KERNEL_LOG_TOOL = "kernel_log.search"
EARLIER = "earlier"  # the fact set on the earlier-fault read's evidence


def is_episode_log(e: Evidence) -> bool:
    """A kernel-log read of the incident's own window that answered."""
    return e.tool == KERNEL_LOG_TOOL and e.status == "ok" and not e.facts.get(EARLIER)


def episode_logs(evidence: Sequence[Evidence]) -> list[Evidence]:
    """The kernel-log evidence of the incident's own window."""
    return [e for e in evidence if is_episode_log(e)]
