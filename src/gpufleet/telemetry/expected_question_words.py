"""A person asking whether what they see is the normal behaviour: "SW Power Cap shows Active at
full load. Is this normal?", "is it expected that the clocks drop under load?", "should I be
worried?".

That is the writer's own doubt that anything is wrong, the question a benign signal's card
answers (``power-cap-sw``, ``applications-clocks-setting``, ``exporter-restart-gap``: the SW power
cap at full load, a clock setting, one exporter restart). A report that opens an incident and is
matched to such a card by its words alone takes the card's fix in place (a ticket to restore the
limit or the clocks, to fix the exporter): a person who wrote a slowdown down most often had a
wrong setting. A report that asks whether it is normal keeps the card's close as benign, after
its read-only checks (``agents.sre.plan``): the ticket would assert a wrong setting the writer
never claimed. :mod:`telemetry.job_log` keeps an ``expected_behaviour_asked`` signature beside
the line; the SRE agent reads it as the finding of that name, a finding no card scores.

Deliberately narrow: the question mark is required, and the question names normal, expected,
by design, intended or a reason to worry; "is this a bug?" and "is this a problem?" ask about a
fault as often as about a signal, and are not it. Pure; every expression is linear in the line.
"""

from __future__ import annotations

import re

EXPECTED_BEHAVIOUR_ASKED = "expected_behaviour_asked"  # the signature kind and the SRE finding

_ASKED = re.compile(
    # "Is this normal?", "is it expected that the clocks drop under load?", "are these values
    # by design?"
    r"\b(?:is|are|was|were) (?:this|that|it|these|those|they)(?: (?:really|just|still|all))? "
    r"(?:normal|expected|by design|intended|(?:an? |the )?(?:normal|expected|intended) "
    r"behaviou?r|something to worry about)\b[^?.!\n]{0,80}\?|"
    # "should I be worried?", "should we be concerned about this?"
    r"\bshould (?:I|we) (?:be )?(?:worried|concerned)\b[^?.!\n]{0,60}\?|"
    # Spanish "¿es normal?"
    r"¿\s?(?:es|is it) normal\b",
    re.IGNORECASE,
)


def asks_if_expected(line: str) -> bool:
    """Whether ``line`` asks if what the writer sees is the normal behaviour."""
    return _ASKED.search(line) is not None
