"""Real inputs: DCGM field registry, columnar frames, counter rates, topology, dcgm-exporter scrape
and exposition, Prometheus/VictoriaMetrics, NVML, kernel logs, recordings. May import ``bus``.
"""
