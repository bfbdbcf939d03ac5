"""A report no parser could read → one fault report, so the text is diagnosed, not only counted.

An operator drops a file into the reports folder, a job log lands, a ticket is pasted: the parsers
(:mod:`telemetry.job_log`, :mod:`telemetry.report_files`) recognise the forms they were written
for, and a form they were not (a ``kubectl describe node`` taint, an IPMI event log, a health
agent's own wording) would leave only a count of "GPU-related lines not understood". Yet someone
collected that file because something was wrong. When a file produced no fault report of its own
and its GPU-related lines that no rule read include words of failure, this module makes one
``report_signature`` event of signal ``gpu_text_unread`` from it, quoting those lines: the NOC
joins it to an incident already open on the node (a report is usually taken because of one), or
opens one; the SRE agent ranks failure modes for it by retrieval over the knowledge base (the
cards' own log strings and prose) over the file's :func:`excerpt`, like any other incident.

Only text the generic reader read (``job_log``: job output, pasted tickets, files named for no
tool): a tool's own parser (Fabric Manager, ``nvidia-smi -q``, ``dcgmi diag``, NHC, nccl-tests)
reads its whole format and gives its verdict, so its leftovers open nothing ("NVSwitch not
found" on a PCIe server is Fabric Manager's benign word, not a fault to guess at).

A line must say something failed (:data:`FAILURE`, or in another language a symptom the
glossary of :mod:`telemetry.glossary` names: "重启", "перезагружается", "desliga"), or, where
no line does, the file must read as a person's report (:func:`person_lines`: a title at its
top, a question, a sentence in the first person, the lines under an issue form's "Actual
behaviour"), whose lines are quoted instead: people hand
a problem over in words of their own ("# Drivers not installed on the new A100 nodes"), and
no list of failure words holds them all. An inventory listing, a banner or a job's clean
output opens nothing. The lines that mention the GPU stack
(:data:`telemetry.text_evidence.GPU_HINT`) are read first; when none of them says anything
failed, the file's other lines are (a report is about the GPU fleet because someone put it
there: "training hangs after scanning the images", "the server shuts down under load" name no
GPU). Pure: no clock, no I/O.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

from gpufleet.telemetry.frame import LogEvent
from gpufleet.telemetry.glossary import glossary
from gpufleet.telemetry.reboot_voice import happened_to_the_machine, names_power_event
from gpufleet.telemetry.report_signals import KIND
from gpufleet.telemetry.statements import statements_in, without_links
from gpufleet.telemetry.text_evidence import TextReport, host_node
from gpufleet.telemetry.topology import Topology

SIGNAL = "gpu_text_unread"
GENERIC_SOURCES = frozenset({"job_log"})  # readers of any text (the rest read one tool's format)
MAX_QUOTED = 6  # failure lines quoted in the event: enough to retrieve by, short to read
MAX_QUOTE = 600  # characters of quoted text in all
MAX_EXCERPT = 2500  # characters of a file's excerpt for retrieval (its head and failure lines)

# Words with which tools and people say something failed. Deliberately plain words, not forms:
# the forms are the parsers' business; this is only "is this a complaint".
FAILURE = re.compile(
    r"error|fail|fatal|unhealthy|timed? ?out|\blost\b|killed|abort|cannot|can't|unable|"
    r"not found|no such|exception|panic|\bhung\b|\bhang|stuck|\bdown\b|denied|mismatch|invalid|"
    r"segfault|oops|\bbug\b|refus|insufficient|unavailable|not (?:ready|supported|responding)|"
    r"\btaint|degrad|throttl|crash|corrupt|illegal|uncorrectable|\bdrain|\bzombie|\bdefunct|"
    r"\bslow|over ?temp|critical|\bwarn|deadlock|\bblocked\b|\bfrozen\b|\bfreez|\bfault|"
    r"\bbad\b|\bblown\b|\boverheat|\borphan|\bre-?parented to\b|"
    # what is gone or does not answer: "aren't responding to pings", "/dev/nvidia-uvm is not
    # present", "version 590 don't match with driver version 580", "the GPU disappeared"
    r"\b(?:do|does|did)(?: not|n'?t) match|\bunreachable|\bunresponsive|"
    r"(?:\bnot|n't|\bstopped) (?:respond|reachable|present|detected|visible)\w*|"
    r"\bmissing\b|\bdisappear|\bvanish|"
    # what was looked for and is not there: "No nvidia libraries found inside the container",
    # "I didn't find any cuda libraries" (a part of the stack, not "no memory leak found": a
    # clean check)
    r"\bno (?:[\w.-]+ ){0,2}(?:librar(?:y|ies)|devices?|gpus?|drivers?|modules?|cards?|"
    r"binar(?:y|ies)|files?|runtimes?|toolkits?|plugins?|nodes?) (?:was |were )?"
    r"(?:found|detected)\b|"
    r"\b(?:did|does|do)(?: not|n'?t) find\b|"
    # a person's words for a GPU that works but does not do the work: idle or barely used, the
    # job on the CPU, throughput under what it should be, the machine going down under load
    r"\bidle\b|(?:lower|less|slower) than expected|\b(?:much|far|\d+ ?x) (?:lower|slower|less)\b|"
    # ("it is more lower than the published result": a weaker adverb needs the comparison)
    r"\b(?:way|more|significantly|considerably) (?:lower|slower|less) than\b|"
    r"\bonly (?:my |the )?cpu\b|\binstead of (?:the )?gpu|\bwaiting for (?:the )?(?:data|input)|"
    r"\bnot (?:using|used|utili[sz]\w*) (?:the |my |any )?gpu|"
    r"\b(?:low|poor) (?:gpu[- ])?(?:util\w*|usage|performance|throughput)|"
    r"\b(?:usage|util\w*) (?:is |was |stays |of |at )?(?:about |only |around |just |~ ?)?"
    r"\d(?:\.\d)?(?: ?[-–] ?\d)? ?%|"
    r"\b(?:restarts|reboots|shuts? ?down|powers? off|turns? off) (?:the |my |our )?"
    r"(?:machine|system|computer|pc|workstation|server|node)\b|"
    r"\b(?:machine|system|computer|pc|workstation|server|node) (?:(?:hard |suddenly )?"
    r"(?:restarts|reboots|shuts? ?down|powers? off|turns? off))|"
    # a person's plain words for "it does not work", which name no error: "doesn't work",
    # "stopped working", "won't start", "pods don't get scheduled", "an incompatible version",
    # "issues getting Fabric Manager to start", "having trouble", "a problem occurred"
    r"\b(?:does|do|did|is|are|was|were|has|have|had)(?: not|n'?t) (?:\w+ )?work|"
    r"\bnot working\b|\bstop(?:s|ped)? (?:working|running)\b|"
    # the work itself said to stop, not a person stopping it: "the training process stopped",
    # "generation stops at 40 %", "It stop here."
    # (a log's own clean end is not: "Training stopped: max_steps reached", "generation stops
    # when max_new_tokens is reached", "the loop stopped cleanly")
    r"\b(?:training|process|job|program|generation|inference|script|render(?:ing)?|mining|"
    r"(?:it|this|that)(?= stops? (?:here|there)))(?:es|s)? "
    r"(?:(?!by\b|manually\b|should\b|would\b|will\b|can\b|could\b|must\b|may\b|might\b|"
    r"not\b|never\b|\w+n't\b)[\w'%-]+ ){0,2}?stop(?:s|ped)?\b(?!\s*[:=]| (?:by|manually|it|the|"
    r"them|when|once|cleanly|gracefully|normally|successfully|as expected|after reaching|at the "
    r"end)\b)|"
    r"\bwon'?t (?:start|boot|load|work|run|come up)|"
    r"(?:n'?t|\bnot) (?:get |be )?(?:schedul|start|boot|load|recogni[sz]|come up)\w*|"
    r"\bincompatib\w*|\bproblems?\b|\btrouble\b|"
    # a tool's or a person's "could not …" ("Could not resolve Linux kernel version"), a thing
    # said to be broken, memory or a device never given back ("gpu memory not released")
    r"\bcould(?: not|n'?t)\b|\bbroken\b|\bnot (?:released|freed|returned)\b|"
    r"\bissues? (?:with|getting|when|while|after|starting|running|loading)\b|"
    # heat and lost speed in words: "the mem temp is very hot", "hashrate dropped to half",
    # "elevated temperatures in the computer room", "NVLinks inactive"
    r"\b(?:very|too|extremely|really|quite|so|running) hot\b|\belevated temperature|"
    r"\bdropp(?:ed|ing)\b|\bhalv(?:ed|es)\b|\b(?:nv)?links?\b[^.\n]{0,20}\binactive\b|"
    # a measure said to be bad or getting worse, memory run out, a feature not there:
    # "the gpu utility is very low", "severely deteriorating all_reduce_perf", "a performance
    # regression", "CPU OOM in step 3", "the image does not support accelerated networking"
    r"\b(?:util\w*|usage|throughput|performance|speed|bandwidth) (?:is|was|are|were|stays|"
    r"remains|seems|looks) (?:very |really |quite |too |extremely |so |pretty )?(?:low|poor|bad)\b|"
    r"\bdeteriorat\w*|\bworse\b|\bregress(?:ed|ion)\b|\boom\b|\bout of memory\b|"
    r"\b(?:does|do|did|is|are)(?: not|n'?t) support\b|"
    # a limit run into, a clock pulled down, a measure that fell, an outcome not the one
    # expected: "reaching the inode limit", "quota exceeded", "downclocking to 139MHz",
    # "throughput fell to a third", "I expected to see all GPUs but only one shows"
    r"\bexceed(?:ed|s|ing)\b|\blimit (?:was |is )?(?:reached|hit)\b|\breach(?:ed|ing) the "
    r"\w+ ?limit\b|\bdown-?clock\w*|\b(?:fell|falls|falling) (?:to|by|from)\b|"
    r"\bexpect(?:ed|ing)\b[^.\n]{0,80}\bbut\b|"
    # memory that is never given back, and a part that visibly failed: "VRAM leaks on every
    # request", "the power connector melted", "smoke from the card", "a burnt pin" (not a
    # smoke test or a burn-in, which are how hardware is checked)
    r"\bleak(?:s|ed|ing|age)?\b|\bmelt(?:s|ed|ing)?\b|"
    # a count or a measure that runs away: "the number of threads explodes", "loss exploded"
    r"\bexplod(?:e|es|ed|ing)\b|"
    r"\bsmok(?:e|ed|es|ing)\b(?![- ]?tests?\b)|\bburn(?:ed|t)\b(?![- ]?in\b)|"
    # the GPU held back from its work, in a person's words: "the GPU was starved of data",
    # "this leads to the GPU being underused", "I ended up running the program on my CPU",
    # "it falls back to CPU", "I ran out of (GPU) memory", "Why is CPU utilization high",
    # "very high CPU usage", "loading takes forever", "extremely long load time"
    r"\bstarv(?:ed|es|ing)\b|\bunder-?(?:used|utili[sz]\w*)\b|"
    r"\b(?:ran|runs?|running|execut(?:es|ed|ing))\b[^.\n]{0,40}?\bon (?:the |my |a |only )?cpus?\b"
    r"(?! (?:and|or|as well)\b)|\bf[ae]ll(?:s|ing)? ?back to (?:the )?cpu\b|"
    r"\b(?:ran|runs?|running) out of\b|"
    r"\b(?:high|excessive|heavy) (?:cpu|ram|host memory) "
    r"(?:usage|utili[sz]ation|load|consumption)\b|"
    r"\bcpu (?:usage|utili[sz]ation|load) (?:is |was |goes |stays |at )?"
    r"(?:very |too |so |extremely )?high\b|\btakes? (?:forever|too long|ages)\b|\btoo much time\b|"
    r"\blong (?:load(?:ing)?|start-?up) times?\b|"
    # what a change took away: "575 drivers no longer compile with recent kernels", "today's
    # Windows Update breaks GPU detection", "NV=1 doesn't respect CUDA_VISIBLE_DEVICES", "a
    # black screen after the upgrade", "the pod has a pending status", "making it impossible to
    # unload the driver"
    r"\bno longer (?:\w+ )?(?:work|compil|build|install|support|detect|recogni|boot|load|run|"
    r"start|respond|show|appear|visible|available|usable|function)\w*|"
    r"\bbreaks\b|\bbroke\b|(?:n'?t|\bnot) (?:respect|honou?r|obey)\w*|\bignor(?:es|ed)\b|"
    r"\bblack screen|\b(?:is|are|stays?|remains?|still|stuck|in|a) pending\b|"
    r"\bpending (?:status|state|forever)\b|\bimpossible\b|"
    # a measure that grows without end or falls far short: "continuous rising of GPU memory",
    # "around 0.9 FPS only", a checklist's cross
    # ("❌ PyTorch 2.9.1+cpu")
    r"\b(?:keeps?|kept|continu\w*|steadily|constantly) (?:on )?(?:ris|grow|increas|climb)\w*|"
    r"\bonly (?:about |around |~ ?)?\d+(?:\.\d+)? ?(?:fps|it/s|tokens?/s|tok/s|tps|samples?/s|"
    r"images?/s|img/s)\b|\b(?:fps|it/s|tokens?/s) only\b|[❌✗✘]|"
    # the same complaint in the languages operators also write tickets in (a fleet in Beijing,
    # Tokyo, Seoul, São Paulo or Munich pastes its own words beside the English tool output).
    # Chinese: error, failed, abnormal, fault, crash, stuck, blocked, deadlock, timeout, a card
    # dropped, host down, cannot, problem, overheating, throttling, interrupted,
    # killed, insufficient
    r"错误|报错|失败|异常|故障|崩溃|卡住|卡死|阻塞|死锁|超时|掉卡|宕机|无法|不能用|问题|过热|降频|中断|"
    r"杀死|不足|"
    # too low or too high, greatly reduced, video memory blown, cannot find or recognise, no
    # response, cannot be used
    r"太低|过低|偏低|很低|太高|过高|那么高|大幅(?:下降|降低)|爆显存|显存爆|爆了|占满|找不到|识别不到|"
    r"没反应|用不了|"
    # Japanese: error, failure, abnormal, fault, stopped, froze, hang, timeout, cannot, defect,
    # problem, overheating, crash, fail, went down
    r"エラー|失敗|異常|障害|故障|停止|フリーズ|ハング|タイムアウト|できない|できません|不具合|問題|"
    r"過熱|クラッシュ|フェイル|落ち|"
    # Korean: error (two spellings), failure, outage, broken, stopped, problem, overheating, crash
    r"오류|에러|실패|장애|고장|멈춤|멈춰|문제|과열|충돌|"
    # Korean: does not work, cannot use, cannot find
    r"안 ?됩니다|안 ?돼요|되지 않|사용하지 못|사용 못|못 찾|"
    # Portuguese / Spanish, German, French, Russian: error, failure, problem, crash, overheating,
    # "does not work"
    r"\berro\b|\bfalh[ao]u?\b|\bfallo\b|\bproblemas?\b|\btrav(?:ou|a)\b|"
    r"\b(?:não|no) funciona|\binterromp\w*|"
    r"\bfehler\w*|\bst[öo]rung\w*|\bausf[äa]ll\w*|\babgest[üu]rzt|\babsturz|"
    r"funktioniert nicht|[üu]berhitz\w*|"
    r"\berreur\w*|\b[ée]chec\b|\bpanne\b|\bplantage\b|ne fonctionne pas|\bsurchauffe\w*|"
    r"ошибк\w*|сбо[йя]\w*|не работает|перегрев\w*|завис\w*|"
    # Russian and Ukrainian: a problem, not used, not shown, not detected, not seen, lost,
    # instead of the GPU
    r"проблем\w*|не использу\w*|не використову\w*|не отобража\w*|не определя\w*|не видит|"
    r"не бачить|потерял\w*|вместо gpu|замість gpu|"
    # Czech: overheating, throttling, an error, does not work; Italian: error, does not work,
    # overheating; Spanish and Portuguese: not used, not detected, not recognised
    r"přehř\w*|škrcen\w*|\bchyb[aěy]\w*|nefunguj\w*|\berrore\b|non funziona|surriscald\w*|"
    r"\bno (?:se )?(?:usa|utiliza|detecta|reconoce)\b|\bnão (?:usa|utiliza|detecta|reconhece)\b|"
    # Polish: error, failure, "does not work", smoke
    r"\bbł[ąę]d\w*|\bawari\w*|nie działa|\bdym(?:u|em)?\b",
    re.IGNORECASE,
)
_WORD = re.compile(r"[A-Za-z0-9][A-Za-z0-9._-]*[A-Za-z0-9]")
_AREAS = (
    ("memory", re.compile(r"\becc\b|memory|\bdimm\b|row remap|page retire|\bdbe\b|\bsbe\b", re.I)),
    ("interconnect", re.compile(r"nvlink|nvswitch|\bnccl\b|infiniband|\bmlx5|\bib\b|fabric", re.I)),
    ("thermal", re.compile(r"thermal|temperature|over ?temp|\bfan\b", re.I)),
    ("power", re.compile(r"\bpower\b|\bpsu\b|voltage", re.I)),
)


# what says a failure word did not happen: "no errors", "without error", "never failed",
# "errors: 0" (not "GPU 0 error": an index before the word is no denial)
_NEGATED_BEFORE = re.compile(
    r"(?:\bno|\bnothing|\bwithout|\bnever|\bnot)\s+(?:\w+\s+)?$|(?:没有|沒有|无|無)$", re.I
)
# (also a table cell after the word: "| thermal throttle | 0 samples |", "hw_slow = false")
_NEGATED_AFTER = re.compile(
    r"^\w*\s*[:=|]\s*[*_`]*\s*(?:0|none|no|false)\b|^(?:なし|無し|はありません|はない|가 없)", re.I
)
# what denies a glossed term next to it: "没有报错", "未发现错误", "不报错", "不是内存泄漏" (it is
# not a memory leak), "不会重启", "нет ошибок",
# "без сбоев", "keine Fehler", "ohne Absturz", "sans erreur", "sin errores", "sem erro",
# "nessun errore", "brak błędów", "bez awarii"; after it: "エラーなし", "エラーはありません",
# "오류 없음", "hata yok" (a term that holds its own negation, "未识别", "не работает", is
# matched whole, longest first, so it is no denial of itself)
_GLOSS_DENIED_BEFORE = re.compile(
    r"(?:没有|沒有|没|沒|无|無|未发现|未發現|未|不|不是|并不是|並不是|并非|並非|不会|不會|不再|从未|從未)"
    r"\s*$|"
    r"(?:^|\W)(?:не|нет|без|ні|немає|kein\w*|nicht|ohne|sans|pas|aucun\w*|sin|sem|não|nao|"
    r"nenhum\w*|"
    r"ningun\w*|ningún|nessun\w*|senza|non|no|brak|bez|nie|hiç)\s+(?:\w+\s+){0,2}$"
)
# a gloss is a bare term ("reboot restart", "black screen", "GPU fell off the bus"), not the
# sentence FAILURE's context-bound forms read ("the machine reboots"): the symptoms a glossary
# term names (not "utilization", "hashrate", "clock frequency", "version": what a report
# measures, nor "coil whine", "loud": a noise, rarely a fault; nor "stress test burn-in")
_GLOSSED_COMPLAINT = re.compile(
    r"\b(?:reboot|restart|shut|turns? off|turned off|powers? off|powered off|will not|freez|"
    r"froze|stutter|lags?\b|laggy|glitch|artifact|leak|drops?\b|dropped|black\b|blue screen|"
    r"no display|no signal|no post|burn(?:t|ing|ed)?\b(?![- ]in)|smok|smell|slow|fell off|"
    r"out of (?:\w+ )?memory|core dumped|does not show|closes by itself|loss\b|terminated|"
    r"disconnect|low hashrate)",
    re.I,
)
_GLOSS_DENIED_AFTER = re.compile(
    r"^\s*(?:は|が)?(?:なし|無し|ありません|ない)|^\s*(?:이|가|은|는)?\s*없|^\s*yok\b"
)
# an issue template's own headings ("## Describe the bug", "**Expected behavior**"): the form a
# report is written in, not what it says failed
_TEMPLATE_HEADING = re.compile(
    r"^[\s#*_>-]*(?:describe the (?:bug|problem|issue)|bug report|bug description|"
    r"(?:the )?problem(?: description)?|to reproduce|steps to "
    r"reproduce|expected (?:behaviou?r|result)|(?:actual|current|observed) (?:behaviou?r|result)|"
    r"what happened\??|additional context|environment|system info(?:rmation)?)[\s#*_:]*$",
    re.I,
)


# Every branch of FAILURE holds one of these (lower case). A substring test in C costs a few
# microseconds a line; the alternation, tried at every position of a line that says nothing
# failed, costs a quarter of a millisecond (bench/unread_text_bench.py). tests check that no
# complaint FAILURE finds lacks an anchor.
FAILURE_ANCHORS: tuple[str, ...] = tuple(
    "|".join(
        (
            # the plain words
            "erro|fail|fatal|unhealthy|timeout|timedout|time out|timed out|lost|killed|abort",
            "cannot|can't|unable|not |no such|exception|panic|hung|hang|stuck|down|denied",
            "mismatch|invalid|segfault|oops|bug|refus|insufficient|unavailable|taint|degrad",
            "throttl|crash|corrupt|illegal|uncorrectable|drain|zombie|defunct|slow|overtemp",
            "over temp|critical|warn|deadlock|blocked|frozen|freez|fault|bad|blown|overheat",
            "orphan|parented",
            # gone, silent, idle, slow, restarting
            "match|unreachable|unresponsive|respond|reachable|present|detected|visible|missing",
            "found|find",
            "disappear|vanish|idle|than expected|lower|less|cpu|instead of|waiting for|util",
            "usage|performance|throughput|restart|reboot|shut|power|turn",
            # "it does not work"
            "n't|nt |work|running|won|schedul|start|boot|load|recogni|come up|incompatib",
            "stop",
            "problem|trouble|issue| hot|elevated temperature|dropp|halv|inactive|couldn|broken",
            # a bad or worsening measure, memory run out, a feature not there
            "speed|bandwidth|deteriorat|worse|regress|oom|out of memory|support",
            "exceed|limit|clock|fell|falls|falling|expect|leak|melt|smok|burn|explod",
            # other languages
            "错误|报错|失败|异常|故障|崩溃|卡住|卡死|阻塞|死锁|超时|掉卡|宕机|无法|不能用|问题|过热|降频",
            "中断|杀死|不足|エラー|失敗|異常|障害|停止|フリーズ|ハング|タイムアウト|できない|できません",
            "不具合",
            "問題|過熱|クラッシュ|フェイル|落ち|오류|에러|실패|장애|고장|멈춤|멈춰|문제|과열|충돌",
            "falh|fallo|trav|funciona|interromp|fehler|störung|storung|ausfäll|ausfall|erreur",
            "abgestürzt|abgesturzt|absturz|überhitz|uberhitz|échec|echec|panne|plantage",
            "fonctionne pas|surchauffe|ошибк|сбо|не работает|перегрев|завис|błąd|błęd|awari",
            "nie działa|dym",
            # the GPU held back, what a change took away, a measure far off (English; each
            # word as narrow as its branch allows: "than", "time" or a rate's "/s" would wake
            # the alternation on much of all prose or on every path)
            "starv|underus|under-us|underutil|under-util|out of|consumption|forever|too long",
            "takes ages|take ages|too much time|long load|long start|no longer|break|broke",
            "respect|honor|honour|obey|ignor|black screen|pending|impossible|keep|kept|continu",
            "steadily|constantly|only|❌|✗|✘",
            # the same in the other languages
            "太低|过低|偏低|很低|太高|过高|那么高|大幅|爆显存|显存爆|爆了|占满|找不到|识别不到|没反应|用不了",
            "안 됩니다|안됩니다|안 돼요|안돼요|되지 않|사용하지 못|사용 못|못 찾",
            "проблем|не использу|не використову|не отобража|не определя|не видит|не бачить|потерял",
            "вместо gpu|замість gpu|přehř|škrcen|chyb|nefunguj|errore|non funziona|surriscald",
            "no usa|no se usa|no utiliza|no se utiliza|no detecta|no se detecta|no reconoce",
            "no se reconoce|não usa|não utiliza|não detecta|não reconhece",
        )
    ).split("|")
)


def says_failure(text: str) -> bool:
    """Whether ``text`` says something failed: a :data:`FAILURE` word that the words around it
    do not deny ("no errors", "without error", "errors: 0" report a clean run), or, in a line
    of another language, a term whose English gloss says so (:func:`_glossed_failure`)."""
    return _says_failure_in_english(text) or _glossed_failure(text)


def _glossed_failure(text: str) -> bool:
    """Whether a line in another language holds a term of the glossary
    (:mod:`telemetry.glossary`) whose English says something failed ("内存泄漏" → "memory
    leak", "перезагружается" → "reboots restarts") and that the words beside it do not deny;
    a reboot or a power-off only where the machine did it, not a person
    (:mod:`telemetry.reboot_voice`).
    :data:`FAILURE` knows a few words of each language; the glossary, written for ranking,
    knows the domain's vocabulary of twelve."""
    if text.isascii():
        return False
    for line in text.splitlines():
        low = line.lower()
        for start, end, english in glossary().terms(line):
            if (
                (_says_failure_in_english(english) or _GLOSSED_COMPLAINT.search(english))
                and _GLOSS_DENIED_BEFORE.search(low[max(0, start - 12) : start]) is None
                and _GLOSS_DENIED_AFTER.match(low[end : end + 12]) is None
                and (
                    not names_power_event(english)
                    or happened_to_the_machine(low, start, end, english)
                )
            ):
                return True
    return False


def _says_failure_in_english(text: str) -> bool:
    low = text.lower()
    if not any(anchor in low for anchor in FAILURE_ANCHORS):
        return False
    if _TEMPLATE_HEADING.match(text) is not None:
        return False
    for m in FAILURE.finditer(text):
        before, after = text[max(0, m.start() - 24) : m.start()], text[m.end() : m.end() + 16]
        if _NEGATED_BEFORE.search(before) is None and _NEGATED_AFTER.match(after) is None:
            return True
    return False


def states_fault(text: str) -> bool:
    """Whether ``text`` holds a writer's statement of a fault (:data:`telemetry.statements.
    STATEMENTS`: "60% of training time is consumed by the DataLoader", "it came back after
    the reboot", "the fan stopped"). Each says what went wrong without a failure word, and
    being evidence only it opens nothing of its own: a report made of such lines would open
    no incident at all, though its writer says exactly what failed."""
    return any(True for _ in statements_in(text))


def is_complaint(text: str) -> bool:
    """Whether a line no rule read says something went wrong: in failure words, or as a
    writer's statement of a fault."""
    return says_failure(text) or states_fault(text)


def failure_lines(lines: Sequence[tuple[int, str]]) -> list[tuple[int, str]]:
    """The (line number, text) of ``lines`` that say something failed, in failure words or as
    a statement of a fault, at most :data:`MAX_QUOTED`, in file order, each once."""
    return _each_once(lines, lambda _, text: is_complaint(text))


def _each_once(
    lines: Sequence[tuple[int, str]], keep: Callable[[int, str], bool]
) -> list[tuple[int, str]]:
    """The (line number, whitespace-folded text) of ``lines`` that ``keep`` keeps, in the order
    given, a text repeated only once, at most :data:`MAX_QUOTED`."""
    out: list[tuple[int, str]] = []
    seen: set[str] = set()
    for n, text in lines:
        key = " ".join(text.split())
        if key in seen or not keep(n, text):
            continue
        seen.add(key)
        out.append((n, key))
        if len(out) == MAX_QUOTED:
            break
    return out


# How a person hands a problem over, whatever words say what is wrong: a title at the top of the
# text (a ticket's or a thread's "# Drivers not installed on the new A100 nodes", a mail's
# "Subject: …"), a question ("Why is training slower on node 7?", "请问这是什么原因？"), or a
# sentence in the first person ("I set CUDA_VISIBLE_DEVICES=1 but the job lands on GPU 0"). A
# job's own output, an inventory listing or a banner has none of these: such a file still opens
# nothing.
TITLE_LINES = 3  # a title stands among the first lines (a tracker's header line may precede it)
_TITLE = re.compile(
    r"^\s*(?:#{1,3}[ \t]+|(?:title|subject|summary)\s*:\s*)(?=.*[^\W\d_]{3})", re.IGNORECASE
)
# a question ends a clause of words ("Context in use?"), not a shell prompt's "[y/N]?" or a
# link's query string (links are cut out first: telemetry.statements.without_links)
_QUESTION = re.compile(
    r"[^\W\d_]{2}[^?？\n]{0,240}?[?？]+(?=[\s\"')\]]|$)(?!\s*[\[(]\s*[yn]\b)", re.IGNORECASE
)
# "I" only as a word a person writes ("I have", "I'm"), not a log's "[I]" or "I0523" prefix
_FIRST_PERSON = re.compile(
    r"\bI(?:'m|'ve|'d|'ll| (?=[a-z]))|(?i:\b(?:my|we|we're|we've|our|me)\b)|"
    r"我|私[はがのもを]|저는|제가|나는|우리|(?i:\b(?:я|мне|меня|мой|моя|мы|ich|mein|meine|wir|"
    r"tengo|estoy|mis?|je|j'ai|mon|nous)\b)"
)


def person_lines(
    lines: Sequence[tuple[int, str]], head: Sequence[tuple[int, str]]
) -> list[tuple[int, str]]:
    """The lines by which a person hands a problem over when no line says what failed: the
    title among the first :data:`TITLE_LINES` of ``head``, then the questions, the first-person
    sentences and the lines under an issue form's "Actual behaviour" of ``head`` and ``lines``,
    in file order, at most :data:`MAX_QUOTED`, each once;
    ``[]`` when the text is no person's report. Someone put the file among the reports because
    something was wrong, and said what in these lines, though in no word of failure."""
    titles = {n for n, t in head[:TITLE_LINES] if _TITLE.match(t)}
    whole = _whole(lines, head)
    told = _told_under_heading(whole)
    return _each_once(whole, lambda n, t: n in titles or n in told or _spoken(t))


# The headings of a bug template under which the writer says what went wrong ("Actual behaviour",
# "Describe the bug", "What happened?", "Problem description"): a tracker's form asks for the
# fault there, so the lines under it are the complaint even where they hold no failure word, no
# question and no "I" ("All GPUs are passed inside the container"); an answer on the heading's
# own line ("Actual behaviour: all GPUs are passed") is one too.
_TOLD_HEADING = re.compile(
    r"^[\s#*_>-]*(?:(?:actual|current|observed) (?:behaviou?r|result)|"
    r"describe the (?:bug|problem|issue)|bug description|what happened|"
    r"(?:the )?problem(?: description)?)\b",
    re.I,
)
_TOLD_INLINE = re.compile(_TOLD_HEADING.pattern + r"[*_]*\s*[:：]\s*\S", re.I)
# any line that reads as a heading ends the section under one: a markdown heading, a bold line,
# or a short line ending in ":" or "?" ("### What did you expect to happen?", "Expected result:")
_ANY_HEADING = re.compile(
    r"^\s{0,3}(?:#{1,6}\s|\*\*[^*]{1,80}\*\*\s*:?\s*$|[^\s:?][^:?]{0,58}[:?]\s*$)"
)


def _told_under_heading(whole: Sequence[tuple[int, str]]) -> set[int]:
    """The numbers of the lines under a bug template's heading where the writer says what went
    wrong (:data:`_TOLD_HEADING`), up to the next line that reads as a heading, and of a line
    that gives its answer on the heading's own line."""
    told: set[int] = set()
    under = False
    for n, text in whole:
        if _TOLD_INLINE.match(text) is not None:
            told.add(n)
            under = False
        elif _TEMPLATE_HEADING.match(text) or _ANY_HEADING.match(text):
            under = _TOLD_HEADING.match(text) is not None
        elif under and text.strip():
            told.add(n)
    return told


def _whole(
    lines: Sequence[tuple[int, str]], head: Sequence[tuple[int, str]]
) -> list[tuple[int, str]]:
    """``head`` and ``lines`` in file order, a line ``lines`` holds taken from there (``head``
    keeps a cut of a long line) and every piece of a line the reader split kept (the pieces
    share its number)."""
    pieces: dict[int, list[str]] = {}
    for n, t in head:
        pieces.setdefault(n, []).append(t)
    from_lines: dict[int, list[str]] = {}
    for n, t in lines:
        from_lines.setdefault(n, []).append(t)
    pieces |= from_lines
    return [(n, t) for n in sorted(pieces) for t in pieces[n]]


def _spoken(text: str) -> bool:
    """Whether a line, its links left out, asks a question or speaks in the first person."""
    words = without_links(text)
    return bool(_QUESTION.search(words) or _FIRST_PERSON.search(words))


def quote(lines: Sequence[tuple[int, str]]) -> str:
    """The lines as one quotation, `` | `` between them, cut at :data:`MAX_QUOTE`."""
    return " | ".join(t for _, t in lines)[:MAX_QUOTE]


# What varies from one paste to the next and names no failure mode: times, dates, UUIDs, PCI
# addresses, hex values, kernel uptime stamps, and bare numbers (but not a code after the word
# that says what it is: "Xid 79", "error 46", "status=12", "signal 9").
_NOISE = re.compile(
    r"\b(?:GPU|MIG)-[0-9a-f]{8}(?:-[0-9a-f]{4,12}){1,4}\b|"
    r"\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b|"
    r"\b(?:[0-9a-f]{4,8}:)?[0-9a-f]{2}:[0-9a-f]{2}(?:\.[0-7])?\b|"
    r"\b0x[0-9a-f]+\b|"
    r"\b\d{4}[-/]\d{2}[-/]\d{2}(?:[T ]\d{2}:\d{2}(?::\d{2})?(?:[.,]\d+)?Z?)?|"
    r"\b\d{1,2}:\d{2}(?::\d{2})?(?:[.,]\d+)?\b|"
    r"\[\s*\d+\.\d+\]|"
    r"(?<![A-Za-z_=:#-])(?<!xid )(?<!error )(?<!code )(?<!status )(?<!signal )\b\d+(?:\.\d+)*\b",
    re.IGNORECASE,
)


def words_of(line: str) -> str:
    """``line`` without what names no failure mode (:data:`_NOISE`): the words to rank cards
    by, so that a timestamp's "16" or a UUID's hex never matches a card."""
    return " ".join(_NOISE.sub(" ", line).split())


def excerpt(report: TextReport) -> str:
    """What a text no rule read is about, for ranking failure modes by it: its first lines
    (what was run, on what) then its GPU lines that say something failed, one per line, cut at
    :data:`MAX_EXCERPT`; a person's report that says so in no failure word gives its title,
    questions and first-person lines instead (:func:`person_lines`); ``""`` when it is neither."""
    lines = [*report.complaint_lines, *report.plain_lines]
    return _head_then(report, _stated_failures(report) or person_lines(lines, report.head))


def report_excerpt(report: TextReport) -> str:
    """What any text is about as a person reading it sees it: its first lines then its lines
    that say something failed when it has such lines, else its first lines (a file every line
    of which a rule read: a kernel log of Xid lines, an ``nvidia-smi`` table; a person's report
    in words of their own). The resolved incidents' reports are kept in these words
    (:mod:`evals.precedent_cases`), and a new incident's reports are compared with them in the
    same words."""
    return _head_then(report, _stated_failures(report)) or "\n".join(t for _, t in report.head)


def _stated_failures(report: TextReport) -> list[tuple[int, str]]:
    """The lines of ``report`` no rule read that say something failed: its GPU lines', else its
    other lines'."""
    return failure_lines(report.complaint_lines) or failure_lines(report.plain_lines)


def _head_then(report: TextReport, lines: Sequence[tuple[int, str]]) -> str:
    """``report``'s first lines then ``lines`` not among them, one per line, cut at
    :data:`MAX_EXCERPT`; ``""`` when ``lines`` is empty."""
    if not lines:
        return ""
    head = [n for n, _ in report.head]
    rows = [*report.head, *((n, t) for n, t in lines if n not in head)]
    return "\n".join(" ".join(t.split()) for _, t in rows)[:MAX_EXCERPT]


def _named_node(lines: Sequence[tuple[int, str]], topology: Topology) -> str:
    """The fleet's only node, else the one node of the topology the lines name (a pasted
    ``user@gpu-07:~$`` prompt, a hostname or its FQDN in the message, as
    :func:`telemetry.text_evidence.host_node` maps them); ``""`` when none or several."""
    if len(topology.node_keys) == 1:
        return str(topology.node_keys[0])
    nodes = frozenset(str(n) for n in topology.node_keys)
    named = {host_node(w, nodes) for _, t in lines for w in _WORD.findall(t)} & nodes
    return named.pop() if len(named) == 1 else ""


# nvidia-smi's index as people write it: "GPU 1", "GPU1", "GPU #1", "gpu 1" (not "GPU 1.5",
# "GPUs 0-3", "GPU 24GB"); nvidia-smi numbers a node's GPUs in PCI bus order, as the topology does
_SMI_INDEX = re.compile(r"\bGPU ?#?(\d{1,2})\b(?![.,:-]\d| ?[GMT]i?B\b)", re.IGNORECASE)


def _named_gpu(lines: Sequence[tuple[int, str]], node: str, topology: Topology) -> str | None:
    """The GPU of ``node`` the failure lines name, when they name exactly one (the complaint is
    about that GPU): by PCI address, else by nvidia-smi index; None when they name none or
    several. A CUDA ordinal or a rank is not read: inside a container or a job they count the
    GPUs the job was given, not the node's."""
    named = {g for _, text in lines for g in topology.gpus_named_by_pci(node, text)}
    if not named:
        indices = {int(i) for _, text in lines for i in _SMI_INDEX.findall(text)}
        named = {g for i in indices if (g := topology.gpu_by_index(node, i)) is not None}
        if len(indices) != 1:
            return None
    return topology.gpu_keys[named.pop()] if len(named) == 1 else None


def unread_event(
    *,
    origin: str,
    source: str,
    node: str,
    job: str,
    unparsed: Sequence[tuple[int, str]],
    topology: Topology,
    at: float,
    head: Sequence[tuple[int, str]] = (),
    plain: Sequence[tuple[int, str]] = (),
    unopened: Sequence[tuple[int, str]] = (),
) -> LogEvent | str | None:
    """The event for a file whose GPU lines no rule read (``unparsed``; ``plain``: its other
    unread lines, read when no GPU line says anything failed; ``head``: its first lines, where
    a prompt or a banner names the host, and a person's report its title), or a reason it
    cannot be placed (no node of the topology), or None (no line says anything failed and the
    file is no person's report, or a tool's own parser read the file).
    ``unopened``: lines a rule read whose signature opens nothing of its own (a job's "CUDA
    error: an illegal memory access was encountered"), quoted only when no other line says
    anything failed - the file was handed over because something did, and its diagnosis tells
    the job's own bug from a GPU that corrupts memory."""
    if source not in GENERIC_SOURCES:
        return None
    found = failure_lines(unparsed) or failure_lines(plain) or failure_lines(unopened)
    stated = bool(found)
    found = found or person_lines([*unparsed, *plain], head)
    if not found:
        return None
    where = node or _named_node([*head, *found], topology)
    if where not in topology.node_pos:
        return (
            f"{origin}:{found[0][0]}: GPU text no rule reads, about "
            f"{node or 'no named node'}, not a node of the topology: kept as evidence"
        )
    text = quote(found)
    area = next((name for name, rx in _AREAS if rx.search(text) is not None), "device")
    return LogEvent(
        timestamp=at,
        node=where,
        kind=KIND,
        message=text,
        gpu=_named_gpu(found, where, topology),
        job_id=job or None,
        attrs={
            "signal": SIGNAL,
            "source": source,
            "origin": origin,
            "line": str(found[0][0]),
            "lines": str(len(found)),
            "area": area,
            "time": "inferred",
            # a person's report that says in no failure word what went wrong: its title,
            # questions and first-person lines are quoted instead
            **({} if stated else {"complaint": "unstated"}),
        },
    )
