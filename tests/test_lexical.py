"""BM25's words for a report (knowledge.lexical): a line in another language gives its whole
ASCII words less its function words; an English line is read as before."""

from __future__ import annotations

import pytest

from gpufleet.knowledge.lexical import FUNCTION_WORDS, lexical_tokens
from gpufleet.knowledge.retrieve import Bm25
from gpufleet.knowledge.store import KnowledgeBase

KB = KnowledgeBase.load()


def test_an_english_line_keeps_its_words_and_identifiers() -> None:
    words = lexical_tokens("The pod is Pending: Xid 79, nvidia_smi_failed on node-1")
    assert words == ["pod", "pending", "xid", "79", "nvidia_smi_failed", "node"]  # "1": one letter


@pytest.mark.parametrize(
    ("line", "kept", "gone"),
    [
        # Polish "pod" (under) and "od" (from); "zaczęło", "przegrzewała" are no English words
        (
            "Karta graficzna pod obciążeniem się przegrzewała od rana, RTX 3090",
            ["karta", "graficzna", "rtx", "3090"],
            ["pod", "od", "zacz", "przegrzewa", "obci"],
        ),
        # Portuguese "com" (with) and "para" (for)
        ("A placa não funciona com o driver novo, só para jogos", ["placa", "driver"], ["com"]),
        # Italian "per" (for) and "con" (with)
        ("La GPU è lenta per colpa del driver, anche con CUDA 12", ["gpu", "cuda"], ["per", "con"]),
        # German "die" (the) and "mit" (with)
        ("Die Grafikkarte stürzt mit Xid 79 ab", ["grafikkarte", "xid", "79"], ["die", "mit"]),
    ],
)
def test_a_line_in_another_language_keeps_whole_ascii_words_only(
    line: str, kept: list[str], gone: list[str]
) -> None:
    words = lexical_tokens(line)
    assert all(w in words for w in kept), words
    assert not any(w in words for w in gone), words


def test_an_english_word_glued_to_cjk_is_still_that_word() -> None:
    assert lexical_tokens("显卡GPU温度过高，CUDA错误 Xid 79") == ["gpu", "cuda", "xid", "79"]
    assert lexical_tokens("GPUが認識されない、RTX3090のドライバ") == ["gpu", "rtx3090"]


def test_a_link_on_an_english_line_keeps_its_words() -> None:
    # links are words as before: dropping them cost more English cases than it won (round forty)
    words = lexical_tokens("see https://github.com/NVIDIA/gpu-operator/issues/1")
    assert words[:4] == ["see", "https", "github", "com"]


def test_function_words_of_other_languages_are_not_english_domain_words() -> None:
    # a word a card's prose needs must never be dropped from a foreign line as a function word
    for needed in ("gpu", "xid", "driver", "cuda", "nccl", "ecc", "fan", "node", "nvlink", "oom"):
        assert needed not in FUNCTION_WORDS


def test_a_polish_overheating_report_matches_no_card_by_its_prepositions() -> None:
    bm25 = Bm25(KB.cards.values())
    report = "Karta graficzna pod obciążeniem się przegrzewała, temperatura 90 stopni."
    matched = {w for _, words in bm25.scores(report).values() for w in words}
    assert "pod" not in matched
    assert "pod" in {w for _, words in bm25.scores("the pod is Pending").values() for w in words}
