// `coffer completion bash|zsh|fish`: a completion script for the shell, written from the commander
// program itself (its commands, subcommands, options and their choices), so that it cannot drift
// from the CLI. Everything it offers is in the script: completing runs no coffer and sends nothing.
import { Argument, type Command, type Help } from "commander";

/** What may follow the words of one command path ("" is `coffer` itself, then "secrets list"…). */
interface Spec {
  path: string;
  commands: Word[];
  options: Word[];
  /** The flags that take the next word as their value (`--format json`). */
  valued: string[];
  /** Values to offer: per flag, and under "" for the command's first argument. */
  choices: Map<string, string[]>;
}

interface Word {
  word: string;
  description: string;
}

export const SHELLS = ["bash", "zsh", "fish"] as const;
export type Shell = (typeof SHELLS)[number];

function optionsOf(help: Help, command: Command): Pick<Spec, "options" | "valued" | "choices"> {
  const options: Word[] = [];
  const valued: string[] = [];
  const choices = new Map<string, string[]>();
  for (const option of help.visibleOptions(command)) {
    const flags = [option.short, option.long].filter((f): f is string => Boolean(f));
    for (const flag of flags) {
      options.push({ word: flag, description: option.description });
      // An optional value ([SECONDS]) is taken only when given: the next word may be anything.
      if (option.required) valued.push(flag);
      if (option.argChoices) choices.set(flag, option.argChoices);
    }
  }
  return { options, valued, choices };
}

/** Every command path of the program, depth first, with the root's options offered everywhere. */
export function specsOf(program: Command): Spec[] {
  const help = program.createHelp();
  const global = optionsOf(help, program);
  const specs: Spec[] = [];
  const visit = (command: Command, path: string) => {
    const own = command === program ? global : optionsOf(help, command);
    const seen = new Set(own.options.map((o) => o.word));
    const inherited = global.options.filter((o) => !seen.has(o.word));
    const choices = new Map([...global.choices, ...own.choices]);
    const first = command.registeredArguments[0];
    if (first?.argChoices) choices.set("", first.argChoices);
    const subcommands = help.visibleCommands(command);
    const commands = subcommands.map((c) => ({ word: c.name(), description: help.subcommandDescription(c) }));
    specs.push({
      path,
      commands,
      options: [...own.options, ...inherited],
      valued: [...new Set([...own.valued, ...global.valued])],
      choices,
    });
    // `coffer help secrets`, `coffer secrets help list`: the implicit help command names a sibling.
    if (subcommands.some((c) => c.name() === "help" && !command.commands.includes(c)))
      specs.push({
        path: path ? `${path} help` : "help",
        commands: commands.filter((c) => c.word !== "help"),
        options: global.options,
        valued: global.valued,
        choices: global.choices,
      });
    for (const sub of command.commands) visit(sub, path ? `${path} ${sub.name()}` : sub.name());
  };
  visit(program, "");
  return specs;
}

/** A word in single quotes for bash, zsh and fish alike (no word or description holds a newline). */
const quote = (text: string) => `'${text.replace(/'/g, `'\\''`)}'`;
const fishQuote = (text: string) => `'${text.replace(/\\/g, "\\\\").replace(/'/g, "\\'")}'`;
const words = (list: Word[]) => list.map((w) => quote(w.word)).join(" ");
/** "word  -- what it does", the way zsh's own completions list them. */
const described = (list: Word[]) => list.map((w) => quote(`${w.word}  -- ${w.description}`)).join(" ");
/** The choices keyed by "path flag" (a flag's values) or "path" (the first argument's). */
const choiceCases = (specs: Spec[]) =>
  specs.flatMap((s) =>
    [...s.choices].map(([flag, values]) => [[s.path, flag].filter(Boolean).join(" "), values] as const),
  );

function bashScript(specs: Spec[]): string {
  const spec = specs
    .map(
      (s) =>
        `    ${quote(s.path)}) commands=(${words(s.commands)}); options=(${words(s.options)}); valued=(${s.valued.map(quote).join(" ")}) ;;`,
    )
    .join("\n");
  const choices = choiceCases(specs)
    .map(([key, values]) => `    ${quote(key)}) values=(${values.map(quote).join(" ")}) ;;`)
    .join("\n");
  return `# bash completion for coffer, written by \`coffer completion bash\` from the CLI's own commands
# (write it again after upgrading coffer). Install: docs/cli.md, "Shell completion".

# Sets commands, options and valued (the options that take a value) for a command path.
_coffer_spec() {
  commands=() options=() valued=()
  case "$1" in
${spec}
  esac
}

# Sets values for "path --flag" (the flag's choices) or "path" (the first argument's); fails if none.
_coffer_choices() {
  values=()
  case "$1" in
${choices}
    *) return 1 ;;
  esac
}

_coffer_has() {
  local word="$1" candidate
  shift
  for candidate in "$@"; do [ "$candidate" = "$word" ] && return 0; done
  return 1
}

_coffer() {
  local cur="\${COMP_WORDS[COMP_CWORD]}" prev="\${COMP_WORDS[COMP_CWORD-1]}" command_path="" word option i=1
  local -a commands options valued values
  COMPREPLY=()
  # The command path so far; the value of an option is no command name.
  while [ "$i" -lt "$COMP_CWORD" ]; do
    word="\${COMP_WORDS[i]}"
    _coffer_spec "$command_path"
    case "$word" in
      --) return 0 ;; # the words of the command coffer runs: the shell's own completion
      -*) _coffer_has "$word" "\${valued[@]}" && i=$((i + 1)) ;;
      *) _coffer_has "$word" "\${commands[@]}" && command_path="\${command_path:+$command_path }$word" ;;
    esac
    i=$((i + 1))
  done
  _coffer_spec "$command_path"
  # bash splits --flag=value at the "=".
  if [ "$cur" = "=" ]; then
    option="$prev" cur=""
  elif [ "$prev" = "=" ]; then
    option="\${COMP_WORDS[COMP_CWORD-2]}"
  else
    option="$prev"
  fi
  if _coffer_has "$option" "\${valued[@]}"; then
    _coffer_choices "$command_path $option" && COMPREPLY=($(compgen -W "\${values[*]}" -- "$cur"))
    return 0
  fi
  if [[ "$cur" == -* ]]; then
    COMPREPLY=($(compgen -W "\${options[*]}" -- "$cur"))
  elif [ "\${#commands[@]}" -gt 0 ]; then
    COMPREPLY=($(compgen -W "\${commands[*]}" -- "$cur"))
  elif _coffer_choices "$command_path"; then
    COMPREPLY=($(compgen -W "\${values[*]}" -- "$cur"))
  fi
}

# -o default: file names where coffer offers nothing (a file to import, the command after --).
complete -o default -F _coffer coffer
`;
}

function zshScript(specs: Spec[]): string {
  const spec = specs
    .map((s) =>
      [
        `    ${quote(s.path)})`,
        `      commands=(${words(s.commands)})`,
        `      command_help=(${described(s.commands)})`,
        `      options=(${words(s.options)})`,
        `      option_help=(${described(s.options)})`,
        `      valued=(${s.valued.map(quote).join(" ")}) ;;`,
      ].join("\n"),
    )
    .join("\n");
  const choices = choiceCases(specs)
    .map(([key, values]) => `    ${quote(key)}) values=(${values.map(quote).join(" ")}) ;;`)
    .join("\n");
  return `#compdef coffer
# zsh completion for coffer, written by \`coffer completion zsh\` from the CLI's own commands
# (write it again after upgrading coffer). Install: docs/cli.md, "Shell completion".

_coffer_spec() {
  commands=() command_help=() options=() option_help=() valued=()
  case "$1" in
${spec}
  esac
}

_coffer_choices() {
  values=()
  case "$1" in
${choices}
    *) return 1 ;;
  esac
}

_coffer() {
  local cur=\${words[CURRENT]} command_path='' word option
  local -a commands command_help options option_help valued values
  local -i i=2
  # The command path so far; the value of an option is no command name.
  while (( i < CURRENT )); do
    word=\${words[i]}
    _coffer_spec "$command_path"
    case $word in
      --) (( $+functions[_normal] )) && { shift $(( i )) words; (( CURRENT -= i )); _normal }; return ;;
      -*) (( \${valued[(Ie)$word]} )) && (( i++ )) ;;
      *) (( \${commands[(Ie)$word]} )) && command_path=\${command_path:+$command_path }$word ;;
    esac
    (( i++ ))
  done
  _coffer_spec "$command_path"
  if [[ $cur == -*=* ]]; then
    option=\${cur%%=*}
    _coffer_choices "$command_path $option" && compadd -P "$option=" -- $values
    return
  fi
  option=\${words[CURRENT-1]}
  if (( \${valued[(Ie)$option]} )); then
    _coffer_choices "$command_path $option" && compadd -- $values
    return
  fi
  if [[ $cur == -* ]]; then
    compadd -l -d option_help -- $options
  elif (( $#commands )); then
    compadd -l -d command_help -- $commands
  elif _coffer_choices "$command_path"; then
    compadd -- $values
  elif (( $+functions[_files] )); then
    _files
  fi
}

if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
  _coffer "$@"
elif (( $+functions[compdef] )); then
  compdef _coffer coffer
fi
`;
}

function fishScript(specs: Spec[]): string {
  const lines = (list: Word[]) => list.map((w) => fishQuote(`${w.word}\t${w.description}`)).join(" ");
  const spec = specs
    .map((s) =>
      [
        `        case ${fishQuote(s.path)}`,
        `            set -g __coffer_commands ${lines(s.commands)}`,
        `            set -g __coffer_options ${lines(s.options)}`,
        `            set -g __coffer_valued ${s.valued.map(fishQuote).join(" ")}`,
      ].join("\n"),
    )
    .join("\n");
  const choices = choiceCases(specs)
    .map(
      ([key, values]) =>
        `        case ${fishQuote(key)}\n            set -g __coffer_values ${values.map(fishQuote).join(" ")}`,
    )
    .join("\n");
  return `# fish completion for coffer, written by \`coffer completion fish\` from the CLI's own commands
# (write it again after upgrading coffer). Install: docs/cli.md, "Shell completion".

# Sets __coffer_commands and __coffer_options ("word<TAB>description") and __coffer_valued (the
# options that take a value) for a command path.
function __coffer_spec
    set -g __coffer_commands
    set -g __coffer_options
    set -g __coffer_valued
    switch $argv[1]
${spec}
    end
end

# Sets __coffer_values for "path --flag" or "path" (the first argument); fails if there are none.
function __coffer_choices
    set -g __coffer_values
    switch $argv[1]
${choices}
        case '*'
            return 1
    end
    return 0
end

function __coffer_words
    string split -f1 \\t -- $argv
end

function __coffer_complete
    set -l tokens (commandline -opc)
    set -l cur (commandline -ct)
    set -l command_path ''
    set -l i 2
    # The command path so far; the value of an option is no command name.
    while test $i -le (count $tokens)
        set -l word $tokens[$i]
        __coffer_spec $command_path
        if test "$word" = --
            __fish_complete_subcommand --fcs-skip=$i
            return
        else if string match -q -- '-*' $word
            contains -- $word $__coffer_valued; and set i (math $i + 1)
        else if contains -- $word (__coffer_words $__coffer_commands)
            set command_path (string trim -- "$command_path $word")
        end
        set i (math $i + 1)
    end
    __coffer_spec $command_path
    if string match -q -- '-*=*' $cur
        set -l option (string split -m1 = -- $cur)[1]
        __coffer_choices "$command_path $option"; and printf '%s\\n' $option=$__coffer_values
        return
    end
    if test (count $tokens) -gt 1; and contains -- $tokens[-1] $__coffer_valued
        __coffer_choices "$command_path $tokens[-1]"; and printf '%s\\n' $__coffer_values
        return
    end
    if string match -q -- '-*' $cur
        printf '%s\\n' $__coffer_options
    else if set -q __coffer_commands[1]
        printf '%s\\n' $__coffer_commands
    else if __coffer_choices "$command_path"
        printf '%s\\n' $__coffer_values
    else
        __fish_complete_path $cur
    end
end

complete -c coffer -f -a '(__coffer_complete)'
`;
}

export function completionScript(program: Command, shell: Shell): string {
  const specs = specsOf(program);
  return shell === "bash" ? bashScript(specs) : shell === "zsh" ? zshScript(specs) : fishScript(specs);
}

export function registerCompletionCommand(program: Command): void {
  program
    .command("completion")
    .description("print the completion script for bash, zsh or fish (install: docs/cli.md)")
    .addArgument(new Argument("<shell>", "the shell").choices(SHELLS))
    .action((shell: Shell) => {
      process.stdout.write(completionScript(program, shell));
    });
}
