// Environment variables that change how programs load code, find executables or decide whom to
// trust. Whoever can write an environment's secrets (or answer as its server) could otherwise turn
// `coffer run` into code execution on every machine that runs it: NODE_OPTIONS=--import=data:…
// runs JavaScript in any node child, LD_PRELOAD loads a library into any dynamic executable.
// `coffer run` injects these only when each is named with --allow-env; `coffer export` warns.
// Names compare case-insensitively: Windows treats `Path` as PATH, and some tools read either.

/** Exact names (upper case). */
const NAMES = new Set([
  // Where executables and libraries are found.
  "PATH",
  "GCONV_PATH", // glibc loads conversion modules from it
  "GLIBC_TUNABLES",
  // Node.js
  "NODE_OPTIONS",
  "NODE_PATH",
  // Shells: files sourced, code run at start or at each prompt, how words split.
  "BASH_ENV",
  "ENV",
  "SHELLOPTS",
  "BASHOPTS",
  "PS4",
  "PROMPT_COMMAND",
  "IFS",
  "ZDOTDIR",
  // Python
  "PYTHONSTARTUP",
  "PYTHONPATH",
  "PYTHONHOME",
  "PYTHONINSPECT",
  "PYTHONUSERBASE",
  "PYTHONWARNINGS", // a warning filter names a category by import path: it imports it
  "PYTHONBREAKPOINT", // imported and called by breakpoint()
  // Perl, Ruby, PHP
  "PERL5OPT",
  "PERL5LIB",
  "PERLLIB",
  "RUBYOPT",
  "RUBYLIB",
  "PHPRC",
  "PHP_INI_SCAN_DIR", // an ini can auto_prepend_file
  // The JVM: -javaagent loads code; the launch scripts of Java tools pass these on.
  "JAVA_TOOL_OPTIONS",
  "_JAVA_OPTIONS",
  "JDK_JAVA_OPTIONS",
  "JAVA_OPTS",
  "MAVEN_OPTS",
  "GRADLE_OPTS",
  "CLASSPATH",
  // .NET loads these assemblies into every process.
  "DOTNET_STARTUP_HOOKS",
  "COR_PROFILER_PATH",
  // Go: -toolexec runs a program around every compiler step.
  "GOFLAGS",
  // OpenSSL reads a config that can load engines and providers (shared libraries); node, curl,
  // python and git use it.
  "OPENSSL_CONF",
  "OPENSSL_ENGINES",
  "OPENSSL_MODULES",
  // Whom TLS trusts: a CA of the writer's choosing reads (and changes) the child's traffic.
  "NODE_EXTRA_CA_CERTS",
  "NODE_TLS_REJECT_UNAUTHORIZED",
  "SSL_CERT_FILE",
  "SSL_CERT_DIR",
  "CURL_CA_BUNDLE",
  "REQUESTS_CA_BUNDLE",
  "PYTHONHTTPSVERIFY",
  // Programs that commands run on the user's behalf.
  "EDITOR",
  "VISUAL",
  "PAGER",
  "MANPAGER",
  "LESSOPEN", // less runs it as an input preprocessor
  "LESSCLOSE",
  "BROWSER",
  "SHELL",
  "SSH_ASKPASS",
  "SUDO_ASKPASS",
  // Yarn (berry) runs the JavaScript file yarnPath names, from its rc file or these.
  "YARN_YARN_PATH",
  "YARN_RC_FILENAME",
]);

/** Families (upper-case prefixes). */
const PREFIXES = [
  "LD_", // LD_PRELOAD, LD_LIBRARY_PATH, LD_AUDIT… (the dynamic loader)
  "DYLD_", // macOS's dynamic loader
  "BASH_FUNC_", // exported bash functions: BASH_FUNC_ls%% overrides `ls` in every bash child
  "LUA_INIT", // LUA_INIT, LUA_INIT_5_4: code run at start
  "LUA_PATH", // and where require() loads modules from (LUA_CPATH: native ones)
  "LUA_CPATH",
  "GIT_", // GIT_SSH_COMMAND, GIT_EXEC_PATH, GIT_CONFIG_PARAMETERS, GIT_CONFIG_KEY_n (core.fsmonitor
  // runs a command on `git status`), GIT_TEMPLATE_DIR (hooks), GIT_ASKPASS, GIT_PAGER…
  "NPM_CONFIG_", // npm and pnpm read their config here: script-shell, node-options, userconfig…
  "CORECLR_PROFILER", // .NET profiler libraries
];

// Left out on purpose: HOME (and XDG_*: they decide which dotfiles load, but moving them is what
// sandboxes and tests do), proxies (HTTP_PROXY: redirect traffic, load no code, and are often
// legitimately kept as secrets), compilers (CC, CXX: only builds read them).

export function changesHowCodeLoads(name: string): boolean {
  const upper = name.toUpperCase();
  return NAMES.has(upper) || PREFIXES.some((prefix) => upper.startsWith(prefix));
}

/** The keys among `names` that change how code loads and are not allowed by exact name. */
export function refusedVariables(
  names: Iterable<string>,
  allowed: ReadonlySet<string> = new Set(),
): string[] {
  return [...names].filter((name) => changesHowCodeLoads(name) && !allowed.has(name));
}
