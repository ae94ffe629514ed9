// `npm run admin -- backup <file>` and `restore <file>` for the embedded store: an online,
// consistent copy through SQLite's backup API while the server keeps writing, and a restore into
// an empty data dir that first proves the master key opens every data key of the backup.
// The master key never goes into a backup (it lives beside the database, in master.key or
// COFFER_MASTER_KEY); the backup checks that its bytes are not in the file anyway.
// PostgreSQL is backed up with pg_dump / pg_restore (docs/operations.md, "Backup and restore").
import { chmodSync, closeSync, existsSync, mkdirSync, openSync, readSync, renameSync, rmSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import SQLite from "better-sqlite3";
import { type Config, ConfigError } from "../config.ts";
import { unwrapWithHeld } from "../crypto/data-keys.ts";
import { createMasterKeys, masterKeyFile, readKeyFile } from "../crypto/keyring.ts";
import { ADMIN_COMMAND } from "../lib/layout.ts";

/** A refusal: one line on stderr, exit code 1, nothing changed. */
export class StoreCommandRefused extends Error {}

export interface StoreCommand {
  usage: string;
  summary: string;
  run(args: string[], config: Config): Promise<string>;
}

const DATABASE_FILE = "coffer.db";
const POSTGRES_RECIPE =
  'see "Backup and restore" in docs/operations.md: pg_dump --format=custom --file coffer.dump "$DATABASE_URL", ' +
  'and pg_restore --no-owner --dbname "$DATABASE_URL" coffer.dump into an empty database';
// Large enough that one step copies the whole database: a single step reads one snapshot, so a
// writer committing meanwhile cannot make the backup start over (which small steps would).
const ALL_PAGES = 0x7fffffff;

function oneFileArgument(name: string, args: string[]): string {
  if (args.length !== 1 || args[0]!.startsWith("--")) throw new StoreCommandRefused(`${name} takes one file`);
  return resolve(args[0]!);
}

/** The store commands work on the embedded SQLite file: with PostgreSQL, they point at its own tools. */
function refuseOnPostgres(config: Config, doing: string): void {
  if (config.databaseUrl)
    throw new StoreCommandRefused(
      `${doing}, and this Coffer uses PostgreSQL (DATABASE_URL): ${POSTGRES_RECIPE}`,
    );
}

/** Where the master key comes from, without ever generating one. */
export function heldMasterKey(config: Config): { key: Buffer; origin: string } | undefined {
  if (config.masterKey) return { key: config.masterKey, origin: "COFFER_MASTER_KEY" };
  const file = resolve(masterKeyFile(config.dataDir));
  const key = readKeyFile(file);
  return key ? { key, origin: file } : undefined;
}

/** True when any encoding of any of the keys occurs in the file (read in chunks that overlap). */
function fileContainsKey(path: string, keys: Buffer[]): boolean {
  const needles = keys.flatMap((key) => [
    key,
    Buffer.from(key.toString("base64")),
    Buffer.from(key.toString("base64url")),
    Buffer.from(key.toString("hex")),
  ]);
  const overlap = Math.max(...needles.map((n) => n.length));
  const fd = openSync(path, "r");
  try {
    const chunk = Buffer.alloc(1024 * 1024 + overlap);
    let carried = 0;
    for (;;) {
      const read = readSync(fd, chunk, carried, chunk.length - carried, null);
      const window = chunk.subarray(0, carried + read);
      if (needles.some((needle) => window.includes(needle))) return true;
      if (read === 0) return false;
      carried = Math.min(overlap, window.length);
      window.copy(chunk, 0, window.length - carried);
    }
  } finally {
    closeSync(fd);
  }
}

interface StoreSummary {
  workspaces: number;
  secrets: number;
  dataKeys: number;
}

/** Opens a backup (or a store) and checks it is a whole Coffer database. */
function inspect(file: SQLite.Database, path: string): StoreSummary {
  const check = file.pragma("quick_check", { simple: true });
  if (check !== "ok")
    throw new StoreCommandRefused(`${path} fails SQLite's integrity check (${String(check)})`);
  const tables = new Set(
    (file.prepare("select name from sqlite_master where type = 'table'").all() as { name: string }[]).map(
      (t) => t.name,
    ),
  );
  for (const table of ["kysely_migration", "workspaces", "data_keys", "secrets"]) {
    if (!tables.has(table))
      throw new StoreCommandRefused(`${path} is not a Coffer database (no ${table} table)`);
  }
  const count = (table: string) =>
    (file.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
  return { workspaces: count("workspaces"), secrets: count("secrets"), dataKeys: count("data_keys") };
}

/** The id of the master key the store's data keys are wrapped under (absent in stores from before key ids). */
function activeKeyIdOf(file: SQLite.Database): string | undefined {
  const hasTable = file
    .prepare("select 1 from sqlite_master where type = 'table' and name = 'master_key_state'")
    .get();
  if (!hasTable) return undefined;
  const row = file.prepare("select key_id from master_key_state where id = 1").get() as
    | { key_id: string }
    | undefined;
  return row?.key_id;
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
const describe = (s: StoreSummary) =>
  `${plural(s.workspaces, "workspace")}, ${plural(s.secrets, "secret")}, ${plural(s.dataKeys, "data key")}`;

/** SQLite's online backup of `source` into a new file at `target` (through a temporary name). */
async function copyDatabase(source: SQLite.Database, target: string): Promise<void> {
  const partial = `${target}.partial-${process.pid}`;
  try {
    await source.backup(partial, { progress: () => ALL_PAGES });
    // A standalone file: no write-ahead log beside it, readable on its own.
    const copy = new SQLite(partial);
    try {
      copy.pragma("journal_mode = DELETE");
    } finally {
      copy.close();
    }
    chmodSync(partial, 0o600);
    renameSync(partial, target);
  } finally {
    rmSync(partial, { force: true });
  }
}

function openExisting(path: string, what: string, readonly = false): SQLite.Database {
  try {
    const file = new SQLite(path, { fileMustExist: true, readonly });
    file.pragma("busy_timeout = 5000");
    // Opening is lazy: reading the schema is what finds out whether the file is a database.
    file.pragma("schema_version");
    return file;
  } catch {
    throw new StoreCommandRefused(`cannot open ${what} ${path} as a SQLite database`);
  }
}

export const STORE_COMMANDS: Record<string, StoreCommand> = {
  backup: {
    usage: "backup <file>",
    summary:
      "copy the embedded SQLite store into <file>, online and consistent, while Coffer serves (not the master key)",
    async run(args, config) {
      const target = oneFileArgument("backup", args);
      refuseOnPostgres(config, "backup copies the embedded SQLite store");
      const sourcePath = resolve(config.dataDir, DATABASE_FILE);
      if (!existsSync(sourcePath))
        throw new StoreCommandRefused(`no database at ${sourcePath} (COFFER_DATA_DIR)`);
      if (existsSync(target)) throw new StoreCommandRefused(`${target} exists: choose a new file name`);
      if (!existsSync(dirname(target)))
        throw new StoreCommandRefused(`the directory of ${target} does not exist`);
      // Not read-only: a reader of a WAL database must be able to open its shared-memory index.
      const source = openExisting(sourcePath, "the store");
      try {
        await copyDatabase(source, target);
      } finally {
        source.close();
      }
      const copy = openExisting(target, "the backup", true);
      let summary: StoreSummary;
      try {
        summary = inspect(copy, target);
      } finally {
        copy.close();
      }
      const master = heldMasterKey(config);
      const keys = [master?.key, config.previousMasterKey].filter((k): k is Buffer => k !== undefined);
      if (fileContainsKey(target, keys)) {
        rmSync(target, { force: true });
        throw new StoreCommandRefused(
          "the master key was found inside the copy; it was deleted, nothing was backed up",
        );
      }
      return [
        `backed up ${sourcePath} to ${target}: ${describe(summary)} (integrity checked, mode 0600)`,
        `the master key is NOT in this backup; keep ${master?.origin ?? "master.key / COFFER_MASTER_KEY"} safe: ` +
          "without it the backup cannot be decrypted, and a restore asks for it",
      ].join("\n");
    },
  },

  restore: {
    usage: "restore <file>",
    summary:
      "put a backup back into an empty COFFER_DATA_DIR, after checking the master key opens its data keys",
    async run(args, config) {
      const source = oneFileArgument("restore", args);
      refuseOnPostgres(config, "restore fills the embedded SQLite store");
      const dataDir = resolve(config.dataDir);
      const target = join(dataDir, DATABASE_FILE);
      for (const path of [target, `${target}-wal`, `${target}-shm`]) {
        if (existsSync(path)) {
          throw new StoreCommandRefused(
            `${path} exists: restore only into an empty data dir (set COFFER_DATA_DIR to a new directory, or move the database away first)`,
          );
        }
      }
      if (!existsSync(source)) throw new StoreCommandRefused(`no file ${source}`);
      let master: ReturnType<typeof heldMasterKey>;
      try {
        master = heldMasterKey(config);
      } catch (error) {
        if (error instanceof ConfigError) throw new StoreCommandRefused(error.message);
        throw error;
      }
      if (!master) {
        throw new StoreCommandRefused(
          `no master key: copy the master.key that belongs with this backup to ${masterKeyFile(dataDir)}, or set COFFER_MASTER_KEY`,
        );
      }
      const backup = openExisting(source, "the backup", true);
      try {
        const summary = inspect(backup, source);
        const held = createMasterKeys({ key: master.key, previous: config.previousMasterKey });
        const active = activeKeyIdOf(backup);
        if (active !== undefined && !held.find(active)) {
          throw new StoreCommandRefused(
            `the master key from ${master.origin} is not the one this backup was written with (the backup expects ` +
              `master key id ${active}, this key's id is ${held.current().id}); nothing was restored`,
          );
        }
        const rows = backup
          .prepare("select workspace_id, version, wrapped_key, master_key_id from data_keys")
          .all() as Parameters<typeof unwrapWithHeld>[1][];
        for (const row of rows) {
          try {
            unwrapWithHeld(held, row);
          } catch {
            throw new StoreCommandRefused(
              `the master key from ${master.origin} does not open data key ${row.version} of workspace ${row.workspace_id} ` +
                "in this backup: it is not the key the backup was written with; nothing was restored",
            );
          }
        }
        mkdirSync(dataDir, { recursive: true, mode: 0o700 });
        await copyDatabase(backup, target);
        return [
          `restored ${source} into ${target}: ${describe(summary)}`,
          `every data key opens with the master key from ${master.origin}; start Coffer with this COFFER_DATA_DIR` +
            (master.origin === "COFFER_MASTER_KEY" ? " and the same COFFER_MASTER_KEY" : ""),
        ].join("\n");
      } finally {
        backup.close();
      }
    },
  },
};

/** Runs a store command the way the admin CLI runs the others: a line on stdout, or a refusal on stderr. */
export async function runStoreCommand(
  command: StoreCommand,
  args: string[],
  config: Config,
): Promise<number> {
  try {
    console.log(await command.run(args, config));
    return 0;
  } catch (error) {
    if (error instanceof StoreCommandRefused || error instanceof ConfigError) {
      console.error(`coffer admin: ${error.message}\nusage: ${ADMIN_COMMAND} ${command.usage}`);
      return 1;
    }
    throw error;
  }
}
