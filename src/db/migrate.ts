// Bringing a database to this code's schema: the ordered list of migrations/index.ts, applied by
// Kysely's Migrator under a lock of Coffer's own, so that any number of processes may start on one
// database at once, after refusing a database that a newer Coffer has migrated.
import { type Kysely, PostgresAdapter, sql } from "kysely";
import { Migrator } from "kysely/migration";
import { migrations } from "./migrations/index.ts";

// Kysely's bookkeeping table: one row per applied migration.
const MIGRATION_TABLE = "kysely_migration";

// Coffer's migration lock on PostgreSQL (an advisory lock of the database: any 64-bit number no
// other advisory lock on it uses; Kysely's own is 3853314791062309107).
const POSTGRES_LOCK = 7_163_202_602_415_067;

/** A database carries migrations this code does not know: a newer Coffer migrated it. */
export class NewerSchemaError extends Error {
  constructor(readonly migration: string) {
    super(
      `this database was migrated by a newer Coffer (migration ${migration}): run that version or newer; ` +
        "to go back, restore the backup taken before the upgrade",
    );
  }
}

/** The migrations this code knows, in the order they run. */
export const knownMigrations = (): string[] => Object.keys(migrations).sort();

// biome-ignore lint/suspicious/noExplicitAny: the migrations are independent of the table types.
type AnyDb = Kysely<any>;

/** The names of the migrations applied to the database; none when it was never migrated. */
async function appliedMigrations(db: AnyDb): Promise<string[]> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  if (!tables.some((table) => table.name === MIGRATION_TABLE)) return [];
  const rows = await db.selectFrom(MIGRATION_TABLE).select("name").execute();
  return rows.map((row: { name: string }) => row.name);
}

/** The known migrations not applied yet, in order; throws NewerSchemaError on a newer database. */
function pendingOf(applied: string[]): string[] {
  const known = knownMigrations();
  const unknown = applied.filter((name) => !known.includes(name)).sort();
  if (unknown.length > 0) throw new NewerSchemaError(unknown.at(-1)!);
  return known.filter((name) => !applied.includes(name));
}

/** What migrateToLatest would apply, in order, reading only; throws NewerSchemaError as it would. */
export async function pendingMigrations(db: AnyDb): Promise<string[]> {
  return pendingOf(await appliedMigrations(db));
}

export interface MigrateOptions {
  /** Told once when another process holds the migration lock and this one waits for it. */
  onWait?: () => void;
}

/**
 * Applies the pending migrations in order and returns their names (none when up to date). Refuses
 * (NewerSchemaError) a database with migrations this code does not know, before changing anything.
 * On PostgreSQL all of them commit in one transaction (Kysely's), on SQLite in one `BEGIN IMMEDIATE`
 * transaction (ours): a failure leaves the schema as it was.
 */
export async function migrateToLatest(db: AnyDb, options: MigrateOptions = {}): Promise<string[]> {
  return underMigrationLock(db, options, async (locked) => {
    if (pendingOf(await appliedMigrations(locked)).length === 0) return [];
    const migrator = new Migrator({ db: locked, provider: { getMigrations: async () => migrations } });
    const { error, results } = await migrator.migrateToLatest();
    if (error) throw error;
    return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
  });
}

/**
 * Runs `work` on one connection that holds the migration lock for the whole of it: the check for a
 * newer schema, Kysely's set-up of its own tables (which it does before taking its lock) and the
 * migrations. A second process waits, then finds the work done. Kysely's own PostgreSQL lock
 * covers only the migrations themselves, and its SQLite adapter takes none at all (it assumes one
 * process per file; Coffer lets several share a data dir).
 */
async function underMigrationLock<T>(
  db: AnyDb,
  options: MigrateOptions,
  work: (locked: AnyDb) => Promise<T>,
): Promise<T> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    return db.connection().execute(async (locked) => {
      const lock = sql.lit(POSTGRES_LOCK);
      const { rows } = await sql<{ taken: boolean }>`select pg_try_advisory_lock(${lock}) as taken`.execute(
        locked,
      );
      if (!rows[0]?.taken) {
        options.onWait?.();
        await sql`select pg_advisory_lock(${lock})`.execute(locked);
      }
      try {
        return await work(locked);
      } finally {
        // A lost connection has already released the lock with its session.
        await sql`select pg_advisory_unlock(${lock})`.execute(locked).catch(() => {});
      }
    });
  }
  return db.connection().execute(async (locked) => {
    await beginImmediate(locked, options);
    try {
      const result = await work(locked);
      await sql`commit`.execute(locked);
      return result;
    } catch (error) {
      await sql`rollback`.execute(locked).catch(() => {});
      throw error;
    }
  });
}

/**
 * Takes SQLite's write lock up front, which another process's BEGIN IMMEDIATE then waits for. The
 * first try does not wait, to tell whether another process holds it (onWait); then each try waits
 * the connection's busy_timeout, which a long migration may outlast, as often as it takes.
 */
async function beginImmediate(locked: AnyDb, options: MigrateOptions): Promise<void> {
  const { rows } = await sql<{ timeout: number }>`pragma busy_timeout`.execute(locked);
  const patience = Number(rows[0]?.timeout ?? 0);
  try {
    for (let attempt = 0; ; attempt++) {
      await sql.raw(`pragma busy_timeout = ${attempt === 0 ? 0 : Math.max(patience, 1_000)}`).execute(locked);
      try {
        await sql`begin immediate`.execute(locked);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== "SQLITE_BUSY") throw error;
        if (attempt === 0) options.onWait?.();
      }
    }
  } finally {
    await sql.raw(`pragma busy_timeout = ${patience}`).execute(locked);
  }
}
