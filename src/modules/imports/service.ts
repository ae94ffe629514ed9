// Import from hosting platforms: read a set of variables with the caller's platform token (used
// for this request only: never stored, logged, audited or echoed), compare them with the
// environment's secrets, and — on apply — write them in one transaction through the secrets
// module. Preview changes nothing.
import type { Static } from "typebox";
import type { RequestContext } from "../../auth/context.ts";
import type { Config } from "../../config.ts";
import { AppError, ValidationFailed } from "../../errors.ts";
import { escapeReferences } from "../../lib/references.ts";
import type { EnvironmentPath } from "../environments/index.ts";
import { KEY_PATTERN, LIMITS, type SecretsService } from "../secrets/index.ts";
import { createProviders, type ProviderName as Provider } from "./providers/index.ts";
import type { PlatformVariable } from "./providers/types.ts";
import type {
  ImportApplyRequest,
  ImportPreviewRequest,
  ImportPreviewResponse,
  ImportSource,
} from "./schemas.ts";

type Source = Static<typeof ImportSource>;
type Report = Static<typeof ImportPreviewResponse>;

/** One length whatever the value: a mask must not tell how long a secret is. */
export const MASK = "********";
const KEY = new RegExp(KEY_PATTERN);
const VERCEL_TARGETS = ["production", "preview", "development"];

/** What each platform needs in `source`, checked before any platform is called. */
function checkSource(provider: Provider, source: Source): void {
  const missing = (field: keyof Source) => ({
    loc: ["body", "source", field],
    msg: `Field required for ${provider}`,
    type: "missing",
  });
  const issues = [];
  if (provider === "railway") {
    if (!source.project_id) issues.push(missing("project_id"));
    if (!source.environment_id) issues.push(missing("environment_id"));
  } else if (provider === "vercel") {
    if (!source.project_id) issues.push(missing("project_id"));
    if (source.target && !VERCEL_TARGETS.includes(source.target)) {
      issues.push({
        loc: ["body", "source", "target"],
        msg: `Input should be ${VERCEL_TARGETS.map((t) => `'${t}'`).join(", ")}`,
        type: "enum",
        input: source.target,
      });
    }
  } else if (!source.service_id && !source.project_id) {
    issues.push(missing("service_id"));
  }
  if (issues.length > 0) throw new ValidationFailed(issues);
}

interface Sorted {
  added: { key: string; value: string }[];
  changed: { key: string; current: string | null; incoming: string }[];
  unchanged: string[];
  skipped: { key: string; reason: string }[];
  total: number;
}

/**
 * Sorts what the platform holds against what the environment holds. Only a usable value claims its
 * key: an unreadable entry (a Vercel branch-only or sensitive one) never shadows a readable one of
 * the same name, while a second usable value for a key is a duplicate.
 */
function compare(variables: PlatformVariable[], baseline: Map<string, string | null>): Sorted {
  const sorted: Sorted = { added: [], changed: [], unchanged: [], skipped: [], total: variables.length };
  const seen = new Set<string>();
  for (const variable of variables) {
    const { key, value } = variable;
    const skip = (reason: string) => sorted.skipped.push({ key, reason });
    if (!KEY.test(key) || key.length > LIMITS.keyLength)
      skip("invalid name: keys are letters, digits and _, not starting with a digit, at most 256");
    else if (value === null) skip(variable.unreadableReason ?? "value not readable");
    else if (Buffer.byteLength(value, "utf8") > LIMITS.valueBytes) skip("value larger than 64 KiB");
    else if (value.includes("\u0000")) skip("value contains a NUL character");
    else if (seen.has(key)) skip("duplicate key: only its first value is used");
    else {
      seen.add(key);
      // A platform's value is a literal: stored escaped, it reads back exactly as the platform held it.
      const stored = escapeReferences(value);
      if (!baseline.has(key)) sorted.added.push({ key, value: stored });
      else if (baseline.get(key) === stored) sorted.unchanged.push(key);
      else sorted.changed.push({ key, current: baseline.get(key) ?? null, incoming: stored });
    }
  }
  return sorted;
}

function present(provider: Provider, sorted: Sorted, reveal: boolean): Report {
  const show = (value: string | null) => (reveal && value !== null ? value : MASK);
  return {
    provider,
    added: sorted.added.map(({ key, value }) => ({ key, value: show(value) })),
    changed: sorted.changed.map(({ key, current, incoming }) => ({
      key,
      current: show(current),
      incoming: show(incoming),
    })),
    unchanged: sorted.unchanged,
    skipped: sorted.skipped,
    total: sorted.total,
  };
}

export function createImportsService(deps: {
  secrets: Pick<SecretsService, "importBaseline" | "importApply" | "recordReadIn">;
  settings: Config["imports"];
}) {
  const providers = createProviders(deps.settings);

  async function read(ctx: RequestContext, path: EnvironmentPath, body: Static<typeof ImportPreviewRequest>) {
    checkSource(body.provider, body.source);
    // Authorization first (and the environment's existence): a caller who may not write here
    // never makes us call a platform with their token.
    const baseline = await deps.secrets.importBaseline(ctx, path);
    const variables = await providers[body.provider].listVariables(body.token, body.source);
    return compare(variables, baseline);
  }

  /** A revealed report shows the environment's current values of changed keys: a read of them. */
  async function recordShown(ctx: RequestContext, path: EnvironmentPath, sorted: Sorted, reveal = false) {
    const current = sorted.changed.filter((item) => item.current !== null).length;
    if (reveal && current > 0) await deps.secrets.recordReadIn(ctx, path, { count: current, how: "import" });
  }

  return {
    async preview(ctx: RequestContext, path: EnvironmentPath, body: Static<typeof ImportPreviewRequest>) {
      const sorted = await read(ctx, path, body);
      await recordShown(ctx, path, sorted, body.reveal);
      return present(body.provider, sorted, body.reveal ?? false);
    },

    /** Writes added keys (and changed ones with overwrite), then reports what was written. */
    async apply(ctx: RequestContext, path: EnvironmentPath, body: Static<typeof ImportApplyRequest>) {
      const sorted = await read(ctx, path, body);
      const wanted = body.keys ? new Set(body.keys) : null;
      const chosen = (key: string) => wanted === null || wanted.has(key);
      const written: Sorted = {
        added: [],
        changed: [],
        unchanged: sorted.unchanged,
        skipped: [...sorted.skipped],
        total: sorted.total,
      };
      for (const item of sorted.added) {
        if (chosen(item.key)) written.added.push(item);
        else written.skipped.push({ key: item.key, reason: "not in keys" });
      }
      for (const item of sorted.changed) {
        if (!chosen(item.key)) written.skipped.push({ key: item.key, reason: "not in keys" });
        else if (body.overwrite) written.changed.push(item);
        else
          written.skipped.push({
            key: item.key,
            reason: "exists with another value; pass overwrite: true to replace it",
          });
      }
      const writes = written.added.length + written.changed.length;
      if (writes > LIMITS.batch) {
        // The bulk endpoints' bound: one transaction of at most this many secrets.
        throw new AppError(
          "bad_request",
          `This import would write ${writes} secrets; at most ${LIMITS.batch} at once: name the ones to write in keys`,
        );
      }
      if (writes > 0) {
        await deps.secrets.importApply(
          ctx,
          path,
          written.added,
          written.changed.map(({ key, incoming }) => ({ key, value: incoming })),
          body.provider,
        );
      }
      await recordShown(ctx, path, written, body.reveal);
      return present(body.provider, written, body.reveal ?? false);
    },
  };
}

export type ImportsService = ReturnType<typeof createImportsService>;
