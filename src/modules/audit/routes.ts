import { pipeline, Readable } from "node:stream";
import { stringify } from "csv-stringify";
import type { FastifyPluginAsync } from "fastify";
import Type from "typebox";
import { ValidationFailed } from "../../errors.ts";
import { authErrors, ErrorBody, SECURITY, WorkspaceParams } from "../../http/schemas.ts";
import { contextOf, type MembershipLookup, workspaceScope } from "../../http/scope.ts";
import type { TypedApp } from "../../http/types.ts";
import {
  AuditEntry,
  AuditExportQuery,
  AuditQuery,
  ChainState,
  ChainVerification,
  VerificationKey,
  VerifyQuery,
} from "./schemas.ts";
import type { AuditService, TrailFilter } from "./service.ts";

/** An export holds at most this many entries (newest first): narrow it by time for more. */
export const EXPORT_MAX_ENTRIES = 100_000;

const FILTERS =
  "filters `action` (team.created, secret. for every secret action, or several comma-separated), `actor` (a " +
  "user, API key or service " +
  "account id), `project`, `environment`, `since` and `until` (times)";

/** The filter as the trail compares it: times in the stored form, and `since` before `until`. */
function filterOf(query: TrailFilter): TrailFilter {
  const since = query.since === undefined ? undefined : new Date(query.since).toISOString();
  const until = query.until === undefined ? undefined : new Date(query.until).toISOString();
  if (since && until && since >= until) {
    throw new ValidationFailed([
      { loc: ["query", "until"], msg: "until must be later than since", type: "value_error" },
    ]);
  }
  return { ...query, since, until };
}

type Entry = Type.Static<typeof AuditEntry>;

const CSV_COLUMNS = [
  "created_at",
  "action",
  "actor_type",
  "actor_name",
  "actor_id",
  "key",
  "count",
  "project_name",
  "environment_name",
  "resource_type",
  "resource_id",
  "version",
  "ip_address",
  "user_agent",
  "project_id",
  "environment_id",
  "id",
  "details",
  "secret_id",
  "batch_id",
  "actor_user_id",
  "actor_key_id",
  "actor_key_name",
  "sequence",
  "prev_hmac",
  "hmac",
];

const csvRow = (entry: Entry) => {
  const details = entry.details as Record<string, unknown>;
  return [
    entry.created_at,
    entry.action,
    entry.actor.type,
    entry.actor.name,
    entry.actor.id,
    details.key ?? "",
    details.count ?? "",
    entry.project_name ?? "",
    entry.environment_name ?? "",
    entry.resource_type,
    entry.resource_id ?? "",
    entry.version ?? "",
    entry.ip_address ?? "",
    entry.user_agent ?? "",
    entry.project_id ?? "",
    entry.environment_id ?? "",
    entry.id,
    JSON.stringify(details),
    entry.secret_id ?? "",
    entry.batch_id ?? "",
    entry.actor.user_id,
    entry.actor.key?.id ?? "",
    entry.actor.key?.name ?? "",
    entry.chain?.sequence ?? "",
    entry.chain?.prev_hmac ?? "",
    entry.chain?.hmac ?? "",
  ];
};

/** Fastify sends a stream as it comes; the type provider knows only the schema's body types. */
const asBody = (stream: NodeJS.ReadableStream) => stream as unknown as string;

/** A JSON array, written as the entries come. */
async function* jsonArray(entries: AsyncIterable<Entry>) {
  let first = true;
  yield "[";
  for await (const entry of entries) {
    yield `${first ? "" : ","}\n${JSON.stringify(entry)}`;
    first = false;
  }
  yield "\n]\n";
}

export const auditRoutes =
  (deps: { audit: AuditService; workspaces: { lookup: MembershipLookup } }): FastifyPluginAsync =>
  async (plugin) => {
    const app = plugin as TypedApp;
    // Both read the trail: Admins and Owners of the workspace, keys not narrowed below it.
    const trailRead = {
      config: { action: "audit.read" as const },
      preHandler: workspaceScope(deps.workspaces.lookup),
    };
    const common = { tags: ["Audit"], security: SECURITY, params: WorkspaceParams } as const;
    app.get(
      "/workspaces/:workspace_id/audit",
      {
        ...trailRead,
        schema: {
          ...common,
          description:
            "Admin or Owner. Newest first. `view=operations` is the trail as people read it: one entry per operation " +
            "(a bulk operation is one entry with a count and its keys; `batch=<its id>` lists its items), reads of values " +
            "and sign-ins included; the default `changes` lists every change as recorded one by one. `limit` (1-1000, " +
            `default 100), \`cursor\` from the X-Next-Cursor header of the previous page, ${FILTERS}.`,
          querystring: AuditQuery,
          response: { 200: Type.Array(AuditEntry), 403: ErrorBody, 404: ErrorBody, ...authErrors },
        },
      },
      async (request, reply) => {
        const { limit, cursor, ...filter } = request.query;
        const page = await deps.audit.listForWorkspace(contextOf(request), {
          ...filterOf(filter),
          limit: limit ?? 100,
          cursor,
        });
        if (page.nextCursor) reply.header("x-next-cursor", page.nextCursor);
        return page.items;
      },
    );

    app.get(
      "/workspaces/:workspace_id/audit/export",
      {
        ...trailRead,
        schema: {
          ...common,
          description:
            `Admin or Owner. The trail as a download: \`format\` csv (default) or json, newest first, ${FILTERS}; ` +
            `at most ${EXPORT_MAX_ENTRIES} entries (narrow by time for more). CSV cells that a spreadsheet would ` +
            "run as a formula are escaped.",
          querystring: AuditExportQuery,
          response: {
            200: {
              description: "The entries, as a download",
              content: {
                "text/csv": { schema: Type.String({ description: "a header row, then one row per entry" }) },
                "application/json": { schema: Type.Array(AuditEntry) },
              },
            },
            403: ErrorBody,
            404: ErrorBody,
            ...authErrors,
          },
        },
      },
      async (request, reply) => {
        const ctx = contextOf(request);
        const { format = "csv", ...filter } = request.query;
        const entries = deps.audit.exportForWorkspace(ctx, filterOf(filter), EXPORT_MAX_ENTRIES);
        // Authorization runs at the first read: a refusal must answer its 403, not a broken download.
        const first = await entries.next();
        async function* all() {
          if (!first.done) yield first.value;
          yield* entries;
        }
        const day = new Date().toISOString().slice(0, 10);
        reply
          .header("content-disposition", `attachment; filename="coffer-audit-${day}.${format}"`)
          .header("cache-control", "no-store");
        if (format === "json") {
          return reply.type("application/json; charset=utf-8").send(asBody(Readable.from(jsonArray(all()))));
        }
        async function* rows() {
          for await (const entry of all()) yield csvRow(entry);
        }
        const csv = stringify({ header: true, columns: CSV_COLUMNS, escape_formulas: true });
        // A failure halfway (the database gone) ends the download short, never the process.
        pipeline(Readable.from(rows()), csv, (error) => {
          if (error) request.log.warn({ err: error }, "audit export ended early");
        });
        return reply.type("text/csv; charset=utf-8").send(asBody(csv));
      },
    );

    app.get(
      "/workspaces/:workspace_id/audit/verify",
      {
        config: { action: "audit.verify" as const },
        preHandler: workspaceScope(deps.workspaces.lookup),
        schema: {
          ...common,
          description:
            "Admin or Owner. Verifies the trail's tamper-evident chain: reads every entry of the range (`from`, `to`: " +
            "sequences; default the whole chain), recomputes each HMAC, and names the first entry where the chain " +
            "breaks and how (changed, missing, inserted, reordered). Recorded in the trail as `audit.verified`.",
          querystring: VerifyQuery,
          response: { 200: ChainVerification, 403: ErrorBody, 404: ErrorBody, ...authErrors },
        },
      },
      async (request) => {
        const { from, to } = request.query;
        if (from !== undefined && to !== undefined && from > to) {
          throw new ValidationFailed([
            { loc: ["query", "to"], msg: "to must not be before from", type: "value_error" },
          ]);
        }
        return deps.audit.verify(contextOf(request), request.query);
      },
    );

    app.get(
      "/workspaces/:workspace_id/audit/chain",
      {
        ...trailRead,
        schema: {
          ...common,
          description:
            "Admin or Owner. Where the trail's chain stands: its end (sequence and hmac: note them somewhere else to " +
            "detect a truncation later), what retention removed from its start, and the last verification.",
          response: { 200: ChainState, 403: ErrorBody, 404: ErrorBody, ...authErrors },
        },
      },
      async (request) => deps.audit.chainState(contextOf(request)),
    );

    app.get(
      "/workspaces/:workspace_id/audit/verification-key",
      {
        config: { action: "audit.verification_key" as const },
        preHandler: workspaceScope(deps.workspaces.lookup),
        schema: {
          ...common,
          description:
            "Owner, with a session (never an API key) and the two-factor code when the account has one. The " +
            "workspace's chain key, to verify an export with a verifier of your own (docs/audit.md). An " +
            "HMAC key can forge entries as well as check them: keep it as you would a secret. Each read is recorded.",
          response: { 200: VerificationKey, 403: ErrorBody, 404: ErrorBody, ...authErrors },
        },
      },
      async (request, reply) => {
        reply.header("cache-control", "no-store");
        return deps.audit.verificationKey(contextOf(request));
      },
    );
  };
