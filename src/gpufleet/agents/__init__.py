"""The three agents (``noc`` detection, ``sre`` diagnosis, ``perf`` optimization) and ``pipeline``,
which runs them side by side for replays. Agents import the layers above, never each other.
"""
