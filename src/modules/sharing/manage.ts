// The share links of a workspace, for the people who answer for them: whoever made a link sees
// and revokes it; Admins and Owners see and revoke every link of the workspace. A listing carries
// the shared keys' names and what became of the link — never its token or its values.
import { authorize } from "../../auth/authorize.ts";
import type { RequestContext } from "../../auth/context.ts";
import { can } from "../../auth/policy.ts";
import type { Clock } from "../../clock.ts";
import type { Db } from "../../db/schema.ts";
import { AppError, notFound } from "../../errors.ts";
import { decodeCursor, pageOf } from "../../lib/cursor.ts";
import type { AuditService } from "../audit/index.ts";
import * as repo from "./repo.ts";
import { MAX_PASSPHRASE_GUESSES } from "./service.ts";

/** Without `limit`, a list answers this many at most (the next page's cursor says if there is more). */
const PAGE_MAX = 1000;

type Status = "active" | "expired" | "used_up" | "revoked" | "burnt";

function statusOf(link: repo.ListedLink, now: string): Status {
  if (link.revoked_at) return "revoked";
  if (link.failed_attempts >= MAX_PASSPHRASE_GUESSES) return "burnt";
  if (link.views >= link.max_views) return "used_up";
  if (link.expires_at <= now) return "expired";
  return "active";
}

function present(link: repo.ListedLink, now: string) {
  const { passphrase_hash, secret_keys, ...fields } = link;
  return {
    ...fields,
    passphrase: passphrase_hash !== null,
    secret_keys: JSON.parse(secret_keys) as string[],
    status: statusOf(link, now),
  };
}

export function createShareLinkManagement(deps: {
  db: Db;
  clock: Clock;
  audit: Pick<AuditService, "record">;
}) {
  const { db, clock } = deps;
  const seesAll = (ctx: RequestContext) => can({ role: ctx.role }, "share_link.manage_all");

  return {
    async list(ctx: RequestContext, query: { limit?: number; cursor?: string }) {
      await authorize(db, ctx, "share_link.list");
      const limit = query.limit ?? PAGE_MAX;
      const rows = await repo.listLinks(db, {
        workspaceId: ctx.workspaceId,
        ...(seesAll(ctx) ? {} : { createdBy: ctx.principal.userId }),
        limit: limit + 1,
        ...(query.cursor ? { before: decodeCursor(query.cursor) } : {}),
      });
      const page = pageOf(rows, limit);
      const now = clock.now().toISOString();
      return { items: page.items.map((row) => present(row, now)), nextCursor: page.nextCursor };
    },

    /** Revokes a link: its snapshot is erased and its URL answers 410. Revoking it again changes nothing. */
    async revoke(ctx: RequestContext, linkId: string) {
      await authorize(db, ctx, "share_link.revoke");
      const link = await repo.findInWorkspace(db, ctx.workspaceId, linkId);
      if (!link) throw notFound("Share link");
      if (link.created_by !== ctx.principal.userId && !seesAll(ctx)) {
        throw new AppError("forbidden", "Only the person who made this link, or an Admin, can revoke it");
      }
      const now = clock.now().toISOString();
      await db.transaction().execute(async (tx) => {
        if (!(await repo.revoke(tx, ctx.workspaceId, linkId, now))) return;
        await deps.audit.record(tx, ctx, {
          action: "share.revoked",
          resourceType: "share_link",
          resourceId: linkId,
          details: { keys: link.secret_keys },
        });
      });
      return present((await repo.findInWorkspace(db, ctx.workspaceId, linkId))!, now);
    },
  };
}

export type ShareLinkManagement = ReturnType<typeof createShareLinkManagement>;
