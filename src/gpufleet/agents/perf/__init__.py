"""The performance and fleet-health agent: long-horizon analyses over windows of stored
telemetry (waste by job / user / team, periodic gaps, leaks, throttling, the power plan,
chargeback), per-GPU health scores and the failure forecast, and the planner that turns them
into ranked recommendations and approval requests. Entry points: ``report.analyse`` (on
demand) and ``agent.PerfAgent`` (on the bus).
May import ``bus``, ``telemetry``, ``knowledge``, ``graph``; never another agent.
"""
