// Where this server runs from: a clone (tsx runs src/ as it is) or the compiled package
// (packages/server: scripts/build-server.mjs bundles this file into dist/, copies the files below
// beside it, and defines COFFER_BUNDLED). This is the one place that knows the two apart: the files
// the server reads at run time besides its code (the built dashboard; Redoc's standalone bundle,
// from the redoc package in a clone, which an installed server does not have), and the command an
// operator types for the admin commands, which usage lines and resume hints name.
import { createRequire } from "node:module";
import { join, resolve } from "node:path";

// Replaced by `true` in the compiled server (esbuild's define); never declared in a clone.
declare const COFFER_BUNDLED: boolean | undefined;
const bundled = typeof COFFER_BUNDLED !== "undefined" && COFFER_BUNDLED;

/** The built dashboard's directory (index.html, assets/). */
export const DASHBOARD_DIR = bundled
  ? join(import.meta.dirname, "web")
  : resolve(import.meta.dirname, "..", "..", "web", "dist");

/** Redoc's standalone script, served offline at /redoc/redoc.standalone.js. */
export const REDOC_BUNDLE = bundled
  ? join(import.meta.dirname, "redoc", "redoc.standalone.js")
  : createRequire(import.meta.url).resolve("redoc/bundles/redoc.standalone.js");

/** How the admin commands are run here: `${ADMIN_COMMAND} rotate-data-key …`. */
export const ADMIN_COMMAND = bundled ? "coffer-server admin" : "npm run admin --";
