import type { FastifyPluginAsync } from "fastify";
import { sql } from "kysely";
import type { InvalidationBus } from "../auth/auth-cache.ts";
import type { Clock } from "../clock.ts";
import { checkMasterKey } from "../crypto/data-keys.ts";
import type { MasterKeys } from "../crypto/keyring.ts";
import type { Db } from "../db/schema.ts";
import { AppError } from "../errors.ts";

/**
 * /healthz: the process answers. /readyz: the database answers too, and this node holds the
 * master key the store's data keys are wrapped under (never "ready" when it could not decrypt),
 * and, with Redis, invalidations reach the other nodes.
 */
export const healthRoutes =
  (db: Db, masterKeys: MasterKeys, clock: Clock, bus: InvalidationBus): FastifyPluginAsync =>
  async (app) => {
    const publicRoute = { config: { public: true, rateLimit: false as const }, schema: { tags: ["Health"] } };
    app.get("/healthz", publicRoute, async () => ({ status: "ok" }));
    app.get("/readyz", publicRoute, async (request) => {
      try {
        await sql`select 1`.execute(db);
      } catch (error) {
        request.log.error({ err: error }, "database not reachable");
        throw new AppError("not_ready", "Database not reachable");
      }
      const keyProblem = await checkMasterKey(db, masterKeys, clock.now().toISOString());
      if (keyProblem) {
        request.log.error(keyProblem);
        throw new AppError("not_ready", "This node does not hold the store's master key");
      }
      const busProblem = bus.problem();
      if (busProblem) {
        request.log.error(busProblem);
        throw new AppError("not_ready", `${busProblem}: revocations would not reach the other nodes`);
      }
      return { status: "ready" };
    });
  };
