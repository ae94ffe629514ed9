// The origin a request was addressed to (its scheme, host and port, as a proxy trusted by
// COFFER_TRUST_PROXY tells them): where a link handed back to that same user should point when no
// COFFER_PUBLIC_URL says otherwise — Coffer opened at http://devbox:8080 hands out devbox links.
import type { FastifyRequest } from "fastify";

// A name or an address, with a port: nothing that could make the link point at a path or a user.
const HOST = /^(?:[a-z0-9](?:[a-z0-9.-]{0,251}[a-z0-9])?|\[[0-9a-f:.]{2,45}\])(?::\d{1,5})?$/i;

export function originOf(request: FastifyRequest): string | undefined {
  const host = request.host;
  if (!host || !HOST.test(host)) return undefined;
  const protocol = request.protocol === "https" ? "https" : "http";
  try {
    return new URL(`${protocol}://${host}`).origin;
  } catch {
    return undefined;
  }
}
