"""gpufleet agents: NOC (deterministic detection), SRE (diagnosis), Perf (optimization)."""
