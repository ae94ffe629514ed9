// `coffer login` with no credential flags: the OAuth 2.0 device authorization grant (RFC 8628).
// The CLI asks the server for a code, shows it with the dashboard's URL (and opens the browser
// when a person sits at this terminal), and polls until the person approves it there — signed in
// however their account signs in: password, two-factor, single sign-on. No password passes
// through the terminal or its history.
import { spawn } from "node:child_process";
import { hostname } from "node:os";
import { createClient } from "../../client/index.ts";
import { CliError, EXIT, failure } from "../api.ts";
import { VERSION } from "../user-agent.ts";

export const CLIENT_ID = "coffer-cli";
const DEVICE_GRANT = "urn:ietf:params:oauth:grant-type:device_code";

export interface DeviceTokens {
  access_token: string;
  refresh_token: string;
}

/**
 * The URL the server asks the browser to open, if it is one a browser should: http(s) only (never
 * file:, javascript: or a program's scheme), re-serialised so that no shell or opener sees the
 * server's raw text. Undefined: print it, open nothing.
 */
export function openableUrl(raw: string): string | undefined {
  try {
    const url = new URL(raw);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Opens the URL in the browser only when a person is at this terminal on this machine: not under
 * CI, not over SSH (the browser would open on the far machine, or nowhere). Never fails.
 */
function openBrowser(raw: string): void {
  const env = process.env;
  const url = openableUrl(raw);
  if (!url || !process.stdout.isTTY || env.CI || env.SSH_CONNECTION || env.SSH_TTY) return;
  // Windows: rundll32 hands the URL to the default browser without cmd.exe parsing its & and ^.
  const [command, args] =
    process.platform === "darwin"
      ? ["open", [url]]
      : process.platform === "win32"
        ? ["rundll32", ["url.dll,FileProtocolHandler", url]]
        : ["xdg-open", [url]];
  try {
    const child = spawn(command, args, { stdio: "ignore", detached: true });
    child.on("error", () => {}); // no opener installed: the URL is printed anyway
    child.unref();
  } catch {
    // Same: the person opens the printed URL.
  }
}

const sleep = (seconds: number) => new Promise((resolve) => setTimeout(resolve, seconds * 1000));

/** Runs the device flow against `apiUrl` to its end: the session's tokens, or a CliError. */
export async function signInThroughBrowser(
  apiUrl: string,
  fetch: typeof globalThis.fetch,
): Promise<DeviceTokens> {
  const client = createClient({ baseUrl: apiUrl, fetch });
  const started = await client.POST("/auth/device/code", {
    body: { client_id: CLIENT_ID, client_name: `Coffer CLI ${VERSION}`, hostname: hostname().slice(0, 255) },
  });
  if (!started.data) throw failure(started.response, started.error, "cannot start the browser sign-in");
  const grant = started.data;
  process.stderr.write(
    `To sign in, open ${grant.verification_uri} and enter the code ${grant.user_code}\n` +
      `  (or open ${grant.verification_uri_complete})\n` +
      `Waiting for the approval in the browser (the code lasts ${Math.round(grant.expires_in / 60)} minutes)…\n`,
  );
  openBrowser(grant.verification_uri_complete);

  // At least a second between polls, whatever the answer says.
  let interval = Math.max(1, grant.interval);
  const deadline = Date.now() + grant.expires_in * 1000;
  while (Date.now() < deadline) {
    await sleep(interval);
    const polled = await client.POST("/auth/device/token", {
      body: { grant_type: DEVICE_GRANT, device_code: grant.device_code, client_id: CLIENT_ID },
    });
    if (polled.data) return polled.data;
    const error = (polled.error as { error?: string } | undefined)?.error;
    switch (error) {
      case "authorization_pending":
        continue;
      case "slow_down":
        interval += 5;
        continue;
      case "access_denied":
        throw new CliError("the sign-in was denied in the browser", EXIT.auth);
      case "expired_token":
        throw new CliError("the code expired before it was approved: run `coffer login` again", EXIT.auth);
      default:
        throw failure(polled.response, polled.error, "the browser sign-in failed");
    }
  }
  throw new CliError("the code expired before it was approved: run `coffer login` again", EXIT.auth);
}
