"""The agents' shared runtime: typed tool registry, approvals (gate, store, policy, breaker, ledger,
audit), checkpointer, model backends, executors. May import ``bus``, ``telemetry``, ``knowledge``.
"""
