// Builds @coffer/cli into dist/: cli.js, the CLI (src/cli) bundled by esbuild with every library it
// uses, and coffer.js, the entry (entry.js) that sets up a fast start and loads it. The binary's
// build (scripts/build-binary.mjs) bundles the same way, as CommonJS.
import { copyFileSync, existsSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const here = fileURLToPath(new URL(".", import.meta.url));
export const root = fileURLToPath(new URL("../..", import.meta.url));

/** src/cli bundled into one file with no import left but Node's own modules. */
export async function bundleCli({ format, outfile, banner = "" }) {
  await build({
    entryPoints: [`${root}src/cli/main.ts`],
    bundle: true,
    platform: "node",
    target: "node22",
    format,
    outfile,
    // Libraries written as CommonJS require Node's modules (tty, stream); an ES module has no
    // `require` of its own to give them.
    banner: {
      js:
        format === "esm"
          ? `import { createRequire as __cofferRequire } from "node:module";\nconst require = __cofferRequire(import.meta.url);\n${banner}`
          : banner,
    },
    legalComments: "eof",
    logLevel: "warning",
  });
}

/** The package's files (dist/, LICENSE) into `dir`: this folder, or a copy of it (the tests'). */
export async function buildCliPackage(dir = here) {
  mkdirSync(join(dir, "dist"), { recursive: true });
  await bundleCli({ format: "esm", outfile: join(dir, "dist/cli.js") });
  copyFileSync(`${here}entry.js`, join(dir, "dist/coffer.js"));
  // The licence travels with the package (npm pack takes LICENSE from the package's folder).
  if (existsSync(`${root}LICENSE`)) copyFileSync(`${root}LICENSE`, join(dir, "LICENSE"));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildCliPackage();
