// Who you are: `coffer signup`, `login` (password or API key), `logout`, `whoami`.
import type { Command } from "commander";
import { createClient } from "../../client/index.ts";
import { CliError, DEFAULT_API_URL, EXIT, failure } from "../api.ts";
import { globalsOf, sessionFor } from "../context.ts";
import { findProjectFile, removeCredentials, writeCredentials } from "../files.ts";
import { print, readStdin } from "../output.ts";

const apiUrlOf = (program: Command) =>
  (globalsOf(program).apiUrl ?? process.env.COFFER_API_URL ?? DEFAULT_API_URL).replace(/\/+$/, "");

const unreachable = (apiUrl: string) => () => {
  throw new CliError(`cannot reach Coffer at ${apiUrl}`, EXIT.network);
};

const passwordFromStdin = async () => (await readStdin()).replace(/\r?\n$/, "");

/** Password sign-in; stores the access token and the refresh token for silent refreshes. */
async function signIn(program: Command, apiUrl: string, email: string, password: string): Promise<void> {
  const response = await fetch(`${apiUrl}/auth/login`, {
    method: "POST",
    body: new URLSearchParams({ username: email, password }),
    headers: { "user-agent": "coffer-cli" },
  }).catch(unreachable(apiUrl));
  if (response.status !== 200) throw new CliError("wrong email or password", EXIT.auth);
  const { access_token } = (await response.json()) as { access_token: string };
  const refresh_token = response.headers
    .getSetCookie()
    .map((c) => c.match(/^refresh_token=([^;]*)/)?.[1])
    .find((v) => v);
  const file = writeCredentials({ api_url: apiUrl, access_token, refresh_token, email });
  print(
    globalsOf(program).json ?? false,
    { email, api_url: apiUrl },
    `signed in as ${email}, saved to ${file}\n`,
  );
}

export function registerAccountCommands(program: Command): void {
  program
    .command("login")
    .description("sign in with an API key, or with email and password (password from stdin)")
    .option("--api-key <key>", "an API key (sk-…)")
    .option("--email <email>", "sign in with this email; the password is read from stdin")
    .action(async (options: { apiKey?: string; email?: string }) => {
      const apiUrl = apiUrlOf(program);
      if (options.apiKey) {
        const me = await fetch(`${apiUrl}/auth/me`, { headers: { "x-api-key": options.apiKey } }).catch(
          unreachable(apiUrl),
        );
        if (me.status !== 200)
          throw new CliError("this API key is not accepted (revoked, expired or unknown)", EXIT.auth);
        const { email } = (await me.json()) as { email: string };
        const file = writeCredentials({ api_url: apiUrl, api_key: options.apiKey, email });
        print(
          globalsOf(program).json ?? false,
          { email, api_url: apiUrl },
          `signed in as ${email} (API key), saved to ${file}\n`,
        );
        return;
      }
      if (!options.email)
        throw new CliError("give --api-key, or --email with the password on stdin", EXIT.usage);
      await signIn(program, apiUrl, options.email, await passwordFromStdin());
    });

  program
    .command("signup")
    .description("create an account (and its first workspace); the password is read from stdin")
    .requiredOption("--email <email>", "your email")
    .requiredOption("--name <full name>", 'first and last name, e.g. "Ada Lovelace"')
    .action(async (options: { email: string; name: string }) => {
      const apiUrl = apiUrlOf(program);
      const [first, ...rest] = options.name.trim().split(/\s+/);
      if (!first || rest.length === 0) throw new CliError("--name needs a first and a last name", EXIT.usage);
      const password = await passwordFromStdin();
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
        .catch(unreachable(apiUrl));
      if (!created.response.ok) throw failure(created.response, created.error, "cannot sign up");
      await signIn(program, apiUrl, options.email, password);
    });

  program
    .command("logout")
    .description("end the session and forget the stored credentials")
    .action(async () => {
      try {
        await sessionFor(undefined, globalsOf(program).apiUrl).client.POST("/auth/logout");
      } catch {
        // Not signed in, or the server is gone: forgetting the credentials is what matters.
      }
      const removed = removeCredentials();
      print(
        globalsOf(program).json ?? false,
        { signed_out: removed },
        removed ? "signed out\n" : "was not signed in\n",
      );
    });

  program
    .command("whoami")
    .description("who the stored credential belongs to")
    .action(async () => {
      const session = sessionFor(findProjectFile()?.project, globalsOf(program).apiUrl);
      const { data, error, response } = await session.client.GET("/auth/me");
      if (!response.ok) throw failure(response, error, "cannot read the profile");
      const me = data as { email: string };
      print(globalsOf(program).json ?? false, data, `${me.email} on ${session.apiUrl}\n`);
    });
}
