"""Prometheus remote-write ``WriteRequest`` bodies encoded as vmagent marshals them: each
series its label fields, then its samples, proto3 (a 0.0 value or a 0 timestamp omitted). For
the receiver's tests and benchmarks (:mod:`telemetry.remote_write` decodes them)."""

from __future__ import annotations

import struct

import cramjam


def varint(v: int) -> bytes:
    """A protobuf varint (negative numbers as their 64-bit two's complement)."""
    v &= (1 << 64) - 1
    out = bytearray()
    while v >= 0x80:
        out.append(v & 0x7F | 0x80)
        v >>= 7
    out.append(v)
    return bytes(out)


def length_delimited(num: int, payload: bytes) -> bytes:
    return varint(num << 3 | 2) + varint(len(payload)) + payload


def sample(value: float, ms: int) -> bytes:
    out = b"" if value == 0 else b"\x09" + struct.pack("<d", value)
    return out + (b"" if ms == 0 else b"\x10" + varint(ms))


def series(labels: dict[str, str], *samples: tuple[float, int]) -> bytes:
    """One ``TimeSeries`` field of a ``WriteRequest``: the labels in the given order."""
    body = b"".join(
        length_delimited(1, length_delimited(1, k.encode()) + length_delimited(2, v.encode()))
        for k, v in labels.items()
    )
    return length_delimited(
        1, body + b"".join(length_delimited(2, sample(v, ms)) for v, ms in samples)
    )


def snappy_body(*encoded_series: bytes) -> bytes:
    """The HTTP body: the series joined, snappy block compressed."""
    return bytes(cramjam.snappy.compress_raw(b"".join(encoded_series)))
