"""The one error a gpufleet store raises when its database cannot be used."""

from __future__ import annotations


class StoreError(Exception):
    """A gpufleet store cannot be opened or reached, or holds a schema this code does not read."""
