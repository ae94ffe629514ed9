#!/usr/bin/env node
// `coffer`, as installed from @coffer/cli: start-up tricks first, then the CLI bundled into one
// file (dist/cli.js: src/cli and every library it uses), so that there is no module to resolve.
import module from "node:module";
import { homedir } from "node:os";
import { join } from "node:path";
import { setFlagsFromString } from "node:v8";

// fetch parses HTTP with a WebAssembly module; V8 would optimise it on a background thread that
// the process then waits for at exit (~60 ms of `coffer run -- true`, traced). The baseline
// compiler is plenty for a few kilobytes of HTTP.
setFlagsFromString("--liftoff-only");
// Compiled code is cached on disk: later starts skip parsing and compiling. Enabled before the
// bundle loads, so that the bundle is what gets cached. In the user's own cache directory, not
// Node's default in the shared temp dir, where another user of the machine could have planted
// compiled code for this one to run (NODE_COMPILE_CACHE still chooses another).
module.enableCompileCache(
  process.env.NODE_COMPILE_CACHE ||
    join(process.env.XDG_CACHE_HOME || join(homedir(), ".cache"), "coffer", "compile-cache"),
);
await import("./cli.js");
