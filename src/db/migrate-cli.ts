// `npm run migrate`: bring the configured database to the latest schema (start-up does this too).
import { loadConfig } from "../config.ts";
import { openDatabase } from "./connect.ts";
import { migrateToLatest } from "./migrate.ts";

const config = loadConfig();
const { db, engine } = openDatabase(config);
try {
  const { results } = await migrateToLatest(db);
  const applied = (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
  console.log(`${engine}: ${applied.length ? `applied ${applied.join(", ")}` : "already up to date"}`);
} finally {
  await db.destroy();
}
