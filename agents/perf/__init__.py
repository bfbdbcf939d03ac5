"""The Performance agent: long-horizon analyses and the optimization planner (not built yet).
May import ``bus``, ``telemetry``, ``knowledge``, ``graph``; never another agent.
"""
