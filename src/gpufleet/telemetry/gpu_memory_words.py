"""A report that the GPU's own memory is failing, in the writer's words: "PyCUDA tests report ECC
errors", "the job failed due to an uncorrectable ECC error", "double-bit errors (DBEs) kill
jobs", "running memtestG80 on either card does show errors", "root cause was a memory fault on
the board", "unrecoverable memory error by GPU 2", "faulty VRAM", 显存坏了 (the VRAM is broken).

That is the GPU-memory family (``ecc-dbe`` and its variants): the GPU's DRAM or SRAM returned
an error ECC detected (NVIDIA GPU Memory Error Management; the Xid catalog's rows 48, 63, 64, 94,
95), or, on a board without ECC, a memory tester found cells that do not hold what was written
(cuda_memtest and memtestG80 write patterns to the framebuffer and read them back). The driver's
and the tools' own lines are the records, read elsewhere (the kernel's Xid 48 in
:mod:`telemetry.kernel_log`, CUDA's "uncorrectable ECC error encountered" in the job log,
nvidia-smi's ECC counters in :mod:`telemetry.nvidia_smi_q`); a ticket or a thread says it in
words, which this module recognises one line at a time (:mod:`telemetry.job_log` keeps a
``gpu_memory_error_reported`` signature beside the line; the SRE agent reads it as the finding of
the same name).

Deliberately narrow: ECC errors, double- or multi-bit errors, a memory tester that found
errors, GPU memory (VRAM, HBM, GDDR, the card's memory chips) said to be faulty, or a memory
fault on the GPU, card or board. Not GPU memory running out (``CUDA out of memory`` is
:mod:`telemetry.cuda_oom`'s), not an illegal memory access (an application's fault), not the
host's RAM, not ECC as a feature ("no ECC memory", "ECC: Enabled"). Neither is the statement
after a denial ("no ECC errors", "memtest found no errors"), as advice or a condition ("check
for ECC errors", "if the VRAM is faulty") or a question. Pure; every expression is linear in the
line (bounded gaps only).
"""

from __future__ import annotations

import re

from gpufleet.telemetry.hedges import (
    DENIED_AFTER,
    DENIED_BEFORE,
    QUESTION_AFTER,
    Hedges,
    advice_before,
)

GPU_MEMORY_ERROR_REPORTED = "gpu_memory_error_reported"  # the signature kind and the SRE finding

_BIT = r"(?:uncorrectable|uncorrected|unrecoverable|correctable|double[- ]bit|single[- ]bit|"
_BIT += r"multi[- ]bit|volatile|aggregate|dram|hbm|sram)"
_TESTER = (
    r"(?:cuda[_-]?memtest|memtest[_ -]?g80|memtestcl|memtest[_-]vulkan|gpu[_-]?memtest|"
    r"vram ?test(?:er)?|mats)"
)
_GPU_MEMORY = r"(?:vram|video memory|gpu memory|graphics memory|hbm\d?e?|gddr\d?x?|memory chips?)"
_FAULTY = (
    r"(?:faulty|bad|defective|broken|failing|dying|damaged|degraded|degrading|corrupted|"
    r"corrupt)"
)
# a gap inside one clause: a version's or a file name's dot is no sentence end
_GAP = r"(?:[^.;!?]|\.(?=\w)){0,80}?"

GPU_MEMORY_ERROR = re.compile(
    # "PyCUDA tests report ECC errors", "failed due to an uncorrectable ECC error"
    r"\b(?:" + _BIT + r" )?ecc (?:memory )?errors?\b|"
    # "double-bit errors (DBEs)", "multi-bit memory errors"
    r"\b(?:double|multi)[- ]bit (?:ecc |memory )?errors?\b|"
    # "faulty VRAM", "bad GPU memory", "the HBM is failing" (not a bad memory *usage*)
    r"\b" + _FAULTY + r" (?:gpu |video |graphics |card |on-board )?" + _GPU_MEMORY + r"\b"
    r"(?! (?:usage|use|utili[sz]ation|allocation|management|leak|footprint|consumption|report\w*|"
    r"reading|readings|estimate\w*|fragmentation))|"
    r"\b" + _GPU_MEMORY + r" (?:is|was|are|were|seems|seemed|went|has gone|had gone) "
    r"(?:\w+ )?" + _FAULTY + r"\b|"
    # "a memory fault on the board", "unrecoverable memory error by GPU 2"
    r"\bmemory (?:faults?|failures?|defects?|errors?|corruption) (?:on|in|of|by|from) "
    r"(?:the |my |this |that |a |one )?(?:board|card|gpu|video card|graphics card)\b|"
    # Chinese 显存坏了 / 显存颗粒损坏 / ECC错误; Japanese VRAMの故障; Russian "битая видеопамять"
    r"显存(?:颗粒)?(?:坏了|损坏|故障|有问题|出错|错误|报错|有坏)|ECC ?(?:错误|报错)|"
    r"(?:VRAM|ビデオメモリ)の?(?:故障|不良|エラー|破損)|"
    r"\b(?:битая|неисправная|умирающая) (?:видео)?память\b|\bошибк\w* видеопамяти\b",
    re.IGNORECASE,
)
# a memory tester that found errors: "running memtestG80 on either card does show errors",
# "there were memory errors (can be verified through cuda_memtest)"
TESTER_ERRORS = re.compile(
    r"\b" + _TESTER + r"\w*\b" + _GAP + r"\b(?:errors?|failures?|fail(?:ed|s)?|bad)\b|"
    r"\b(?:memory )?errors?\b" + _GAP + r"\b" + _TESTER + r"\w*",
    re.IGNORECASE,
)
# the records (read as such elsewhere): the kernel's Xid lines, CUDA's own error string,
# nvidia-smi's and DCGM's counters and tables; the words in them are no second witness
_RECORD_LINE = re.compile(
    r"\bNVRM:|\bXid\b|uncorrectable ECC error encountered|cudaErrorECCUncorrectable|"
    r"CUDA_ERROR_ECC_UNCORRECTABLE|\bDCGM_FI_|Volatile Uncorr|^\s*[|+]|"
    r"(?:Single|Double) Bit\s*:|(?:Correctable|Uncorrectable)(?: Error)?\s*:\s*\d",
    re.IGNORECASE,
)
# GPU memory running out, an application's bad access, the host's RAM, a link's own ECC
# (NVLink and NVSwitch protect their flits with ECC too: a link's errors, not the memory's)
_OTHER_MEMORY = re.compile(
    r"out[- ]of[- ]memory|\boom\b|illegal memory access|memory access|\bhost memory|"
    r"\bsystem memory|\bram\b(?! chips?)|\bdimm|\bnvlink|\bnvswitch|\bsxid",
    re.IGNORECASE,
)
# "check for ECC errors", "if the VRAM is faulty", "maybe bad memory", "to rule out ECC errors"
_NOT_SO = advice_before(
    "should",
    "probably",
    "likely",
    r"suspect\w*",
    r"wonder\w*",
    "search",
    "look for",
    "monitor",
    "detect",
    r"rule\w* out",
    "whether",
)
# "ECC errors: 0", "0 ECC errors", "zero double-bit errors"
_ZERO_BEFORE = re.compile(r"(?:\b0|\bzero|\bno)\s+(?:\w+\s+)?$", re.IGNORECASE)
_ZERO_AFTER = re.compile(r"^\s*[:=]\s*(?:0|none|no)\b", re.IGNORECASE)
# the tester's own denial inside the words: "memtest found no errors", "cuda_memtest passed
# without errors", "0 errors"
_CLEAN_WITHIN = re.compile(
    r"\bno\b|\b0\b|\bzero\b|\bwithout\b|n't\b|\bnot\b|\bnever\b|\bpass\w*", re.IGNORECASE
)
_HEDGES = Hedges(
    before=(_NOT_SO, DENIED_BEFORE, _ZERO_BEFORE),
    after=(QUESTION_AFTER, DENIED_AFTER, _ZERO_AFTER),
    window=48,
)
_TESTER_HEDGES = Hedges(
    before=(_NOT_SO, DENIED_BEFORE),
    after=(QUESTION_AFTER, DENIED_AFTER),
    within=(_CLEAN_WITHIN,),
    window=48,
)

# Every form above holds one of these (lower case): a substring test first keeps the cost on a
# job's log lines, which hold none of them, to one lower() and a few scans.
_ANCHORS = ("ecc", "bit error", "memtest", "mats", "vram", "memory", "hbm", "gddr", "显存",
            "ビデオメモリ", "память")  # fmt: skip


def says_gpu_memory_error(line: str) -> bool:
    """Whether ``line`` says the GPU's own memory is failing (ECC errors, a memory tester's
    errors, faulty VRAM or HBM), with no denial, advice, condition or question around it; never
    the driver's, CUDA's or nvidia-smi's own line (read as records)."""
    low = line.lower()
    if not any(anchor in low for anchor in _ANCHORS) or _RECORD_LINE.search(line) is not None:
        return False
    if _OTHER_MEMORY.search(line) is not None:
        return False
    return _HEDGES.any_said(GPU_MEMORY_ERROR.finditer(line), line) or _TESTER_HEDGES.any_said(
        TESTER_ERRORS.finditer(line), line
    )
