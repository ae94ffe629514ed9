// Builds @coffer/cli into dist/: cli.cjs, the CLI (src/cli) bundled by esbuild with every library it
// uses, and coffer.cjs, the entry (entry.cjs) that sets up a fast start and loads it. CommonJS, as
// the binary's build (scripts/build-binary.mjs) bundles too: it starts faster (why: entry.cjs).
import { copyFileSync, existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const here = fileURLToPath(new URL(".", import.meta.url));
export const root = fileURLToPath(new URL("../..", import.meta.url));

/** src/cli bundled into one CommonJS file with no import left but Node's own modules. */
export async function bundleCli({ outfile }) {
  await build({
    entryPoints: [`${root}src/cli/main.ts`],
    bundle: true,
    platform: "node",
    target: "node22",
    format: "cjs",
    outfile,
    // fetch and its classes are the CLI's own transport over node:http (src/cli/transport: why, there),
    // for src/cli, coffer/client and openapi-fetch alike; openapi-fetch reads two of them off globalThis.
    inject: [`${root}src/cli/transport/index.ts`],
    define: { "globalThis.fetch": "fetch", "globalThis.Request": "Request" },
    legalComments: "eof",
    logLevel: "warning",
  });
}

/** The package's files (dist/, LICENSE) into `dir`: this folder, or a copy of it (the tests'). */
export async function buildCliPackage(dir = here) {
  mkdirSync(join(dir, "dist"), { recursive: true });
  await bundleCli({ outfile: join(dir, "dist/cli.cjs") });
  copyFileSync(`${here}entry.cjs`, join(dir, "dist/coffer.cjs"));
  // The licence travels with the package (npm pack takes LICENSE from the package's folder).
  if (existsSync(`${root}LICENSE`)) copyFileSync(`${root}LICENSE`, join(dir, "LICENSE"));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildCliPackage();
