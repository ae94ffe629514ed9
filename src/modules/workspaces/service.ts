// Workspaces as far as accounts need them: a first workspace on sign-up, listing, members,
// membership lookups for scope resolution, and switching the caller's current workspace.
import { randomUUID } from "node:crypto";
import { Role } from "../../auth/policy.ts";
import type { Principal } from "../../auth/principal.ts";
import type { Clock } from "../../clock.ts";
import type { PlanAllowance } from "../../config.ts";
import { retryOnUniqueViolation } from "../../db/retry.ts";
import type { Db, Queryable } from "../../db/schema.ts";
import type { MembershipLookup } from "../../http/scope.ts";
import type { SessionsService } from "../sessions/service.ts";
import * as repo from "./repo.ts";

export interface WorkspacesDeps {
  db: Db;
  clock: Clock;
  plans: Record<string, PlanAllowance>;
  defaultPlan: string;
  sessions: Pick<SessionsService, "switchWorkspace">;
}

export function createWorkspacesService(deps: WorkspacesDeps) {
  const { db, clock } = deps;
  const seatLimit = (plan: string) => deps.plans[plan]?.seats ?? null;
  const present = (row: repo.WorkspaceRow, role: number) => ({
    ...row,
    role,
    seat_limit: seatLimit(row.plan),
  });

  /** Inserts a workspace with `ownerId` as its Owner, inside the caller's transaction. */
  async function createWithOwner(
    tx: Queryable,
    input: { name: string; avatarUrl?: string | null; ownerId: string },
  ) {
    const now = clock.now().toISOString();
    const row: repo.WorkspaceRow = {
      id: randomUUID(),
      name: input.name,
      slug: await repo.freeWorkspaceSlug(tx, input.name),
      avatar_url: input.avatarUrl ?? null,
      plan: deps.defaultPlan,
      created_at: now,
      updated_at: now,
    };
    await repo.insertWorkspace(tx, row);
    await repo.insertMember(tx, { workspace_id: row.id, user_id: input.ownerId, role: Role.Owner, now });
    return present(row, Role.Owner);
  }

  const lookup: MembershipLookup = {
    async roleIn(workspaceId, userId) {
      const role = await repo.roleOf(db, workspaceId, userId);
      if (role !== undefined) return role;
      return (await repo.findWorkspace(db, workspaceId)) ? null : undefined;
    },
  };

  return {
    createWithOwner,
    lookup,

    /** Creates a workspace on its own; the slug race is settled by retrying the transaction. */
    create(ownerId: string, input: { name: string; avatar_url?: string | null }) {
      return retryOnUniqueViolation(() =>
        db
          .transaction()
          .execute((tx) => createWithOwner(tx, { ...input, avatarUrl: input.avatar_url, ownerId })),
      );
    },

    async listForUser(userId: string) {
      const rows = await repo.workspacesOfUser(db, userId);
      return rows.map(({ role, ...row }) => present(row, role));
    },

    async get(workspaceId: string, role: number) {
      const row = await repo.findWorkspace(db, workspaceId);
      if (!row) throw new Error(`workspace ${workspaceId} vanished after its scope was resolved`);
      return present(row, role);
    },

    async members(workspaceId: string) {
      const rows = await repo.membersOf(db, workspaceId);
      return rows.map((m) => ({
        ...m,
        name: [m.first_name, m.middle_name, m.last_name].filter(Boolean).join(" "),
      }));
    },

    /** Makes `workspaceId` the caller's current workspace; a session also gets a token carrying it. */
    switchTo(principal: Principal, workspaceId: string) {
      return db.transaction().execute(async (tx) => {
        await repo.setCurrentWorkspace(tx, principal.userId, workspaceId);
        return deps.sessions.switchWorkspace(principal, workspaceId, tx);
      });
    },
  };
}

export type WorkspacesService = ReturnType<typeof createWorkspacesService>;
