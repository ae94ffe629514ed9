// How the instance-admin page describes a plan: what it allows, in the words the refusals use, so
// that the page, the API's 402 and the CLI agree on what is paid.

export interface PlanFacts {
  seats: number | null;
  service_accounts: number | null;
  version_history: boolean;
  share_links: boolean;
}

const count = (n: number | null, what: string) => (n === null ? `unlimited ${what}` : `${n} ${what}`);

/** "5 seats, 2 service accounts, no version history (nor point-in-time restore), no share links". */
export function describePlan(plan: PlanFacts): string {
  return [
    count(plan.seats, "seats"),
    count(plan.service_accounts, "service accounts"),
    plan.version_history
      ? "version history and point-in-time restore"
      : "no version history (nor point-in-time restore)",
    plan.share_links ? "share links" : "no share links",
  ].join(", ");
}
