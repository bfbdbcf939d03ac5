"""A person's words that the job's storage is what stalls it: "the restart is stuck in the data
loading, which turns out to be an error of the Lustre file system", "the scratch file system was
in an overloaded state ... very slow", "Azurefile (NFS) causes very slow model loads", "NFS
server not responding", "the checkpoint got stuck writing to the distributed file system",
"MOUNT_CACHED can be a bit slow (less than 30MB/sec)", "high iowait".

That is the shared-storage mode (``storage-io-stall``): the job reads its data, loads its model
or writes its checkpoint through a network or parallel filesystem (NFS, Lustre, GPFS / Spectrum
Scale, BeeGFS, CephFS, WekaFS, JuiceFS, a FUSE or object-store mount), and the filesystem's
servers, metadata service or link run slow, saturate or fail, so every process waiting on its
I/O stalls its GPUs (Linux nfs(5) "server not responding"; the Lustre Operations Manual, client
eviction and RPC timeouts; PyTorch docs, ``torch.utils.data`` and distributed checkpointing).
gpufleet sees it in a kernel log (``nfs: server … not responding``, ``LustreError``: the
card's log patterns); a report usually says it in words. This module recognises those words one
line at a time (:mod:`telemetry.job_log` keeps a ``storage_stall_reported`` signature beside
the line; the SRE agent reads it as the finding of the same name).

Deliberately narrow: a shared or network filesystem (named, or called shared / network /
parallel / distributed storage, a scratch or home filesystem, a bucket mount) said to be slow,
hung, overloaded, failing, down, unresponsive or the bottleneck, or I/O wait named as what the
GPUs wait on. A local disk said to be slow is the input pipeline's matter (``dataloader-stall``,
which data_wait_words reads); a denial ("NFS is not the bottleneck"), advice or a question is not
the statement. Pure; every expression is linear in the line.
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

STORAGE_STALL_REPORTED = "storage_stall_reported"  # the signature kind and the SRE finding

# A shared or network filesystem, by name or by kind
_SHARED_FS = (
    r"(?:\bNFS(?:v[34](?:\.\d)?)?\b|\bLustre\b|\bGPFS\b|\bSpectrum Scale\b|\bBeeGFS\b|\bCephFS\b|"
    r"\bCeph\b|\bGlusterFS\b|\bWekaFS\b|\bWeka\b|\bJuiceFS\b|\bAzure ?Files?\b|\bAzurefile\b|"
    r"\bEFS\b|\bFSx\b|\bFilestore\b|\bs3fs\b|\bgcsfuse\b|\bgoofys\b|\brclone mount\b|"
    r"\bMOUNT_CACHED\b|\bblobfuse\w*\b|\bFUSE mounts?\b|\bbucket mounts?\b|"
    r"\bmounted (?:\w+ )?bucket\b|"
    r"\b(?:shared|network(?:ed)?|parallel|distributed|remote|central|cluster) "
    r"(?:file ?systems?|storage|disks?|drives?|mounts?|volumes?|shares?|FS)\b|"
    r"\b(?:scratch|home|project|work) (?:file ?systems?|storage)\b|"
    r"(?-i:\bNAS\b)(?!-)|\bstorage (?:servers?|system|backend|cluster|nodes?|array)\b|"
    r"\bmetadata servers?\b|(?-i:\bMDS\b|\bOSTs?\b|\bOSS\b))"
)
# What the storage did to the job
_TROUBLE = (
    r"(?:\b(?:slow\w*|sluggish|hangs?|hung|hanging|stuck|stall\w*|freez\w*|frozen|fail\w*|errors?|"
    r"down\b|outages?|overload\w*|saturat\w*|congest\w*|unresponsive|not responding|"
    r"unavailable|inaccessible|timed? ?outs?|timing out|bottle-?neck\w*|degraded|evict\w*|"
    r"latency|crash\w*|broke\w*|(?:was|is|went) (?:full|offline)|offline|problems?|issues?|"
    r"\d+(?:\.\d+)? ?[MK]i?B/s(?:ec)?|Störung\w*)|遅延|停止|障害|故障|缓慢|卡住)"
)
STORAGE_WORDS = re.compile(
    # "the Lustre file system failed", "NFS server not responding", "scratch file system was
    # very slow", "Azurefile (NFS) causes very slow model loads"
    _SHARED_FS
    + r"(?:[^.;!?]{0,60}?)"
    + _TROUBLE
    + r"|"
    # "an error of the Lustre file system", "stuck writing to the distributed file system",
    # "slow because the dataset sits on NFS", "bottlenecked by the NAS"
    + _TROUBLE
    + r"\b[^.;!?]{0,50}?\b(?:of|on|in|to|from|by|with|over|at) (?:the |a |an |our |"
    r"my |its |their )?(?:[\w-]+ ){0,2}" + _SHARED_FS + r"|"
    # "I/O wait", "iowait is high", "waiting on I/O", "I/O bound", "bottlenecked by I/O",
    # "D state on NFS": the GPUs wait on storage
    r"\b(?:high|spik\w*|elevated)\b[^.;!?]{0,20}\b(?:cpu )?io ?wait\b|\bio ?wait\b[^.;!?]{0,20}"
    r"\b(?:high|spik\w*|elevated|\d{2,3} ?%)|"
    r"\bwait(?:s|ing|ed)? (?:on|for) (?:the )?(?:disk |storage |file )?I/?O\b|"
    r"\b(?:disk|storage|file ?system|file) I/?O[- ](?:bound|bottleneck\w*|saturation|stalls?)\b|"
    r"\bbottleneck\w* (?:by|on|in) (?:the )?(?:disk|storage) I/?O\b",
    re.IGNORECASE,
)

_DENIED_WITHIN = re.compile(r"\bnot (?:the|a)\b|\bisn't\b|\bwasn't\b|\bno\b", re.IGNORECASE)
_HEDGES = Hedges(
    before=(DENIED_BEFORE, advice_before("should", "to avoid", "don't", "do not")),
    after=(DENIED_AFTER, QUESTION_AFTER),
    window=48,
    within=(_DENIED_WITHIN,),
)

# Every form above holds one of these (lower case): a substring test first keeps the cost on a
# job's log lines, which hold none of them, to one lower() and a few scans.
# (the qualifiers stand for "shared drive", "network volume", "parallel FS"; "OST", "OSS", "MDS"
# and "NAS" are read in capitals only: in lower case they are inside "host", "loss", "dynasty")
_ANCHORS = (
    "nfs", "lustre", "gpfs", "spectrum scale", "beegfs", "ceph", "gluster", "weka", "juicefs",
    "azure", "efs", "fsx", "filestore", "s3fs", "gcsfuse", "goofys", "mount", "fuse", "bucket",
    "file system", "filesystem", "storage", "shared", "network", "parallel", "distributed",
    "remote", "central", "cluster", "iowait", "io wait", "i/o", "on io", "for io", "disk io",
    "file io",
)  # fmt: skip
_CAPITAL_ANCHORS = ("OST", "OSS", "MDS", "NAS")


def says_storage_stall(line: str) -> bool:
    """Whether ``line`` says the job's shared or network storage is slow, hung, failing or the
    bottleneck (or that the GPUs wait on I/O), with no denial, advice or question around it."""
    low = line.lower()
    if not any(anchor in low for anchor in _ANCHORS) and not any(
        anchor in line for anchor in _CAPITAL_ANCHORS
    ):
        return False
    return _HEDGES.any_said(STORAGE_WORDS.finditer(line), line)
