// `npm run build:server`: the server compiled for plain `node` into packages/server/dist/: its three
// entry points (serve, migrate, admin) bundled by esbuild as ES modules sharing chunks, every npm
// package left as an import (the package's runtime dependencies, installed beside it), and the
// files it reads at run time copied beside the code (src/lib/layout.ts): the built dashboard
// (web/dist, which `npm run build:web` makes) and Redoc's standalone bundle.
import { cpSync, existsSync, mkdirSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import { join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

export const ROOT = resolve(import.meta.dirname, "..");
export const SERVER_PACKAGE = join(ROOT, "packages", "server");

/** The compiled entry points, named as packages/server/bin/coffer-server.js imports them. */
export const ENTRY_POINTS = {
  main: "src/main.ts",
  migrate: "src/db/migrate-cli.ts",
  admin: "src/admin/cli.ts",
};

/**
 * Bundles the server into `outdir` (with `write: false`, only computes it) and returns esbuild's
 * metafile. The options are the build's whole definition: test/server-package.test.ts reads the
 * external imports from the same call.
 */
export async function bundleServer({ outdir = join(SERVER_PACKAGE, "dist"), write = true } = {}) {
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: Object.entries(ENTRY_POINTS).map(([out, entry]) => ({ in: entry, out })),
    outdir,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node22",
    // npm packages stay imports: native ones (better-sqlite3, argon2) cannot be bundled, and the
    // rest are installed (and audited, and updated) as the package's dependencies.
    packages: "external",
    // Chunks beside the entry points: src/lib/layout.ts finds web/ and redoc/ from its own directory.
    chunkNames: "[name]-[hash]",
    define: { COFFER_BUNDLED: "true" },
    metafile: true,
    write,
    logLevel: "warning",
    legalComments: "none",
  });
  return result.metafile;
}

/** The npm packages the compiled server imports (package names, sorted), from a bundle's metafile. */
export function externalPackages(metafile) {
  const names = new Set();
  for (const output of Object.values(metafile.outputs)) {
    for (const imported of output.imports) {
      if (!imported.external || imported.path.startsWith("node:")) continue;
      const parts = imported.path.split("/");
      names.add(imported.path.startsWith("@") ? `${parts[0]}/${parts[1]}` : parts[0]);
    }
  }
  return [...names].sort();
}

/** The whole build: code, dashboard and Redoc into `outdir` (emptied first). */
export async function buildServer(outdir = join(SERVER_PACKAGE, "dist")) {
  const dashboard = join(ROOT, "web", "dist");
  if (!existsSync(join(dashboard, "index.html"))) {
    throw new Error("web/dist is missing: run `npm run build:web` first (`npm run build` does both)");
  }
  rmSync(outdir, { recursive: true, force: true });
  const metafile = await bundleServer({ outdir });
  cpSync(dashboard, join(outdir, "web"), { recursive: true });
  const redoc = createRequire(join(ROOT, "package.json")).resolve("redoc/bundles/redoc.standalone.js");
  mkdirSync(join(outdir, "redoc"));
  cpSync(redoc, join(outdir, "redoc", "redoc.standalone.js"));
  return metafile;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const started = performance.now();
  try {
    const metafile = await buildServer();
    const ms = Math.round(performance.now() - started);
    const outdir = relative(ROOT, join(SERVER_PACKAGE, "dist"));
    console.log(
      `built the server into ${outdir}/ in ${ms} ms; it imports ${externalPackages(metafile).join(", ")}`,
    );
  } catch (error) {
    console.error(`build:server: ${error.message}`);
    process.exitCode = 1;
  }
}
