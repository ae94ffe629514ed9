// `npm run admin -- rotate-data-key <workspace_id|--all>`: gives a workspace a new data key version
// and re-encrypts every value sealed under an older one, in batches, while servers keep serving
// (DESIGN.md §6). New writes use the new version from the moment it is created, on every node.
// Resumable: a workspace whose newest version is an unfinished rotation gets that one finished, not
// another version. Old versions are never deleted: a value still under one (unreadable, say) stays
// readable as far as it ever was, and the report says which old versions no value uses any more.
import { systemClock } from "../clock.ts";
import {
  type ReencryptReport,
  reencryptWorkspace,
  startDataKeyRotation,
  versionsInUse,
} from "../crypto/data-key-rotation.ts";
import { dataKeyVersions } from "../crypto/data-key-versions.ts";
import { createKeyring, type Keyring } from "../crypto/data-keys.ts";
import type { MasterKeys } from "../crypto/keyring.ts";
import type { Db } from "../db/schema.ts";
import { AppError } from "../errors.ts";
import { ADMIN_COMMAND } from "../lib/layout.ts";
import { deletedSecretValues, secretValues } from "../modules/secrets/index.ts";
import { shareSnapshots } from "../modules/sharing/index.ts";
import { allWorkspaces, findWorkspace } from "../modules/workspaces/index.ts";
import { type Command, CommandFailed, flags, intOption, operatorEvent, UsageError, UUID } from "./command.ts";
import { masterKeysFor } from "./master-keys.ts";

// Every kind of value sealed under a workspace's data keys.
const SEALED = [secretValues, deletedSecretValues, shareSnapshots];
const DEFAULT_BATCH = 500;

const plural = (n: number, word: string, words = `${word}s`) => `${n} ${n === 1 ? word : words}`;

interface Run {
  db: Db;
  masterKeys: MasterKeys;
  keyring: Keyring;
  batchSize: number;
  batchesLeft: number;
  /** Complete rotations whose newest version is this recent are not rotated again (--all resuming). */
  createdBefore: string;
}

type Outcome = ReencryptReport["outcome"] | "no_data_key" | "already_rotated";

async function rotateWorkspace(run: Run, workspace: { id: string; name: string }) {
  const { db } = run;
  const label = `workspace ${workspace.id}`;
  let start: Awaited<ReturnType<typeof startDataKeyRotation>>;
  try {
    start = await db.transaction().execute(async (tx) => {
      const now = new Date().toISOString();
      const started = await startDataKeyRotation(tx, run.masterKeys, workspace.id, now, run.createdBefore);
      if (started.kind === "created") {
        const details = { version: started.version, previous_version: started.previous };
        await operatorEvent(tx, run.masterKeys, workspace.id, "workspace.data_key_rotated", details, now);
      }
      return started;
    });
  } catch (error) {
    if (error instanceof AppError) throw new CommandFailed(`${label}: ${error.message}`);
    throw error;
  }
  if (start.kind === "no_data_key") {
    console.log(
      `${label} (${workspace.name}): no data key yet (nothing was ever encrypted in it), nothing to do`,
    );
    return { outcome: "no_data_key" as Outcome, reencrypted: 0 };
  }
  if (start.kind === "already_rotated") {
    console.log(
      `${label}: already on data key version ${start.version} (created ${start.createdAt}), skipped`,
    );
    return { outcome: "already_rotated" as Outcome, reencrypted: 0 };
  }
  const version = start.version;
  console.log(
    start.kind === "created"
      ? `${label} (${workspace.name}): data key version ${version} created, new writes use it from now on`
      : `${label} (${workspace.name}): resuming the unfinished rotation to data key version ${version}`,
  );
  const report = await reencryptWorkspace(
    { db, keyring: run.keyring, clock: systemClock },
    workspace.id,
    version,
    SEALED,
    {
      batchSize: run.batchSize,
      maxBatches: run.batchesLeft,
      onBatch: ({ done, total }) => console.error(`${label}: ${done}/${total} values re-encrypted`),
    },
  );
  run.batchesLeft -= report.batches;
  const done = `${plural(report.reencrypted + report.changedMeanwhile, "value")} re-encrypted`;
  if (report.outcome === "paused") {
    console.log(
      `${label}: stopped after ${plural(report.batches, "batch", "batches")} (--max-batches), ${done} so far`,
    );
  } else if (report.outcome === "superseded") {
    console.log(`${label}: a newer data key version appeared meanwhile (another rotate-data-key run?)`);
  } else {
    console.log(`${label}: done, ${done}; new and re-encrypted values are under data key version ${version}`);
    if (report.unreadable > 0) {
      console.error(
        `${label}: warning: ${plural(report.unreadable, "value")} failed to decrypt and ${report.unreadable === 1 ? "was" : "were"} left as stored`,
      );
    }
    const older = (await dataKeyVersions(db, workspace.id)).map((k) => k.version).filter((v) => v < version);
    for (const [old, users] of await versionsInUse(db, workspace.id, older, SEALED)) {
      console.log(
        users === 0
          ? `${label}: data key version ${old} is no longer used by any value (kept)`
          : `${label}: data key version ${old} is still used by ${plural(users, "value")} (kept)`,
      );
    }
  }
  return { outcome: report.outcome as Outcome, reencrypted: report.reencrypted + report.changedMeanwhile };
}

export const rotateDataKey: Command = {
  usage:
    "rotate-data-key <workspace_id|--all> [--batch-size <n>] [--max-batches <n>] [--created-before <time>]",
  summary:
    "give a workspace (or every one) a new data key and re-encrypt its values under it: online, in batches, resumable",
  async run(args, db, config) {
    const { positional, values, set } = flags(args, ["batch-size", "max-batches", "created-before"], ["all"]);
    const all = set.has("all");
    if (all ? positional.length > 0 : positional.length !== 1)
      throw new UsageError("rotate-data-key takes one workspace id, or --all");
    const createdBefore = values["created-before"] ?? new Date().toISOString();
    if (Number.isNaN(Date.parse(createdBefore)))
      throw new UsageError("--created-before must be a time, e.g. 2025-01-31T12:00:00Z");
    const masterKeys = await masterKeysFor(db, config);
    const run: Run = {
      db,
      masterKeys,
      keyring: createKeyring({ masterKeys, clock: systemClock }),
      batchSize: intOption(values, "batch-size", 1, 10_000, DEFAULT_BATCH),
      batchesLeft: intOption(values, "max-batches", 1, 1_000_000_000, Number.POSITIVE_INFINITY),
      createdBefore: new Date(createdBefore).toISOString(),
    };
    let workspaces: { id: string; name: string }[];
    const again = all
      ? `${ADMIN_COMMAND} rotate-data-key --all --created-before ${run.createdBefore}`
      : "the same command";
    if (all) {
      workspaces = await allWorkspaces(db);
      console.log(
        `rotating the data key of every workspace whose key predates ${run.createdBefore}; ` +
          `to continue after an interruption: ${again}`,
      );
    } else {
      const id = positional[0]!;
      if (!UUID.test(id)) throw new UsageError(`"${id}" is not a workspace id (a UUID)`);
      const workspace = await findWorkspace(db, id.toLowerCase());
      if (!workspace) throw new UsageError(`no workspace ${id}`);
      workspaces = [workspace];
    }
    const counts: Record<Outcome, number> = {
      done: 0,
      paused: 0,
      superseded: 0,
      no_data_key: 0,
      already_rotated: 0,
    };
    let reencrypted = 0;
    for (const workspace of workspaces) {
      if (run.batchesLeft <= 0) {
        counts.paused++;
        continue;
      }
      const result = await rotateWorkspace(run, workspace);
      counts[result.outcome]++;
      reencrypted += result.reencrypted;
    }
    const summary =
      `${plural(workspaces.length, "workspace")}: ${counts.done} rotated, ${counts.no_data_key} without a data key` +
      (counts.already_rotated ? `, ${counts.already_rotated} already rotated` : "") +
      (counts.paused ? `, ${counts.paused} not finished (to continue: ${again})` : "") +
      `; ${plural(reencrypted, "value")} re-encrypted`;
    if (counts.superseded > 0)
      throw new CommandFailed(`${summary}; ${counts.superseded} interrupted by another rotation: run again`);
    return summary;
  },
};
