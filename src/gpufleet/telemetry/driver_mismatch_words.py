"""A person's words that the node's driver does not fit what runs on it: the driver was never
installed ("the cluster node needs the driver installed first", "the AMI lacked the NVIDIA
driver", "cuda is not installed", "NCCL 没有安装好"), or is too old ("my Nvidia version is too
old"), a kernel upgrade left the module behind ("unattended kernel upgrades cause GPU jobs to
fail after the reboot", "upgrading from kernel 3.0.0-24 to -25 broke the 295.59 driver"), Secure
Boot refused the unsigned module ("the signature check on the Nvidia modules failed"), the
versions do not match ("NCCL和cuda的版本不匹配", "is indeed a cuda version issue"), or the GPU is
past the release's support ("the 535 series drivers are not compatible with the older chipsets",
"only supported by the 470.xx legacy driver").

Each is the contract NVIDIA's driver installation guide states and ``driver-cuda-mismatch``
carries: the kernel module, the user-space libraries and the CUDA runtime must match, the module
must be built for the running kernel (DKMS rebuilds it on a kernel upgrade) and, under Secure
Boot, signed with an enrolled key. A node whose module did not load prints what
:mod:`telemetry.stack_errors` reads ("NVIDIA-SMI has failed because it couldn't communicate with
the NVIDIA driver"); a report tells the reason in words, which this module recognises one line
at a time (:mod:`telemetry.job_log` keeps a ``driver_mismatch_reported`` signature beside the
line; the SRE agent reads it as the finding of the same name).

Deliberately narrow: a driver (or the CUDA / NCCL / cuDNN / cuBLAS version) must be named with
the reason.
"Reinstall the driver" and "make sure the driver is installed" are advice; "is the driver
installed?" is a question; "the driver is not the problem" a denial. A version that broke and a
rollback that cured are :mod:`telemetry.driver_regression_words`. Pure; every expression is
linear in the line.
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

DRIVER_MISMATCH_REPORTED = "driver_mismatch_reported"  # the signature kind and the SRE finding

_DRIVER = r"(?:(?:nvidia|gpu|graphics|cuda|display|video|proprietary) )?drivers?\b"
# a GPU generation a driver release dropped, or the boards themselves said to be old
_OLD_GPU = (
    r"(?:(?:the )?(?:older|old|legacy) (?:nvidia )?(?:chipsets?|gpus?|cards?|boards?|hardware|"
    r"architectures?|generations?)|kepler|maxwell|fermi|tesla k\d{2}|k80|k40|k20|gk\d{3})\b"
)
# the generations software drops by name (compute capability 2.x to 7.x) and their best-known
# boards
_ARCH = (
    r"(?:kepler|maxwell|fermi|pascal(?! voc)|volta|tesla [kmp]\d{2}|k80|k40|k20|m40|p40|p100|"
    r"gtx ?[79]\d0(?: ?ti)?)\b"
)
_KERNEL_CHANGE = (
    r"(?:kernel (?:upgrade|update)s?|(?:upgrad|updat)\w* (?:\w+ ){0,2}kernel|new(?:er)? kernel)"
)

DRIVER_MISMATCH = re.compile(
    # never installed: "the issue is encountered by missing gpu driver", "install the missing
    # drivers", "the node needs to install the driver firstly", "the AMI lacked the NVIDIA driver"
    r"\bmissing (?:the )?" + _DRIVER + r"|"
    r"\b" + _DRIVER + r" (?:was|were|is|are) (?:not|never) installed\b|"
    r"\b" + _DRIVER + r" (?:wasn't|weren't|isn't|aren't) installed\b|"
    # the libraries the driver serves, said to be missing: "cuda is not installed", Chinese
    # "NCCL 没有安装好" (NCCL is not installed properly), "CUDA未正确安装"
    r"\b(?:cuda|nccl)\b (?:(?:is|was) not|isn't|wasn't) (?:properly |correctly )?installed\b|"
    r"(?:NCCL|nccl|CUDA|cuda|驱动)\s?(?:没有|没|未)(?:正确)?(?:安装好|装好|正确安装)|"
    r"\b(?:need|needs|needed) (?:to )?(?:be )?install\w* (?:the |a )?"
    + _DRIVER
    + r" (?:first|firstly|beforehand)\b|"
    r"\b(?:need|needs|needed) (?:the |a )?" + _DRIVER + r" (?:to be )?installed (?:first|firstly|"
    r"beforehand)\b|"
    r"\b(?:lacks?|lacked|lacking) (?:the |a |any )?" + _DRIVER + r"|"
    r"\bno " + _DRIVER + r" (?:was |is )?installed\b|"
    r"\bkernel versions? (?:are|is) incompatible with\b[^.;!?]{0,40}?\bdriver|"
    r"\b(?:no matching|without a matching|mismatched) (?:nvidia )?(?:kernel )?(?:module|driver)\b|"
    r"\b(?:module|driver) (?:was |is )?(?:compiled|built) (?:for|against) (?:a |an )?"
    r"(?:different|another|older|the old|the previous) kernel\b|"
    # Secure Boot refused the unsigned module: "the signature check on the Nvidia modules
    # failed", modprobe's "could not insert 'nvidia': Key was rejected by service"
    r"\bsignature check on the (?:nvidia|kernel) modules? failed|"
    r"\b(?:nvidia|kernel) modules? (?:need|needs|needed|must) to be signed\b|"
    r"\bcould not insert '?nvidia\S{0,16}'?: (?:Key was rejected by service|Required key not "
    r"available)|"
    # the versions do not match: "is indeed a cuda version issue", "CUDA and driver versions
    # mismatch"; Chinese "NCCL和cuda的版本不匹配" (the NCCL and CUDA versions do not match),
    # "CUDA驱动兼容性问题" (a CUDA driver compatibility problem)
    r"\bcuda (?:version|driver) (?:issue|problem|mismatch|incompatibility)\b|"
    # (NVML's own "Driver/library version mismatch" is the record nvml_driver_mismatch reads)
    r"\b(?:cuda|driver|nccl|toolkit)\b(?!/library)[^.;!?]{0,30}?\bversions? "
    r"(?:mismatch|incompatib\w*|"
    r"(?:do|does) not match|don't match|doesn't match)|"
    r"(?:cuda|CUDA|NCCL|nccl|驱动)\S{0,12}?(?:版本不匹配|版本不兼容|兼容性问题)|"
    # the mismatch named first: "Mismatch in cudnn versions", "a mismatch in CUDA versions
    # between the cuda driver ... vs the installed runtime", "cuDNN version mismatch"
    r"\bmismatch(?:es|ed)? (?:in|of|between) (?:the )?(?:cudnn|cuda|cublas|nccl|driver)"
    r"(?: (?:and|/) (?:cudnn|cuda|cublas|nccl|driver))? versions?\b|"
    r"\b(?:cudnn|cublas)\b[^.;!?]{0,20}?\bversions? (?:mismatch|incompatib\w*)|"
    # too old for the CUDA the job brought (the runtime's cudaErrorInsufficientDriver in words):
    # PyTorch's "The NVIDIA driver on your system is too old (found version 10010)", "driver
    # 410.48 is older than the 418.39 CUDA 10.1 needs", "you'll need to update it to at least
    # 418.39" (a driver release's NNN.NN form: "update to at least 12.1" is a CUDA version)
    r"\b" + _DRIVER + r"(?: on your system| version)? (?:is|was) (?:too|very) old\b|"
    # the driver named by its vendor: "the msg is that my Nvidia version is too old"
    r"\bnvidia version (?:is|was) (?:too|very) old\b|"
    r"\b" + _DRIVER + r" ?(?:version )?\d{3}\.\d{2,3}(?:\.\d{1,3})? (?:is|was) "
    r"(?:older|lower) than\b|"
    # the runtime's cudaErrorInsufficientDriver in a person's words: "I got an 'insufficient
    # version' error", "the driver version is insufficient" (the runtime's own "CUDA driver
    # version is insufficient for CUDA runtime version" is the signature job_log reads)
    r"\binsufficient (?:cuda |nvidia |gpu )?(?:driver )?version\b|"
    r"\b(?:cuda |gpu |nvidia )?driver version (?:is |was )?insufficient\b"
    r"(?! for (?:the )?cuda runtime)|"
    r"\b(?:updat|upgrad)\w* (?:it|the driver|your (?:nvidia |gpu )?driver) to (?:at least|>=) ?"
    r"(?:version )?\d{3}\.\d{2,3}\b|"
    # the GPU is past the driver's support, the board the release dropped (nv.c's own "… is not
    # supported by the NVIDIA 535.xx driver release" is the record kernel_log reads): "the 535
    # series drivers are not compatible with the older chipsets used in p2", "the 580 driver no
    # longer supports Maxwell", "the card is only supported by the 470.xx legacy driver"
    r"\b" + _DRIVER + r"[^.;!?]{0,40}?\b(?:(?:is|are) (?:not|no longer) (?:compatible with|"
    r"supported (?:on|by|for))|(?:isn't|aren't) (?:compatible with|supported (?:on|by|for))|"
    r"no longer supports?|(?:has |have )?dropped support for|(?:does|do) not support|"
    r"(?:doesn't|don't) support)\b (?:the |these |those |our |my |its |any |all )?"
    + _OLD_GPU
    + r"|"
    r"\b" + _OLD_GPU + r"[^.;!?]{0,40}?\b(?:is|are) (?:no longer|not) supported by\b"
    r"[^.;!?]{0,30}?\b" + _DRIVER + r"|"
    r"\b(?:only )?supported (?:only )?(?:by|through|with) the (?:nvidia )?\d{3}(?:\.xx)? "
    r"legacy drivers?\b|"
    # a platform a library's release does not support: "WSL2 is not supported by NCCL 2.7.6"
    # (a newer release does: the library's version is what is out of step)
    # (a platform or a GPU, not a feature: "bf16 is not supported on CUDA 10.2" is the job's)
    r"\b(?:wsl2?|windows(?: \d+)?|macos|aarch64|arm64|ppc64le|sm_\d{2,3}|"
    r"compute capability \d\.\d|" + _ARCH + r"(?: gpus?| cards?)?) (?:is|are) not supported "
    r"(?:by|in|on) (?:nccl|cuda|cudnn|tensorrt|pytorch|torch|tensorflow|jax|jaxlib) "
    r"v?\d+(?:\.\d+)+|"
    # the architecture a build or a driver dropped, said of the GPU alone: "Maxwell cards not
    # supported anymore", "Tesla K80 GPUs are not supported", "Ctranslate2 removed support for
    # Pascal architecture" (the software carries no kernels for the GPU's compute capability)
    r"\b" + _ARCH + r"(?: (?:cards?|gpus?|architectures?|generations?|series))? (?:(?:is|are) )?"
    r"(?:no longer|not) supported"
    r"(?! (?:by|on|in|under) (?:the )?(?:os|operating system|windows|linux|macos|wsl))\b|"
    r"\b(?:dropped|removed|ended|deprecated) support for (?:the )?" + _ARCH + r"|"
    r"\bsupport for (?:the )?" + _ARCH + r"\b[^.;!?]{0,30}\b(?:was|has been|is) "
    r"(?:dropped|removed|deprecated)\b",
    re.IGNORECASE,
)
# a kernel change left the GPU driver's module behind: "kernel upgrades ... cause GPU jobs to
# fail after the reboot", "upgrading from kernel 3.0.0-24 to -25 broke the 295.59 driver" - on a
# line about the GPU stack (not "broke my wifi driver"), and what the words themselves deny or
# hedge ("didn't break anything", "could break the driver") is not the statement
KERNEL_LEFT_BEHIND = re.compile(
    r"\b"
    + _KERNEL_CHANGE
    + r"\b(?:[^.;!?]|\.(?=\d)){0,80}?\b(?:broke|breaks|break|breaking|caus\w* "
    r"[^.;!?]{0,30}?\bfail\w*|no longer (?:load|work|find|see)\w*)",
    re.IGNORECASE,
)
_GPU_STACK = re.compile(
    r"nvidia|\bgpus?\b|\bcuda\b|\bdkms\b|\d{3}\.\d{2,3}(?:\.\d{1,3})? driver\b", re.IGNORECASE
)
_OTHER_DEVICE = re.compile(r"\b(?:wi-?fi|wireless|wlan|audio|sound|bluetooth|touchpad)\b", re.I)
_HEDGED_WITHIN = re.compile(
    r"n't\b|\bnot\b|\bnever\b|\b(?:could|might|may|can|would|should)\b", re.IGNORECASE
)
# "make sure the driver is installed", "if the kernel update breaks it", "maybe a cuda version
# issue", 如果 … (if): advice, a guess or a condition, not what happened
_NOT_SO = advice_before("should(?! know)", "probably", "likely", r"suspect\w*", r"wonder\w*")
# "the CUDA version mismatch warning can be ignored": a warning quoted, not the cause
_IGNORED_AFTER = re.compile(r"^[^.;!?]{0,30}\bcan be (?:safely )?ignored\b")
_HEDGES = Hedges(
    before=(_NOT_SO, DENIED_BEFORE), after=(QUESTION_AFTER, DENIED_AFTER, _IGNORED_AFTER), window=48
)
_KERNEL_HEDGES = Hedges(
    before=(_NOT_SO, DENIED_BEFORE),
    after=(QUESTION_AFTER, DENIED_AFTER, _IGNORED_AFTER),
    within=(_HEDGED_WITHIN,),
    window=48,
)

# Every form above holds one of these (lower case): a substring test first keeps the cost on a
# job's log lines, which hold none of them, to one lower() and a few scans. Not "module" nor
# "version" alone: a traceback's ".../modules/module.py" and every banner hold them.
_ANCHORS = (
    "driver",
    "at least",
    "kernel",
    "matching",
    "mismatch",
    "compiled",
    "built",
    "signature",
    "signed",
    "incompatib",
    "not match",
    "n't match",
    "version issue",
    "version problem",
    "could not insert",
    "insufficient",
    "too old",
    "very old",
    "installed",
    "安装",
    "版本",
    "兼容",
    "support",
)


def says_driver_mismatch(line: str) -> bool:
    """Whether ``line`` says the node's driver does not fit the kernel, the libraries or the
    CUDA it runs (and is no advice, question or denial)."""
    low = line.lower()
    if not any(anchor in low for anchor in _ANCHORS):
        return False
    if _HEDGES.any_said(DRIVER_MISMATCH.finditer(line), line):
        return True
    return (
        "kernel" in low
        and _GPU_STACK.search(line) is not None
        and _OTHER_DEVICE.search(line) is None
        and _KERNEL_HEDGES.any_said(KERNEL_LEFT_BEHIND.finditer(line), line)
    )
