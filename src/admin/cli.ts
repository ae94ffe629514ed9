// `coffer-server admin <command>` (from a clone, `npm run admin -- <command>`): operator commands
// that work on the database directly, with the same configuration as the server (COFFER_DATA_DIR or
// DATABASE_URL), on either engine.
import { randomBytes } from "node:crypto";
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { systemClock } from "../clock.ts";
import { ConfigError, loadConfig } from "../config.ts";
import {
  activeMasterKeyId,
  DecryptionError,
  lockActiveMasterKeyId,
  rewrapEveryDataKey,
  setActiveMasterKeyId,
} from "../crypto/data-keys.ts";
import { createMasterKeys, loadMasterKey, masterKeyFile, masterKeyId } from "../crypto/keyring.ts";
import { openDatabase } from "../db/connect.ts";
import { migrateToLatest, NewerSchemaError } from "../db/migrate.ts";
import type { Queryable } from "../db/schema.ts";
import { purgeOnce } from "../jobs/housekeeping.ts";
import { ADMIN_COMMAND } from "../lib/layout.ts";
import { resealChainKey } from "../modules/audit/index.ts";
import { changePlan } from "../modules/instance/index.ts";
import { resealSecrets } from "../modules/two-factor/index.ts";
import { findWorkspace, updateWorkspace, workspacesNamed } from "../modules/workspaces/index.ts";
import { auditVerify } from "./audit-verify.ts";
import { runStoreCommand, STORE_COMMANDS } from "./backup.ts";
import { type Command, CommandFailed, flags, operatorEvent, UsageError, UUID } from "./command.ts";
import { masterKeysFor } from "./master-keys.ts";
import { rotateDataKey } from "./rotate-data-key.ts";

function readNewKeyFile(path: string): Buffer {
  let text: string;
  try {
    text = readFileSync(path, "utf8").trim();
  } catch {
    throw new UsageError(`cannot read ${path}`);
  }
  const key = Buffer.from(text, "base64");
  if (key.length !== 32) throw new UsageError(`${path} must hold the base64 encoding of exactly 32 bytes`);
  return key;
}

/** The one workspace a reference (id, slug or name) names; none or several is the operator's to resolve. */
async function oneWorkspace(db: Queryable, reference: string) {
  const found = await workspacesNamed(db, reference);
  if (found.length === 1) return found[0]!;
  if (found.length === 0) throw new UsageError(`no workspace has the id, slug or name "${reference}"`);
  const matches = found.map((w) => `  ${w.id}  ${w.slug}  ${w.name}`).join("\n");
  throw new UsageError(
    `${found.length} workspaces are called "${reference}"; name one by its id or slug:\n${matches}`,
  );
}

/** What lift-sign-in-requirements can lift: the workspace's column, the audit event it leaves, its name. */
const SIGN_IN_REQUIREMENTS = [
  {
    flag: "sso",
    column: "sso_required_at",
    event: "workspace.sso_not_required",
    details: { require_sso: false },
    name: "single sign-on",
  },
  {
    flag: "twoFactor",
    column: "two_factor_required_at",
    event: "workspace.updated",
    details: { require_two_factor: false },
    name: "two-factor sign-in",
  },
] as const;

const COMMANDS: Record<string, Command> = {
  "rotate-master-key": {
    usage: "rotate-master-key [--new-key-file <path>]",
    summary: "re-wrap every workspace data key under a new master key, in one transaction",
    async run(args, db, config) {
      const { positional, values } = flags(args, ["new-key-file"]);
      if (positional.length > 0) throw new UsageError("rotate-master-key takes no positional arguments");
      // Never generate the "current" key: data keys wrapped under a lost key cannot be re-wrapped.
      const keyFile = config.masterKey ? null : masterKeyFile(config.dataDir);
      if (keyFile && !config.databaseUrl && !existsSync(keyFile)) {
        throw new UsageError(`no current master key: set COFFER_MASTER_KEY or restore ${keyFile}`);
      }
      const loaded = loadMasterKey(config);
      // Not the file: a `.new` left by a crashed rotation must not count as a held key.
      const held = createMasterKeys({ key: loaded.key, previous: config.previousMasterKey });
      const active = await activeMasterKeyId(db);
      // COFFER_MASTER_KEY already the new key and the store still on COFFER_MASTER_KEY_PREVIOUS:
      // the operator staged the rotation on every node first, and this finishes it.
      const staged = !keyFile && active !== undefined && active !== held.current().id && !!held.find(active);
      const fromFile = values["new-key-file"] !== undefined;
      const next = fromFile ? readNewKeyFile(values["new-key-file"]!) : staged ? loaded.key : randomBytes(32);
      const nextId = masterKeyId(next);
      // The new key reaches disk before the database commits, so no crash can leave data keys
      // wrapped under a key that exists nowhere. Running nodes re-read the file when the store's
      // active key id moves on.
      if (keyFile) writeFileSync(`${keyFile}.new`, `${next.toString("base64")}\n`, { mode: 0o600 });
      let count: number;
      try {
        count = await db.transaction().execute(async (tx) => {
          const now = new Date().toISOString();
          // From here until commit no node can create a data key under the old master key.
          const activeId = await lockActiveMasterKeyId(tx, held.current().id, now);
          if (activeId === nextId) throw new UsageError("the new master key is the current one");
          let rewrapped: number;
          try {
            rewrapped = await rewrapEveryDataKey(tx, held, { key: next, id: nextId });
          } catch (error) {
            if (!(error instanceof DecryptionError)) throw error;
            throw new UsageError(`${error.message}; nothing was changed`);
          }
          try {
            await resealSecrets(tx, held, { key: next, id: nextId });
            await resealChainKey(tx, held, { key: next, id: nextId });
          } catch (error) {
            throw new UsageError(`${(error as Error).message}; nothing was changed`);
          }
          await setActiveMasterKeyId(tx, nextId, now);
          return rewrapped;
        });
      } catch (error) {
        if (keyFile) rmSync(`${keyFile}.new`, { force: true });
        throw error;
      }
      const lines = [
        `re-wrapped ${count} data key${count === 1 ? "" : "s"} under the new master key (id ${nextId})`,
      ];
      if (keyFile) {
        renameSync(`${keyFile}.new`, keyFile);
        lines.push(`the new master key is in ${keyFile} (back it up)`);
        lines.push(
          "running nodes on this data dir pick it up by themselves; sessions sign in again after a restart",
        );
      } else if (staged) {
        lines.push("every node holds it already: remove COFFER_MASTER_KEY_PREVIOUS from every node");
      } else {
        if (!fromFile) lines.push(`new master key (shown once, store it safely): ${next.toString("base64")}`);
        lines.push(
          "set COFFER_MASTER_KEY to the new key and restart every Coffer node; until then a node on the old key " +
            "refuses to create keys for new workspaces (503) rather than wrap them under the old key",
        );
      }
      return lines.join("\n");
    },
  },

  "rotate-data-key": rotateDataKey,
  "audit-verify": auditVerify,

  purge: {
    usage: "purge",
    summary:
      "delete ended sessions, dead codes, used-up share links and old invites now (what the periodic job does)",
    async run(args, db, config) {
      if (args.length > 0) throw new UsageError("purge takes no arguments");
      // The master key only signs the audit trail's checkpoints: without a retention, none is needed.
      const masterKeys = config.auditRetentionDays > 0 ? await masterKeysFor(db, config) : undefined;
      const report = await purgeOnce(db, systemClock, config, masterKeys);
      return Object.entries(report)
        .map(([table, count]) => `${table}: ${count} deleted`)
        .join("\n");
    },
  },

  "set-plan": {
    usage: "set-plan <workspace> <plan>",
    summary:
      "change a workspace's plan (free, pro, enterprise, or a plan named in COFFER_PLANS); the workspace by id, slug or name",
    async run([reference, plan, ...rest], db, config) {
      if (!reference || !plan || rest.length > 0)
        throw new UsageError("set-plan takes a workspace (its id, slug or name) and a plan");
      if (!(plan in config.plans)) {
        throw new UsageError(
          `"${plan}" is not a plan; choose one of ${Object.keys(config.plans).join(", ")}`,
        );
      }
      const masterKeys = await masterKeysFor(db, config);
      return db.transaction().execute(async (tx) => {
        const workspace = await oneWorkspace(tx, reference);
        const now = new Date().toISOString();
        await changePlan(tx, masterKeys, workspace, plan, { commandLine: true }, now);
        return `workspace ${workspace.id} (${workspace.name}): plan ${workspace.plan} -> ${plan}`;
      });
    },
  },
  // The way back when the single sign-on provider is gone or an Owner lost their second factor:
  // lifting a sign-in requirement grants power, so no API key may do it, and a session cannot be had.
  "lift-sign-in-requirements": {
    usage: "lift-sign-in-requirements <workspace_id> [--sso] [--two-factor]",
    summary:
      "stop requiring single sign-on and/or two-factor sign-in of a workspace's members (both when neither is named)",
    async run(args, db, config) {
      const { positional, set } = flags(args, [], ["sso", "two-factor"]);
      const [workspaceId, ...rest] = positional;
      if (!workspaceId || rest.length > 0)
        throw new UsageError("lift-sign-in-requirements takes a workspace id");
      if (!UUID.test(workspaceId)) throw new UsageError(`"${workspaceId}" is not a workspace id (a UUID)`);
      const both = set.size === 0;
      const lift = { sso: both || set.has("sso"), twoFactor: both || set.has("two-factor") };
      const masterKeys = await masterKeysFor(db, config);
      return db.transaction().execute(async (tx) => {
        const workspace = await findWorkspace(tx, workspaceId.toLowerCase());
        if (!workspace) throw new UsageError(`no workspace ${workspaceId}`);
        const now = new Date().toISOString();
        const lifted: string[] = [];
        for (const requirement of SIGN_IN_REQUIREMENTS) {
          if (!lift[requirement.flag] || !workspace[requirement.column]) continue;
          await updateWorkspace(tx, workspace.id, { [requirement.column]: null, updated_at: now });
          await operatorEvent(tx, masterKeys, workspace.id, requirement.event, requirement.details, now);
          lifted.push(requirement.name);
        }
        const what =
          lifted.length > 0 ? `no longer requires ${lifted.join(" or ")}` : "required nothing to lift";
        return `workspace ${workspace.id} (${workspace.name}) ${what}`;
      });
    },
  },
};

function help(): string {
  const width = Math.max(
    ...[...Object.values(COMMANDS), ...Object.values(STORE_COMMANDS)].map((c) => c.usage.length),
  );
  return [
    "usage: coffer-server admin <command> [arguments]",
    "       (from a clone: npm run admin -- <command> [arguments])",
    "",
    "commands:",
    `  ${"help".padEnd(width)}  list these commands`,
    ...[...Object.values(COMMANDS), ...Object.values(STORE_COMMANDS)].map(
      (c) => `  ${c.usage.padEnd(width)}  ${c.summary}`,
    ),
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
  // backup and restore work on the database file itself: they must not open (or create) it here.
  const storeCommand = STORE_COMMANDS[name];
  if (!command && !storeCommand) {
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
  if (storeCommand) return runStoreCommand(storeCommand, args, config);
  if (!command) return 2;
  const { db } = openDatabase(config);
  try {
    await migrateToLatest(db);
    console.log(await command.run(args, db, config));
    return 0;
  } catch (error) {
    if (error instanceof UsageError) {
      console.error(`coffer admin: ${error.message}\nusage: ${ADMIN_COMMAND} ${command.usage}`);
      return 1;
    }
    if (error instanceof CommandFailed || error instanceof NewerSchemaError) {
      console.error(`coffer admin: ${error.message}`);
      return 1;
    }
    // A command may load more configuration (rotate-master-key loads the master key).
    if (error instanceof ConfigError) {
      console.error(`coffer admin: configuration error: ${error.message}`);
      return 1;
    }
    throw error;
  } finally {
    await db.destroy();
  }
}

process.exitCode = await main(process.argv.slice(2));
