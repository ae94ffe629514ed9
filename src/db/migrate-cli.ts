// `npm run migrate`: bring the configured database to the latest schema (start-up does this too).
import { ConfigError, loadConfig } from "../config.ts";
import { openDatabase } from "./connect.ts";
import { migrateToLatest } from "./migrate.ts";

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(`coffer: configuration error: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
const { db, engine } = openDatabase(config);
try {
  const { results } = await migrateToLatest(db);
  const applied = (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
  console.log(`${engine}: ${applied.length ? `applied ${applied.join(", ")}` : "already up to date"}`);
} finally {
  await db.destroy();
}
