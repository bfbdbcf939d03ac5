"""The HTTP service front end (``gpufleet serve``): the Alertmanager webhook edge, the API under
``/api/v1``, ``/metrics``, Slack approvals (``service/slack``), the MCP server (``service/mcp``),
and the place they plug in (:func:`service.app.create_app`).

A front end: it may import every layer (bus, telemetry, knowledge, graph, agents) and ``cli``'s
pipeline pieces; nothing below the front ends imports it.
"""
