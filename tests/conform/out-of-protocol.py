#!/usr/bin/env python3
"""A broken engine for the checker's tests: `wolves engine` behind a proxy
that, after the handshake, breaks every response in one way (argument):
  wrong-id    the response carries another id than its request's
  missing-ok  the response has no "ok" field
Each line is still one JSON object: only the protocol is broken."""

import json
import sys

from broken_proxy import Engine, requests, say

mode = sys.argv[1] if len(sys.argv) > 1 else "wrong-id"
if mode not in ("wrong-id", "missing-ok"):
    sys.exit("out-of-protocol.py: wrong-id or missing-ok")
engine = Engine()
for line, req in requests():
    response = json.loads(engine.ask(line))
    if req and req.get("cmd") != "hello":
        if mode == "wrong-id":
            response["id"] = (req.get("id") if isinstance(req.get("id"), int) else 0) + 1000
        else:
            del response["ok"]
    say(json.dumps(response))
