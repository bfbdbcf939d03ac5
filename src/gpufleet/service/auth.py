"""Bearer tokens → approver identities, compared in constant time; never logged.

Each configured token maps to the identity of a person (or a system such as Alertmanager) who
may call the state-changing endpoints. The identity, not anything in the request body, is who
the decision is recorded as.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Mapping
from dataclasses import dataclass, field


@dataclass(frozen=True)
class TokenTable:
    """Token → identity. ``repr`` shows identities only (the secrets stay out of logs)."""

    _by_digest: Mapping[bytes, str] = field(default_factory=dict, repr=False)

    @classmethod
    def of(cls, tokens: Mapping[str, str]) -> TokenTable:
        """``{token: identity}``; empty tokens are refused (they would match a blank header)."""
        if any(not t for t in tokens):
            raise ValueError("an API token must not be empty")
        return cls({_digest(t): who for t, who in tokens.items()})

    @property
    def identities(self) -> tuple[str, ...]:
        return tuple(sorted(set(self._by_digest.values())))

    def __len__(self) -> int:
        return len(self._by_digest)

    def identity(self, token: str | None) -> str | None:
        """The identity of ``token``, or None. Every stored token is compared, in constant time
        (digests of equal length), so timing says nothing about which one almost matched."""
        if not token:
            return None
        probe = _digest(token)
        found = None
        for digest, who in self._by_digest.items():
            if hmac.compare_digest(digest, probe):
                found = who
        return found


def _digest(token: str) -> bytes:
    return hashlib.sha256(token.encode("utf-8", "surrogateescape")).digest()


def bearer(header: str | None) -> str | None:
    """The token of an ``Authorization: Bearer <token>`` header (scheme case-insensitive)."""
    if not header:
        return None
    scheme, _, token = header.strip().partition(" ")
    if scheme.lower() != "bearer":
        return None
    return token.strip() or None
