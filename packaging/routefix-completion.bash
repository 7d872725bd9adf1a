# bash completion for routefix. Subcommands, options and an option's values are read from the
# binary's own --help (CLI11's "Subcommands:" and "Options:" sections), so the completion
# follows whichever routefix is installed. Files and folders complete where nothing else does.

# The help of the command path "$@" (e.g. `anycast optimize`).
_routefix_help() { "$_routefix_bin" "$@" --help 2>/dev/null; }

_routefix_subcommands() {
  awk '/^Subcommands:/ {s = 1; next} s && /^  [a-z]/ {print $1} s && /^$/ {s = 0}'
}

# Option names at the start of each line of the Options section ("  -h,--help", "  --out TEXT").
_routefix_options() {
  awk '/^Options:/ {s = 1; next} /^[A-Z][a-z]*:/ {s = 0} s && /^  +-/ {
         n = split($1, names, ","); for (i = 1; i <= n; i++) print names[i] }'
}

# The values an option takes, when its help names them: CLI11's {a,b} set, or "a|b|c" / "a | b".
_routefix_values() {
  awk -v opt="$1" '/^  +-/ { n = split($1, names, ","); found = 0
         for (i = 1; i <= n; i++) if (names[i] == opt) found = 1
         if (!found) next
         if (match($0, /\{[^}]*\}/)) { v = substr($0, RSTART + 1, RLENGTH - 2); gsub(",", " ", v); print v; exit }
         if (match($0, /[a-z0-9-]+( ?\| ?[a-z0-9-]+)+/)) { v = substr($0, RSTART, RLENGTH); gsub(/ ?\| ?/, " ", v); print v; exit }
       }'
}

_routefix() {
  local _routefix_bin=${COMP_WORDS[0]}
  local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]}
  local help path=() i word
  help=$(_routefix_help)
  # Walk the words before the cursor: a word naming a subcommand of the path so far extends it.
  for ((i = 1; i < COMP_CWORD; i++)); do
    word=${COMP_WORDS[i]}
    if [[ $word != -* ]] && _routefix_subcommands <<< "$help" | grep -qx -- "$word"; then
      path+=("$word")
      help=$(_routefix_help "${path[@]}")
    fi
  done
  COMPREPLY=()
  if [[ $prev == -* ]]; then
    local values
    values=$(_routefix_values "$prev" <<< "$help")
    if [[ -n $values ]]; then
      mapfile -t COMPREPLY < <(compgen -W "$values" -- "$cur")
      return
    fi
  fi
  if [[ $cur == -* ]]; then
    mapfile -t COMPREPLY < <(compgen -W "$(_routefix_options <<< "$help")" -- "$cur")
  else
    mapfile -t COMPREPLY < <(compgen -W "$(_routefix_subcommands <<< "$help")" -- "$cur")
  fi
  # Otherwise readline completes file names (complete -o default).
}
complete -o default -F _routefix routefix
