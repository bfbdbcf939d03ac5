"""Executors: the adapters that change the fleet (SLURM, nvidia-smi, tickets).

Every executor runs commands through a :class:`~graph.executors.runner.CommandRunner`; the
default is :class:`~graph.executors.runner.DryRunRunner`, which records the exact command and
runs nothing.
"""
