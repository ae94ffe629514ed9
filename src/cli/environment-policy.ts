// Which secrets may become variables of a command on this machine. Whoever can write an
// environment's secrets must not gain code execution where `coffer run` runs: MAKEFLAGS runs
// `$(shell …)` in every make, TAR_OPTIONS a checkpoint command in every tar, CC whatever a build
// calls its compiler. A list of such names is never complete, so two rules decide instead, and a
// secret either rule holds is kept back (the command runs without it) unless named on the command
// line with --allow-env:
// - a name already set here keeps this machine's value: a secret never silently replaces PATH,
//   HOME, SHELL, MAKEFLAGS… or whatever else this machine (or CI job) sets;
// - a name shaped like what tools read as options, code, programs to run or places to look
//   (…FLAGS, …_OPTIONS, …PATH, …RC, …CONFIG…, whole tool families such as CARGO_, PIP_, GIT_),
//   erring on the side of keeping back: the user can always let one through.
// Names compare case-insensitively: Windows treats `Path` as PATH, and some tools read either.

/** Names in a tool family that are application settings by convention, not the tool's own. */
const APPLICATION_SETTINGS = new Set(["NODE_ENV", "NODE_AUTH_TOKEN", "MIX_ENV"]);

/** Whole names with no telling shape. */
const NAMES = new Set([
  // Compilers and build tools that make, configure, cargo and pip run by these names.
  "CC",
  "CXX",
  "CPP",
  "LD",
  "AR",
  "AS",
  "NM",
  "RANLIB",
  "STRIP",
  "OBJCOPY",
  "OBJDUMP",
  "FC",
  "F77",
  "YACC",
  "LEX",
  "M4",
  // Archivers and compressors that take options from a variable of their own name.
  "GZIP",
  "BZIP",
  "BZIP2",
  "XZ_DEFAULTS",
  "ZIP",
  "UNZIP",
  "LZOP",
  // Programs that commands start on the user's behalf.
  "VISUAL",
  "MORE",
  "FCEDIT",
  "TEXEDIT",
  "COMSPEC", // Windows' shell
  "PATHEXT",
  // Shells: a file sourced at start (ENV), prompts that expand commands, how words split.
  "ENV",
  "IFS",
  "PS1",
  "PS2",
  "PS3",
  "PS4",
  "ZDOTDIR",
  "POSIXLY_CORRECT",
  // Where temporary files go, how host names resolve, which agent, display or daemon answers.
  "TMPDIR",
  "TMP",
  "TEMP",
  "TEMPDIR",
  "HOSTALIASES",
  "LOCALDOMAIN",
  "SSH_AUTH_SOCK",
  "DISPLAY",
  "DOCKER_HOST",
  "DOCKER_CONTEXT",
]);

/** Tool families: every name that starts so is the tool's own setting. */
const FAMILIES = [
  // The dynamic loader and the C library (LD_PRELOAD, DYLD_INSERT_LIBRARIES, GCONV_PATH…).
  "LD_",
  "DYLD_",
  "GLIBC_",
  "GCONV_",
  "MALLOC_",
  // Shells and the desktop: BASH_ENV, BASH_FUNC_ls%% (an exported function), XDG_CONFIG_HOME…
  "BASH_",
  "XDG_",
  "DBUS_",
  "TERMINFO",
  // Version control: GIT_SSH_COMMAND, GIT_CONFIG_PARAMETERS, GIT_PAGER, GIT_EXEC_PATH…
  "GIT_",
  // JavaScript: node (NODE_OPTIONS, NODE_REPL_EXTERNAL_MODULE…), npm and pnpm (npm_config_*),
  // yarn (YARN_YARN_PATH), corepack (which package manager it downloads and runs), bun, deno,
  // Electron (ELECTRON_RUN_AS_NODE turns any Electron app into node).
  "NODE_",
  "NPM_CONFIG_",
  "YARN_",
  "COREPACK_",
  "PNPM_",
  "BUN_",
  "DENO_",
  "ELECTRON_",
  // Python (PYTHONPATH, PYTHONSTARTUP…), its installers and environments.
  "PYTHON",
  "PIP_",
  "PIPENV_",
  "POETRY_",
  "UV_",
  "CONDA",
  "PYENV_",
  "VIRTUAL_ENV",
  // Perl, Ruby, PHP, Lua, R: options, library paths, files run at start.
  "PERL",
  "RUBY",
  "GEM_",
  "BUNDLE_", // BUNDLE_GEMFILE names Ruby code bundler evaluates
  "BUNDLER_",
  "RBENV_",
  "PHP",
  "COMPOSER_",
  "LUA_",
  "R_", // R_PROFILE_USER, R_ENVIRON_USER: code run at start
  // The JVM and its build tools (-javaagent loads code), .NET (startup hooks, profilers).
  "JAVA",
  "_JAVA_",
  "JDK_",
  "MAVEN_",
  "GRADLE_",
  "SBT_",
  "ANT_",
  "DOTNET_",
  "CORECLR_",
  "COR_",
  "COMPLUS_",
  "NUGET_",
  "MSBUILD",
  // Rust (RUSTC_WRAPPER, CARGO_BUILD_RUSTC_WRAPPER, CARGO_TARGET_…_RUNNER), C builds.
  "CARGO_",
  "RUSTC",
  "RUSTDOC",
  "RUSTUP_",
  "CGO_",
  "CMAKE_",
  "CCACHE_",
  "DISTCC_",
  // Erlang and Elixir (ERL_AFLAGS: -eval at every start).
  "ERL_",
  "ELIXIR_",
  "MIX_",
  "HEX_",
  "REBAR",
  // TLS: which configuration, engines and certificates are trusted (SSL_CERT_FILE, SSLKEYLOGFILE).
  "OPENSSL_",
  "SSL",
  "ANSIBLE_",
  // GitHub Actions' runner: ACTIONS_ALLOW_UNSECURE_COMMANDS turns `::set-env::` back on for the
  // job's later steps (any line of their logs could set a variable); INPUT_* are what a later
  // action reads as its inputs.
  "ACTIONS_",
  "INPUT_",
];

/** Families whose every member is a single word: GOFLAGS, GOTOOLCHAIN, MAKEFILES, LESSOPEN, VIMINIT, HGRCPATH. */
const SINGLE_WORD_FAMILY = /^(GO|MAKE|LESS|G?VIM|HG)[A-Z0-9]*$/;

/** Endings of what tools read as options, programs, places to look or configuration. */
const ENDINGS = [
  "FLAGS",
  "OPT",
  "OPTS",
  "OPTIONS",
  "ARGS",
  "INIT",
  "PAGER",
  "EDITOR",
  "BROWSER",
  "WRAPPER",
  "LAUNCHER",
  "RUNNER",
  "PATH",
  "HOME",
  "ROOT",
  "CONF",
  "CFG",
  "COMMAND",
  "CMD",
  "SHELL",
  "PROXY",
  "VERIFY",
  "CA_BUNDLE",
  "CA_CERTS",
  "CAINFO",
  "CAFILE",
  "LIB",
  "LIBS",
  "DIFF", // KUBECTL_EXTERNAL_DIFF: the program `kubectl diff` runs
  "RSH", // RSYNC_RSH, CVS_RSH: the remote shell run
  "PROG", // RSYNC_CONNECT_PROG
  "HISTFILE", // where an interactive shell writes its history: any file (~/.bashrc)
  "HISTORY",
];

/** Whole words (between underscores) that say the same wherever they stand. */
const WORDS = new Set([
  "FLAGS",
  "OPTIONS",
  "OPTS",
  "ARGS",
  "PATH",
  "HOOK",
  "HOOKS",
  "PLUGIN",
  "PLUGINS",
  "EXEC",
  "EXECUTABLE",
  "EXECUTABLES",
  "INTERPRETER",
  "PROGRAM",
  "COMPILER",
  "TOOLCHAIN",
  "BIN",
  "INI",
]);

/** Parts that say it wherever they stand, even inside a word (KUBECONFIG, LD_PRELOAD, SUDO_ASKPASS). */
const PARTS = ["CONFIG", "PRELOAD", "ASKPASS", "STARTUP"];

/** Whether tools read a variable of this name as options, code, a program to run or a place to look. */
export function readByTools(name: string): boolean {
  const upper = name.toUpperCase();
  if (APPLICATION_SETTINGS.has(upper)) return false;
  return (
    NAMES.has(upper) ||
    upper.startsWith("_") ||
    FAMILIES.some((family) => upper.startsWith(family)) ||
    SINGLE_WORD_FAMILY.test(upper) ||
    ENDINGS.some((ending) => upper.endsWith(ending)) ||
    // …RC is a file read at start (WGETRC, INPUTRC, MYVIMRC), but …SRC is a source (IMAGE_SRC).
    (upper.endsWith("RC") && !upper.endsWith("SRC")) ||
    upper.split("_").some((word) => WORDS.has(word)) ||
    PARTS.some((part) => upper.includes(part))
  );
}

/** A secret that does not reach the command, and why. */
export interface KeptBack {
  key: string;
  /** Set here to another value: the command keeps this machine's. */
  setHere: boolean;
  readByTools: boolean;
}

/** The values the command gets, and those it does not. */
export interface Sorted {
  passed: Record<string, string>;
  kept: KeptBack[];
}

/**
 * Sorts `values` for the environment of a command started here (`here`: this process's, which the
 * command inherits). A name set here to the same value changes nothing and passes, whatever its
 * shape; `allowed` are the exact names given with --allow-env.
 */
export function sortForEnvironment(
  values: Record<string, string>,
  allowed: ReadonlySet<string>,
  here: NodeJS.ProcessEnv = process.env,
): Sorted {
  const setHere = new Map<string, string | undefined>();
  for (const [name, value] of Object.entries(here)) setHere.set(name.toUpperCase(), value);
  const passed: Record<string, string> = {};
  const kept: KeptBack[] = [];
  for (const [key, value] of Object.entries(values)) {
    const upper = key.toUpperCase();
    const current = Object.hasOwn(here, key) ? here[key] : setHere.get(upper);
    // Set here to this very value: passing it on changes nothing, whatever its name.
    const unchanged = setHere.has(upper) && current === value;
    const why = { setHere: setHere.has(upper) && !unchanged, readByTools: !unchanged && readByTools(key) };
    if (allowed.has(key) || (!why.setHere && !why.readByTools)) passed[key] = value;
    else kept.push({ key, ...why });
  }
  return { passed, kept };
}

/**
 * The --allow-env option (commander's flags, description, parser, default): exact names,
 * repeatable or comma-separated. It exists on the command line only — no project file or variable
 * sets it, since a repository could carry one.
 */
export const allowEnvOption = (what: string) =>
  [
    "--allow-env <names>",
    `${what} these secrets although they are set here already or read by tools as options or code ` +
      "(MAKEFLAGS, NODE_OPTIONS, PATH…): exact names, repeatable or comma-separated",
    (value: string, previous: string[]) => [
      ...previous,
      ...value
        .split(",")
        .map((name) => name.trim())
        .filter(Boolean),
    ],
    [] as string[],
  ] as const;
