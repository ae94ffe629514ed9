// The web dashboard (web/, built by Vite into web/dist), served by the API's own process:
// hashed assets under /_app/assets/ (a prefix no API path uses) cached for a year and sent brotli-
// or gzip-compressed as the browser accepts (twins made at build time), index.html at
// `/` and for browser navigations to paths no API route answers, never cached. Every other
// client keeps the JSON error contract on unknown paths.
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../errors.ts";
import { DASHBOARD_DIR } from "../lib/layout.ts";
import type { NotFoundFallback } from "./errors.ts";

export const DEFAULT_DASHBOARD_DIR = DASHBOARD_DIR;

/** Where Vite puts the built files (vite.config.ts `base`); only hashed files live under it. */
export const ASSET_PREFIX = "/_app/";

/** The dashboard's pages and assets: scripts and styles from this origin only, nothing inline. */
export const DASHBOARD_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' data:",
  "connect-src 'self'",
  "font-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join("; ");

const YEAR_MS = 365 * 24 * 3600 * 1000;

/**
 * What Vite names a built file: a flat name with a hash; no directory, no leading dot. The build's
 * .br/.gz twins are encodings of their file, never addresses of their own.
 */
const ASSET_NAME = /^[A-Za-z0-9_-]+(\.[A-Za-z0-9_-]+)+$/;
const ENCODED_TWIN = /\.(br|gz)$/;

/** Whether the media type the client ranks first (highest q, earliest on a tie) is text/html. */
export function prefersHtml(accept: string | undefined): boolean {
  let best: { type: string; q: number } | undefined;
  for (const part of (accept ?? "").split(",")) {
    const [type = "", ...params] = part.split(";").map((p) => p.trim().toLowerCase());
    const qParam = params.find((p) => p.startsWith("q="));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (type && Number.isFinite(q) && (!best || q > best.q)) best = { type, q };
  }
  return best?.type === "text/html";
}

/** A page load in a browser: Sec-Fetch-Mode says so, or (older browsers) the Accept header does. */
export function isBrowserNavigation(request: FastifyRequest): boolean {
  if (request.method !== "GET" && request.method !== "HEAD") return false;
  const mode = request.headers["sec-fetch-mode"];
  if (typeof mode === "string") return mode === "navigate";
  return prefersHtml(request.headers.accept);
}

export interface Dashboard {
  routes: FastifyPluginAsync;
  /** The not-found fallback: index.html for browser navigations outside the asset prefix. */
  answerNavigation: NotFoundFallback;
}

export function createDashboard(dir: string = DEFAULT_DASHBOARD_DIR): Dashboard {
  const indexFile = join(dir, "index.html");
  const notBuilt = () =>
    new AppError(
      "dashboard_not_built",
      "The dashboard is not built: run `npm install` (or `npm run build:web`) and restart",
    );

  async function sendIndex(reply: FastifyReply): Promise<FastifyReply> {
    // Read per request: the file is small, and a rebuild shows without a restart.
    const html = await readFile(indexFile).catch(() => {
      throw notBuilt();
    });
    return reply
      .code(200)
      .type("text/html; charset=utf-8")
      .header("cache-control", "no-store")
      .header("content-security-policy", DASHBOARD_CSP)
      .send(html);
  }

  const routes: FastifyPluginAsync = async (app) => {
    // These routes need no credential, and their answers get the dashboard's CSP, not the API's.
    app.addHook("onRoute", (route) => {
      route.config = { ...route.config, public: true };
    });
    app.addHook("onSend", async (_request, reply, payload) => {
      if (reply.statusCode < 400) reply.header("content-security-policy", DASHBOARD_CSP);
      return payload;
    });
    app.get("/", { schema: { hide: true } }, async (_request, reply) => sendIndex(reply));

    const assets = join(dir, "assets");
    if (!existsSync(assets)) {
      app.get(`${ASSET_PREFIX}*`, { schema: { hide: true } }, async () => {
        throw notBuilt();
      });
      return;
    }
    // Anything but a plain file name (a `..`, an encoded slash, a dotfile) is simply not there:
    // a 404 before the file server sees it, rather than its 403.
    app.addHook("onRequest", async (request, reply) => {
      const name = (request.params as Record<string, string | undefined>)["*"];
      if (
        request.url.startsWith(ASSET_PREFIX) &&
        (!ASSET_NAME.test(name ?? "") || ENCODED_TWIN.test(name ?? ""))
      ) {
        reply.callNotFound();
        return reply;
      }
      return undefined;
    });
    await app.register(fastifyStatic, {
      root: assets,
      prefix: `${ASSET_PREFIX}assets/`,
      // Every file here has a content hash in its name: a changed file is a new URL.
      immutable: true,
      // The build wrote brotli and gzip twins (web/vite.config.ts): sent to browsers that take them.
      preCompressed: true,
      maxAge: YEAR_MS,
      index: false,
      list: false,
      redirect: false,
      dotfiles: "deny",
      decorateReply: false,
    });
  };

  const answerNavigation: NotFoundFallback = async (request, reply) => {
    if (!isBrowserNavigation(request) || request.url.startsWith(ASSET_PREFIX)) return false;
    await sendIndex(reply);
    return true;
  };

  return { routes, answerNavigation };
}
