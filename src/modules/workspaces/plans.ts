// Plans (DESIGN.md §5): what each workspace's plan allows, and the seat count (members plus
// pending invites). Paid capabilities answer 402 plan_required; a full workspace 402 seat_limit_reached.
import type { PlanAllowance } from "../../config.ts";
import type { Queryable } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import { countMembers, lockWorkspace } from "./repo.ts";

export type Capability = "version_history" | "share_links";

const CAPABILITY_NAMES: Record<Capability, string> = {
  version_history: "Version history",
  share_links: "Share links",
};

/** Why a capability is refused and who can lift it (the CLI prints it as the dashboard shows it). */
export function planRequiredMessage(
  plans: Record<string, PlanAllowance>,
  plan: string,
  capability: Capability,
): string {
  const including = Object.keys(plans).filter((name) => plans[name]![capability]);
  const needs = including.length > 0 ? `the ${including.join(" or ")} plan` : "a plan that includes it";
  const target = including[0] ?? "<plan>";
  return (
    `${CAPABILITY_NAMES[capability]} needs ${needs}; this workspace is on the ${plan} plan. ` +
    "An operator of this Coffer server can change the plan: on the instance-admin page (/admin) " +
    `or with \`coffer-server admin set-plan <workspace> ${target}\``
  );
}

/** Counts the invites still pending in a workspace (the invites module's, handed in by the app). */
export type PendingInvites = (db: Queryable, workspaceId: string, now: string) => Promise<number>;

export function createPlans(plans: Record<string, PlanAllowance>, pendingInvites: PendingInvites) {
  const allowanceOf = (plan: string): PlanAllowance =>
    plans[plan] ?? { seats: 0, service_accounts: 0, version_history: false, share_links: false };

  return {
    names: Object.keys(plans),
    /** Every plan with what it allows, in the order the configuration names them. */
    table: () => Object.entries(plans).map(([name, allowance]) => ({ name, ...allowance })),
    seatLimit: (plan: string) => allowanceOf(plan).seats,
    serviceAccountLimit: (plan: string) => allowanceOf(plan).service_accounts,

    /**
     * Throws 402 plan_required unless the plan includes the capability, saying which plans do and
     * who can move the workspace to one: on a self-hosted server nobody sells an upgrade.
     */
    requireCapability(plan: string, capability: Capability): void {
      if (allowanceOf(plan)[capability]) return;
      throw new AppError("plan_required", planRequiredMessage(plans, plan, capability));
    },

    /** Members plus invites still pending (not yet expired). */
    async seatsUsed(
      db: Queryable,
      workspaceId: string,
      now: string = new Date().toISOString(),
    ): Promise<number> {
      return (await countMembers(db, workspaceId)) + (await pendingInvites(db, workspaceId, now));
    },

    /**
     * Throws 402 seat_limit_reached when adding `extra` people would pass the plan's seat limit.
     * It first locks the workspace row for the rest of the caller's transaction, so writers that
     * take seats go one at a time and the last seat is handed out once.
     */
    async requireSeats(
      db: Queryable,
      workspace: { id: string; plan: string },
      now: string,
      extra = 1,
    ): Promise<void> {
      await lockWorkspace(db, workspace.id);
      const limit = allowanceOf(workspace.plan).seats;
      if (limit === null) return;
      const used = await this.seatsUsed(db, workspace.id, now);
      if (used + extra > limit) {
        throw new AppError(
          "seat_limit_reached",
          `The ${workspace.plan} plan has ${limit} seats and ${used} are taken (members and pending invites)`,
        );
      }
    },
  };
}

export type Plans = ReturnType<typeof createPlans>;
