"""Slack approvals: one Block Kit message per incident, updated in place, with Approve / Reject
buttons that record a person's decision through :func:`graph.approvals.decide.record_decision`.

Pieces (each one concern): ``config`` (strict settings, secrets from files or env vars),
``text`` (untrusted text made safe for mrkdwn), ``card`` (an incident's accumulated view, a pure
fold over bus events), ``render`` (Block Kit from a card, pure), ``state`` (SQLite: message map,
cards, delivered events, seen request signatures), ``outbox`` (durable, ordered, retried sends),
``notifier`` (the bus handler), ``bridge`` (the slack_bolt app and the click → decision flow),
``http`` (the FastAPI router for ``POST /slack/events``), ``socket`` (Socket Mode runner).
Imports any layer; nothing but the service imports it.
"""
