#!/usr/bin/env python3
"""A wrong engine for the checker's tests: `wolves engine` behind a proxy
that answers every action it applies as refused (by TURN.ORDER), and speaks
the protocol rightly otherwise: each scenario with an action wolves applies
disagrees at its first one (a reproducer under --out).

    refuses-all.py --no-clause   the same refusals naming no clause, from an
                                 engine that does not declare `clauses`
                                 (they count once, as refused-without-clause)"""

import json
import sys

from broken_proxy import Engine, requests, say

no_clause = "--no-clause" in sys.argv[1:]
engine = Engine()
for line, req in requests():
    response = json.loads(engine.ask(line))
    cmd = req.get("cmd") if req else None
    if cmd == "hello" and no_clause and response.get("ok"):
        response["capabilities"] = [c for c in response["capabilities"] if c != "clauses"]
    if cmd == "apply" and response.get("verdict") == "applied":
        response = {"id": response["id"], "ok": True, "verdict": "refused"}
        if not no_clause:
            response["clause"] = "TURN.ORDER"
    say(json.dumps(response))
