#!/usr/bin/env node
// The `coffer` command. The CLI is TypeScript run by Node's own type stripping (on by default
// from Node 22.18; older 22.x need the flag, so we start again with it). No compiler, no tsx:
// the start path stays light, which keeps `coffer run -- <cmd>` fast.
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";

const entry = fileURLToPath(new URL("../src/cli/main.ts", import.meta.url));
const [major, minor] = process.versions.node.split(".").map(Number);
if (major > 22 || (major === 22 && minor >= 18) || process.execArgv.includes("--experimental-strip-types")) {
  process.removeAllListeners("warning");
  process.on("warning", (warning) => {
    if (warning.name !== "ExperimentalWarning") console.error(warning);
  });
  await import(entry);
} else {
  const child = spawn(
    process.execPath,
    ["--experimental-strip-types", "--no-warnings", entry, ...process.argv.slice(2)],
    {
      stdio: "inherit",
    },
  );
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => child.kill(signal));
  child.on("exit", (code, signal) => (signal ? process.kill(process.pid, signal) : process.exit(code ?? 1)));
}
