import type { FastifyPluginAsync } from "fastify";
import { ErrorBody } from "../../http/schemas.ts";
import { clientOf } from "../../http/scope.ts";
import type { TypedApp } from "../../http/types.ts";
import { SharedSecrets, ShareTokenParams } from "./schemas.ts";
import type { SharingService } from "./service.ts";

/** The public side of share links: no credential, the token is the capability. */
export const shareViewRoutes =
  (deps: { sharing: SharingService; rateLimit: object }): FastifyPluginAsync =>
  async (plugin) => {
    const app = plugin as TypedApp;
    app.get(
      "/share/:token",
      {
        config: { public: true, rateLimit: deps.rateLimit },
        schema: {
          tags: ["Share links"],
          description:
            "Reads a share link's key/value pairs and spends one view. A passphrase, when the link has one, goes in " +
            "the X-Share-Passphrase header. Expired or used-up links answer 410.",
          params: ShareTokenParams,
          response: { 200: SharedSecrets, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody, 410: ErrorBody },
        },
      },
      async (request, reply) => {
        const passphrase = request.headers["x-share-passphrase"];
        reply.header("cache-control", "no-store");
        const secret = typeof passphrase === "string" ? passphrase : undefined;
        return deps.sharing.view(request.params.token, secret, clientOf(request));
      },
    );
  };
