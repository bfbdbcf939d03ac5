"""The glossary that lets a report in another language rank like its English twin."""

from __future__ import annotations

import pytest

from gpufleet.telemetry.glossary import (
    LANGUAGES,
    MAX_GLOSSES,
    GlossaryError,
    for_embedding,
    glossary,
    parse,
    with_gloss,
)

ROWS = [
    "# comment",
    "",
    "zh\t电源\tpower supply PSU",
    "zh\t电源功率不足\tpower supply too weak",
    "zh\t重启\tsystem reboots",
    "ru\tперезагруж\tsystem reboots",
    "de\tNetzteil\tpower supply PSU",
]


def test_cjk_terms_match_anywhere_and_the_longest_wins() -> None:
    g = parse(ROWS)
    assert g.glosses("一运行训练电脑就会重启，电源功率不足") == [
        "system reboots",
        "power supply too weak",
    ]


def test_latin_and_cyrillic_stems_match_only_at_a_word_start_in_any_case() -> None:
    g = parse(ROWS)
    assert g.glosses("Сервер перезагружается под нагрузкой") == ["system reboots"]
    assert g.glosses("Das NETZTEIL ist überlastet") == ["power supply PSU"]
    # inside another word it is not the term
    assert g.glosses("Überneznetzteilx") == []
    # a line without a letter English does not use is read as English, whatever the others
    assert g.glosses("Netzteil kaputt\nзависает, перезагружается") == ["system reboots"]
    assert g.glosses("the “Netzteil” at 80 °C → 2× slower") == []


def test_each_gloss_once_in_order_of_first_appearance() -> None:
    g = parse(ROWS)
    assert g.glosses("重启 电源 重启 Netzteil") == ["system reboots", "power supply PSU"]


def test_an_ascii_text_gets_no_gloss_and_is_returned_as_is() -> None:
    g = parse([*ROWS, "de\tabsturz\tcrash"])
    assert g.glosses("the node reboots, absturz") == []  # all ASCII: English, skipped
    text = "GPU 3 fell off the bus"
    assert with_gloss(text) == text


def test_glosses_are_capped() -> None:
    rows = [f"zh\t术语{chr(0x4E00 + i)}\tterm {i}" for i in range(MAX_GLOSSES + 5)]
    text = " ".join(f"术语{chr(0x4E00 + i)}" for i in range(MAX_GLOSSES + 5))
    assert len(parse(rows).glosses(text)) == MAX_GLOSSES


@pytest.mark.parametrize(
    ("row", "message"),
    [
        ("zh\t电源", "expected lang<TAB>term<TAB>english"),
        ("xx\tterm\tenglish", "unknown language 'xx'"),
        ("zh\t \tpower", "expected lang<TAB>term<TAB>english"),
    ],
)
def test_a_malformed_row_is_named_with_its_line(row: str, message: str) -> None:
    with pytest.raises(GlossaryError, match=rf"glossary:3: {message}"):
        parse(["# head", "zh\t电源\tpower supply", row])


def test_the_packaged_glossary_covers_its_languages_with_long_enough_terms() -> None:
    g = glossary()
    assert len(g.anywhere) + len(g.word_start) >= 300
    cjk = list(g.anywhere)
    assert cjk and all(len(t) >= 2 for t in cjk)  # one CJK character is too ambiguous


def test_with_gloss_leads_the_text_with_the_english_words() -> None:
    out = with_gloss("确定是电源问题了，电脑就会重启")
    head, _, rest = out.partition("\n")
    assert rest == "确定是电源问题了，电脑就会重启"
    assert "power" in head.lower() and "reboot" in head.lower()
    assert {"zh", "ja", "ru", "de"} <= LANGUAGES


@pytest.mark.parametrize(
    ("report", "family"),
    [
        # "a few minutes into training the host loses power and reboots; the PSU is too weak"
        (
            "训练开始几分钟后主机突然断电重启，电源功率不够",
            {"power-brake-psu", "psu-redundancy-loss"},
        ),
        # "the card falls off the bus, an error in dmesg"
        ("Видеокарта отваливается от шины, в dmesg ошибка", {"xid-79-fallen-off-bus"}),
        # "out of GPU memory during inference, it reports an error"
        ("推理的时候显存不足，报错", {"fb-fragmentation-oom", "fb-memory-leak"}),
    ],
)
def test_a_report_in_another_language_ranks_its_mode_which_the_bare_text_does_not(
    report: str, family: set[str]
) -> None:
    from gpufleet.knowledge.retrieve import Query
    from tests.chat_fixtures import retriever

    r = retriever()
    glossed = [h.card_id for h in r.search(Query(text=report), k=3)]
    assert family & set(glossed), glossed
    # the English model alone, on the same text, finds none of them
    bare = sorted(r.index.search(vector=r.index.embed_query(report)), key=lambda m: -m.similarity)
    assert not family & {m.card_id for m in bare[:3]}


def test_the_sentence_model_reads_the_glosses_and_latin_text_not_other_scripts() -> None:
    text = "ＧＰＵが認識しない。nvidia-smi: No devices were found。显卡掉卡了 after update"
    embedded = for_embedding(text)
    assert embedded.startswith(with_gloss(text).split("\n", 1)[0])  # the glosses lead
    assert "GPU" in embedded and "nvidia-smi: No devices were found" in embedded
    assert "after update" in embedded
    assert not any("\u3040" <= ch <= "\u9fff" for ch in embedded)  # no kana or CJK left
    assert "видеокарта" not in for_embedding("видеокарта отвалилась, Xid 79")
    assert "Xid 79" in for_embedding("видеокарта отвалилась, Xid 79")
    # English, and a Latin-script language the model half reads, stay as they were
    english = "GPU 3 fell off the bus after the driver update"
    assert for_embedding(english) == english
    spanish = "la tarjeta gráfica se apaga después de 10 minutos"
    assert spanish in for_embedding(spanish)
