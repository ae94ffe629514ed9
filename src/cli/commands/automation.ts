// Least privilege for automation from the command line: `coffer keys` (personal keys, optionally
// scoped), `coffer service-accounts` (a workspace's identities for automation and their keys), and
// `coffer ci-setup` (a GitHub Actions trust on a service account, and the workflow snippet that uses
// it with no stored secret). Minting and granting need a signed-in session (and --otp with 2FA).
import type { Command } from "commander";
import {
  defaultAudience,
  GITHUB_ISSUER,
  githubSubject,
  githubWorkflowSnippet,
} from "../../lib/ci-snippet.ts";
import { CliError, EXIT, failure } from "../api.ts";
import { globalsOf, projectSelection, projectSession, sessionFor } from "../context.ts";
import { projectPathOf } from "../environment-targets.ts";
import { type FoundProjectFile, findProjectFile } from "../files.ts";
import { print } from "../output.ts";

const ROLES: Record<string, number> = { viewer: 0, member: 1, admin: 2 };
const ROLE_NAMES = ["Viewer", "Member", "Admin", "Owner"];

interface ScopeOptions {
  workspace?: string;
  env: string[];
  project: string[];
  readOnly?: boolean;
  cidr: string[];
  expires?: string;
  otp?: string;
}

const repeatable = (value: string, previous: string[]) => [
  ...previous,
  ...value.split(",").map((v) => v.trim()),
];

function withScopeOptions(command: Command): Command {
  return command
    .option(
      "--workspace <id>",
      "bind the key to this workspace (default: this directory's, when --env or --project is given)",
    )
    .option(
      "--env <id>",
      "narrow to this environment (repeatable; `current`: this directory's)",
      repeatable,
      [],
    )
    .option(
      "--project <id>",
      "narrow to this project (repeatable; `current`: this directory's)",
      repeatable,
      [],
    )
    .option("--read-only", "the key changes nothing")
    .option("--cidr <range>", "allowed client address or CIDR range (repeatable)", repeatable, [])
    .option("--expires <minutes>", "lifetime in minutes")
    .option("--otp <code>", "the two-factor code, when your account has two-factor sign-in");
}

/** `current`: this directory's environment (one, as the project file chooses it here) or project. */
interface Here {
  environment(): Promise<string>;
  project(): string;
}

async function scopeBody(options: ScopeOptions, found: FoundProjectFile | undefined, here: Here) {
  const current = (id: string) => id === "current";
  if (!found && [...options.env, ...options.project].some(current))
    throw new CliError("`current` needs a .coffer.json here or above (coffer init)", EXIT.usage);
  const environments = await Promise.all(
    options.env.filter(Boolean).map((id) => (current(id) ? here.environment() : id)),
  );
  const projects = options.project.filter(Boolean).map((id) => (current(id) ? here.project() : id));
  const narrowed = environments.length > 0 || projects.length > 0;
  const workspace = options.workspace ?? (narrowed ? found?.project.workspace_id : undefined);
  if (narrowed && !workspace)
    throw new CliError("--env/--project need --workspace (or a .coffer.json)", EXIT.usage);
  const expires = options.expires === undefined ? undefined : Number(options.expires);
  if (expires !== undefined && (!Number.isInteger(expires) || expires < 1))
    throw new CliError("--expires takes a whole number of minutes", EXIT.usage);
  return {
    workspace,
    body: {
      ...(environments.length ? { environment_ids: environments } : {}),
      ...(projects.length ? { project_ids: projects } : {}),
      ...(options.readOnly ? { access: "read" as const } : {}),
      ...(options.cidr.filter(Boolean).length ? { allowed_cidrs: options.cidr.filter(Boolean) } : {}),
      ...(expires !== undefined ? { expires_at: expires } : {}),
    },
  };
}

const otpHeader = (otp: string | undefined) => (otp ? { header: { "x-coffer-otp": otp } } : {});

function scopeText(key: {
  workspace_id?: string | null;
  access: string;
  project_ids: string[] | null;
  environment_ids: string[] | null;
  allowed_cidrs: string[] | null;
}): string {
  const parts = [key.access === "read" ? "read-only" : "read-write"];
  parts.push(key.workspace_id ? `workspace ${key.workspace_id}` : "all workspaces");
  if (key.project_ids) parts.push(`projects ${key.project_ids.join(",")}`);
  if (key.environment_ids) parts.push(`environments ${key.environment_ids.join(",")}`);
  if (key.allowed_cidrs) parts.push(`from ${key.allowed_cidrs.join(",")}`);
  return parts.join("; ");
}

function workspaceOf(option: string | undefined): string {
  const workspace = option ?? findProjectFile()?.project.workspace_id;
  if (!workspace)
    throw new CliError(
      "name the workspace: --workspace <id> (or run in a directory with .coffer.json)",
      EXIT.usage,
    );
  return workspace;
}

export function registerAutomationCommands(program: Command): void {
  const json = () => globalsOf(program).json ?? false;
  const session = () => sessionFor(program, findProjectFile());

  const keys = program.command("keys").description("your API keys: create (optionally scoped), list, revoke");
  withScopeOptions(
    keys
      .command("create <name>")
      .description("mint an API key (printed once); --service-account mints one for a service account")
      .option("--service-account <id>", "mint the key for this service account of the workspace"),
  ).action(async (name: string, options: ScopeOptions & { serviceAccount?: string }) => {
    const found = findProjectFile();
    const { workspace, body } = await scopeBody(options, found, {
      environment: async () => (await projectSession(program)).p.environment_id,
      project: () => projectPathOf(projectSelection().selection).project_id,
    });
    const { client, apiUrl } = session();
    // How a deploy job uses it (stderr: stdout's first line stays the token alone).
    const usage = () =>
      process.stderr.write(
        `coffer: use it as COFFER_API_URL=${apiUrl} COFFER_TOKEN=<the key> coffer run -- <your command>\n`,
      );
    if (options.serviceAccount) {
      const workspace_id = workspaceOf(workspace);
      const { data, error, response } = await client.POST(
        "/workspaces/{workspace_id}/service-accounts/{service_account_id}/keys",
        {
          params: {
            path: { workspace_id, service_account_id: options.serviceAccount },
            ...otpHeader(options.otp),
          },
          body: { name, ...body },
        },
      );
      if (!data) throw failure(response, error, "cannot mint the key");
      print(json(), data, `${data.token}\n# ${data.name}: ${scopeText(data)} (shown once)\n`);
      usage();
      return;
    }
    const { data, error, response } = await client.POST("/keys/", {
      params: otpHeader(options.otp),
      body: { name, ...(workspace ? { workspace_id: workspace } : {}), ...body },
    });
    if (!data) throw failure(response, error, "cannot mint the key");
    print(json(), data, `${data.token}\n# ${data.name}: ${scopeText(data)} (shown once)\n`);
    usage();
  });

  keys
    .command("list")
    .description("your active keys, with their scope and last use")
    .action(async () => {
      const { data, error, response } = await session().client.GET("/keys/");
      if (!data) throw failure(response, error, "cannot list the keys");
      print(
        json(),
        data,
        data
          .map((k) => `${k.id}\t${k.name}\t${scopeText(k)}\tlast used ${k.last_used_at ?? "never"}\n`)
          .join(""),
      );
    });

  keys
    .command("revoke <key_id>")
    .description("revoke one of your keys")
    .action(async (keyId: string) => {
      const { data, error, response } = await session().client.POST("/keys/{key_id}", {
        params: { path: { key_id: keyId } },
      });
      if (!data) throw failure(response, error, "cannot revoke the key");
      print(json(), data, `revoked ${data.name}\n`);
    });

  const accounts = program
    .command("service-accounts")
    .description("the workspace's service accounts (Admins and Owners)");
  const workspaceOption = "--workspace <id>";
  const workspaceHelp = "the workspace (default: this directory's)";

  accounts
    .command("list")
    .option(workspaceOption, workspaceHelp)
    .action(async (options: { workspace?: string }) => {
      const workspace_id = workspaceOf(options.workspace);
      const { data, error, response } = await session().client.GET(
        "/workspaces/{workspace_id}/service-accounts",
        {
          params: { path: { workspace_id } },
        },
      );
      if (!data) throw failure(response, error, "cannot list the service accounts");
      print(
        json(),
        data,
        data
          .map((a) => `${a.id}\t${a.name}\t${ROLE_NAMES[a.role]}${a.disabled ? "\tdisabled" : ""}\n`)
          .join(""),
      );
    });

  accounts
    .command("create <name>")
    .option(workspaceOption, workspaceHelp)
    .option("--role <role>", "viewer, member or admin", "viewer")
    .option("--team <id>", "a team it belongs to (repeatable; `current`: this directory's)", repeatable, [])
    .option("--description <text>", "what it is for")
    .option("--otp <code>", "the two-factor code, when your account has two-factor sign-in")
    .action(
      async (
        name: string,
        options: { workspace?: string; role: string; team: string[]; description?: string; otp?: string },
      ) => {
        const role = ROLES[options.role.toLowerCase()];
        if (role === undefined) throw new CliError("--role is viewer, member or admin", EXIT.usage);
        const teams = options.team
          .filter(Boolean)
          .map((id) => (id === "current" ? projectPathOf(projectSelection().selection).team_id : id))
          .filter((id): id is string => Boolean(id));
        const workspace_id = workspaceOf(options.workspace);
        const { data, error, response } = await session().client.POST(
          "/workspaces/{workspace_id}/service-accounts",
          {
            params: { path: { workspace_id }, ...otpHeader(options.otp) },
            body: {
              name,
              role,
              team_ids: teams,
              ...(options.description ? { description: options.description } : {}),
            },
          },
        );
        if (!data) throw failure(response, error, "cannot create the service account");
        print(json(), data, `${data.id}\t${data.name}\t${ROLE_NAMES[data.role]}\n`);
      },
    );

  accounts
    .command("delete <service_account_id>")
    .option(workspaceOption, workspaceHelp)
    .description("delete it with its keys and trusts (its keys stop working at once)")
    .action(async (id: string, options: { workspace?: string }) => {
      const workspace_id = workspaceOf(options.workspace);
      const { data, error, response } = await session().client.DELETE(
        "/workspaces/{workspace_id}/service-accounts/{service_account_id}",
        { params: { path: { workspace_id, service_account_id: id } } },
      );
      if (!data) throw failure(response, error, "cannot delete the service account");
      print(json(), { deleted: id }, `deleted ${id}\n`);
    });

  program
    .command("ci-setup")
    .description(
      "let a GitHub Actions workflow read this directory's environment with no stored secret: a service account trusts the repository's OIDC tokens, and the workflow snippet is printed",
    )
    .requiredOption("--repo <owner/name>", "the GitHub repository")
    .option("--branch <name>", "only jobs of this branch (default: main; * for any)", "main")
    .option("--service-account <id>", "an existing service account (default: a new read-only one)")
    .option("--otp <code>", "the two-factor code, when your account has two-factor sign-in")
    .action(async (options: { repo: string; branch: string; serviceAccount?: string; otp?: string }) => {
      if (!/^[\w.-]+\/[\w.-]+$/.test(options.repo)) throw new CliError("--repo is owner/name", EXIT.usage);
      const { p, session: s } = await projectSession(program);
      const workspace_id = p.workspace_id;
      let accountId = options.serviceAccount;
      if (!accountId) {
        const { data, error, response } = await s.client.POST("/workspaces/{workspace_id}/service-accounts", {
          params: { path: { workspace_id }, ...otpHeader(options.otp) },
          body: {
            name: `github ${options.repo}`.slice(0, 100),
            description: `GitHub Actions of ${options.repo} (coffer ci-setup)`,
            role: 0,
            team_ids: [p.team_id],
          },
        });
        if (!data) throw failure(response, error, "cannot create the service account");
        accountId = data.id;
      }
      const audience = defaultAudience(s.apiUrl);
      const subject = githubSubject(options.repo, options.branch);
      const trust = await s.client.POST(
        "/workspaces/{workspace_id}/service-accounts/{service_account_id}/trusts",
        {
          params: { path: { workspace_id, service_account_id: accountId }, ...otpHeader(options.otp) },
          body: {
            name: `${options.repo}@${options.branch}`.slice(0, 100),
            issuer: GITHUB_ISSUER,
            audience,
            subject,
            access: "read",
            environment_ids: [p.environment_id],
          },
        },
      );
      if (!trust.data) throw failure(trust.response, trust.error, "cannot add the trust");
      const snippet = githubWorkflowSnippet({ apiUrl: s.apiUrl, serviceAccountId: accountId, audience });
      print(
        json(),
        { service_account_id: accountId, trust: trust.data, workflow: snippet },
        `service account ${accountId} now trusts ${GITHUB_ISSUER} for ${subject} (audience ${audience}),\n` +
          `read-only on environment ${p.environment_id}. Add to your workflow:\n\n${snippet}\n`,
      );
    });
}
