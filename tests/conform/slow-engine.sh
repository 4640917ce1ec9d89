#!/bin/sh
# tests/conform/slow-engine.sh PIDFILE [FILE] - an engine for the checker's
# tests (tests/cli/hardening4-engine.test) that is slow to answer and slow
# to exit, so that only the checker can end it in time: it writes its
# process id to PIDFILE, answers the handshake as `wolves engine` does,
# then waits until FILE exists (without FILE, or at most 60 s, not at all
# soon) before it is `wolves engine` for the rest of its input, and after
# that it sleeps on.  Run it as `exec sh slow-engine.sh ...`, so that the
# process id it writes is the one the checker started.
echo $$ >"$1"
read -r hello
printf '%s\n' "$hello" | wolves engine
i=0
while [ "$i" -lt 1200 ] && ! { [ -n "${2:-}" ] && [ -e "$2" ]; }; do
  sleep 0.05
  i=$((i + 1))
done
wolves engine
exec sleep 60
