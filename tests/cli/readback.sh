#!/usr/bin/env bash
# tests/cli/readback.sh - helpers of hardening3-readback.test ("what the
# tool writes, it reads back"); `wolves` is the one on PATH.
#
#   readback.sh largest N   prints a scenario (JSON) of N actions that
#                           records as many events an action as a game can
#                           keep up: 5 players, each turn Moves of 8 Pack
#                           Wolves there and back (Pack Spread 8 by
#                           `data:`), ~57 events an action with checks
#   readback.sh overrides   every data field at its min and at its max
#                           (`wolves data --format json`), in three
#                           positions: a standard setup, a custom board,
#                           and a self-played game with the override
#                           (`play --data`).  Each must be refused by the
#                           data: loader, or load, run, and its output load
#                           again as `start:` and run to the same bytes;
#                           a self-played game may stop unfinished, never
#                           on a broken invariant.  Prints each failure,
#                           then one summary line.
set -uo pipefail
shopt -s nullglob

largest() {
  jq -n --argjson n "$1" '
    ["rocky", "grass", "tundra", "desert", "forest"] as $packs
    | ["R", "G", "T", "D", "F"] as $terrain
    | ["A", "B", "C", "D", "E", "F", "G", "H"] as $cols
    | {title: "the largest output: \($n) actions",
       board: {map: [range(10) as $r | [range(8) | $terrain[$r / 2 | floor] + "a"] | join(" ")]},
       players: ($packs | map({(.): {}}) | add),
       data: {"pack_spread.values": [8, 8, 8, 8, 8], "wolf_speed.values": [40, 40, 40, 40, 40]},
       pieces: ([range(5) as $i | $cols[] as $c | {"\($c)\(2 * $i + 1)": "\($packs[$i]) pack"}] | add),
       actions: [range($n) as $k | (($k / 3 | floor) % 5) as $i
         | if $k % 3 == 2 then {end_turn: null}
           else (if $k % 3 == 0 then [2 * $i + 1, 2 * $i + 2] else [2 * $i + 2, 2 * $i + 1] end) as [$from, $to]
             | {move: {wolves: [$cols[] | "pack \(.)\($from) \(.)\($to)"]}} end]}'
}

# The values of one field at one end of its range: dates must increase,
# slot 1 of a tile field is the Faction tile (255).
values() {
  jq -c --arg field "$1" --arg which "$2" '.[] | select(.name == $field)
    | (if $which == "min" then .min else .max end) as $v
    | [range(.length) as $i
       | if .kind == "dates" then (if $which == "min" then $v + $i else $v - .length + 1 + $i end)
         elif .kind == "terrain" and $i == 0 then 255 else $v end]' fields.json
}

# Runs scenario $1; its output must load as `start:` and run to the same
# bytes.  Prints what went wrong, if anything.
round_trip() {
  local scenario=$1 out
  out=$(wolves run "$scenario" 2>&1 >rt-a.json) || { echo "run: $out"; return; }
  printf 'start: rt-a.json\n' >rt-start.yaml
  out=$(wolves run rt-start.yaml 2>&1 >rt-b.json) || { echo "reload: $out"; return; }
  cmp -s rt-a.json rt-b.json || echo "reload: different bytes"
}

overrides() {
  local name end vals why cases=0 refused=0 failures=0 ctx games
  wolves data --format json >fields.json || return 2
  for name in $(jq -r '.[].name' fields.json); do
    for end in min max; do
      vals=$(values "$name" "$end")
      cases=$((cases + 1))
      printf '%s: %s\n' "$name" "$vals" >data.yaml
      printf 'setup: {seed: 3}\nplayers: {rocky: , grass: , tundra: }\ndata: {%s: %s}\n' \
        "$name" "$vals" >setup.yaml
      printf '%s\n' 'board:' '  map: |' '    Fa Ga Da Ta' '      Ra ~a Ga Fa' '    Ga Da Ra Ta' \
        'players: {rocky: {}, grass: {}}' 'pieces: {A1: [rocky alpha, rocky pack], D3: grass den}' \
        'actions: [move: {wolves: ["alpha A1 C1"]}, end_turn: ]' "data: {$name: $vals}" >custom.yaml
      # refused by the data: loader (the same for all three): a clear error there
      if ! why=$(wolves run setup.yaml 2>&1 >/dev/null) && [[ $why == *"data field '$name'"* ]]; then
        refused=$((refused + 1))
        continue
      fi
      rm -rf games && mkdir games
      wolves play --players 3 --seed 5 --max-actions 300 --data data.yaml --save games -q >play.out 2>&1
      if grep -v -e '^play: ' -e 'unfinished (limit 300 actions)' play.out | grep .; then
        echo "$name $end play: fails"
        failures=$((failures + 1))
      fi
      games=(games/*.yaml)
      ((${#games[@]} == 1)) || { echo "$name $end play: saved ${#games[@]} games" && failures=$((failures + 1)); }
      for ctx in setup.yaml custom.yaml "${games[@]}"; do
        why=$(round_trip "$ctx")
        [[ -z $why ]] || { echo "$name $end ${ctx%.yaml}: $why"; failures=$((failures + 1)); }
      done
    done
  done
  echo "overrides: $cases (every field at min and max), $refused refused by the data: loader," \
    "$((cases - refused)) load, run and load again ($failures failures)"
}

case ${1:-} in
largest) largest "${2:?readback.sh largest N}" ;;
overrides) overrides ;;
*)
  echo "usage: readback.sh largest N | overrides" >&2
  exit 2
  ;;
esac
