#!/usr/bin/env python3
"""A broken engine for the checker's tests: right (it is `wolves engine`
behind a proxy) until the N-th apply request (argument, default 5), where it
exits with status 3 without answering: a crash in the middle of a game."""

import sys

from broken_proxy import Engine, requests, say

limit = int(sys.argv[1]) if len(sys.argv) > 1 else 5
engine = Engine()
applied = 0
for line, req in requests():
    if req and req.get("cmd") == "apply":
        applied += 1
        if applied == limit:
            sys.exit(3)
    say(engine.ask(line))
