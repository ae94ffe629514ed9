// `coffer-server admin audit-verify`: verifies the audit chain of every workspace (or one), on the
// server's store or offline on a backup file of the embedded store, which is copied first and never
// changed. Reads every entry; exits 1 naming the first break of each workspace that does not hold.
import { copyFileSync, existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { openDatabase } from "../db/connect.ts";
import { migrateToLatest } from "../db/migrate.ts";
import type { Db } from "../db/schema.ts";
import {
  MAX_SEQUENCE,
  type Verification,
  verifyWorkspaceChain,
  workspacesWithTrails,
} from "../modules/audit/index.ts";
import { type Command, CommandFailed, flags, intOption, UsageError, UUID } from "./command.ts";
import { masterKeysFor } from "./master-keys.ts";

function line(workspaceId: string, outcome: Verification): string {
  if (outcome.holds) {
    const range = outcome.checked > 0 ? `, sequences ${outcome.from} to ${outcome.to}` : "";
    const purged = outcome.checkpoint
      ? `; ${outcome.checkpoint.purged} purged before, behind a signed checkpoint`
      : "";
    return `workspace ${workspaceId}: holds (${outcome.checked} entries${range}${purged})`;
  }
  const at = outcome.first_break!;
  const entry = at.entry_id ? ` (entry ${at.entry_id})` : "";
  return `workspace ${workspaceId}: BROKEN at sequence ${at.sequence}${entry}: ${at.kind}, ${at.detail}`;
}

async function verifyStore(
  db: Db,
  config: Parameters<Command["run"]>[2],
  only: string | undefined,
  range: object,
) {
  const masterKeys = await masterKeysFor(db, config);
  const workspaces = only ? [only] : await workspacesWithTrails(db);
  const lines: string[] = [];
  let broken = 0;
  for (const workspaceId of workspaces) {
    const outcome = await verifyWorkspaceChain(db, masterKeys, workspaceId, range);
    if (!outcome.holds) broken++;
    lines.push(line(workspaceId, outcome));
  }
  const summary = `${workspaces.length} workspace${workspaces.length === 1 ? "" : "s"} verified, ${broken} broken`;
  if (broken > 0) throw new CommandFailed([...lines, summary].join("\n"));
  return [...lines, summary].join("\n");
}

export const auditVerify: Command = {
  usage: "audit-verify [<workspace_id>] [--backup <file>] [--from <n>] [--to <n>]",
  summary:
    "verify the tamper-evident audit chain of every workspace (or one), on this store or on a backup file; exit 1 on a break",
  async run(args, db, config) {
    const { positional, values } = flags(args, ["backup", "from", "to"]);
    const [workspaceId, ...rest] = positional;
    if (rest.length > 0) throw new UsageError("audit-verify takes at most one workspace id");
    if (workspaceId !== undefined && !UUID.test(workspaceId))
      throw new UsageError(`"${workspaceId}" is not a workspace id (a UUID)`);
    const range = {
      ...(values.from !== undefined ? { from: intOption(values, "from", 1, MAX_SEQUENCE, 1) } : {}),
      ...(values.to !== undefined ? { to: intOption(values, "to", 1, MAX_SEQUENCE, 1) } : {}),
    };
    const only = workspaceId?.toLowerCase();
    if (values.backup === undefined) return verifyStore(db, config, only, range);
    const file = resolve(values.backup);
    if (!existsSync(file)) throw new UsageError(`no backup file ${file}`);
    // A copy: a backup from an older version is migrated to read it, and the original stays as it was.
    const scratch = mkdtempSync(join(tmpdir(), "coffer-audit-verify-"));
    try {
      copyFileSync(file, join(scratch, "coffer.db"));
      const { db: backup } = openDatabase({ databaseUrl: undefined, dataDir: scratch });
      try {
        await migrateToLatest(backup);
        return `backup ${file}\n${await verifyStore(backup, config, only, range)}`;
      } finally {
        await backup.destroy();
      }
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  },
};
