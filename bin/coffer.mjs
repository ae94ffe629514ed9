#!/usr/bin/env node
// Kept for whoever calls it by name: the clone's `coffer` is bin/coffer.cjs (CommonJS starts faster).
process.getBuiltinModule("node:module").createRequire(import.meta.url)("./coffer.cjs");
