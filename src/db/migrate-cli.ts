// `coffer-server migrate [--dry-run]` (from a clone, `npm run migrate -- [--dry-run]`): bring the
// configured database to this version's schema ahead of a start (start-up does it too), or list
// what that would apply and change nothing.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { type Config, ConfigError, loadConfig } from "../config.ts";
import { describeStartupError } from "../startup-errors.ts";
import { openDatabase } from "./connect.ts";
import { knownMigrations, migrateToLatest, pendingMigrations } from "./migrate.ts";

const HELP = [
  "usage: coffer-server migrate [--dry-run]",
  "       (from a clone: npm run migrate -- [--dry-run])",
  "",
  "Brings the database (DATABASE_URL, or the embedded one in COFFER_DATA_DIR) to this version's",
  "schema, as the server does at start, and says which migrations it applied.",
  "",
  "  --dry-run  list the migrations that would be applied, in order, and change nothing",
].join("\n");

const DRY = "(dry run: nothing was changed)";

async function main(argv: string[]): Promise<number> {
  if (argv.includes("--help") || argv.includes("-h")) {
    console.log(HELP);
    return 0;
  }
  const unknown = argv.find((arg) => arg !== "--dry-run");
  if (unknown !== undefined) {
    console.error(`coffer: unknown argument "${unknown}"\n\n${HELP}`);
    return 2;
  }
  const dryRun = argv.includes("--dry-run");
  let config: Config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(`coffer: configuration error: ${error.message}`);
      return 1;
    }
    throw error;
  }
  // Opening an embedded database creates it: a dry run on a data dir without one only reads the list.
  if (dryRun && !config.databaseUrl && !existsSync(join(config.dataDir, "coffer.db"))) {
    console.log(`sqlite: would apply ${knownMigrations().join(", ")} ${DRY}`);
    return 0;
  }
  const { db, engine } = openDatabase(config);
  try {
    if (dryRun) {
      const pending = await pendingMigrations(db);
      console.log(
        `${engine}: ${pending.length ? `would apply ${pending.join(", ")}` : "already up to date"} ${DRY}`,
      );
    } else {
      const applied = await migrateToLatest(db, {
        onWait: () => console.log(`${engine}: another process is migrating this database: waiting for it`),
      });
      console.log(`${engine}: ${applied.length ? `applied ${applied.join(", ")}` : "already up to date"}`);
    }
    return 0;
  } catch (error) {
    const line = describeStartupError(error, config) ?? `could not migrate: ${(error as Error).message}`;
    console.error(`coffer: ${line}`);
    return 1;
  } finally {
    await db.destroy().catch(() => {});
  }
}

process.exitCode = await main(process.argv.slice(2));
