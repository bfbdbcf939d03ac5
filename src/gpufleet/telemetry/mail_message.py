"""A report that is a raw mail message → the words its writer wrote: the subject and the body.

Reports reach operators as mail as often as anything: a mailing list's archive (linux-pci,
linux-rdma, nouveau), a bug tracker's notification, a ticket forwarded from a vendor, an
``mbox`` saved from a mail client. Kept raw, such a file starts with twenty or more transport
headers (``Received:``, ``Return-Path:``, ``List-Id:``, DKIM signatures) and its body may be
quoted-printable (``=20`` at line ends, words broken by soft line breaks) or base64: the readers
would see relay hosts and list addresses where the report is, and a base64 body not at all.
A list's own name in every header ("nouveau@lists.freedesktop.org") would rank each report of
that list towards whatever card names the list's subject.

:func:`readable` turns such a text into what a person reading the mail sees (RFC 5322 and MIME,
with Python's ``email`` package): ``Subject:`` (less the list's and tracker's bracketed tags and
``Re:`` / ``Fwd:``), ``From:`` and ``Date:``, a blank line, then each text part of the body
decoded (HTML only where there is no plain text, its tags dropped). Any other text comes back
unchanged. Line numbers of what is read from a message are those of this decoded text.

A text is a message when its first line is an ``mbox`` separator (``From someone Mon Jan 1 …``)
or a header field, and its header block (up to the first blank line) holds only header fields
(and their folded continuations) with at least :data:`MIN_TRANSPORT_FIELDS` of the fields mail
transport adds: a pasted ``Subject: …`` line, or a YAML or HTTP header dump, is not a message.
A part that cannot be decoded (an unknown charset, a broken transfer encoding) is read as bytes
decoded as UTF-8 with bad bytes replaced; a message the parser cannot read at all is returned
as it was. Pure; linear in the text.
"""

from __future__ import annotations

import email
import email.policy
import re
from email.message import EmailMessage, Message

__all__ = ["is_mail", "readable"]

MIN_TRANSPORT_FIELDS = 2
HEAD_SCAN = 20_000  # characters of a text looked at for a header block (a long DKIM block fits)
_TRANSPORT = frozenset(
    {
        "received",
        "return-path",
        "delivered-to",
        "x-original-to",
        "message-id",
        "mime-version",
        "in-reply-to",
        "references",
        "list-id",
        "list-unsubscribe",
        "list-post",
        "dkim-signature",
        "arc-seal",
        "authentication-results",
        "content-transfer-encoding",
        "x-mailer",
        "user-agent",
        "sender",
        "errors-to",
        "precedence",
        "x-bugzilla-product",
        "x-bugzilla-component",
    }
)
_FIELD = re.compile(r"^(?P<name>[!-9;-~]{1,76}):(?:[ \t]|$)")
_MBOX_FROM = re.compile(r"^From \S+ +(?:Mon|Tue|Wed|Thu|Fri|Sat|Sun) ")
# list and tracker tags and reply markers a subject starts with: "[Nouveau] [Bug 110714] ",
# "Re: [PATCH v2 3/4] ", "AW: ", "Fwd: "
_SUBJECT_TAGS = re.compile(r"^(?:\s*(?:\[[^\]]{1,60}\]|(?:re|fwd?|aw|sv|wg|tr)\s*:))+\s*", re.I)
_TAG = re.compile(r"<[^>]{0,2000}>")
_BLANKS = re.compile(r"\n{3,}")


def is_mail(text: str) -> bool:
    """Whether ``text`` is a raw mail message (see the module doc)."""
    head = text[:HEAD_SCAN].lstrip("\ufeff")
    first = head.split("\n", 1)[0].rstrip("\r")
    if not (_MBOX_FROM.match(first) or _FIELD.match(first)):
        return False
    transport = 0
    for n, raw in enumerate(head.split("\n")):
        line = raw.rstrip("\r")
        if not line.strip():
            return transport >= MIN_TRANSPORT_FIELDS  # the end of the header block
        if line[0] in " \t" or (n == 0 and _MBOX_FROM.match(line)):
            continue  # a folded header's continuation, the mbox separator
        field = _FIELD.match(line)
        if field is None:
            return False  # a line that is no header field: not a header block
        transport += field["name"].lower() in _TRANSPORT
    return False  # no blank line within the scan: no body follows


def readable(text: str) -> str:
    """The subject, sender, date and decoded body of a raw mail message; any other text as it
    was (see the module doc)."""
    if not is_mail(text):
        return text
    try:
        msg = email.message_from_string(text.lstrip("\ufeff"), policy=email.policy.default)
    except Exception:  # the stdlib parser is lenient; a message it still refuses stays raw
        return text
    head = [
        f"Subject: {_subject(msg)}",
        *(f"{name}: {msg[name]}" for name in ("From", "Date") if msg[name]),
    ]
    body = "\n\n".join(part for part in _text_parts(msg) if part.strip())
    return "\n".join(head) + "\n\n" + _BLANKS.sub("\n\n", body.replace("\r\n", "\n"))


def _subject(msg: Message) -> str:
    subject = " ".join(str(msg["Subject"] or "").split())
    return _SUBJECT_TAGS.sub("", subject) or subject


def _text_parts(msg: Message) -> list[str]:
    """Each text/plain part decoded; the text/html ones, tags dropped, only where no part is
    plain text. Attachments that are not text are left out (a patch or a log attached as text
    is text and is kept)."""
    plain: list[str] = []
    html: list[str] = []
    for part in msg.walk():
        if part.is_multipart() or part.get_content_maintype() != "text":
            continue
        content = _decoded(part)
        (html if part.get_content_subtype() == "html" else plain).append(content)
    return plain or [_TAG.sub(" ", h) for h in html]


def _decoded(part: Message) -> str:
    try:
        if isinstance(part, EmailMessage):
            return str(part.get_content())
    except (LookupError, ValueError, AssertionError):
        pass  # an unknown charset or a broken encoding: read the bytes as UTF-8 below
    payload = part.get_payload(decode=True)
    if isinstance(payload, bytes):
        return payload.decode("utf-8", errors="replace")
    return str(part.get_payload())
