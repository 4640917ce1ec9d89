#!/usr/bin/env python3
"""A wrong engine for the checker's tests: `wolves engine` behind a proxy
that answers every action it applies as refused (by TURN.ORDER), and speaks
the protocol rightly otherwise: each scenario with an action wolves applies
disagrees at its first one (a reproducer under --out)."""

import json

from broken_proxy import Engine, requests, say

engine = Engine()
for line, req in requests():
    response = json.loads(engine.ask(line))
    if req and req.get("cmd") == "apply" and response.get("verdict") == "applied":
        response = {"id": response["id"], "ok": True, "verdict": "refused", "clause": "TURN.ORDER"}
    say(json.dumps(response))
