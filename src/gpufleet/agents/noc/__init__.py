"""The NOC agent: the deterministic detector (rules, baselines, correlation, incidents) and its bus
service. May import ``bus``, ``telemetry``, ``knowledge``, ``graph``; never another agent.
"""
