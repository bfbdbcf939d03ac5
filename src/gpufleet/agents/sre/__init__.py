"""The SRE agent: the LangGraph diagnosis graph (evidence, findings, scoring, plan, approval,
execution). May import ``bus``, ``telemetry``, ``knowledge``, ``graph``; never another agent.
"""
