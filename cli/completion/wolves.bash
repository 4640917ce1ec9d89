# bash completion for wolves(1): commands, each command's options (read
# from `wolves COMMAND --help`, so they never fall out of step), the values
# of --format, --color, --moves and --edition, clause IDs and areas for `wolves clauses` (and
# CLAUSE=NAME for `wolves conform --reading`), data
# field names and groups for `wolves data`, and
# scenario files (*.yaml, *.yml) and directories for the rest.
# Installed by `make install` as $(DATADIR)/bash-completion/completions/wolves.

# The commands `wolves --help` lists.
_wolves_commands() { "$1" --help 2>/dev/null | sed -n 's/^  \([a-z][a-z]*\) .*/\1/p'; }

_wolves() {
  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]} wolves=${COMP_WORDS[0]} cmd words f
  COMPREPLY=()
  if ((COMP_CWORD == 1)); then
    words="$(_wolves_commands "$wolves") help --help --version"
    mapfile -t COMPREPLY < <(compgen -W "$words" -- "$cur")
    return
  fi
  cmd=${COMP_WORDS[1]}
  if [[ $cmd == help ]]; then
    ((COMP_CWORD == 2)) && mapfile -t COMPREPLY < <(compgen -W "$(_wolves_commands "$wolves")" -- "$cur")
    return
  fi
  case $prev in
  --format)
    # the values the command's usage line gives: "--format text|json|jsonl"
    words=$("$wolves" "$cmd" --help 2>/dev/null | grep -o -e '--format [a-z|]*' | head -n 1 | cut -d' ' -f2 | tr '|' ' ')
    mapfile -t COMPREPLY < <(compgen -W "$words" -- "$cur")
    return
    ;;
  --color)
    mapfile -t COMPREPLY < <(compgen -W "auto always never" -- "$cur")
    return
    ;;
  --moves)
    mapfile -t COMPREPLY < <(compgen -W "wolf all" -- "$cur")
    return
    ;;
  --edition) # the edition profiles (wolves clauses --edition NAME)
    mapfile -t COMPREPLY < <(compgen -W "wolves en pl ru uk summary" -- "$cur")
    return
    ;;
  --capabilities) # engine: a comma-separated list; the word after the last comma
    words="new_game load legal clauses events state scores data readings judge chooses"
    mapfile -t COMPREPLY < <(compgen -P "${cur%"${cur##*,}"}" -W "$words" -- "${cur##*,}")
    return
    ;;
  --engine) # conform: a command line, its first word a command
    mapfile -t COMPREPLY < <(compgen -c -- "$cur")
    return
    ;;
  --reading) # conform: CLAUSE=NAME; first a clause ID and the '='
    words=$("$wolves" clauses 2>/dev/null | cut -d' ' -f1)
    mapfile -t COMPREPLY < <(compgen -S = -W "$words" -- "$cur")
    compopt -o nospace 2>/dev/null
    return
    ;;
  =) # (bash splits words at '='): the names of the clause's readings
    if ((COMP_CWORD >= 3)) && [[ ${COMP_WORDS[COMP_CWORD - 3]} == --reading ]]; then
      words=$("$wolves" clauses "${COMP_WORDS[COMP_CWORD - 2]}" 2>/dev/null | sed -n 's/^    \([a-z][a-z-]*\)\( (default)\)\{0,1\}$/\1/p')
      mapfile -t COMPREPLY < <(compgen -W "$words" -- "$cur")
      return
    fi
    ;;
  --save | --out)
    mapfile -t COMPREPLY < <(compgen -d -- "$cur")
    return
    ;;
  --junit | --html | --events | --svg | --output | -o)
    mapfile -t COMPREPLY < <(compgen -f -- "$cur")
    return
    ;;
  --jobs | -j | --players | --seed | --games | --max-actions | --after | --depth | --action | --shard | -e | --timeout | --search | --state-fields)
    return
    ;;
  esac
  if [[ $cur == -* ]]; then
    words=$("$wolves" "$cmd" --help 2>/dev/null | grep -o -e '--[a-z][a-z-]*' -e '^ *-[a-zA-Z][ ,]' | tr -d ' ,' | sort -u)
    mapfile -t COMPREPLY < <(compgen -W "$words --help" -- "$cur")
    return
  fi
  [[ $cmd == engine ]] && return # (no operands: requests come on standard input)
  if [[ $cmd == data ]]; then # field names and their groups
    words=$("$wolves" data 2>/dev/null | sed -n 's/^\([a-z][a-z_.]*\) .*/\1/p')
    words="$words $(printf '%s\n' "$words" | sed 's/\..*//' | sort -u)"
    mapfile -t COMPREPLY < <(compgen -W "$words" -- "$cur")
    return
  fi
  if [[ $cmd == clauses ]]; then
    words=$("$wolves" clauses 2>/dev/null | cut -d' ' -f1)
    words="$words $(printf '%s\n' "$words" | sed 's/\..*//' | sort -u)"
    mapfile -t COMPREPLY < <(compgen -W "$words" -- "$cur")
    return
  fi
  while IFS= read -r f; do
    [[ -d $f || $f == *.yaml || $f == *.yml ]] && COMPREPLY+=("$f")
  done < <(compgen -f -- "$cur")
}
complete -o filenames -F _wolves wolves
