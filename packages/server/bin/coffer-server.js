#!/usr/bin/env node
// `coffer-server`: the installed server's one command. No arguments serve (PORT, HOST,
// COFFER_DATA_DIR, DATABASE_URL, REDIS_URL…: docs/configuration.md); `migrate` and `admin` are
// what `npm run migrate` and `npm run admin` are in a clone. Each loads only its own compiled
// entry point from ../dist (scripts/build-server.mjs), after checking the Node version, since
// an older Node fails later and far less clearly.
import { readFileSync } from "node:fs";

const [major, minor] = process.versions.node.split(".").map(Number);
if (major < 22 || (major === 22 && minor < 12)) {
  console.error(
    `coffer: Node.js 22.12 or newer is required, this is ${process.versions.node}; install a current LTS from https://nodejs.org`,
  );
  process.exit(1);
}

const HELP = `usage: coffer-server                      serve (see the environment below)
       coffer-server migrate [--dry-run]    bring the database to this version's schema, or list what would run
       coffer-server admin <command> …      operator commands (coffer-server admin help lists them)
       coffer-server --version | --help

Configuration comes from the environment: PORT (default 8080), HOST, COFFER_DATA_DIR (the
embedded database and the generated master key; default ./data), DATABASE_URL (PostgreSQL
instead), REDIS_URL, COFFER_MASTER_KEY, … (docs/configuration.md).`;

const ENTRIES = { migrate: "migrate.js", admin: "admin.js" };

const [first, ...rest] = process.argv.slice(2);
if (first === undefined) {
  await import("../dist/main.js");
} else if (first === "--version" || first === "-v") {
  const { version } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"));
  console.log(version);
} else if (first === "--help" || first === "-h" || first === "help") {
  console.log(HELP);
} else if (Object.hasOwn(ENTRIES, first)) {
  // The subcommand reads its own arguments from process.argv, as it does run from a clone.
  process.argv = [process.argv[0], process.argv[1], ...rest];
  await import(`../dist/${ENTRIES[first]}`);
} else {
  console.error(`coffer-server: unknown command "${first}"\n\n${HELP}`);
  process.exitCode = 2;
}
