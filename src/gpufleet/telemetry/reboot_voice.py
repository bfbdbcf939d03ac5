"""Whether a reboot or a shutdown that a line in another language names happened to the machine,
or was done to it: "电脑总是重启" (the PC keeps rebooting) is a complaint, "重启系统使更改生效"
(reboot the system for the change to take effect) is a step of a fix.

The glossary (:mod:`telemetry.glossary`) glosses both "重启" and "перезагруж" as "reboot
restart", whatever the voice. A report's steps ("更新initramfs并重启", "Удалите драйвера и
перезагрузитесь", "재부팅 후 비활성화 확인") name reboots far more often than its complaint does,
so a reboot term read in any voice makes every how-to a complaint. The English reader
(:data:`telemetry.unread_text.FAILURE`) asks for the machine as the subject ("the machine
reboots"); this module asks the same of the other languages, from what each grammar marks:

- the form of the verb: a reflexive or intransitive form is something the machine did
  (Russian and Ukrainian "-ся" / "-сь", not the imperative "-итесь"; Romance "se" / "si" and
  Polish "się"; Korean "꺼지다" and "-되다"; Turkish "başlıyor", not the causative "başlat-";
  German "startet neu"; French "redémarre", not "redémarrer"; Portuguese "desliga");
- a word that it came unbidden: by itself, suddenly, at random, again and again, every time
  ("自动", "突然", "反复", "勝手に", "갑자기", "сам", "plötzlich", "tout seul", "sozinho", …);
- the machine named just before the term as its subject ("服务器重启", "PCが再起動");
- a word that it happened ("出现重启", "导致关机": an occurrence, not an act).

And, before those, a step: a person's act or an instruction right beside the term ("我重启了",
"请重启", "重启后", "再起動したら", "재부팅 후", "я перезагрузил") is never the complaint. A
gloss that already says "by itself" ("自动重启", "se reinicia") needs nothing more. What none of
these settles is left out: a reboot named with no sign of who did it is no complaint, as in
English. Pure; every expression is linear in the clause.
"""

from __future__ import annotations

import re

# a gloss naming a reboot or a power-off (the only glosses whose voice decides)
_POWER_EVENT_GLOSS = re.compile(
    r"\b(?:reboot|restart|shut|turns? off|turned off|powers? off|powered off)", re.I
)
_CLAUSE_END = re.compile(r"[.;:!?,，。；：！？、\n|()（）\[\]]")

# the person's act or an instruction, just before the term; or a restart that went as it should
# ("정상적으로 재시작됨": restarted normally)
_STEP_BEFORE = re.compile(
    r"(?:我们?|我們|请|請|需要|建议|建議|然后|然後|并|並|再|可以|尝试|嘗試|试着|試著|手动|手動|"
    r"要|须|必须|必須|应该|應該|先|或)\s*$|"
    r"(?:제가|직접|수동으로|정상적으로|정상)\s*$|(?:正常|正常地|顺利|順利)\s*$|"
    r"(?:^|\s)(?:я|мы|вы|ich|je|yo|eu|io|ja)\s+(?:\w+\s+)?$",
)
# ... or just after it: "重启后" (after the reboot), "再起動したら" (when I rebooted), "재부팅
# 후" (after rebooting), "재부팅하세요" (please reboot)
_STEP_AFTER = re.compile(
    r"^\s*(?:后|後|之后|之後|以后|以後|一下|即可|生效|完|了一下|"
    r"したら|した後|の後|後に|を試|してください|しましょう|します|しました|すると|しても|"
    r"후|하고|해서|하면|하세요|해주|해야|했|합니다|한 후|을 해|를 해|시)"
)
# a spontaneous form right after the term (the rest of the word it starts), in a script that
# tells the language
_ITSELF_AFTER = re.compile(
    r"^(?:[а-яёіїє]*(?<!ите)(?<!йте)(?<!ьте)(?<!іть)(?:ся|сь)\b|"  # not перезагрузитесь
    r"[a-ząćęłńóśźż]*\s+się\b|"  # wyłącza się, restartuje się
    r"\s*(?:되|돼|됨|됐|됩)|"  # 재부팅돼요, 재시작됨
    r"を繰り返|が繰り返|してしまう|してしまった|しちゃう|が発生|が起き|が起こ|ループ)",
    re.I,
)
# ... and in the Latin-script languages, where an ending means a person in one language and
# the machine in another, per stem: (le PC) "redémarre", not "redémarrez"; (o PC) "desliga",
# "reiniciou", not "reinicie"; (bilgisayar) "yeniden başladı", not the causative "başlat-"
_ITSELF_ENDING: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("redémarr", re.compile(r"^(?:e|es|ent|ait|aient)\b")),
    ("deslig", re.compile(r"^(?:a|ou|ando|am)\b")),
    ("reinici", re.compile(r"^(?:ou|ando)\b")),
    ("yeniden başla", re.compile(r"^(?:dı|r)\b")),
    ("yeniden basla", re.compile(r"^(?:di|r)\b")),
)
# a spontaneous form the term itself is: "꺼짐", "startet neu", "電源が落ち", "gaśnie", a
# Romance reflexive ("se apaga", "si spegne", "s'éteint")
_ITSELF_TERM = re.compile(
    r"^(?:꺼|startet neu|rebootet|schaltet|geht aus|電源が落ち|電源落ち|gaśnie|kapan|выруб|"
    r"s[ei] |s'|s’)",
    re.I,
)
# a Romance reflexive pronoun before the term ("se reinició", "si riavvia", "s'est éteint") or
# an enclitic one after it ("riavviarsi", "reiniciarse"): the machine did it to itself
_REFLEXIVE_BEFORE = re.compile(r"(?:^|\s)(?:(?:se|si)\s+|s'|s’)(?:\w+\s+)?$")
_REFLEXIVE_AFTER = re.compile(r"^\w*(?:rsi|rse)\b")
# the machine as the subject, just before the term: a Chinese noun for it ("服务器重启"), or
# any word marked as the subject in Japanese or Korean ("PCが再起動", "Node가 재시작"); or an
# adverb that only a spontaneous event takes there ("就重启了", "又重启")
_SUBJECT_BEFORE = re.compile(
    r"(?:电脑|電腦|服务器|伺服器|主机|主機|机器|機器|机子|機子|整机|整機|节点|節點|显卡|顯卡)"
    r"\s*(?:就|又|会|會|也)?\s*$|"
    r"\w(?:が|가|이)\s*$|"
    r"(?:就|又|竟|竟然|居然|总|總)\s*$",
)
# it came unbidden, again and again, or it happened
_UNBIDDEN = re.compile(
    r"自动|自動|自己|突然|随机|隨機|频繁|頻繁|不断|不斷|反复|反覆|经常|經常|总是|總是|老是|莫名|"
    r"无故|無故|一直|动不动|動不動|时不时|時不時|就会|就會|会重|會重|又重|竟然|居然|无限|無限|"
    r"循环|循環|随时|隨時|不停|出现|出現|发生|發生|导致|導致|引起|造成|引发|引發|"
    r"勝手に|突然|急に|自動的|頻繁|何度も|ランダム|繰り返|"
    r"갑자기|자동으로|계속|자꾸|반복|저절로|혼자|멋대로|랜덤|무한|수시로|"
    r"\bсам[аои]?\b|самопроизвольно|внезапно|постоянно|периодически|рандомно|случайно|"
    r"раптово|постійно|періодично|випадково|"
    r"von selbst|plötzlich|ständig|einfach so|zufällig|immer wieder|dauernd|unerwartet|"
    r"tout seul|toute seule|d'un coup|soudain|brusquement|aléatoire|sans raison|en boucle|"
    r"sans cesse|"
    r"\bsol[oa]\b|de repente|repentinamente|aleatori|constantemente|sin motivo|sin razón|"
    r"sozinh[oa]|do nada|sem motivo|toda hora|sem aviso|em loop|"
    r"da sol[oa]|improvvisamente|all'improvviso|continuamente|a caso|senza motivo|di colpo|"
    r"\bsam[ao]?\b|nagle|losowo|ciągle|co chwilę|bez powodu|"
    r"kendi kendine|aniden|sürekli|rastgele|durduk yere|birden",
    re.I,
)


def names_power_event(gloss: str) -> bool:
    """Whether a glossary term's English names a reboot or a power-off, whose voice decides
    whether it is a complaint."""
    return _POWER_EVENT_GLOSS.search(gloss) is not None


def happened_to_the_machine(low: str, start: int, end: int, gloss: str) -> bool:
    """Whether the reboot or power-off that ``low[start:end]`` names (``low`` a lower-cased
    line, ``gloss`` the term's English) is something the machine did, not a step someone
    took."""
    if "by itself" in gloss:
        return True
    clause_start = max((m.end() for m in _CLAUSE_END.finditer(low, 0, start)), default=0)
    clause_end_match = _CLAUSE_END.search(low, end)
    clause_end = clause_end_match.start() if clause_end_match else len(low)
    before, after = low[clause_start:start], low[end:clause_end]
    if _STEP_BEFORE.search(before) is not None:
        return False
    if (
        _SUBJECT_BEFORE.search(before) is not None
        or _ITSELF_TERM.match(low[start:end]) is not None
        or _REFLEXIVE_BEFORE.search(before) is not None
    ):
        return True
    if _STEP_AFTER.match(after) is not None:
        return False
    return (
        _ITSELF_AFTER.match(after) is not None
        or _REFLEXIVE_AFTER.match(after) is not None
        or any(
            low.startswith(stem, start) and ending.match(after) is not None
            for stem, ending in _ITSELF_ENDING
        )
        or _UNBIDDEN.search(before + " " + after) is not None
    )
