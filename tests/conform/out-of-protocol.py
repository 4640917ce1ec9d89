#!/usr/bin/env python3
"""A broken engine for the checker's tests: `wolves engine` behind a proxy
that, after the handshake, breaks every response in one way (argument):
  wrong-id    the response carries another id than its request's
  missing-ok  the response has no "ok" field
  yaml-flow   the response in YAML's flow syntax: {id: 2, ok: true, ...}
  repeat-key  an apply that applies says so, then "verdict": "refused"
              too (a key given twice: RFC 8259 leaves its meaning open)
Each line but yaml-flow's is still one JSON object (repeat-key's by the
letter of RFC 8259's grammar): only the protocol is broken."""

import json
import sys

from broken_proxy import Engine, requests, say

mode = sys.argv[1] if len(sys.argv) > 1 else "wrong-id"
if mode not in ("wrong-id", "missing-ok", "yaml-flow", "repeat-key"):
    sys.exit("out-of-protocol.py: wrong-id, missing-ok, yaml-flow or repeat-key")
engine = Engine()
for line, req in requests():
    response = json.loads(engine.ask(line))
    text = json.dumps(response)
    if req and req.get("cmd") != "hello":
        if mode == "wrong-id":
            response["id"] = (req.get("id") if isinstance(req.get("id"), int) else 0) + 1000
            text = json.dumps(response)
        elif mode == "missing-ok":
            del response["ok"]
            text = json.dumps(response)
        elif mode == "yaml-flow":
            text = text.replace('"id": ', "id: ", 1).replace('"ok": ', "ok: ", 1)
        elif response.get("verdict") == "applied":
            text = text[:-1] + ', "verdict": "refused"}'
    say(text)
