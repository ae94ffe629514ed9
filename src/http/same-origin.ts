// Login CSRF: the endpoints that start, refresh or end a browser session refuse cross-site browser
// requests. A browser says where a request comes from (Sec-Fetch-Site, Origin); a page of another
// site must not sign a visitor into an account of the attacker's choosing, nor ride the refresh
// cookie. Clients that are not browsers send neither header and keep working.
import type { FastifyRequest, onRequestAsyncHookHandler } from "fastify";
import { AppError } from "../errors.ts";

const refused = () =>
  new AppError(
    "cross_site_request",
    "Cross-site requests cannot sign in, refresh or sign out: use Coffer's own page",
  );

/** The origin the request itself reached (a page served from that address is same-origin). */
const reachedOrigin = (request: FastifyRequest) => `${request.protocol}://${request.headers.host ?? ""}`;

export function refuseCrossSite(publicUrl: string): onRequestAsyncHookHandler {
  const publicOrigin = new URL(publicUrl).origin;
  return async (request) => {
    const site = request.headers["sec-fetch-site"];
    // The browser's own verdict: the same origin, or a person typing the address.
    if (site === "same-origin" || site === "none") return;
    const origin = request.headers.origin;
    if (origin !== undefined) {
      if (origin === publicOrigin || origin === reachedOrigin(request)) return;
      throw refused();
    }
    if (site === "cross-site" || site === "same-site") throw refused();
  };
}
