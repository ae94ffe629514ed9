// Every table has one owner (docs/development.md, "Architecture"): only the owner's files read or write it.
// Other modules reach it through the owner's front door (its index.ts, which dependency-cruiser
// holds in `npm run check`). The exceptions are a few joins of read queries, each with its reason.
// The owner table in docs/development.md must match the map below.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = join(import.meta.dirname, "..");

/** Table → the folder whose files alone may query it. */
const OWNERS: Record<string, string> = {
  users: "src/modules/accounts",
  workspaces: "src/modules/workspaces",
  workspace_members: "src/modules/workspaces",
  sessions: "src/modules/sessions",
  refresh_tokens: "src/modules/sessions",
  api_keys: "src/modules/keys",
  teams: "src/modules/teams",
  team_members: "src/modules/teams",
  projects: "src/modules/projects",
  environments: "src/modules/environments",
  secrets: "src/modules/secrets",
  secret_versions: "src/modules/secrets",
  deleted_secrets: "src/modules/secrets",
  deleted_secret_versions: "src/modules/secrets",
  share_links: "src/modules/sharing",
  audit_events: "src/modules/audit",
  audit_chain_heads: "src/modules/audit",
  audit_checkpoints: "src/modules/audit",
  audit_chain_key: "src/modules/audit",
  audit_verifications: "src/modules/audit",
  audit_stream_cursors: "src/modules/audit",
  audit_stream_leases: "src/modules/audit",
  invites: "src/modules/invites",
  identities: "src/modules/oauth",
  one_time_codes: "src/modules/verification",
  password_resets: "src/modules/passwords",
  device_authorizations: "src/modules/device-login",
  two_factor: "src/modules/two-factor",
  recovery_codes: "src/modules/two-factor",
  sign_in_challenges: "src/modules/two-factor",
  data_keys: "src/crypto",
  master_key_state: "src/crypto",
  service_accounts: "src/modules/service-accounts",
  service_account_teams: "src/modules/service-accounts",
  service_account_keys: "src/modules/service-accounts",
  service_account_trusts: "src/modules/service-accounts",
  oidc_token_uses: "src/modules/service-accounts",
  webhooks: "src/modules/webhooks",
  webhook_deliveries: "src/modules/webhooks",
};

/** Reads that join another module's table, each where one query beats two round trips. */
const READ_JOINS: Record<string, string[]> = {
  // Authenticating an API key: the key and its user's current workspace in one query (hot path).
  "src/modules/keys/repo.ts": ["users"],
  // Listing a workspace's members with their names and e-mail addresses.
  "src/modules/workspaces/repo.ts": ["users"],
  // Listing a team's members with their names and workspace roles.
  "src/modules/teams/repo.ts": ["users", "workspace_members"],
};

const QUERY =
  /\.(selectFrom|insertInto|updateTable|deleteFrom|innerJoin|leftJoin|rightJoin|fullJoin)\(\s*"([a-z_]+)/g;

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = `${dir}/${entry.name}`;
    if (entry.isDirectory()) return path === "src/db/migrations" ? [] : sourceFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

function tablesOfSchema(): string[] {
  const schema = readFileSync(join(ROOT, "src/db/schema.ts"), "utf8");
  const body = /export interface Database \{([^}]*)\}/.exec(schema)?.[1] ?? "";
  return [...body.matchAll(/^\s*([a-z_]+):/gm)].map((match) => match[1]!);
}

describe("table ownership", () => {
  it("names an owner for every table of the schema", () => {
    expect(Object.keys(OWNERS).sort()).toEqual(tablesOfSchema().sort());
  });

  it("lets only the owner query a table, but for the listed read joins", () => {
    const trespasses: string[] = [];
    for (const file of sourceFiles("src")) {
      const text = readFileSync(join(ROOT, file), "utf8");
      for (const [, verb, table] of text.matchAll(QUERY)) {
        const owner = OWNERS[table!];
        if (owner === undefined) {
          trespasses.push(`${file}: ${verb}("${table}"), a table the schema does not have`);
          continue;
        }
        if (file.startsWith(`${owner}/`)) continue;
        if (verb!.endsWith("Join") && READ_JOINS[file]?.includes(table!)) continue;
        trespasses.push(`${file}: ${verb}("${table}") — ${table} belongs to ${relative("src", owner)}`);
      }
    }
    expect(trespasses).toEqual([]);
  });

  it("is the owner table docs/development.md shows", () => {
    const readme = readFileSync(join(ROOT, "docs/development.md"), "utf8");
    const section = readme.slice(readme.indexOf("| table | owner |"));
    const rows = [...section.matchAll(/^\s*\| `([a-z_]+)` \| `([^`]+)` \|/gm)].map((m) => [m[1], m[2]]);
    expect(Object.fromEntries(rows)).toEqual(OWNERS);
  });
});
