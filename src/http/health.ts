import type { FastifyPluginAsync } from "fastify";
import { sql } from "kysely";
import type { Db } from "../db/schema.ts";
import { AppError } from "../errors.ts";

/** /healthz: the process answers. /readyz: the database answers too. */
export const healthRoutes =
  (db: Db): FastifyPluginAsync =>
  async (app) => {
    const publicRoute = { config: { public: true, rateLimit: false as const }, schema: { tags: ["Health"] } };
    app.get("/healthz", publicRoute, async () => ({ status: "ok" }));
    app.get("/readyz", publicRoute, async (request) => {
      try {
        await sql`select 1`.execute(db);
        return { status: "ready" };
      } catch (error) {
        request.log.error({ err: error }, "database not reachable");
        throw new AppError("not_ready", "Database not reachable");
      }
    });
  };
