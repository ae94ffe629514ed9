// `npm run admin -- <command>`: operator commands that work on the database directly, with the
// same configuration as the server (COFFER_DATA_DIR or DATABASE_URL), on either engine.
import { userInfo } from "node:os";
import { ConfigError, loadConfig } from "../config.ts";
import { openDatabase } from "../db/connect.ts";
import { migrateToLatest } from "../db/migrate.ts";
import type { Db } from "../db/schema.ts";
import { uuidv7 } from "../lib/uuid7.ts";
import { insertEvent } from "../modules/audit/repo.ts";
import { findWorkspace, updateWorkspace } from "../modules/workspaces/repo.ts";

interface Command {
  usage: string;
  summary: string;
  run(args: string[], db: Db, config: ReturnType<typeof loadConfig>): Promise<string>;
}

class UsageError extends Error {}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const COMMANDS: Record<string, Command> = {
  "set-plan": {
    usage: "set-plan <workspace_id> <plan>",
    summary: "change a workspace's plan (free, pro, enterprise, or a plan named in COFFER_PLANS)",
    async run([workspaceId, plan, ...rest], db, config) {
      if (!workspaceId || !plan || rest.length > 0)
        throw new UsageError("set-plan takes a workspace id and a plan");
      if (!UUID.test(workspaceId)) throw new UsageError(`"${workspaceId}" is not a workspace id (a UUID)`);
      if (!(plan in config.plans)) {
        throw new UsageError(
          `"${plan}" is not a plan; choose one of ${Object.keys(config.plans).join(", ")}`,
        );
      }
      return db.transaction().execute(async (tx) => {
        const workspace = await findWorkspace(tx, workspaceId.toLowerCase());
        if (!workspace) throw new UsageError(`no workspace ${workspaceId}`);
        const now = new Date().toISOString();
        await updateWorkspace(tx, workspace.id, { plan, updated_at: now });
        await insertEvent(tx, {
          id: uuidv7(),
          workspace_id: workspace.id,
          action: "workspace.plan_changed",
          resource_type: "workspace",
          resource_id: workspace.id,
          secret_id: null,
          version: null,
          actor_type: "operator",
          actor_id: "admin-cli",
          actor_user_id: "",
          actor_name: userInfo().username,
          ip_address: null,
          user_agent: null,
          details: JSON.stringify({ previous_plan: workspace.plan, plan }),
          created_at: now,
        });
        return `workspace ${workspace.id} (${workspace.name}): plan ${workspace.plan} -> ${plan}`;
      });
    },
  },
};

function help(): string {
  const width = Math.max(...Object.values(COMMANDS).map((c) => c.usage.length));
  return [
    "usage: npm run admin -- <command> [arguments]",
    "",
    "commands:",
    `  ${"help".padEnd(width)}  list these commands`,
    ...Object.values(COMMANDS).map((c) => `  ${c.usage.padEnd(width)}  ${c.summary}`),
    "",
    "The database is the server's: COFFER_DATA_DIR (embedded SQLite) or DATABASE_URL (PostgreSQL).",
  ].join("\n");
}

async function main(argv: string[]): Promise<number> {
  const [name, ...args] = argv;
  if (!name || name === "help" || name === "--help" || name === "-h") {
    console.log(help());
    return name ? 0 : 2;
  }
  const command = COMMANDS[name];
  if (!command) {
    console.error(`coffer admin: unknown command "${name}"\n\n${help()}`);
    return 2;
  }
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`coffer admin: configuration error: ${error.message}`);
      return 1;
    }
    throw error;
  }
  const { db } = openDatabase(config);
  try {
    await migrateToLatest(db);
    console.log(await command.run(args, db, config));
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`coffer admin: ${error.message}\nusage: npm run admin -- ${command.usage}`);
      return 1;
    }
    throw error;
  } finally {
    await db.destroy();
  }
}

process.exitCode = await main(process.argv.slice(2));
