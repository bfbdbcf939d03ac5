"""The MCP server: gpufleet's typed tools for an operator's own agent, over stdio and
streamable HTTP. Reads run at once; state-changing tools only create an approval request
(:mod:`agents.sre.proposals`) that a person decides. Imports any layer; nothing imports it
except the service that mounts it and ``gpufleet mcp``."""
