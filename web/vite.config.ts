// The dashboard's build: web/ -> web/dist. Everything but index.html goes under /_app/assets/ with
// a content hash in its name (the server caches those for a year and serves index.html uncached).
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

// The SDK, as users import it (package.json "exports"); resolved to its source for the bundle.
export const cofferClient = fileURLToPath(new URL("../src/client/index.ts", import.meta.url));

export default defineConfig({
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
      // React libraries mark modules "use client" for server components; meaningless in a plain SPA.
      onwarn(warning, warn) {
        if (warning.code !== "MODULE_LEVEL_DIRECTIVE") warn(warning);
      },
    },
  },
});
