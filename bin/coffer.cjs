#!/usr/bin/env node
// The `coffer` command of a clone (the installed one is @coffer/cli's, packages/cli/entry.cjs). Fast
// path: the CLI bundled into one CommonJS file with its libraries (packages/cli/dist/cli.cjs, built
// by `npm run build:cli` when `npm install` runs the `prepare` script): one file to read and compile
// instead of a hundred modules to resolve, and no Node fetch to load (src/cli/transport/index.ts).
// When that build is missing or older than the sources, the TypeScript runs through Node's own type
// stripping (on by default from Node 22.18; older 22.x need the flag, so we start again with it) —
// correct, only slower to start, and with no compile cache: Node's default one is in the temp dir
// that every user of the machine can write to.
// CommonJS, as the package's entry is: an ES module entry starts Node's ES module loader first
// (2.5 % of `coffer run -- true`, the former bin/coffer.mjs against this file, 40 runs in pairs).
// The clone's own check, as `npm start` runs it: an older Node says so and exits 1.
require("../scripts/check-node.cjs");
const [major, minor] = process.versions.node.split(".").map(Number);

const { existsSync, readdirSync, statSync } = require("node:fs");
const { join } = require("node:path");

const root = join(__dirname, "..");
// The package's own entry (packages/cli/entry.cjs, copied beside the bundle by the same build): it
// caches compiled code in the user's own directory, then loads the bundle.
const entry = join(root, "packages/cli/dist/coffer.cjs");
const built = join(root, "packages/cli/dist/cli.cjs");
const source = join(root, "src/cli/main.ts");

function builtIsCurrent() {
  if (!existsSync(entry) || !existsSync(built)) return false;
  const builtAt = statSync(built).mtimeMs;
  if (statSync(join(root, "packages/cli/entry.cjs")).mtimeMs > builtAt) return false;
  return !["src/cli", "src/client"].some((dir) => changedSince(join(root, dir), builtAt));
}

// A walk of its own: readdirSync's `recursive` costs a millisecond more on every start (Node 22),
// a fortieth of `coffer run -- true`.
function changedSince(dir, at) {
  return readdirSync(dir, { withFileTypes: true }).some((entry) => {
    const path = join(dir, entry.name);
    return entry.isDirectory() ? changedSince(path, at) : statSync(path).mtimeMs > at;
  });
}

if (builtIsCurrent()) {
  require(entry);
} else if (
  major > 22 ||
  (major === 22 && minor >= 18) ||
  process.execArgv.includes("--experimental-strip-types")
) {
  // The sources use Node's fetch, which parses HTTP with a WebAssembly module; V8 would optimise it
  // on a background thread that the process then waits for at exit (~60 ms of `coffer run -- true`,
  // traced). The baseline compiler is plenty for a few kilobytes of HTTP.
  require("node:v8").setFlagsFromString("--liftoff-only");
  process.removeAllListeners("warning");
  process.on("warning", (warning) => {
    if (warning.name !== "ExperimentalWarning") console.error(warning);
  });
  import(source).catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
} else {
  const { spawn } = require("node:child_process");
  const child = spawn(
    process.execPath,
    ["--experimental-strip-types", "--no-warnings", "--liftoff-only", source, ...process.argv.slice(2)],
    { stdio: "inherit" },
  );
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => child.kill(signal));
  child.on("exit", (code, signal) => (signal ? process.kill(process.pid, signal) : process.exit(code ?? 1)));
}
