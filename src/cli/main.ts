#!/usr/bin/env node
// `coffer`: the command-line client. Talks to Coffer only through the typed client; keeps the ids
// of the hierarchy in `.coffer.json`; `coffer run -- <cmd>` injects an environment's secrets.
// Only light modules load on the start path: `coffer run -- true` must stay well under 300 ms.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { Command, Option } from "commander";
import { createClient } from "../client/index.ts";
import { CliError, connect, DEFAULT_API_URL, EXIT, failure, type Session } from "./api.ts";
import { type ExportFormat, formatSecrets, parseDotenv } from "./dotenv.ts";
import {
  findProjectFile,
  loadFallback,
  type ProjectFile,
  removeCredentials,
  saveFallback,
  writeCredentials,
  writeProjectFile,
} from "./files.ts";

const useColor = process.stdout.isTTY && !process.env.NO_COLOR;
const paint = (code: number, text: string) => (useColor ? `\u001b[${code}m${text}\u001b[0m` : text);
const warn = (text: string) => process.stderr.write(`${paint(33, "warning:")} ${text}\n`);

type Secret = { id: string; key: string; value: string; current_version: number };

function project(): ProjectFile {
  const found = findProjectFile();
  if (!found) throw new CliError("no .coffer.json here or above: run `coffer init` first", EXIT.usage);
  return found.project;
}

const pathOf = (p: ProjectFile) => ({
  workspace_id: p.workspace_id,
  team_id: p.team_id,
  project_id: p.project_id,
  environment_id: p.environment_id,
});

function sessionFor(p?: ProjectFile, apiUrl?: string): Session {
  return connect(apiUrl ?? process.env.COFFER_API_URL ?? p?.api_url);
}

/** The environment's secrets; a 207 warns and names the unreadable ids (exit 5 unless allowed). */
async function listSecrets(session: Session, p: ProjectFile, allowPartial: boolean): Promise<Secret[]> {
  const { data, error, response } = await session.client.GET(
    "/secrets/{workspace_id}/{team_id}/{project_id}/{environment_id}/",
    { params: { path: pathOf(p) } },
  );
  if (response.status === 207) {
    const detail = (data as unknown as { detail: { succeeded: Secret[]; failed_ids: string[] } }).detail;
    warn(`${detail.failed_ids.length} secret(s) could not be decrypted: ${detail.failed_ids.join(", ")}`);
    if (!allowPartial) throw new CliError("partial read (pass --allow-partial to go on)", EXIT.partial);
    return detail.succeeded;
  }
  if (!response.ok) throw failure(response, error, "cannot read the secrets");
  return data as Secret[];
}

/** Password sign-in; stores the access token and the refresh token for silent refreshes. */
async function signIn(apiUrl: string, email: string, password: string): Promise<void> {
  const response = await fetch(`${apiUrl}/auth/login`, {
    method: "POST",
    body: new URLSearchParams({ username: email, password }),
    headers: { "user-agent": "coffer-cli" },
  }).catch(() => {
    throw new CliError(`cannot reach Coffer at ${apiUrl}`, EXIT.network);
  });
  if (response.status !== 200) throw new CliError("wrong email or password", EXIT.auth);
  const { access_token } = (await response.json()) as { access_token: string };
  const refresh_token = response.headers
    .getSetCookie()
    .map((c) => c.match(/^refresh_token=([^;]*)/)?.[1])
    .find((v) => v);
  const file = writeCredentials({ api_url: apiUrl, access_token, refresh_token, email });
  print(globals().json ?? false, { email, api_url: apiUrl }, `signed in as ${email}, saved to ${file}\n`);
}

function print(json: boolean, value: unknown, text: string): void {
  process.stdout.write(json ? `${JSON.stringify(value, null, 2)}\n` : text);
}

async function readStdin(): Promise<string> {
  let text = "";
  for await (const chunk of process.stdin) text += chunk;
  return text;
}

const program = new Command("coffer")
  .description("Coffer's command-line client: secrets for your shell, your CI and `coffer run`")
  .version("0.1.0")
  .addOption(new Option("--api-url <url>", "Coffer's address (env COFFER_API_URL)"))
  .option("--json", "machine-readable output")
  .showHelpAfterError();
const globals = () => program.opts<{ apiUrl?: string; json?: boolean }>();

program
  .command("login")
  .description("sign in with an API key, or with email and password (password from stdin)")
  .option("--api-key <key>", "an API key (sk-…)")
  .option("--email <email>", "sign in with this email; the password is read from stdin")
  .action(async (options: { apiKey?: string; email?: string }) => {
    const apiUrl = (globals().apiUrl ?? process.env.COFFER_API_URL ?? DEFAULT_API_URL).replace(/\/+$/, "");
    if (options.apiKey) {
      const me = await fetch(`${apiUrl}/auth/me`, { headers: { "x-api-key": options.apiKey } }).catch(() => {
        throw new CliError(`cannot reach Coffer at ${apiUrl}`, EXIT.network);
      });
      if (me.status !== 200)
        throw new CliError("this API key is not accepted (revoked, expired or unknown)", EXIT.auth);
      const { email } = (await me.json()) as { email: string };
      const file = writeCredentials({ api_url: apiUrl, api_key: options.apiKey, email });
      print(
        globals().json ?? false,
        { email, api_url: apiUrl },
        `signed in as ${email} (API key), saved to ${file}\n`,
      );
      return;
    }
    if (!options.email)
      throw new CliError("give --api-key, or --email with the password on stdin", EXIT.usage);
    await signIn(apiUrl, options.email, (await readStdin()).replace(/\r?\n$/, ""));
  });

program
  .command("signup")
  .description("create an account (and its first workspace); the password is read from stdin")
  .requiredOption("--email <email>", "your email")
  .requiredOption("--name <full name>", 'first and last name, e.g. "Ada Lovelace"')
  .action(async (options: { email: string; name: string }) => {
    const apiUrl = (globals().apiUrl ?? process.env.COFFER_API_URL ?? DEFAULT_API_URL).replace(/\/+$/, "");
    const [first, ...rest] = options.name.trim().split(/\s+/);
    if (!first || rest.length === 0) throw new CliError("--name needs a first and a last name", EXIT.usage);
    const password = (await readStdin()).replace(/\r?\n$/, "");
    const created = await createClient({ baseUrl: apiUrl })
      .POST("/auth/get-started", {
        body: {
          email: options.email,
          first_name: first,
          last_name: rest.join(" "),
          password,
          created_at: new Date().toISOString(),
        },
      })
      .catch(() => {
        throw new CliError(`cannot reach Coffer at ${apiUrl}`, EXIT.network);
      });
    if (!created.response.ok) throw failure(created.response, created.error, "cannot sign up");
    await signIn(apiUrl, options.email, password);
  });

program
  .command("setup")
  .description("create the team, project and environment when missing, and write .coffer.json")
  .option("--workspace <id|name>", "workspace id, slug or name (default: the current one)")
  .requiredOption("--team <name>", "team name")
  .requiredOption("--project <name>", "project name")
  .requiredOption("--environment <name>", "environment name")
  .addOption(
    new Option("--type <type>", "environment type when it is created")
      .choices(["dev", "staging", "prod", "pilot", "custom"])
      .default("dev"),
  )
  .action(
    async (options: {
      workspace?: string;
      team: string;
      project: string;
      environment: string;
      type: "dev" | "staging" | "prod" | "pilot" | "custom";
    }) => {
      const session = sessionFor(undefined, globals().apiUrl);
      const c = session.client;
      const ok = <T>(result: { data?: T; error?: unknown; response: Response }, what: string): T => {
        if (!result.response.ok) throw failure(result.response, result.error, what);
        return result.data as T;
      };
      type Named = { id: string; name: string; slug?: string };
      const match = (items: Named[], wanted: string) =>
        items.find((i) => i.id === wanted || i.slug === wanted || i.name === wanted);
      const ws = options.workspace
        ? match(ok(await c.GET("/workspaces/"), "cannot list workspaces") as Named[], options.workspace)
        : (ok(await c.GET("/workspaces/current"), "cannot read the current workspace") as Named);
      if (!ws) throw new CliError(`no workspace "${options.workspace}"`, EXIT.notFound);
      const w = { workspace_id: ws.id };
      const team =
        match(
          ok(await c.GET("/teams/{workspace_id}/", { params: { path: w } }), "cannot list teams") as Named[],
          options.team,
        ) ??
        (ok(
          await c.POST("/teams/{workspace_id}/", { params: { path: w }, body: { name: options.team } }),
          "cannot create the team",
        ) as Named);
      const t = { ...w, team_id: team.id };
      const project =
        match(
          ok(
            await c.GET("/projects/{workspace_id}/{team_id}/", { params: { path: t } }),
            "cannot list projects",
          ) as Named[],
          options.project,
        ) ??
        (ok(
          await c.POST("/projects/{workspace_id}/{team_id}/", {
            params: { path: t },
            body: { name: options.project },
          }),
          "cannot create the project",
        ) as Named);
      const pth = { ...t, project_id: project.id };
      const environment =
        match(
          ok(
            await c.GET("/environments/{workspace_id}/{team_id}/{project_id}/", { params: { path: pth } }),
            "cannot list environments",
          ) as Named[],
          options.environment,
        ) ??
        (ok(
          await c.POST("/environments/{workspace_id}/{team_id}/{project_id}/", {
            params: { path: pth },
            body: { name: options.environment, environment_type: options.type },
          }),
          "cannot create the environment",
        ) as Named);
      const file = writeProjectFile({ api_url: session.apiUrl, ...pth, environment_id: environment.id });
      print(
        globals().json ?? false,
        { file },
        `${ws.name} / ${team.name} / ${project.name} / ${environment.name} -> ${file}\n`,
      );
    },
  );

program
  .command("logout")
  .description("end the session and forget the stored credentials")
  .action(async () => {
    try {
      const session = sessionFor(undefined, globals().apiUrl);
      await session.client.POST("/auth/logout");
    } catch {
      // Not signed in, or the server is gone: forgetting the credentials is what matters.
    }
    const removed = removeCredentials();
    print(globals().json ?? false, { signed_out: removed }, removed ? "signed out\n" : "was not signed in\n");
  });

program
  .command("whoami")
  .description("who the stored credential belongs to")
  .action(async () => {
    const session = sessionFor(findProjectFile()?.project, globals().apiUrl);
    const { data, error, response } = await session.client.GET("/auth/me");
    if (!response.ok) throw failure(response, error, "cannot read the profile");
    const me = data as { email: string };
    print(globals().json ?? false, data, `${me.email} on ${session.apiUrl}\n`);
  });

program
  .command("init")
  .description(
    "pick the workspace, team, project and environment of this directory (writes .coffer.json); " +
      "in a terminal, what the flags leave out is asked with arrow-key menus",
  )
  .option("--workspace <id|name>", "workspace id, slug or name")
  .option("--team <id|name>", "team id or name")
  .option("--project <id|name>", "project id, slug or name")
  .option("--environment <id|name>", "environment id, slug or name")
  .action(async (options: { workspace?: string; team?: string; project?: string; environment?: string }) => {
    const session = sessionFor(undefined, globals().apiUrl);
    const pick = async <T extends { id: string; name: string; slug?: string }>(
      items: T[],
      wanted: string | undefined,
      what: string,
    ): Promise<T> => {
      if (wanted === undefined) {
        if (!process.stdin.isTTY)
          throw new CliError(`give --${what} (or run in a terminal to pick one)`, EXIT.usage);
        if (items.length === 0)
          throw new CliError(`there is no ${what} to pick: create one first`, EXIT.notFound);
        // Loaded only here: the prompt library stays off every other command's start path.
        const { default: select } = await import("@inquirer/select");
        return select({
          message: `Pick the ${what}`,
          choices: items.map((i) => ({ name: i.name, value: i })),
        });
      }
      const found = items.find((i) => i.id === wanted || i.slug === wanted || i.name === wanted);
      if (!found)
        throw new CliError(
          `no ${what} "${wanted}" (have: ${items.map((i) => i.name).join(", ")})`,
          EXIT.notFound,
        );
      return found;
    };
    const c = session.client;
    const workspaces = await c.GET("/workspaces/");
    if (!workspaces.response.ok)
      throw failure(workspaces.response, workspaces.error, "cannot list workspaces");
    const ws = await pick(
      workspaces.data as { id: string; name: string; slug: string }[],
      options.workspace,
      "workspace",
    );
    const teams = await c.GET("/teams/{workspace_id}/", { params: { path: { workspace_id: ws.id } } });
    if (!teams.response.ok) throw failure(teams.response, teams.error, "cannot list teams");
    const team = await pick(teams.data as { id: string; name: string }[], options.team, "team");
    const projects = await c.GET("/projects/{workspace_id}/{team_id}/", {
      params: { path: { workspace_id: ws.id, team_id: team.id } },
    });
    if (!projects.response.ok) throw failure(projects.response, projects.error, "cannot list projects");
    const proj = await pick(
      projects.data as { id: string; name: string; slug: string }[],
      options.project,
      "project",
    );
    const envs = await c.GET("/environments/{workspace_id}/{team_id}/{project_id}/", {
      params: { path: { workspace_id: ws.id, team_id: team.id, project_id: proj.id } },
    });
    if (!envs.response.ok) throw failure(envs.response, envs.error, "cannot list environments");
    const env = await pick(
      envs.data as { id: string; name: string; slug: string }[],
      options.environment,
      "environment",
    );
    const file = writeProjectFile({
      api_url: session.apiUrl,
      workspace_id: ws.id,
      team_id: team.id,
      project_id: proj.id,
      environment_id: env.id,
    });
    print(
      globals().json ?? false,
      { file },
      `${ws.name} / ${team.name} / ${proj.name} / ${env.name} -> ${file}\n`,
    );
  });

const secrets = program
  .command("secrets")
  .description("list, read, set and delete the environment's secrets");

secrets
  .command("list")
  .description("the environment's secrets (values masked unless --reveal)")
  .option("--reveal", "show the values")
  .option("--allow-partial", "go on when some values cannot be decrypted")
  .action(async (options: { reveal?: boolean; allowPartial?: boolean }) => {
    const p = project();
    const list = await listSecrets(sessionFor(p, globals().apiUrl), p, options.allowPartial ?? false);
    const rows = list.map((s) => ({
      key: s.key,
      value: options.reveal ? s.value : "********",
      version: s.current_version,
    }));
    print(globals().json ?? false, rows, rows.map((r) => `${r.key}\t${r.value}\tv${r.version}\n`).join(""));
  });

secrets
  .command("get <key>")
  .description("print one secret's value")
  .action(async (key: string) => {
    const p = project();
    const found = (await listSecrets(sessionFor(p, globals().apiUrl), p, true)).find((s) => s.key === key);
    if (!found) throw new CliError(`no secret ${key} in this environment`, EXIT.notFound);
    print(globals().json ?? false, { key, value: found.value }, `${found.value}\n`);
  });

secrets
  .command("set <pairs...>")
  .description(
    "set KEY=VALUE pairs in one call (new keys created, existing ones get a new version); KEY=- reads stdin",
  )
  .action(async (pairs: string[]) => {
    const p = project();
    const session = sessionFor(p, globals().apiUrl);
    const wanted = new Map<string, string>();
    for (const pair of pairs) {
      const at = pair.indexOf("=");
      if (at <= 0) throw new CliError(`"${pair}" is not KEY=VALUE`, EXIT.usage);
      const value = pair.slice(at + 1);
      wanted.set(pair.slice(0, at), value === "-" ? (await readStdin()).replace(/\r?\n$/, "") : value);
    }
    const result = await writeSecrets(session, p, wanted, true);
    print(globals().json ?? false, result, `created ${result.created}, updated ${result.updated}\n`);
  });

secrets
  .command("delete <keys...>")
  .description("delete secrets by key")
  .action(async (keys: string[]) => {
    const p = project();
    const session = sessionFor(p, globals().apiUrl);
    const list = await listSecrets(session, p, true);
    for (const key of keys) {
      const found = list.find((s) => s.key === key);
      if (!found) throw new CliError(`no secret ${key} in this environment`, EXIT.notFound);
      const { error, response } = await session.client.DELETE(
        "/secrets/{workspace_id}/{team_id}/{project_id}/{environment_id}/{secret_id}",
        { params: { path: { ...pathOf(p), secret_id: found.id } } },
      );
      if (!response.ok) throw failure(response, error, `cannot delete ${key}`);
    }
    print(globals().json ?? false, { deleted: keys }, `deleted ${keys.join(", ")}\n`);
  });

secrets
  .command("history <key>")
  .description("a secret's versions (paid plans)")
  .action(async (key: string) => {
    const p = project();
    const session = sessionFor(p, globals().apiUrl);
    const found = (await listSecrets(session, p, true)).find((s) => s.key === key);
    if (!found) throw new CliError(`no secret ${key} in this environment`, EXIT.notFound);
    const { data, error, response } = await session.client.GET(
      "/secrets/{workspace_id}/{team_id}/{project_id}/{environment_id}/{secret_id}/versions",
      { params: { path: { ...pathOf(p), secret_id: found.id } } },
    );
    if (response.status === 402) throw new CliError("version history needs a paid plan", EXIT.error);
    if (!response.ok) throw failure(response, error, "cannot read the versions");
    const versions = data as { version: number; created_at: string }[];
    print(
      globals().json ?? false,
      versions,
      versions.map((v) => `v${v.version}\t${v.created_at}\n`).join(""),
    );
  });

/** Creates the new keys in one bulk call and (when allowed) updates the existing ones in another. */
async function writeSecrets(
  session: Session,
  p: ProjectFile,
  wanted: Map<string, string>,
  overwrite: boolean,
) {
  const existing = new Set((await listSecrets(session, p, true)).map((s) => s.key));
  const creates = [...wanted].filter(([k]) => !existing.has(k)).map(([key, value]) => ({ key, value }));
  const updates = [...wanted].filter(([k]) => existing.has(k)).map(([key, value]) => ({ key, value }));
  const path = { params: { path: pathOf(p) } };
  for (let i = 0; i < creates.length; i += 1000) {
    const { error, response } = await session.client.POST(
      "/secrets/{workspace_id}/{team_id}/{project_id}/{environment_id}/bulk",
      { ...path, body: { secrets: creates.slice(i, i + 1000) } },
    );
    if (!response.ok) throw failure(response, error, "cannot create the secrets");
    if (creates.length > 1000 && process.stderr.isTTY)
      process.stderr.write(`\r${Math.min(i + 1000, creates.length)}/${creates.length}`);
  }
  if (overwrite) {
    for (let i = 0; i < updates.length; i += 1000) {
      const { error, response } = await session.client.PATCH(
        "/secrets/{workspace_id}/{team_id}/{project_id}/{environment_id}/",
        { ...path, body: { secrets: updates.slice(i, i + 1000) } },
      );
      if (!response.ok) throw failure(response, error, "cannot update the secrets");
    }
  }
  return {
    created: creates.length,
    updated: overwrite ? updates.length : 0,
    skipped: overwrite ? 0 : updates.length,
  };
}

program
  .command("export")
  .description("print the environment's secrets as dotenv, json, yaml or shell")
  .addOption(
    new Option("--format <format>", "output format")
      .choices(["dotenv", "json", "yaml", "shell"])
      .default("dotenv"),
  )
  .option("--allow-partial", "go on when some values cannot be decrypted")
  .action(async (options: { format: ExportFormat; allowPartial?: boolean }) => {
    const p = project();
    const list = await listSecrets(sessionFor(p, globals().apiUrl), p, options.allowPartial ?? false);
    process.stdout.write(
      formatSecrets(
        list.map((s) => [s.key, s.value]),
        options.format,
      ),
    );
  });

program
  .command("import <file>")
  .description("import a .env file: new keys are created; --overwrite also updates existing ones")
  .option("--overwrite", "update keys that exist already")
  .action(async (file: string, options: { overwrite?: boolean }) => {
    const p = project();
    let parsed: Map<string, string>;
    try {
      parsed = parseDotenv(readFileSync(file, "utf8"));
    } catch (error) {
      throw new CliError(`${file}: ${(error as Error).message}`, EXIT.usage);
    }
    const result = await writeSecrets(sessionFor(p, globals().apiUrl), p, parsed, options.overwrite ?? false);
    print(
      globals().json ?? false,
      result,
      `created ${result.created}, updated ${result.updated}${result.skipped ? `, kept ${result.skipped} existing (--overwrite replaces them)` : ""}\n`,
    );
  });

program
  .command("import-preview")
  .description(
    "what an import from Railway, Vercel or Render would change (the token is read from stdin); --apply writes it",
  )
  .addOption(
    new Option("--from <platform>", "the hosting platform")
      .choices(["railway", "vercel", "render"])
      .makeOptionMandatory(),
  )
  .option("--project-id <id>", "Railway or Vercel project (Render: the service)")
  .option("--environment-id <id>", "Railway environment")
  .option("--service-id <id>", "Railway or Render service")
  .addOption(
    new Option("--target <target>", "Vercel target").choices(["production", "preview", "development"]),
  )
  .option("--reveal", "show values instead of masks")
  .option("--apply", "write the added keys (one transaction)")
  .option("--overwrite", "with --apply: also replace keys that differ")
  .action(
    async (options: {
      from: "railway" | "vercel" | "render";
      projectId?: string;
      environmentId?: string;
      serviceId?: string;
      target?: string;
      reveal?: boolean;
      apply?: boolean;
      overwrite?: boolean;
    }) => {
      const p = project();
      const token = (await readStdin()).trim();
      if (!token) throw new CliError("pipe the platform token on stdin (it is never stored)", EXIT.usage);
      const body = {
        provider: options.from,
        token,
        source: {
          project_id: options.projectId ?? null,
          environment_id: options.environmentId ?? null,
          service_id: options.serviceId ?? null,
          target: options.target ?? null,
        },
        reveal: options.reveal ?? false,
      };
      const session = sessionFor(p, globals().apiUrl);
      const params = { params: { path: pathOf(p) } };
      const result = options.apply
        ? await session.client.POST(
            "/integrations/{workspace_id}/{team_id}/{project_id}/{environment_id}/apply",
            {
              ...params,
              body: { ...body, overwrite: options.overwrite ?? false },
            },
          )
        : await session.client.POST(
            "/integrations/{workspace_id}/{team_id}/{project_id}/{environment_id}/preview",
            {
              ...params,
              body,
            },
          );
      if (!result.response.ok)
        throw failure(result.response, result.error, `cannot read from ${options.from}`);
      const report = result.data!;
      const lines = [
        ...report.added.map((i) => `${paint(32, "+")} ${i.key}=${i.value}`),
        ...report.changed.map((i) => `${paint(33, "~")} ${i.key}: ${i.current} -> ${i.incoming}`),
        ...report.unchanged.map((k) => `  ${k}`),
        ...report.skipped.map((i) => `${paint(90, "-")} ${i.key} (${i.reason})`),
        `${options.apply ? "written" : "would add"} ${report.added.length}, ${options.apply ? "replaced" : "would change"} ${report.changed.length}, unchanged ${report.unchanged.length}, skipped ${report.skipped.length}, read ${report.total}`,
      ];
      print(globals().json ?? false, report, `${lines.join("\n")}\n`);
    },
  );

program
  .command("run")
  .description("run a command with the environment's secrets in its environment: coffer run -- <cmd> [args]")
  .option("--fallback", "use (and keep) an encrypted local copy when Coffer cannot be reached")
  .option("--allow-partial", "go on when some values cannot be decrypted")
  .argument("<command...>", "the command and its arguments")
  .action(async (command: string[], options: { fallback?: boolean; allowPartial?: boolean }) => {
    const p = project();
    const session = sessionFor(p, globals().apiUrl);
    let values: Record<string, string>;
    try {
      const list = await listSecrets(session, p, options.allowPartial ?? false);
      values = Object.fromEntries(list.map((s) => [s.key, s.value]));
      if (options.fallback) saveFallback(p.environment_id, session.credential, values);
    } catch (error) {
      const copy =
        options.fallback && error instanceof CliError && error.exitCode === EXIT.network
          ? loadFallback(p.environment_id, session.credential)
          : undefined;
      if (!copy) throw error;
      warn(`${(error as Error).message}; using the local fallback copy, which may be out of date`);
      values = copy;
    }
    const [bin, ...args] = command;
    const child = spawn(bin!, args, { stdio: "inherit", env: { ...process.env, ...values } });
    for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
      process.on(signal, () => child.kill(signal));
    }
    const code = await new Promise<number>((resolve) => {
      child.on("error", (error) => {
        process.stderr.write(`coffer: cannot run ${bin}: ${error.message}\n`);
        resolve(127);
      });
      child.on("exit", (exitCode, signal) =>
        resolve(exitCode ?? (signal ? 128 + (signalNumber[signal] ?? 1) : 1)),
      );
    });
    process.exitCode = code;
  });

const signalNumber: Record<string, number> = { SIGHUP: 1, SIGINT: 2, SIGKILL: 9, SIGTERM: 15 };

try {
  await program.parseAsync(process.argv);
} catch (error) {
  if (error instanceof CliError) {
    process.stderr.write(`coffer: ${error.message}\n`);
    process.exitCode = error.exitCode;
  } else {
    process.stderr.write(`coffer: ${(error as Error).message}\n`);
    process.exitCode = EXIT.error;
  }
}
