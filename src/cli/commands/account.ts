// Who you are: `coffer signup`, `login` (in the browser, or with a password or an API key), `logout`, `whoami`. Credentials are
// kept per server (credentials.ts); signing in stores one for the URL signed in to and makes that
// server the default.
import type { Command } from "commander";
import { ApiError, createClient, refreshTokenOf, signIn as signInWith } from "../../client/index.ts";
import { CliError, connect, EXIT, failure, fetchFrom } from "../api.ts";
import { bind, newFallbackKey, resolveTarget } from "../binding.ts";
import { globalsOf, sessionFor } from "../context.ts";
import {
  forgetCredential,
  readCredentialsFile,
  type StoredCredential,
  storeCredential,
} from "../credentials.ts";
import { findProjectFile } from "../files.ts";
import { print, readStdin, warn } from "../output.ts";
import { signInThroughBrowser } from "./device-login.ts";

/**
 * Where to sign in: --api-url, COFFER_API_URL, the default server, the built-in — never a
 * project file's api_url, which would choose where a password goes.
 */
const signInUrl = (program: Command) => resolveTarget(globalsOf(program).apiUrl).apiUrl;
/** fetch for sign-in and sign-up: an unreachable server is named with where its address came from. */
const fetchFor = (program: Command) => fetchFrom(resolveTarget(globalsOf(program).apiUrl).source);

/** The password is stdin's first line; a two-factor code may follow on the next one. */
async function passwordAndCodeFromStdin(): Promise<{ password: string; code?: string }> {
  const input = await readStdin();
  const newline = input.search(/\r?\n/);
  if (newline === -1) return { password: input };
  const password = input.slice(0, newline);
  const code = input.slice(newline).trim().split(/\r?\n/)[0]?.trim();
  return code ? { password, code } : { password };
}

/** Why the server refused a password sign-in, as the person should read it. */
function signInRefusal(error: unknown): unknown {
  if (!(error instanceof ApiError)) return error;
  switch (error.code) {
    case "two_factor_required":
      return new CliError(
        "this account uses two-factor sign-in: pass --otp <code> (or put the code on the line after the password)",
        EXIT.auth,
      );
    case "two_factor_incorrect":
      return new CliError(
        "the two-factor code is not correct, or was already used: try the next one",
        EXIT.auth,
      );
    case "rate_limited":
      return new CliError(error.message, EXIT.auth);
    default:
      return new CliError("wrong email or password", EXIT.auth);
  }
}

function remember(program: Command, apiUrl: string, credential: StoredCredential, how: string): void {
  const file = storeCredential(apiUrl, credential);
  const { email } = credential;
  print(
    globalsOf(program).json ?? false,
    { email, api_url: apiUrl },
    `signed in to ${apiUrl}${email ? ` as ${email}` : ""}${how}, saved to ${file}\n`,
  );
}

/** Stores a session's tokens, as a password sign-in and a browser sign-in both do. */
function rememberSession(
  program: Command,
  apiUrl: string,
  session: { email: string; access_token: string; refresh_token?: string | undefined },
  how: string,
): void {
  // The same account signing in again keeps its offline-copy secret: its copies stay readable.
  const previous = readCredentialsFile().servers[apiUrl];
  const fallback_key =
    previous?.email === session.email && previous.fallback_key ? previous.fallback_key : newFallbackKey();
  const { email, access_token, refresh_token } = session;
  remember(
    program,
    apiUrl,
    { email, access_token, ...(refresh_token ? { refresh_token } : {}), fallback_key },
    how,
  );
}

/** Password sign-in; stores the access token and the refresh token for silent refreshes. */
async function signIn(
  program: Command,
  apiUrl: string,
  email: string,
  secrets: { password: string; code?: string },
): Promise<string> {
  const client = createClient({ baseUrl: apiUrl, fetch: fetchFor(program) });
  const { accessToken: access_token, response } = await signInWith(client, {
    email,
    password: secrets.password,
    ...(secrets.code ? { otp: secrets.code } : {}),
  }).catch((error: unknown) => {
    throw signInRefusal(error);
  });
  rememberSession(program, apiUrl, { email, access_token, refresh_token: refreshTokenOf(response) }, "");
  return access_token;
}

/** The browser sign-in (device authorization grant); the account is whoever approved it. */
async function signInInBrowser(program: Command, apiUrl: string): Promise<void> {
  const tokens = await signInThroughBrowser(apiUrl, fetchFor(program));
  const me = await createClient({
    baseUrl: apiUrl,
    accessToken: tokens.access_token,
    fetch: fetchFor(program),
  }).GET("/auth/me");
  if (!me.data) throw failure(me.response, me.error, "cannot read the profile of the new session");
  rememberSession(program, apiUrl, { email: me.data.email, ...tokens }, " (approved in the browser)");
}

/**
 * The first verification code, as the dashboard's sign-up sends it. A mail that does not go out
 * (no SMTP, a refusal) leaves the account as it is: the dashboard's banner can send it again.
 */
async function mailVerificationCode(apiUrl: string, accessToken: string, email: string): Promise<void> {
  const sent = await createClient({ baseUrl: apiUrl, accessToken, fetch: fetchFrom() })
    .POST("/auth/request-otp")
    .catch(() => undefined);
  if (sent?.data) {
    process.stderr.write(`a verification code was mailed to ${email}: enter it in the dashboard\n`);
    return;
  }
  warn(`the verification code could not be mailed to ${email}: the dashboard can send it again`);
}

export function registerAccountCommands(program: Command): void {
  program
    .command("login")
    .description(
      "sign in: with no option, in the browser (a URL and a code to approve in the dashboard); or with an API key, or email and password (password from stdin)",
    )
    .option("--api-key <key>", "an API key (sk-…)")
    .option("--email <email>", "sign in with this email; the password is read from stdin")
    .option(
      "--otp <code>",
      "the two-factor code (or a recovery code), for an account that has two-factor sign-in",
    )
    .action(async (options: { apiKey?: string; email?: string; otp?: string }) => {
      const apiUrl = signInUrl(program);
      if (options.apiKey) {
        const { data: me, error } = await createClient({
          baseUrl: apiUrl,
          apiKey: options.apiKey,
          fetch: fetchFor(program),
        }).GET("/auth/me");
        // A scoped key (or a service account's) is accepted but reaches no account route.
        const scoped = (error as { code?: string } | undefined)?.code === "key_scope_forbidden";
        if (!me && !scoped)
          throw new CliError("this API key is not accepted (revoked, expired or unknown)", EXIT.auth);
        remember(
          program,
          apiUrl,
          { ...(me ? { email: me.email } : {}), api_key: options.apiKey },
          scoped ? " (scoped API key)" : " (API key)",
        );
        return;
      }
      if (!options.email) {
        if (options.otp)
          throw new CliError("--otp goes with --email (the browser asks for the code itself)", EXIT.usage);
        await signInInBrowser(program, apiUrl);
        return;
      }
      const fromStdin = await passwordAndCodeFromStdin();
      await signIn(program, apiUrl, options.email, {
        password: fromStdin.password,
        ...(options.otp || fromStdin.code ? { code: options.otp ?? fromStdin.code } : {}),
      });
    });

  program
    .command("signup")
    .description("create an account (and its first workspace); the password is read from stdin")
    .requiredOption("--email <email>", "your email")
    .requiredOption("--name <full name>", 'first and last name, e.g. "Ada Lovelace"')
    .action(async (options: { email: string; name: string }) => {
      const apiUrl = signInUrl(program);
      const [first, ...rest] = options.name.trim().split(/\s+/);
      if (!first || rest.length === 0) throw new CliError("--name needs a first and a last name", EXIT.usage);
      const { password } = await passwordAndCodeFromStdin();
      const created = await createClient({ baseUrl: apiUrl, fetch: fetchFor(program) }).POST(
        "/auth/get-started",
        {
          body: {
            email: options.email,
            first_name: first,
            last_name: rest.join(" "),
            password,
            created_at: new Date().toISOString(),
          },
        },
      );
      if (!created.response.ok) throw failure(created.response, created.error, "cannot sign up");
      const accessToken = await signIn(program, apiUrl, options.email, { password });
      await mailVerificationCode(apiUrl, accessToken, options.email);
    });

  program
    .command("logout")
    .description("end the session and forget the credential stored for this server")
    .action(async () => {
      const flag = globalsOf(program).apiUrl;
      const target = resolveTarget(flag, findProjectFile());
      try {
        await connect(bind(target, flag)).client.POST("/auth/logout");
      } catch {
        // Not signed in there, or the server is gone: forgetting the credential is what matters.
      }
      const removed = forgetCredential(target.apiUrl);
      print(
        globalsOf(program).json ?? false,
        { signed_out: removed, api_url: target.apiUrl },
        removed ? `signed out of ${target.apiUrl}\n` : `was not signed in to ${target.apiUrl}\n`,
      );
    });

  program
    .command("whoami")
    .description("who the credential for this directory's server belongs to, and that server's URL")
    .action(async () => {
      const session = sessionFor(program, findProjectFile());
      const { data, error, response } = await session.client.GET("/auth/me");
      if (!response.ok) throw failure(response, error, "cannot read the profile");
      const me = data as { email: string };
      print(
        globalsOf(program).json ?? false,
        { ...me, api_url: session.apiUrl },
        `${me.email} on ${session.apiUrl}\n`,
      );
    });
}
