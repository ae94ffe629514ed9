// Security headers on every response (computed by helmet once), and no caching of anything the API says:
// most responses carry a secret value, a token or a person's data, and a shared cache or a
// browser's disk is the wrong place for any of them, so no-store is the rule rather than a list.
import { IncomingMessage, ServerResponse } from "node:http";
import { Socket } from "node:net";
import type { FastifyInstance } from "fastify";
import helmet, { type HelmetOptions } from "helmet";

type Csp = { useDefaults: false; directives: Record<string, string[]> };

/** The API answers JSON: nothing in it may load, run, frame or be framed. */
export const API_CSP: Csp = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'none'"],
    frameAncestors: ["'none'"],
    baseUri: ["'none'"],
    formAction: ["'none'"],
  },
};

/**
 * The docs pages (DEBUG only): scripts from this origin only (no inline script anywhere); Swagger
 * UI and Redoc inject their styles, and Redoc starts a worker from a blob.
 */
export const DOCS_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data:",
  "font-src 'self' data:",
  "worker-src 'self' blob:",
  "connect-src 'self'",
  "object-src 'none'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'none'",
].join("; ");

const NO_STORE = "no-store";

function helmetOptions(publicUrl: string) {
  return {
    contentSecurityPolicy: API_CSP,
    // HSTS only where the public address is https (always so when Coffer serves TLS itself): on
    // plain http it would be ignored or, behind a later TLS proxy, pin a browser to https before
    // the operator meant to. Two years, the value HSTS preload lists ask for.
    hsts: publicUrl.startsWith("https:") ? { maxAge: 63_072_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: "no-referrer" },
    frameguard: { action: "deny" },
  } satisfies HelmetOptions;
}

/**
 * The same headers as a plain record, for the few answers that leave before any hook runs (a
 * malformed URL, a request Node's parser rejects): computed by helmet itself from the same
 * options, so the two can never drift apart.
 */
export function apiSecurityHeaders(publicUrl: string): Record<string, string> {
  const response = new ServerResponse(new IncomingMessage(new Socket()));
  helmet(helmetOptions(publicUrl))(response.req, response, () => {});
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(response.getHeaders())) headers[name] = String(value);
  return { ...headers, "cache-control": NO_STORE };
}

/**
 * Every response starts with the headers above, set once from a precomputed record: helmet's own
 * plugin rebuilt its middleware chain and re-parsed the CSP on every request (3.5% of a secret
 * list's CPU). A route that needs another value (the docs' CSP, an ETag's caching) sets it later.
 */
export function registerSecurityHeaders(app: FastifyInstance, publicUrl: string): void {
  const headers = apiSecurityHeaders(publicUrl);
  app.addHook("onRequest", (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
