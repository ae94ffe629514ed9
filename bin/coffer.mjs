#!/usr/bin/env node
// The `coffer` command of a clone (the installed one is @coffer/cli's, packages/cli/entry.cjs). Fast
// path: the CLI bundled into one CommonJS file with its libraries (packages/cli/dist/cli.cjs, built
// by `npm run build:cli` when `npm install` runs the `prepare` script): one file to read and compile
// instead of a hundred modules to resolve, and no Node fetch to load (src/cli/transport/index.ts).
// When that build is missing or older than the sources, the TypeScript runs through Node's own type
// stripping (on by default from Node 22.18; older 22.x need the flag, so we start again with it) —
// correct, only slower to start.
// Node's modules come through process.getBuiltinModule, not import statements: the ES module face
// of a builtin is built from every export it has, and that alone costs ~5 ms of each start.
const { existsSync, readdirSync, statSync } = process.getBuiltinModule("node:fs");
const module = process.getBuiltinModule("node:module");
const { fileURLToPath } = process.getBuiltinModule("node:url");

const root = fileURLToPath(new URL("..", import.meta.url));
const built = `${root}packages/cli/dist/cli.cjs`;
const source = `${root}src/cli/main.ts`;

function builtIsCurrent() {
  if (!existsSync(built)) return false;
  const builtAt = statSync(built).mtimeMs;
  for (const dir of ["src/cli", "src/client"]) {
    for (const name of readdirSync(`${root}${dir}`, { recursive: true })) {
      if (statSync(`${root}${dir}/${name}`).mtimeMs > builtAt) return false;
    }
  }
  return true;
}

// Compiled code is cached on disk: later starts skip parsing and compiling.
module.enableCompileCache?.();
const [major, minor] = process.versions.node.split(".").map(Number);
if (builtIsCurrent()) {
  module.createRequire(import.meta.url)(built);
} else if (
  major > 22 ||
  (major === 22 && minor >= 18) ||
  process.execArgv.includes("--experimental-strip-types")
) {
  // The sources use Node's fetch, which parses HTTP with a WebAssembly module; V8 would optimise it
  // on a background thread that the process then waits for at exit (~60 ms of `coffer run -- true`,
  // traced). The baseline compiler is plenty for a few kilobytes of HTTP.
  process.getBuiltinModule("node:v8").setFlagsFromString("--liftoff-only");
  process.removeAllListeners("warning");
  process.on("warning", (warning) => {
    if (warning.name !== "ExperimentalWarning") console.error(warning);
  });
  await import(source);
} else {
  const { spawn } = process.getBuiltinModule("node:child_process");
  const child = spawn(
    process.execPath,
    ["--experimental-strip-types", "--no-warnings", "--liftoff-only", source, ...process.argv.slice(2)],
    {
      stdio: "inherit",
    },
  );
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => child.kill(signal));
  child.on("exit", (code, signal) => (signal ? process.kill(process.pid, signal) : process.exit(code ?? 1)));
}
