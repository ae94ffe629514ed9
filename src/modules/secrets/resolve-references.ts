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
import { mayReference, parseValue, type Reference, type UnresolvedReason } from "../../lib/references.ts";
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

const qualifierParts = (qualifier: string) => {
  const [first, second] = qualifier.split(".");
  return second === undefined ? { environment: first! } : { project: first!, environment: second };
};

/** One reader's resolution, for one request: environments and values are looked up once each. */
export function createResolution(deps: ResolverDeps, ctx: RequestContext, start: EnvironmentRow) {
  const targets = new Map<string, Promise<EnvironmentRow | null>>();
  const consulted = new Set<string>();
  const valueMaps = new Map<string, Promise<Map<string, string | null>>>();
  const memo = new Map<string, Promise<Resolution>>();

  async function readable(environment: EnvironmentRow): Promise<boolean> {
    if (environment.id === start.id) return true;
    try {
      await authorize(deps.db, ctx, "secret.read", {
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
  function environmentOf(from: EnvironmentRow, qualifier: string): Promise<EnvironmentRow | null> {
    if (qualifier === "") return Promise.resolve(from);
    const name = `${from.id}|${qualifier}`;
    let found = targets.get(name);
    if (!found) {
      found = (async () => {
        const target = await deps.environments.referenced(ctx.workspaceId, from, qualifierParts(qualifier));
        const visible = target && (await readable(target)) ? target : null;
        consulted.add(`${name}=${visible ? `${visible.id}@${visible.revision}` : "-"}`);
        return visible;
      })();
      targets.set(name, found);
    }
    return found;
  }

  async function loadValues(environment: EnvironmentRow) {
    const { rows, values } = await deps.currentRows(ctx, environment);
    const opened = await deps.keyring.decryptAll(deps.db, ctx.workspaceId, values);
    return new Map(rows.map((row, i) => [row.key, typeof opened[i] === "string" ? opened[i] : null]));
  }

  /** The raw values of an environment, by key (null: cannot be decrypted). */
  function valuesOf(environment: EnvironmentRow) {
    let found = valueMaps.get(environment.id);
    if (!found) {
      found = loadValues(environment);
      valueMaps.set(environment.id, found);
    }
    return found;
  }

  async function follow(
    from: EnvironmentRow,
    reference: Reference,
    trail: readonly string[],
  ): Promise<Resolution> {
    const fail = (reason: UnresolvedReason): Resolution => ({ ok: false, reference: reference.text, reason });
    if (trail.length > MAX_REFERENCE_DEPTH) return fail("too_deep");
    const qualifier =
      reference.project !== undefined
        ? `${reference.project}.${reference.environment}`
        : (reference.environment ?? "");
    const target = await environmentOf(from, qualifier);
    if (!target) return fail("unreachable");
    const values = await valuesOf(target);
    if (!values.has(reference.key)) return fail("missing");
    const raw = values.get(reference.key);
    if (raw == null) return fail("undecryptable");
    const node = `${target.id}/${reference.key}`;
    if (trail.includes(node)) return fail("cycle");
    const inner = await resolveIn(target, node, raw, trail);
    return inner.ok ? inner : fail(inner.reason);
  }

  /** `raw` (the value of `node`, or of the secret read when trail is empty) with its references resolved. */
  function resolveIn(
    environment: EnvironmentRow,
    node: string,
    raw: string,
    trail: readonly string[],
  ): Promise<Resolution> {
    // A result depends on how deep it was reached (the bound), so it is kept per depth.
    const memoKey = `${node}@${trail.length}`;
    let found = memo.get(memoKey);
    if (!found) {
      found = resolveValue(environment, raw, [...trail, node]);
      memo.set(memoKey, found);
    }
    return found;
  }

  async function resolveValue(
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
      const resolved = await follow(environment, part, trail);
      if (!resolved.ok) return resolved;
      value += resolved.value;
    }
    return { ok: true, value };
  }

  return {
    /** The reading environment's values as the answer sees them (a past version, a moment). */
    seed(values: Map<string, string | null>) {
      valueMaps.set(start.id, Promise.resolve(values));
    },

    /** A value of the reading environment, its references resolved. */
    resolve(key: string, raw: string): Promise<Resolution> {
      if (!mayReference(raw)) return Promise.resolve({ ok: true, value: raw });
      return resolveIn(start, `${start.id}/${key}`, raw, []);
    },

    /**
     * Walks the environments the stored qualifiers of `rows` reach (no decryption), so that
     * dependencies() names them before anything is read.
     */
    async reach(rows: readonly Pick<repo.SecretRow, "reference_targets">[]) {
      let frontier: {
        environment: EnvironmentRow;
        rows: readonly Pick<repo.SecretRow, "reference_targets">[];
      }[] = [{ environment: start, rows }];
      const seen = new Set([start.id]);
      for (let depth = 0; depth <= MAX_REFERENCE_DEPTH && frontier.length > 0; depth++) {
        const next: typeof frontier = [];
        for (const { environment, rows: from } of frontier) {
          for (const qualifier of storedQualifiers(from)) {
            const target = await environmentOf(environment, qualifier);
            if (!target || seen.has(target.id)) continue;
            seen.add(target.id);
            next.push({ environment: target, rows: (await deps.currentRows(ctx, target)).rows });
          }
        }
        frontier = next;
      }
    },

    /** Records something else the answer depends on (an inherited environment's revision). */
    depend(what: string) {
      consulted.add(what);
    },

    /** Every environment lookup so far with what it found (id and revision, or nothing readable). */
    dependencies(): string {
      return [...consulted].sort().join(",");
    },
  };
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

export type ReferenceResolution = ReturnType<typeof createResolution>;
