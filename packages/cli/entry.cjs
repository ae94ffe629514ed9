#!/usr/bin/env node
// `coffer`, as installed from @coffer/cli: start-up tricks first, then the CLI bundled into one
// file (dist/cli.cjs: src/cli and every library it uses), so that there is no module to resolve.
// CommonJS, both: an ES module would start Node's ES module loader (~10 ms more), and the ES module
// face of a builtin reads every export, lazy ones included (node:http's WebSocket loads undici, the
// very module the bundle's own transport is there to avoid: src/cli/transport/index.ts).
// An older Node fails far less clearly (Node 20 has no enableCompileCache: a TypeError), so the
// version is checked first, as the server's bin does.
const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(
    `coffer: Node.js 22.12 or newer is required, this is ${process.versions.node}; install a current LTS from https://nodejs.org`,
  );
  process.exit(1);
}

const { enableCompileCache } = require("node:module");
const { homedir } = require("node:os");
const { join } = require("node:path");

// Compiled code is cached on disk: later starts skip parsing and compiling. Enabled before the
// bundle loads, so that the bundle is what gets cached. In the user's own cache directory, not
// Node's default in the shared temp dir, where another user of the machine could have planted
// compiled code for this one to run (NODE_COMPILE_CACHE still chooses another).
enableCompileCache(
  process.env.NODE_COMPILE_CACHE ||
    join(process.env.XDG_CACHE_HOME || join(homedir(), ".cache"), "coffer", "compile-cache"),
);
require("./cli.cjs");
