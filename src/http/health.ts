import type { FastifyPluginAsync } from "fastify";
import { AppError } from "../errors.ts";

/** What a readiness check watches: /readyz names it, and the metrics label it. */
export type Dependency = "database" | "master_key" | "storage" | "redis" | "workers";

/**
 * One thing this node needs to serve well. `problem()` says why it does not have it right now, or
 * undefined; it answers within a bounded time (a check never hangs /readyz or a scrape).
 * `after` names a check whose failure makes this one meaningless (the master key is checked
 * through the database): it is then not run, and not reported.
 */
export interface ReadinessCheck {
  dependency: Dependency;
  problem(): Promise<string | undefined> | string | undefined;
  after?: Dependency;
}

export interface ReadinessResult {
  dependency: Dependency;
  /** Why not, when the check failed. */
  detail?: string;
}

/**
 * Runs the checks, those with `after` only once what they depend on passed; one result per check
 * that ran.
 */
export async function checkReadiness(checks: readonly ReadinessCheck[]): Promise<ReadinessResult[]> {
  const run = async (check: ReadinessCheck): Promise<ReadinessResult> => {
    try {
      const detail = await check.problem();
      return detail ? { dependency: check.dependency, detail } : { dependency: check.dependency };
    } catch (error) {
      return { dependency: check.dependency, detail: (error as Error).message || String(error) };
    }
  };
  const first = await Promise.all(checks.filter((check) => !check.after).map(run));
  const failed = new Set(first.filter((result) => result.detail).map((result) => result.dependency));
  const then = checks.filter((check) => check.after && !failed.has(check.after));
  return [...first, ...(await Promise.all(then.map(run)))];
}

/**
 * /healthz: the process answers. /readyz: every readiness check passes (the database answers,
 * this node holds the store's master key, and whatever else the app registered: storage, Redis,
 * the cluster channel); otherwise 503 not_ready naming each problem.
 */
export const healthRoutes =
  (checks: readonly ReadinessCheck[]): FastifyPluginAsync =>
  async (app) => {
    const publicRoute = { config: { public: true, rateLimit: false as const }, schema: { tags: ["Health"] } };
    app.get("/healthz", publicRoute, async () => ({ status: "ok" }));
    app.get("/readyz", publicRoute, async (request) => {
      const problems = (await checkReadiness(checks)).filter((result) => result.detail);
      if (problems.length === 0) return { status: "ready" };
      request.log.warn({ problems }, "not ready");
      throw new AppError("not_ready", problems.map((problem) => problem.detail).join("; "), {
        body: { problems },
      });
    });
  };
