// Resolving references (`${KEY}`, `${env.KEY}`, `${project.env.KEY}`) on read, with the reader's own
// permissions: an environment the reader may not read resolves exactly like one that does not
// exist, so a reference never tells what it cannot show. A reference that cannot be resolved leaves
// its secret unresolved with a reason, never an empty string.
//
// The reader's permissions are not enough (security review, item 7): a reference that leaves its
// value's environment resolves only while whoever wrote that value may read where it leads — the
// environment it names and everything the value found there reaches in turn — so that a writer
// can never make a broader reader fetch into their environment what they may not read. Each value
// records its writer (writers.ts); a value's writer is asked only when its reference leaves its
// environment, once per principal and request. An environment's `references_from` is asked too.
//
// A conditional read must change its tag when anything its answer depends on changes: the
// environments its values reach (through the qualifiers stored with each row), their revisions,
// whether the reader may read them, and where the writers asked stand. `dependencies()` names
// exactly those the resolution consulted, so a tag computed beforehand from the stored qualifiers
// can be checked afterwards.
import { authorize } from "../../../auth/authorize.ts";
import type { RequestContext } from "../../../auth/context.ts";
import { can, referenceAccepted } from "../../../auth/policy.ts";
import type { Keyring, Openable } from "../../../crypto/data-keys.ts";
import type { Db, WriterColumns } from "../../../db/schema.ts";
import { AppError } from "../../../errors.ts";
import {
  mayReference,
  parseValue,
  qualifierOf,
  type Reference,
  type UnresolvedReason,
} from "../../../lib/references.ts";
import type { EnvironmentRow, EnvironmentsService } from "../../environments/index.ts";
import type { repo } from "../store/index.ts";
import {
  describeStanding,
  principalName,
  type Standing,
  standingOf,
  type Writer,
  writerOf,
} from "./writers.ts";

/** How many references deep a value may reach (a → b → c … ). */
export const MAX_REFERENCE_DEPTH = 5;

export type Resolution =
  | { ok: true; value: string }
  | { ok: false; reference: string; reason: UnresolvedReason };

/** An environment's current rows with their values ready to open. */
export type CurrentRows = { rows: readonly repo.SecretRow[]; values: readonly Openable[] };

export interface ResolverDeps {
  db: Db;
  keyring: Keyring;
  environments: Pick<EnvironmentsService, "referenced">;
  currentRows: (ctx: RequestContext, environment: EnvironmentRow) => Promise<CurrentRows>;
}

/** A value as a resolution sees it: its text (null: it cannot be decrypted) and its writer. */
export interface StoredValue {
  value: string | null;
  writer: WriterColumns;
  /** The environment it is stored in: a parent of the reading one, for an inherited value. */
  origin: EnvironmentRow;
}

/** What reach() reads of a row: where its value points, and who wrote it. */
export type ReachedRow = WriterColumns & Pick<repo.SecretRow, "reference_targets">;

/**
 * A value's writer, and the environment the value is read in (its own; the reading one, for an
 * inherited value, whose `${KEY}` means the child's key). A reference that names another
 * environment leaves it: its writer must be allowed to read everything it leads to.
 */
interface Crosser {
  writer: Writer | null;
  home: string;
}

const crosserName = (crosser: Crosser) =>
  `${crosser.writer ? `${principalName(crosser.writer)}:${JSON.stringify(crosser.writer.scope)}` : "?"}>${crosser.home}`;

/** Whether a stored row's value names another environment (or its own, by slug). */
const mayLeave = (row: Pick<repo.SecretRow, "reference_targets">) =>
  row.reference_targets !== null && (JSON.parse(row.reference_targets) as string[]).some((q) => q !== "");

/** "env" or "project.env" as the parts a lookup takes. */
export const qualifierParts = (qualifier: string) => {
  const [first, second] = qualifier.split(".");
  return second === undefined ? { environment: first! } : { project: first!, environment: second };
};

/**
 * One reader's resolution, for one request: environments, values and writers' standings are looked
 * up once each. A class, not a closure: every list makes one, and its methods are then made once,
 * not per request.
 */
export class ReferenceResolution {
  private readonly targets = new Map<string, Promise<EnvironmentRow | null>>();
  private readonly consulted = new Set<string>();
  private readonly valueMaps = new Map<string, Promise<Map<string, StoredValue>>>();
  private readonly standings = new Map<string, Promise<Standing | null>>();
  private readonly memo = new Map<string, Promise<Resolution>>();
  private readonly deps: ResolverDeps;
  private readonly ctx: RequestContext;
  private readonly start: EnvironmentRow;

  constructor(deps: ResolverDeps, ctx: RequestContext, start: EnvironmentRow) {
    this.deps = deps;
    this.ctx = ctx;
    this.start = start;
  }

  /**
   * The reading environment's values as the answer sees them (a past version, inherited keys), each
   * with its row (who wrote it) and, when inherited, the environment it comes from.
   */
  seed(
    rows: readonly repo.SecretRow[],
    values: readonly (string | Error | null)[],
    origins?: readonly (EnvironmentRow | undefined)[],
  ): void {
    const seeded = new Map<string, StoredValue>();
    rows.forEach((row, i) => {
      const value = values[i];
      seeded.set(row.key, {
        value: typeof value === "string" ? value : null,
        writer: row,
        origin: origins?.[i] ?? this.start,
      });
    });
    this.valueMaps.set(this.start.id, Promise.resolve(seeded));
  }

  /** A value the reading environment reads (`row` says who wrote it), its references resolved. */
  resolve(key: string, raw: string, row: WriterColumns): Promise<Resolution> {
    if (!mayReference(raw)) return Promise.resolve({ ok: true, value: raw });
    return this.resolveIn(this.start, `${this.start.id}/${key}`, raw, [], [], {
      writer: writerOf(row),
      home: this.start.id,
    });
  }

  /**
   * Walks the environments the stored qualifiers of `rows` reach (no decryption), and the standing
   * of each writer whose value may leave its environment, so that dependencies() names them before
   * anything is read.
   */
  async reach(rows: readonly ReachedRow[]): Promise<void> {
    type Layer = { environment: EnvironmentRow; rows: readonly ReachedRow[] };
    let frontier: Layer[] = [{ environment: this.start, rows }];
    const seen = new Set([this.start.id]);
    for (let depth = 0; depth <= MAX_REFERENCE_DEPTH && frontier.length > 0; depth++) {
      const next: Layer[] = [];
      for (const { environment, rows: from } of frontier) {
        for (const row of from) {
          const writer = mayLeave(row) ? writerOf(row) : null;
          if (writer) await this.standingOf(writer);
        }
        for (const qualifier of storedQualifiers(from)) {
          const target = await this.environmentOf(environment, qualifier);
          if (!target || seen.has(target.id)) continue;
          seen.add(target.id);
          next.push({ environment: target, rows: (await this.deps.currentRows(this.ctx, target)).rows });
        }
      }
      frontier = next;
    }
  }

  /** Records something else the answer depends on (an inherited environment's revision). */
  depend(what: string): void {
    this.consulted.add(what);
  }

  /** Every environment lookup so far with what it found (id and revision, or nothing readable). */
  dependencies(): string {
    return this.consulted.size === 0 ? "" : [...this.consulted].sort().join(",");
  }

  private async readable(environment: EnvironmentRow): Promise<boolean> {
    if (environment.id === this.start.id) return true;
    try {
      await authorize(this.deps.db, this.ctx, "secret.read", {
        teamId: environment.team_id,
        projectId: environment.project_id,
        environmentId: environment.id,
      });
      return true;
    } catch (error) {
      if (error instanceof AppError) return false;
      throw error;
    }
  }

  /** The environment `qualifier` names from `from`, if it exists and the reader may read it. */
  private environmentOf(from: EnvironmentRow, qualifier: string): Promise<EnvironmentRow | null> {
    if (qualifier === "") return Promise.resolve(from);
    const name = `${from.id}|${qualifier}`;
    let found = this.targets.get(name);
    if (!found) {
      found = this.lookUp(from, qualifier, name);
      this.targets.set(name, found);
    }
    return found;
  }

  private async lookUp(from: EnvironmentRow, qualifier: string, name: string) {
    const target = await this.deps.environments.referenced(
      this.ctx.workspaceId,
      from,
      qualifierParts(qualifier),
    );
    const visible = target && (await this.readable(target)) ? target : null;
    this.consulted.add(`${name}=${visible ? `${visible.id}@${visible.revision}` : "-"}`);
    return visible;
  }

  /** Where the principal who wrote a value stands now (once per request; a dependency of the answer). */
  private standingOf(writer: Writer): Promise<Standing | null> {
    const name = principalName(writer);
    let found = this.standings.get(name);
    if (!found) {
      found = standingOf(this.deps.db, this.ctx.workspaceId, writer).then((standing) => {
        this.consulted.add(`writer:${name}=${describeStanding(standing)}`);
        return standing;
      });
      this.standings.set(name, found);
    }
    return found;
  }

  /**
   * Why the crossers may not take a value from `environment` (null: each may read it, or wrote
   * in it): an unknown writer, or one who may not read it now, with the scope they wrote through.
   */
  private async crossersRefused(
    crossers: readonly Crosser[],
    environment: EnvironmentRow,
  ): Promise<UnresolvedReason | null> {
    for (const crosser of crossers) {
      if (crosser.home === environment.id) continue;
      if (!crosser.writer) return "writer_unknown";
      const standing = await this.standingOf(crosser.writer);
      const allowed =
        standing !== null &&
        can({ ...standing, scope: crosser.writer.scope }, "secret.read", {
          workspaceId: this.ctx.workspaceId,
          teamId: environment.team_id,
          projectId: environment.project_id,
          environmentId: environment.id,
        });
      if (!allowed) return "writer_cannot_read";
    }
    return null;
  }

  /** The values of an environment, by key (value null: cannot be decrypted). */
  private valuesOf(environment: EnvironmentRow) {
    let found = this.valueMaps.get(environment.id);
    if (!found) {
      found = this.loadValues(environment);
      this.valueMaps.set(environment.id, found);
    }
    return found;
  }

  private async loadValues(environment: EnvironmentRow) {
    const { rows, values } = await this.deps.currentRows(this.ctx, environment);
    const opened = await this.deps.keyring.decryptAll(this.deps.db, this.ctx.workspaceId, values);
    return new Map(
      rows.map((row, i): [string, StoredValue] => [
        row.key,
        { value: typeof opened[i] === "string" ? opened[i] : null, writer: row, origin: environment },
      ]),
    );
  }

  /**
   * Follows `reference`, written by `self` in a value read in `from`. Every crosser on the way so
   * far, and `self` when this reference leaves `from`, must be allowed to read the environment it
   * leads to (and the parent its value is stored in, when the value is inherited there).
   */
  private async follow(
    from: EnvironmentRow,
    reference: Reference,
    trail: readonly string[],
    crossers: readonly Crosser[],
    self: Crosser,
  ): Promise<Resolution> {
    const fail = (reason: UnresolvedReason): Resolution => ({ ok: false, reference: reference.text, reason });
    if (trail.length > MAX_REFERENCE_DEPTH) return fail("too_deep");
    const target = await this.environmentOf(from, qualifierOf(reference));
    if (!target) return fail("unreachable");
    const accepted = referenceAccepted(
      { id: target.id, projectId: target.project_id, referencesFrom: target.references_from },
      { id: from.id, projectId: from.project_id },
    );
    if (!accepted) return fail("not_referenceable");
    const onward = target.id === self.home ? crossers : [...crossers, self];
    const refused = await this.crossersRefused(onward, target);
    if (refused) return fail(refused);
    const found = (await this.valuesOf(target)).get(reference.key);
    if (!found) return fail("missing");
    if (found.value === null) return fail("undecryptable");
    if (found.origin.id !== target.id) {
      const inherited = await this.crossersRefused(onward, found.origin);
      if (inherited) return fail(inherited);
    }
    const node = `${target.id}/${reference.key}`;
    if (trail.includes(node)) return fail("cycle");
    const inner = await this.resolveIn(target, node, found.value, trail, onward, {
      writer: writerOf(found.writer),
      home: target.id,
    });
    return inner.ok ? inner : fail(inner.reason);
  }

  /** `raw` (the value of `node`, written by `self`) with its references resolved, reached through `trail`. */
  private resolveIn(
    environment: EnvironmentRow,
    node: string,
    raw: string,
    trail: readonly string[],
    crossers: readonly Crosser[],
    self: Crosser,
  ): Promise<Resolution> {
    // A result depends on how deep it was reached (the bound) and on whose references led to it.
    const memoKey = `${node}@${trail.length}|${crossers.map(crosserName).join(",")}`;
    let found = this.memo.get(memoKey);
    if (!found) {
      found = this.resolveValue(environment, raw, [...trail, node], crossers, self);
      this.memo.set(memoKey, found);
    }
    return found;
  }

  private async resolveValue(
    environment: EnvironmentRow,
    raw: string,
    trail: readonly string[],
    crossers: readonly Crosser[],
    self: Crosser,
  ): Promise<Resolution> {
    if (!mayReference(raw)) return { ok: true, value: raw };
    let value = "";
    for (const part of parseValue(raw, "lenient")) {
      if (typeof part === "string") {
        value += part;
        continue;
      }
      const resolved = await this.follow(environment, part, trail, crossers, self);
      if (!resolved.ok) return resolved;
      value += resolved.value;
    }
    return { ok: true, value };
  }
}

/** The qualifiers (other than the environment itself) the rows' values reference. */
function storedQualifiers(rows: readonly Pick<repo.SecretRow, "reference_targets">[]): Set<string> {
  const qualifiers = new Set<string>();
  for (const row of rows) {
    if (row.reference_targets === null) continue;
    for (const qualifier of JSON.parse(row.reference_targets) as string[]) {
      if (qualifier !== "") qualifiers.add(qualifier);
    }
  }
  return qualifiers;
}
