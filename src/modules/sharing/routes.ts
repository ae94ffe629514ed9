// Share links over HTTP: the public read (no credential: the token is the capability) and, inside a
// workspace, the list of its links and their revocation.
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import Type from "typebox";
import { memberErrors, workspaceRoutes } from "../../http/route-options.ts";
import { ErrorBody, Int32, PageQuery, WorkspaceParams } from "../../http/schemas.ts";
import { clientOf, contextOf, workspaceScope } from "../../http/scope.ts";
import type { TypedApp } from "../../http/types.ts";
import type { WorkspacesService } from "../workspaces/index.ts";
import type { ShareLinkManagement } from "./manage.ts";
import { SharedSecrets, ShareLinkParams, ShareLinkRecord, ShareTokenParams } from "./schemas.ts";
import type { SharingService } from "./service.ts";

// Link previews (chat apps unfurling a pasted URL) fetch it as soon as it is pasted: they must not
// spend the view the person it was sent to needs.
const LINK_PREVIEWERS =
  /slackbot|facebookexternalhit|facebot|twitterbot|discordbot|whatsapp|telegrambot|linkedinbot|skypeuripreview|teams|googlebot|bingbot|applebot|mattermost|iframely|embedly|redditbot|pinterest|vkshare|zoom/i;

/** A person's browser opening the URL, or a link preview: they get the page, where reading is a click. */
function isBrowserOrPreview(request: FastifyRequest): boolean {
  const {
    "sec-fetch-mode": mode,
    "sec-fetch-dest": dest,
    accept = "",
    "user-agent": agent = "",
  } = request.headers;
  if (mode === "navigate" || dest === "document" || dest === "iframe") return true;
  if (accept.includes("text/html") && !accept.includes("application/json")) return true;
  return LINK_PREVIEWERS.test(agent);
}

/** The public side of share links: no credential, the token is the capability. */
export const shareViewRoutes =
  (deps: {
    sharing: SharingService;
    rateLimit: object;
    publicUrl: string;
    publicUrlSet: boolean;
  }): FastifyPluginAsync =>
  async (plugin) => {
    const app = plugin as TypedApp;
    app.get(
      "/share/:token",
      {
        config: { public: true, rateLimit: deps.rateLimit },
        // A HEAD (a link checker) must not spend a view through the GET handler.
        exposeHeadRoute: false,
        schema: {
          tags: ["Share links"],
          description:
            "Reads a share link's key/value pairs and spends one view. A passphrase, when the link has one, goes in " +
            "the X-Share-Passphrase header; five wrong ones burn the link. Expired, used-up, revoked or burnt links " +
            "answer 410. A browser opening this URL (or a link preview) is redirected (303) to the page " +
            "/s/#{token}, where the values show only when the reader asks: nothing is spent by opening it.",
          params: ShareTokenParams,
          response: {
            200: SharedSecrets,
            303: Type.Null({ description: "a browser or a link preview: go to the page" }),
            401: ErrorBody,
            403: Type.Object({
              detail: Type.String(),
              code: Type.String(),
              attempts_left: Type.Optional(Int32()),
            }),
            404: ErrorBody,
            410: ErrorBody,
          },
        },
      },
      async (request, reply) => {
        reply.header("cache-control", "no-store");
        if (isBrowserOrPreview(request)) {
          // The dashboard this server serves: at COFFER_PUBLIC_URL when set, else where the link was opened.
          const base = deps.publicUrlSet ? deps.publicUrl : "";
          return reply.redirect(`${base}/s/#${request.params.token}`, 303);
        }
        const passphrase = request.headers["x-share-passphrase"];
        const secret = typeof passphrase === "string" ? passphrase : undefined;
        return deps.sharing.view(request.params.token, secret, clientOf(request));
      },
    );
  };

/** A workspace's share links: listed for whoever answers for them, and revoked. */
export const shareLinkRoutes =
  (deps: { links: ShareLinkManagement; workspaces: WorkspacesService }): FastifyPluginAsync =>
  async (plugin) => {
    const app = plugin as TypedApp;
    const route = workspaceRoutes(["Share links"], workspaceScope(deps.workspaces.lookup));

    app.get(
      "/workspaces/:workspace_id/share-links",
      route("share_link.list", {
        description:
          "The workspace's share links, newest first: every link for Admins and Owners, the caller's own for " +
          "Viewers and Members. Never a token or a value. Optional `limit` and `cursor` (X-Next-Cursor).",
        params: WorkspaceParams,
        querystring: PageQuery,
        response: { 200: Type.Array(ShareLinkRecord), ...memberErrors },
      }),
      async (request, reply) => {
        const page = await deps.links.list(contextOf(request), request.query);
        if (page.nextCursor) reply.header("x-next-cursor", page.nextCursor);
        return page.items;
      },
    );

    app.delete(
      "/workspaces/:workspace_id/share-links/:link_id",
      route("share_link.revoke", {
        description:
          "Revokes a share link: its snapshot is erased and its URL answers 410. The person who made it, or an " +
          "Admin or Owner. Revoking it again changes nothing.",
        params: ShareLinkParams,
        response: { 200: ShareLinkRecord, ...memberErrors },
      }),
      async (request) => deps.links.revoke(contextOf(request), request.params.link_id),
    );
  };
