"""The chat assistant's edges: :mod:`service.chat.reads` (the ``ChatReads`` adapter over the
stores, the gate and the knowledge base), :mod:`service.chat.router` (``POST /api/v1/chat``,
server-sent events) and :mod:`service.chat.waste` (GPU waste from recorded ticks).

Imports the agents (``agents.chat``, ``agents.sre.proposals``, ``agents.perf``) and the layers
below them; nothing below the front ends imports this package.
"""
