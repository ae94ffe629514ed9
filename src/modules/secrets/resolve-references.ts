// Resolving references (`${KEY}`, `${env.KEY}`, `${project.env.KEY}`) on read, with the reader's own
// permissions: an environment the reader may not read resolves exactly like one that does not
// exist, so a reference never tells what it cannot show. A reference that cannot be resolved leaves
// its secret unresolved with a reason, never an empty string.
//
// A conditional read must change its tag when anything its answer depends on changes: the
// environments its values reach (through the qualifiers stored with each row), their revisions,
// and whether the reader may read them. `dependencies()` names exactly those the resolution
// consulted, so a tag computed beforehand from the stored qualifiers can be checked afterwards.
import { authorize } from "../../auth/authorize.ts";
import type { RequestContext } from "../../auth/context.ts";
import type { Keyring, Openable } from "../../crypto/data-keys.ts";
import type { Db } from "../../db/schema.ts";
import { AppError } from "../../errors.ts";
import {
  mayReference,
  parseValue,
  qualifierOf,
  type Reference,
  type UnresolvedReason,
} from "../../lib/references.ts";
import type { EnvironmentRow, EnvironmentsService } from "../environments/index.ts";
import type * as repo from "./repo.ts";

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

/** "env" or "project.env" as the parts a lookup takes. */
const qualifierParts = (qualifier: string) => {
  const [first, second] = qualifier.split(".");
  return second === undefined ? { environment: first! } : { project: first!, environment: second };
};

/**
 * One reader's resolution, for one request: environments and values are looked up once each. A
 * class, not a closure: every list makes one, and its methods are then made once, not per request.
 */
export class ReferenceResolution {
  private readonly targets = new Map<string, Promise<EnvironmentRow | null>>();
  private readonly consulted = new Set<string>();
  private readonly valueMaps = new Map<string, Promise<Map<string, string | null>>>();
  private readonly memo = new Map<string, Promise<Resolution>>();
  private readonly deps: ResolverDeps;
  private readonly ctx: RequestContext;
  private readonly start: EnvironmentRow;

  constructor(deps: ResolverDeps, ctx: RequestContext, start: EnvironmentRow) {
    this.deps = deps;
    this.ctx = ctx;
    this.start = start;
  }

  /** The reading environment's values as the answer sees them (a past version, inherited keys). */
  seed(values: Map<string, string | null>): void {
    this.valueMaps.set(this.start.id, Promise.resolve(values));
  }

  /** A value of the reading environment, its references resolved. */
  resolve(key: string, raw: string): Promise<Resolution> {
    if (!mayReference(raw)) return Promise.resolve({ ok: true, value: raw });
    return this.resolveIn(this.start, `${this.start.id}/${key}`, raw, []);
  }

  /**
   * Walks the environments the stored qualifiers of `rows` reach (no decryption), so that
   * dependencies() names them before anything is read.
   */
  async reach(rows: readonly Pick<repo.SecretRow, "reference_targets">[]): Promise<void> {
    type Layer = { environment: EnvironmentRow; rows: readonly Pick<repo.SecretRow, "reference_targets">[] };
    let frontier: Layer[] = [{ environment: this.start, rows }];
    const seen = new Set([this.start.id]);
    for (let depth = 0; depth <= MAX_REFERENCE_DEPTH && frontier.length > 0; depth++) {
      const next: Layer[] = [];
      for (const { environment, rows: from } of frontier) {
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

  /** The raw values of an environment, by key (null: cannot be decrypted). */
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
    return new Map(rows.map((row, i) => [row.key, typeof opened[i] === "string" ? opened[i] : null]));
  }

  private async follow(
    from: EnvironmentRow,
    reference: Reference,
    trail: readonly string[],
  ): Promise<Resolution> {
    const fail = (reason: UnresolvedReason): Resolution => ({ ok: false, reference: reference.text, reason });
    if (trail.length > MAX_REFERENCE_DEPTH) return fail("too_deep");
    const target = await this.environmentOf(from, qualifierOf(reference));
    if (!target) return fail("unreachable");
    const values = await this.valuesOf(target);
    if (!values.has(reference.key)) return fail("missing");
    const raw = values.get(reference.key);
    if (raw == null) return fail("undecryptable");
    const node = `${target.id}/${reference.key}`;
    if (trail.includes(node)) return fail("cycle");
    const inner = await this.resolveIn(target, node, raw, trail);
    return inner.ok ? inner : fail(inner.reason);
  }

  /** `raw` (the value of `node`) with its references resolved, reached through `trail`. */
  private resolveIn(
    environment: EnvironmentRow,
    node: string,
    raw: string,
    trail: readonly string[],
  ): Promise<Resolution> {
    // A result depends on how deep it was reached (the bound), so it is kept per depth.
    const memoKey = `${node}@${trail.length}`;
    let found = this.memo.get(memoKey);
    if (!found) {
      found = this.resolveValue(environment, raw, [...trail, node]);
      this.memo.set(memoKey, found);
    }
    return found;
  }

  private async resolveValue(
    environment: EnvironmentRow,
    raw: string,
    trail: readonly string[],
  ): Promise<Resolution> {
    if (!mayReference(raw)) return { ok: true, value: raw };
    let value = "";
    for (const part of parseValue(raw, "lenient")) {
      if (typeof part === "string") {
        value += part;
        continue;
      }
      const resolved = await this.follow(environment, part, trail);
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
