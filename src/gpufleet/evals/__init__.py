"""Offline evaluation: the recorded-incident format, the scenario suite, the runner, scorers,
baselines and reports. May import anything.
"""
