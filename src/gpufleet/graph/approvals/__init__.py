"""Approvals: the only way a state-changing step runs, as separate stages.

``policy`` (who may approve, pre-approvals), ``store`` (requests and decisions, exactly once),
``breaker`` (blast radius), ``ledger`` (each step claimed and completed at most once), ``audit``
(append-only record) and ``gate`` (the stages in order around the tool registry).
"""
