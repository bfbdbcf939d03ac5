"""The one error a live source spec raises (a leaf, so every source module can raise it)."""


class SourceError(ValueError):
    """A source spec that cannot be built; the message says which part and why."""
