"""The chat assistant: answers an operator's question about the fleet, grounded in what the
read tools return, every factual sentence citing its source; it may propose an action (an
approval request through the gate) and never executes or approves one.

Imports bus, telemetry, knowledge and graph only (never another agent); what it reads comes
through the small :class:`agents.chat.reads.ChatReads` protocol, implemented at the edges
(``service/chat_reads.py``) over the stores, the gate and the fleet.
"""
