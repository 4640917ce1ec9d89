# Loads the zsh completion of wolves with compadd, _files, _directories and _values
# stubbed to print what they are given, one word a line (tests/cli/zsh.tests).
# t WORD... completes the last WORD of the command line WORD...
compadd() {
  [[ $1 == -- ]] && shift
  print -rl -- "$@"
}
_files() { print -r -- "_files $*"; }
_directories() { print -r -- "_directories"; }
_values() { print -r -- "_values $*"; }
source <(sed '$d' "$ROOT/cli/completion/_wolves")
t() {
  words=("$@")
  CURRENT=$#
  PREFIX=${words[CURRENT]}
  _wolves
}
