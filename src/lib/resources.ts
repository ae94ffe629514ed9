// The files the server reads at run time besides its code: the built dashboard and Redoc's
// standalone bundle. They live in one of two layouts. From a clone (tsx runs src/ as it is) they
// are the checkout's web/dist and the redoc package in node_modules. The production build
// (scripts/build-server.mjs) bundles this file into packages/server/dist/, copies both beside it
// (dist/web/, dist/redoc/) and defines COFFER_BUNDLED, because redoc is a build-time package that
// an installed server does not have.
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
