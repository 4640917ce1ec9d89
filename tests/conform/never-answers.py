#!/usr/bin/env python3
"""A broken engine for the checker's tests: it answers the handshake as
`wolves engine` does, then reads the next request and never answers it (a
dead lock, an endless search): the checker's timeout must end the wait and
kill it."""

import time

from broken_proxy import Engine, requests, say

engine = Engine()
for line, req in requests():
    if not (req and req.get("cmd") == "hello"):
        time.sleep(3600)
    say(engine.ask(line))
