"""The ``gpufleet`` command: a thin front end that parses arguments, calls one function and renders
the result. May import anything.
"""
