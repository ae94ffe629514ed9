// The dashboard's build: web/ -> web/dist. Everything but index.html goes under /_app/assets/ with
// a content hash in its name (the server caches those for a year and serves index.html uncached).
import { defineConfig } from "vite";

export default defineConfig({
  root: import.meta.dirname,
  base: "/_app/",
  publicDir: false,
  logLevel: "warn",
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
