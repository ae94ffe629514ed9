// The dashboard's build: web/ -> web/dist. Everything but index.html goes under /_app/assets/ with
// a content hash in its name (the server caches those for a year and serves index.html uncached).
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { brotliCompress, constants, gzip } from "node:zlib";
import { defineConfig, type Plugin } from "vite";

// The SDK, as users import it (package.json "exports"); resolved to its source for the bundle.
export const cofferClient = fileURLToPath(new URL("../src/client/index.ts", import.meta.url));

const brotli = promisify(brotliCompress);
const gzipped = promisify(gzip);

/**
 * Brotli and gzip twins of every text asset, made once at build time at the highest levels (too
 * slow per request): the server sends the one the browser accepts (@fastify/static preCompressed).
 * A twin that saves nothing is not written, and the plain file is served.
 */
function precompress(): Plugin {
  let outDir = "";
  return {
    name: "coffer-precompress",
    apply: "build",
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir, config.build.assetsDir);
    },
    async closeBundle() {
      const names = (await readdir(outDir)).filter((name) => /\.(js|css|svg|json|txt)$/.test(name));
      await Promise.all(
        names.map(async (name) => {
          const file = join(outDir, name);
          const plain = await readFile(file);
          const twins: [string, Buffer][] = [
            [
              ".br",
              await brotli(plain, {
                params: {
                  [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                  [constants.BROTLI_PARAM_SIZE_HINT]: plain.length,
                },
              }),
            ],
            [".gz", await gzipped(plain, { level: 9 })],
          ];
          for (const [suffix, packed] of twins) {
            if (packed.length < plain.length) await writeFile(`${file}${suffix}`, packed);
          }
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [precompress()],
  root: import.meta.dirname,
  base: "/_app/",
  publicDir: false,
  logLevel: "warn",
  resolve: { alias: { "coffer/client": cofferClient } },
  oxc: { jsx: { runtime: "automatic" } },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    assetsDir: "assets",
    target: "es2022",
    // The CSP allows no inline script: keep every script an external, hashed file.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // Everything the entry loads before it can draw is one chunk: as fifteen small ones they took
      // three rounds of the browser's six connections and 20 KiB more over the wire
      // (bench/dashboard-load.ts: 23 requests and 133 KiB to a usable sign-in form, now 7 and
      // 109 KiB with routes.tsx's own change). Screens stay chunks of their own.
      output: { codeSplitting: { groups: [{ name: "initial", tags: ["$initial"] }] } },
      // React libraries mark modules "use client" for server components; meaningless in a plain SPA.
      onwarn(warning, warn) {
        if (warning.code !== "MODULE_LEVEL_DIRECTIVE") warn(warning);
      },
    },
  },
});
