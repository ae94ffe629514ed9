// `coffer login` through the browser (issue 36, item 7) and `coffer signup`'s verification mail
// (item 13), with the real CLI against a real server: no TTY, so the CLI prints the URL and the
// code; the person's approval is their dashboard session's call to the API.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openableUrl } from "../src/cli/commands/device-login.ts";
import {
  runCoffer,
  signInOverHttp,
  spawnCoffer,
  startCliServer,
  storedCredential,
  waitForMatch,
} from "./helpers/cli-process.ts";
import { PASSWORD } from "./helpers/factories.ts";
import { extractCode, type FakeSmtp, mailTo, startFakeSmtp, textBody } from "./helpers/fake-smtp.ts";
import { signUpOverHttp } from "./helpers/real-port.ts";
import {
  type ServerProcess,
  stopChildrenReleaseAndRemoveTempDirs,
  tempDir,
} from "./helpers/server-process.ts";

let server: ServerProcess;
let smtp: FakeSmtp;

beforeAll(async () => {
  smtp = await startFakeSmtp();
  server = await startCliServer({ SMTP_URL: smtp.url });
}, 60_000);
afterAll(() => stopChildrenReleaseAndRemoveTempDirs(() => smtp.close()));

const fresh = () => ({ home: tempDir("coffer-device-home-"), cwd: tempDir("coffer-device-") });

async function account() {
  const email = `device-${randomUUID()}@example.com`;
  const created = await signUpOverHttp(server.url, { email, first_name: "Ada", last_name: "Lovelace" });
  expect(created.status).toBe(201);
  const { access_token } = await signInOverHttp(server.url, email, PASSWORD);
  return { email, accessToken: access_token };
}

const answer = (what: "approve" | "deny", accessToken: string, user_code: string) =>
  fetch(`${server.url}/auth/device/${what}`, {
    method: "POST",
    headers: { authorization: `Bearer ${accessToken}`, "content-type": "application/json" },
    body: JSON.stringify({ user_code }),
  });

describe("coffer login in the browser", () => {
  it("prints the URL and the code, and is signed in once the code is approved", async () => {
    const person = await account();
    const where = fresh();
    const login = spawnCoffer(["--api-url", server.url, "login"], where);
    const code = (await waitForMatch(login.child.stderr!, /enter the code ([A-Z]{4}-[A-Z]{4})/))[1]!;
    const approved = await answer("approve", person.accessToken, code);
    expect(approved.status).toBe(200);
    const result = await login.done;
    expect(result.code, result.stderr).toBe(0);
    // The dashboard's address: COFFER_PUBLIC_URL (here its default, localhost and the port).
    const port = new URL(server.url).port;
    expect(result.stderr).toContain(`open http://localhost:${port}/device and enter the code ${code}`);
    expect(result.stderr).toContain(`http://localhost:${port}/device?code=${code}`);
    expect(result.stdout).toContain(`as ${person.email} (approved in the browser)`);
    const stored = storedCredential(where.home, server.url);
    expect(stored?.refresh_token).toBeTruthy();
    expect(stored?.email).toBe(person.email);
    const whoami = await runCoffer(["--api-url", server.url, "whoami"], where);
    expect(whoami.code, whoami.stderr).toBe(0);
    expect(whoami.stdout).toContain(person.email);
  }, 60_000);

  it("says the sign-in was denied, exit 3, and stores nothing", async () => {
    const person = await account();
    const where = fresh();
    const login = spawnCoffer(["--api-url", server.url, "login"], where);
    const code = (await waitForMatch(login.child.stderr!, /enter the code ([A-Z]{4}-[A-Z]{4})/))[1]!;
    expect((await answer("deny", person.accessToken, code)).status).toBe(200);
    const result = await login.done;
    expect(result.code).toBe(3);
    expect(result.stderr).toContain("the sign-in was denied in the browser");
    const whoami = await runCoffer(["--api-url", server.url, "whoami"], where);
    expect(whoami.code).not.toBe(0);
  }, 60_000);

  it("--otp without --email is a usage error: the browser asks for the code itself", async () => {
    const result = await runCoffer(["--api-url", server.url, "login", "--otp", "123456"], fresh());
    expect(result.code).toBe(2);
    expect(result.stderr).toContain("--otp goes with --email");
  });
});

describe("what the CLI hands the browser", () => {
  it("opens only http(s) URLs, re-serialised: a hostile server's file:, javascript: or shell text is printed, never opened", () => {
    expect(openableUrl("https://coffer.example/device?code=BCDF-GHJK")).toBe(
      "https://coffer.example/device?code=BCDF-GHJK",
    );
    expect(openableUrl("file:///etc/passwd")).toBeUndefined();
    expect(openableUrl("javascript:alert(1)")).toBeUndefined();
    expect(openableUrl("ms-settings:")).toBeUndefined();
    expect(openableUrl("not a url & calc.exe")).toBeUndefined();
    expect(openableUrl("https://coffer.example/device?x=1&y=2 & calc")).toBe(
      "https://coffer.example/device?x=1&y=2%20&%20calc",
    );
  });
});

describe("coffer signup", () => {
  it("mails the verification code the dashboard's sign-up mails, and the code verifies the address", async () => {
    const email = `signup-${randomUUID()}@example.com`;
    const where = fresh();
    const signup = await runCoffer(
      ["--api-url", server.url, "signup", "--email", email, "--name", "Ada Lovelace"],
      { ...where, input: `${PASSWORD}\n` },
    );
    expect(signup.code, signup.stderr).toBe(0);
    expect(signup.stderr).toContain(`a verification code was mailed to ${email}`);
    const mail = await mailTo(smtp, email);
    const code = extractCode(textBody(mail.raw));
    const { access_token } = await signInOverHttp(server.url, email, PASSWORD);
    const verified = await fetch(`${server.url}/auth/verify`, {
      method: "POST",
      headers: { authorization: `Bearer ${access_token}`, "content-type": "application/json" },
      body: JSON.stringify({ otp: Number(code) }),
    });
    expect(verified.status).toBe(200);
    expect(await verified.json()).toEqual({ email_verified: true });
  }, 60_000);
});
