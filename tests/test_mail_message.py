"""A report kept as a raw mail message is read as what its writer wrote (telemetry.mail_message)."""

from __future__ import annotations

import base64

from gpufleet.telemetry.job_log import parse_job_log
from gpufleet.telemetry.mail_message import is_mail, readable
from gpufleet.telemetry.text_evidence import as_text

# the transport headers a list archive keeps (trimmed from a linux-rdma message's layout)
HEADERS = (
    "Return-Path: <linux-rdma-owner@vger.kernel.org>\n"
    "X-Original-To: lists+linux-rdma@lfdr.de\n"
    "Delivered-To: lists+linux-rdma@lfdr.de\n"
    "Received: from vger.kernel.org (vger.kernel.org [23.128.96.18])\n"
    "\tby mail.lfdr.de (Postfix) with ESMTP id 4F2A0C433\n"
    "\tfor <lists+linux-rdma@lfdr.de>; Wed,  3 May 2023 03:03:31 +0200 (CEST)\n"
    "From: A Writer <writer@example.org>\n"
    "To: linux-rdma <linux-rdma@vger.kernel.org>\n"
    "Subject: Re: [PATCH v2 1/2] [Bug 4242] training job dies on gpu node\n"
    "Date: Wed, 03 May 2023 01:03:26 +0000\n"
    "Message-ID: <4242@example.org>\n"
    "List-ID: <linux-rdma.vger.kernel.org>\n"
    "MIME-Version: 1.0\n"
)
OOM = "RuntimeError: CUDA out of memory. Tried to allocate 2.00 GiB"


def _quoted_printable() -> str:
    return (
        HEADERS + "Content-Type: text/plain; charset=utf-8\n"
        "Content-Transfer-Encoding: quoted-printable\n\n"
        "Hi-\n\nThe job on node gpu07 dies with this after a few minutes, every t=\nime:=20\n\n"
        + OOM
        + "\n"
    )


def test_a_quoted_printable_message_reads_as_its_subject_and_body() -> None:
    text = readable(_quoted_printable())
    assert text.startswith("Subject: training job dies on gpu node\nFrom: A Writer")
    assert "every time:" in text  # the soft line break is joined
    assert "Received:" not in text and "vger.kernel.org" not in text
    assert OOM in text


def test_a_base64_body_is_read_and_its_cuda_error_found() -> None:
    body = base64.b64encode(f"Seen on gpu07 tonight:\n{OOM}\n".encode()).decode()
    raw = (
        HEADERS + "Content-Type: text/plain; charset=utf-8\n"
        "Content-Transfer-Encoding: base64\n\n" + body + "\n"
    )
    parsed = parse_job_log(raw.encode(), origin="jobs/list-mail.log", node="gpu07")
    assert "cuda_oom_capacity" in {s.kind for s in parsed.signatures}
    # the relay headers are gone, not left over as lines nobody understood
    kept = [*parsed.report.plain_lines, *parsed.report.gpu_unparsed_lines, *parsed.report.head]
    assert not any("Received" in line or "lfdr.de" in line for _, line in kept)


def test_a_multipart_message_keeps_its_text_parts_and_drops_the_rest() -> None:
    raw = (
        HEADERS + 'Content-Type: multipart/mixed; boundary="b1"\n\n'
        "--b1\nContent-Type: text/plain\n\nThe node reboots under load.\n"
        "--b1\nContent-Type: application/octet-stream\nContent-Transfer-Encoding: base64\n\n"
        "AAECAwQ=\n--b1--\n"
    )
    text = readable(raw)
    assert "The node reboots under load." in text and "AAECAwQ=" not in text


def test_an_mbox_message_with_an_unknown_charset_is_still_read() -> None:
    raw = (
        "From writer@example.org Wed May  3 01:03:26 2023\n"
        + HEADERS
        + "Content-Type: text/plain; charset=x-no-such-charset\n\n"
        + "GPU 3 fell off the bus again\n"
    )
    assert is_mail(raw)
    assert "GPU 3 fell off the bus again" in readable(raw)


def test_text_that_only_looks_like_headers_is_left_as_it_was() -> None:
    pasted = "Subject: GPU down on node-17\nFrom: oncall\n\nnvidia-smi shows no devices\n"
    log = "INFO: loading model\nWARNING: low memory\n\nINFO: done\n"
    http = "HTTP/1.1 200 OK\nContent-Type: text/plain\n\nok\n"
    for text in (pasted, log, http, "", "\n\n"):
        assert not is_mail(text)
        assert readable(text) == text
    # headers alone are a message with no body: what is left is its subject, sender and date
    assert readable(HEADERS).startswith("Subject: training job dies on gpu node\n")
    assert not is_mail(HEADERS.rstrip("\n"))  # a header block with no end: no message
    assert as_text(b"\xef\xbb\xbfplain text\n") == "plain text\n"
