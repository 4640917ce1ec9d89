#!/usr/bin/env python3
"""A broken engine for the checker's tests: it answers hello as `wolves
engine` does, then prints a line that is not JSON for every request (a
debugging print on standard output, say)."""

from broken_proxy import Engine, requests, say

engine = Engine()
for line, req in requests():
    if req and req.get("cmd") == "hello":
        say(engine.ask(line))
    else:
        say("applying move... done!")
