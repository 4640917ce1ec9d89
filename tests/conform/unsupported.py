#!/usr/bin/env python3
"""A partial engine for the checker's tests: `wolves engine` behind a proxy
that answers `unsupported` (wolves-engine(5), ERRORS) to the load of a board
of fewer than MIN hexes (an engine that cannot take a small map) and, given a
KIND (upgrade, howl, ...), to every apply and judge of an action of that kind
(one it does not play); those never reach the engine, so its game stays as
it was, as after any failed request.  Usage: unsupported.py MIN [KIND]"""

import json
import sys

from broken_proxy import Engine, requests, say

smallest = int(sys.argv[1]) if len(sys.argv) > 1 else 0
kind = sys.argv[2] if len(sys.argv) > 2 else None


def hexes(state):
    """The hexes of a position's board: the map's cells that are not '..'."""
    rows = ((state or {}).get("board") or {}).get("map") or []
    if isinstance(rows, str):
        rows = rows.splitlines()
    return sum(1 for row in rows for cell in row.split() if cell != "..")


def unsupported(req, message):
    answer = {"id": req["id"]} if "id" in req else {}
    answer.update({"ok": False, "error": {"code": "unsupported", "message": message}})
    return json.dumps(answer)


engine = Engine()
for line, req in requests():
    cmd = req.get("cmd") if req else None
    if cmd == "load" and hexes(req.get("state")) < smallest:
        say(unsupported(req, "this engine plays boards of %d hexes or more, not %d" % (smallest, hexes(req.get("state")))))
    elif cmd in ("apply", "judge") and kind and isinstance(req.get("action"), dict) and kind in req["action"]:
        say(unsupported(req, "this engine does not play %s" % kind))
    else:
        say(engine.ask(line))
