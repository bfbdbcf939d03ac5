"""The voice of a reboot named in another language, on sentences written blind.

``tests/data/reboot_voice_sentences.tsv``: 192 sentences in the twelve glossary languages, 8
where the machine rebooted or powered off unbidden and 8 where a person did or asks for it, per
language, written in round thirty-nine by a helper who had read none of the code and was given
only the glossary's reboot and power-off terms. The first run (84.4 % of the machine's, 96.9 %
of the steps' read right) showed three defects, mended the same day: the Romance reflexive
pronoun ("se reinició", "si riavvia") was in the design and not the code; a clause sliced to its
last 12 characters gave a first-person "eu" a false start of line; an intransitive term
("電源落ちします") lost to the step word after it. The rest are left as they read.
"""

from __future__ import annotations

import csv
from collections import Counter
from pathlib import Path

from gpufleet.telemetry.glossary import glossary
from gpufleet.telemetry.reboot_voice import happened_to_the_machine, names_power_event

SENTENCES = Path(__file__).parent / "data" / "reboot_voice_sentences.tsv"


def _read_as(sentence: str) -> str | None:
    low = sentence.lower()
    terms = [(s, e, en) for s, e, en in glossary().terms(sentence) if names_power_event(en)]
    if not terms:
        return None
    did = any(happened_to_the_machine(low, s, e, en) for s, e, en in terms)
    return "machine" if did else "step"


def test_the_blind_sentences_are_read_in_their_voice_in_every_language() -> None:
    with SENTENCES.open(encoding="utf-8") as f:
        rows = list(csv.DictReader(f, delimiter="\t"))
    assert len(rows) == 192
    right: Counter[str] = Counter()
    total: Counter[str] = Counter()
    for row in rows:
        read = _read_as(row["sentence"])
        assert read is not None, f"no reboot term read in {row['sentence']!r}"
        total[row["voice"]] += 1
        right[row["voice"]] += read == row["voice"]
    # a step read as a complaint opens a false incident on every how-to: the stricter bound
    assert right["step"] / total["step"] >= 0.95
    assert right["machine"] / total["machine"] >= 0.90


def test_every_language_reads_most_of_its_complaints() -> None:
    with SENTENCES.open(encoding="utf-8") as f:
        rows = [r for r in csv.DictReader(f, delimiter="\t") if r["voice"] == "machine"]
    per_language: Counter[str] = Counter(
        r["lang"] for r in rows if _read_as(r["sentence"]) == "machine"
    )
    assert {lang: n for lang, n in per_language.items() if n < 6} == {}
    assert len(per_language) == 12
