#!/usr/bin/env python3
"""An adapter: the engine protocol of wolves-engine(5) on standard input and
output, translated to the native API of the toy engine (toy_engine.py).

    wolves conform --engine 'python3 tests/conform/toy_adapter.py' scenarios/setup

This is the whole of what an engine needs to be checked by wolves: read one
JSON request a line, call the engine, write one JSON response a line and
flush.  The toy models the seeded setup and the snake draft and no more, so
it declares what it has: new_game, clauses (its refusals mapped to the
clause IDs of wolves' catalog) and state (the fields it models), and answers
`unsupported` for the rest."""

import json
import sys

from toy_engine import COLOURS, TYPES, Refused, ToyWolves

CAPABILITIES = ["new_game", "clauses", "state"]
STATE_FIELDS = ["phase", "turn", "current", "actions_taken", "first_player", "draft_step", "board", "pieces"]

# The toy's names for its refusals -> the clause IDs of the catalog
# (`wolves clauses DRAFT` lists them).
CLAUSES = {
    "draft_over": "DRAFT.IN_PROGRESS",
    "draft_not_over": "DRAFT.IN_PROGRESS",
    "not_your_turn": "DRAFT.ORDER",
    "off_the_ring": "DRAFT.CHASM_RING",
    "crescent_or_not_land": "TWO.DRAFT",
    "occupied": "DRAFT.EMPTY",
    "same_side": "DRAFT.OPPOSITE",
}


class RequestError(Exception):
    def __init__(self, code, message):
        super().__init__(message)
        self.code = code
        self.message = message


# ---- names: wolves' hex names are the column's letters and the row from 1


def hex_name(cell):
    col, row = cell
    letters, c = "", col + 1
    while c > 0:
        c -= 1
        letters = chr(ord("A") + c % 26) + letters
        c //= 26
    return f"{letters}{row + 1}"


def hex_cell(game, name):
    letters = name.rstrip("0123456789")
    digits = name[len(letters):]
    if not letters.isalpha() or not letters.isupper() or not digits.isdigit():
        raise RequestError("bad_request", f"'{name}' is not a hex name")
    col = 0
    for ch in letters:
        col = col * 26 + ord(ch) - ord("A") + 1
    cell = (col - 1, int(digits) - 1)
    if cell not in game.hexes:
        raise RequestError("bad_request", f"hex '{name}' is not on the map")
    return cell


# ---- the state, in the canonical form of wolves run (the declared fields)


def cell_text(h):
    if h.kind == "water":
        first = "~"
    elif h.kind == "chasm":
        first = "#"
    else:
        first = "FGDTR"[COLOURS.index(h.terrain)]
    return first + ("-" if h.region is None else chr(ord("a") + h.region))


def board(game):
    width = max(c for c, _ in game.hexes) + 1
    height = max(r for _, r in game.hexes) + 1
    rows = []
    for r in range(height):
        last = max([c for c in range(width) if (c, r) in game.hexes] or [0])
        cells = [cell_text(game.hexes[(c, r)]) if (c, r) in game.hexes else ".." for c in range(last + 1)]
        rows.append(("  " if r % 2 else "") + "  ".join(cells))
    lone = [hex_name(c) for c in game.cells if game.hexes[c].lone_wolf]
    prey = {hex_name(c): [game.hexes[c].prey[0]] * game.hexes[c].prey[1] for c in game.cells if game.hexes[c].prey}
    tokens = {chr(ord("a") + r): list(reversed(stack)) for r, stack in enumerate(game.tokens)}
    return {"map": rows, "lone_wolves": lone, "prey": prey, "region_tokens": tokens}


def pieces(game):
    out = {}
    for c in game.cells:
        ps = sorted(game.hexes[c].pieces, key=lambda p: (-TYPES.index(p[1]), COLOURS.index(p[0])))
        if ps:
            out[hex_name(c)] = [f"{colour} {kind}" for colour, kind in ps]
    return out


def state(game):
    return {
        "phase": game.phase,
        "turn": game.turn,
        "current": game.colours[game.current()],
        "actions_taken": 0,
        "first_player": game.colours[game.first],
        "draft_step": game.placed,
        "board": board(game),
        "pieces": pieces(game),
    }


# ---- the requests


def fields(req, allowed):
    for key in req:
        if key not in allowed and key not in ("cmd", "id"):
            raise RequestError("bad_request", f"unknown key '{key}'")


def new_game(req):
    fields(req, ("players", "seed", "ai", "data", "readings"))
    if "data" in req or "readings" in req:
        raise RequestError("unsupported", "the toy engine has no data overrides or readings")
    players, seed = req.get("players"), req.get("seed")
    if not isinstance(players, list) or not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
        raise RequestError("bad_request", "new_game needs players (a list of colours) and seed (an integer)")
    try:
        return ToyWolves(players, seed, req.get("ai"))
    except ValueError as e:
        raise RequestError("bad_request", str(e)) from None


def apply(game, req):
    fields(req, ("action",))
    action = req.get("action")
    if not isinstance(action, dict) or len(action) != 1:
        raise RequestError("bad_request", "an action is an object with one key")
    (kind, args), = action.items()
    try:
        if kind == "draft":
            if not isinstance(args, dict) or not isinstance(args.get("at"), str) or set(args) - {"at", "by"}:
                raise RequestError("bad_request", "draft: {at: HEX} (and by: COLOUR)")
            seat = game.current()
            if "by" in args:
                if args["by"] not in game.colours:
                    raise RequestError("bad_request", f"'{args['by']}' is not a player in this game")
                seat = game.colours.index(args["by"])
            game.place(seat, hex_cell(game, args["at"]))
        elif kind in ("move", "build_den", "upgrade", "howl", "dominate", "end_turn"):
            game.other_action()
        else:
            raise RequestError("bad_request", f"unknown action '{kind}'")
    except Refused as r:
        return {"verdict": "refused", "clause": CLAUSES[r.rule]}
    except NotImplementedError as e:
        raise RequestError("unsupported", str(e)) from None
    return {"verdict": "applied"}


def answer(session, line):
    """The response to one request line: (response, quit)."""
    try:
        req = json.loads(line)
    except ValueError:
        req = None
    if not isinstance(req, dict):
        return {"ok": False, "error": {"code": "bad_json", "message": "a request is a JSON object"}}, False
    head = {"id": req["id"]} if "id" in req else {}
    cmd = req.get("cmd")
    try:
        if cmd == "hello":
            body = {"protocol": 1, "engine": {"name": "toy", "version": "0.1"},
                    "capabilities": CAPABILITIES, "state_fields": STATE_FIELDS}
        elif cmd == "new_game":
            session["game"] = new_game(req)
            body = {}
        elif cmd in ("apply", "state"):
            if session.get("game") is None:
                raise RequestError("no_game", "no game: send new_game first")
            body = apply(session["game"], req) if cmd == "apply" else {"state": state(session["game"])}
        elif cmd in ("load", "legal", "scores"):
            raise RequestError("unsupported", f"the toy engine has no {cmd}")
        elif cmd == "quit":
            return {**head, "ok": True}, True
        else:
            raise RequestError("unknown_cmd", f"unknown cmd {cmd!r}")
    except RequestError as e:
        return {**head, "ok": False, "error": {"code": e.code, "message": e.message}}, False
    return {**head, "ok": True, **body}, False


def main():
    session = {}
    for line in sys.stdin:
        response, done = answer(session, line)
        sys.stdout.write(json.dumps(response) + "\n")
        sys.stdout.flush()  # one response per request, at once
        if done:
            break


if __name__ == "__main__":
    main()
