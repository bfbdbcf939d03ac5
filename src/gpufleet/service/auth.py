"""Bearer tokens → identities, compared in constant time; never logged. And what each
identity's configured roles let it ask for.

Each configured token maps to the identity of a person (or a system such as Alertmanager) who
may call the state-changing endpoints. The identity, not anything in the request body, is who
the decision (or the request) is recorded as.

Roles (``api_tokens[].roles`` in the serve config): ``approver``, ``operator``, ``service``.
Filing an approval request (chat, MCP, the API) needs one of the roles in ``request_roles``
(default approver and operator); an identity the policy lists as an approver holds
``approver`` without saying so. A ``service`` identity (Alertmanager's webhook) holds no other
role: it files nothing and, being in the policy's ``service_identities``, decides nothing.
"""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Final, Literal

from gpufleet.graph.approvals.policy import Policy

TokenRole = Literal["approver", "operator", "service"]
DEFAULT_REQUEST_ROLES: Final[tuple[TokenRole, ...]] = ("approver", "operator")


@dataclass(frozen=True)
class Roles:
    """Identity → its configured roles; ``request_roles``: the roles that may file requests."""

    of: Mapping[str, frozenset[TokenRole]] = field(default_factory=dict)
    request_roles: frozenset[TokenRole] = frozenset(DEFAULT_REQUEST_ROLES)

    @property
    def services(self) -> tuple[str, ...]:
        return tuple(sorted(who for who, roles in self.of.items() if "service" in roles))

    def held(self, identity: str, policy: Policy) -> frozenset[TokenRole]:
        """The roles ``identity`` holds: its configured ones, and approver when the policy
        lists it (a service identity holds none but ``service``)."""
        roles = self.of.get(identity, frozenset())
        if "service" in roles or policy.is_service(identity):
            return frozenset({"service"})
        return roles | ({"approver"} if policy.approver(identity) is not None else set())

    def request_refusal(self, identity: str | None, policy: Policy) -> str | None:
        """Why ``identity`` may not file an approval request, or None when it may."""
        if not self.request_roles:
            return "filing approval requests is turned off here (request_roles is empty)"
        allowed = " or ".join(sorted(self.request_roles))
        if identity is None:
            return f"filing an approval request needs an API token with the {allowed} role"
        held = self.held(identity, policy)
        if held & self.request_roles:
            return None
        has = ", ".join(sorted(held)) or "none"
        return (
            f"{identity} may not file approval requests: that needs the {allowed} role "
            f"(api_tokens[].roles in the serve config, or an approver in the policy); "
            f"{identity}'s roles: {has}"
        )


@dataclass(frozen=True)
class TokenTable:
    """Token → identity. ``repr`` shows identities only (the secrets stay out of logs)."""

    _by_digest: Mapping[bytes, str] = field(default_factory=dict, repr=False)
    roles: Roles = field(default_factory=Roles)

    @classmethod
    def of(cls, tokens: Mapping[str, str], roles: Roles | None = None) -> TokenTable:
        """``{token: identity}``; empty tokens are refused (they would match a blank header)."""
        if any(not t for t in tokens):
            raise ValueError("an API token must not be empty")
        return cls({_digest(t): who for t, who in tokens.items()}, roles or Roles())

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
