"""What gpufleet knows: the Xid catalog, the symptom vocabulary, failure-mode cards and runbooks,
the offline vector index and hybrid retrieval. May import ``bus`` and ``telemetry``.
"""
