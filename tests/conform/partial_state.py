#!/usr/bin/env python3
"""A partial engine for the checker's tests: `wolves engine` behind a proxy
that declares only the parts of the state FIELDS names (comma-separated
paths, wolves-engine(5): state_fields) and gets the others wrong, and with
EDIT gets one declared part wrong too:
  partial_state.py FIELDS          every track VP one higher (undeclared)
  partial_state.py FIELDS tiles    also the first player's second tile
Only what is declared is compared: the VP never disagrees, a tile does."""

import json
import sys

from broken_proxy import Engine, requests, say

fields = sys.argv[1].split(",")
edit = sys.argv[2] if len(sys.argv) > 2 else None
engine = Engine()
for line, req in requests():
    response = json.loads(engine.ask(line))
    cmd = req.get("cmd") if req else None
    if cmd == "hello" and response.get("ok"):
        response["state_fields"] = fields
    if cmd == "state" and response.get("ok"):
        players = response["state"]["players"]
        for player in players.values():
            for track in player["track_vp"]:
                player["track_vp"][track] += 1
        if edit == "tiles":
            tiles = next(iter(players.values()))["tiles"]
            tiles[1] = "grass" if tiles[1] != "grass" else "rocky"
    say(json.dumps(response))
