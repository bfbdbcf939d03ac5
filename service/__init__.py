"""The long-running service's front ends: HTTP API, Alertmanager intake, Slack, MCP.
Imports any layer; nothing imports it."""
