"""The FastAPI dependency every state-changing route takes: bearer token → identity or 401."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from typing import Annotated

from fastapi import Depends, HTTPException
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from gpufleet.service.auth import TokenTable

_BEARER = HTTPBearer(auto_error=False, description="an API token from the service config")


def identity_dependency(tokens: TokenTable) -> Callable[..., Awaitable[str]]:
    """A dependency resolving to the caller's identity; 401 (changing nothing) otherwise.
    Use as ``Annotated[str, Depends(identity_dependency(tokens))]``."""

    async def identity(
        creds: Annotated[HTTPAuthorizationCredentials | None, Depends(_BEARER)],
    ) -> str:
        who = tokens.identity(creds.credentials if creds is not None else None)
        if who is None:
            raise HTTPException(
                status_code=401,
                detail="missing or wrong bearer token",
                headers={"WWW-Authenticate": "Bearer"},
            )
        return who

    return identity
