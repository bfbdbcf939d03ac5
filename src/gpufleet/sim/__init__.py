"""The simulated fleet: simulator, fault injectors with their ground truth, fault mix, fake NVML.

For the demo, the evals, the benches and the tests; may import ``bus`` and ``telemetry``. Nothing in
``bus``, ``telemetry``, ``knowledge``, ``graph`` or ``agents`` imports it.
"""
