// Over 400 lines: one capability's contract (OIDC token exchange), read top to bottom with its fake issuer.
// CI without a stored secret (issue 21): a service account trusts an OIDC issuer, and a job's ID
// token from that issuer is exchanged at POST /auth/oidc/exchange for a short-lived key carrying the
// trust's scope. The issuer is a real server on 127.0.0.1 signing tokens with keys the test makes.
import { randomUUID } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { newUser } from "./helpers/factories.ts";
import { callerOf } from "./helpers/http.ts";
import { type Issuer, startIssuer } from "./helpers/oidc-issuer.ts";
import { createTree, secretsPath, type Tree } from "./helpers/tree.ts";

let t: TestApp;
let issuer: Issuer;
let owner: Awaited<ReturnType<typeof newUser>>;
let tree: Tree;
let accountId: string;
let base: string;

const send = callerOf(() => t.app);
/** The Owner's request adding a trust to the service account. */
const addTrust = (trust: Record<string, unknown>) =>
  send("POST", `${base}/${accountId}/trusts`, owner.headers, trust);
/** An exchange naming the account whose trust should accept the token (as CI must). */
const exchange = (token: string, extra: object = { service_account_id: accountId }) =>
  t.app.inject({ method: "POST", url: "/auth/oidc/exchange", payload: { token, ...extra } });

/** The one answer to every failure to read an issuer or its keys: it tells nothing of what answered. */
const ISSUER_UNUSABLE =
  "502 oidc_issuer_unavailable The issuer's discovery document or signing keys could not be used";
const answerOf = (response: { statusCode: number; json(): { code: string; detail: string } }) =>
  `${response.statusCode} ${response.json().code} ${response.json().detail}`;

interface Answering {
  url: string;
  port: number;
  /** The paths it was asked for. */
  seen: string[];
  close(): Promise<void>;
}

/** A server on `address` giving every request the same answer (or, without one, never answering). */
async function answering(
  answer?: { status: number; body: string },
  address = "127.0.0.1",
): Promise<Answering> {
  const seen: string[] = [];
  const server: Server = createServer((request, response) => {
    seen.push(request.url ?? "");
    if (answer) response.writeHead(answer.status, { "content-type": "application/json" }).end(answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, address, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${address}:${port}`,
    port,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A port on 127.0.0.1 that nothing listens on. */
async function closedPort(): Promise<number> {
  const server = await answering();
  await server.close();
  return server.port;
}

beforeAll(async () => {
  issuer = await startIssuer();
  // The issuers of these tests live on 127.0.0.1: the operator's allow-list lets the exchange reach them.
  t = await createTestApp({ env: { COFFER_OUTBOUND_ALLOW: "127.0.0.1/32" } });
  // The test clock starts at the real time, which the issuer's tokens are dated by.
  owner = await newUser(t.app);
  tree = await createTree(t.app, owner.accessToken, owner.workspaceId);
  await send("POST", `${secretsPath(tree)}/`, owner.headers, { key: "DEPLOY_TOKEN", value: "s3cr3t" });
  base = `/workspaces/${owner.workspaceId}/service-accounts`;
  accountId = (
    await send("POST", base, owner.headers, { name: "github", role: 0, team_ids: [tree.teamId] })
  ).json().id;
  const trust = await addTrust({
    name: "main branch",
    issuer: issuer.url,
    audience: "coffer",
    subject: "repo:acme/payments:ref:refs/heads/*",
    claims: { repository_owner: "acme" },
    token_minutes: 10,
    access: "read",
    environment_ids: [tree.environmentId],
  });
  expect(trust.statusCode, trust.body).toBe(201);
});
afterAll(async () => {
  await t.close();
  await issuer.stop();
});

describe("POST /auth/oidc/exchange", () => {
  it("exchanges a matching token for a key that reads the trust's environment, read-only, for its minutes", async () => {
    const response = await exchange(await issuer.token({ repository_owner: "acme" }));
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      token_type: "Bearer",
      expires_in: 600,
      service_account_id: accountId,
      workspace_id: owner.workspaceId,
    });
    const headers = { authorization: `Bearer ${body.access_token}` };
    const read = await send("GET", `${secretsPath(tree)}/`, headers);
    expect(read.statusCode).toBe(200);
    expect(read.json()[0]).toMatchObject({ key: "DEPLOY_TOKEN", value: "s3cr3t" });
    const write = await send("POST", `${secretsPath(tree)}/`, headers, { key: "X", value: "y" });
    expect(write.json().code).toBe("key_scope_forbidden");
    t.clock.advance(601);
    expect((await send("GET", `${secretsPath(tree)}/`, headers)).json().code).toBe("api_key_expired");
    t.clock.advance(-601);
  });

  it("refuses the same token twice (a replay), with its own code", async () => {
    const token = await issuer.token({ repository_owner: "acme" });
    expect((await exchange(token)).statusCode).toBe(200);
    const again = await exchange(token);
    expect(again.statusCode).toBe(401);
    expect(again.json().code).toBe("oidc_token_replayed");
  });

  it("refuses a token re-spelled in base64url (the same signature, other unused bits): exchanged once", async () => {
    const token = await issuer.token({ repository_owner: "acme" });
    const [header, payload, signature] = token.split(".") as [string, string, string];
    // A 256-byte RS256 signature ends in a character whose four low bits carry nothing: 16 spellings.
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
    const last = alphabet.indexOf(signature.at(-1) ?? "");
    const respelled = Array.from({ length: 16 }, (_, bits) => alphabet[(last & 0b110000) | bits])
      .filter((character) => character !== signature.at(-1))
      .map((character) => `${header}.${payload}.${signature.slice(0, -1)}${character}`);
    const answers = [];
    for (const spelling of [token, ...respelled.slice(0, 4)]) {
      const response = await exchange(spelling);
      answers.push(`${response.statusCode} ${response.json().code ?? "exchanged"}`);
    }
    expect(answers).toEqual(["200 exchanged", ...Array(4).fill("401 oidc_token_rejected")]);
  });

  it("refuses any segment that is not canonical base64url: padding, another alphabet, stray bits", async () => {
    const token = await issuer.token({ repository_owner: "acme" });
    const [header, payload, signature] = token.split(".") as [string, string, string];
    const standard = (text: string) => text.replaceAll("-", "+").replaceAll("_", "/");
    for (const spelling of [
      `${header}=.${payload}.${signature}`,
      `${header}.${payload}=.${signature}`,
      `${header}.${payload}.${signature}==`,
      `${header}.${payload}.${standard(signature)}`,
      `${header}.${payload}.${signature}A`,
      `${header}.${payload}. ${signature}`,
    ]) {
      const response = await exchange(spelling);
      expect(`${response.statusCode} ${response.json().code}`, spelling.slice(-12)).toBe(
        "401 oidc_token_rejected",
      );
    }
    expect((await exchange(token)).statusCode).toBe(200);
  });

  it("remembers the issuer's jti, else what it signed: another token with the same jti is a replay", async () => {
    const jti = randomUUID();
    expect((await exchange(await issuer.token({ repository_owner: "acme", jti }))).statusCode).toBe(200);
    const again = await exchange(
      await issuer.token({ repository_owner: "acme", jti, iat: Math.floor(Date.now() / 1000) - 5 }),
    );
    expect(again.json().code).toBe("oidc_token_replayed");
    const unnumbered = await issuer.token({ repository_owner: "acme", jti: undefined });
    expect((await exchange(unnumbered)).statusCode).toBe(200);
    expect((await exchange(unnumbered)).json().code).toBe("oidc_token_replayed");
  });

  it("refuses a wrong audience, subject or claim, an expired or not-yet-valid token, a foreign signature, an unknown issuer", async () => {
    const now = Math.floor(Date.now() / 1000);
    const cases = {
      audience: await issuer.token({ aud: "someone-else", repository_owner: "acme" }),
      subject: await issuer.token({ sub: "repo:acme/payments:pull_request", repository_owner: "acme" }),
      claim: await issuer.token({ repository_owner: "mallory" }),
      "missing claim": await issuer.token({}),
      expired: await issuer.token({ repository_owner: "acme", iat: now - 900, exp: now - 600 }),
      "not yet valid": await issuer.token({ repository_owner: "acme", nbf: now + 600, exp: now + 900 }),
      signature: await issuer.token({ repository_owner: "acme" }, { key: "stranger" }),
      issuer: await issuer.token({ repository_owner: "acme", iss: "https://issuer.example" }),
      "not a JWT": "not.a.jwt",
    };
    const answers = Object.fromEntries(
      await Promise.all(
        Object.entries(cases).map(async ([name, token]) => {
          const response = await exchange(token);
          return [name, `${response.statusCode} ${response.json().code}`];
        }),
      ),
    );
    expect(Object.values(answers).every((a) => a === "401 oidc_token_rejected")).toBe(true);
  });

  it("answers 502 when the issuer cannot be reached, and keeps the token usable once it can", async () => {
    const fresh = await startIssuer();
    try {
      await addTrust({
        name: "flaky",
        issuer: fresh.url,
        audience: "coffer",
        subject: "*",
      });
      const token = await fresh.token();
      fresh.down = true;
      const down = await exchange(token);
      expect(down.statusCode).toBe(502);
      expect(down.json().code).toBe("oidc_issuer_unavailable");
      fresh.down = false;
      expect((await exchange(token)).statusCode).toBe(200);
    } finally {
      await fresh.stop();
    }
  });

  it("caches the discovery document and the keys", async () => {
    const before = issuer.requests.length;
    for (let i = 0; i < 3; i++)
      expect((await exchange(await issuer.token({ repository_owner: "acme" }))).statusCode).toBe(200);
    expect(issuer.requests.length - before).toBe(0);
  });

  it("refuses tokens for a disabled account, and records each exchange without the token", async () => {
    await send("PATCH", `${base}/${accountId}`, owner.headers, { disabled: true });
    const token = await issuer.token({ repository_owner: "acme" });
    const refused = await exchange(token);
    expect(refused.json().code).toBe("service_account_disabled");
    await send("PATCH", `${base}/${accountId}`, owner.headers, { disabled: false });
    const trail = (
      await send(
        "GET",
        `/workspaces/${owner.workspaceId}/audit?action=service_account.token_exchanged`,
        owner.headers,
      )
    ).json();
    expect(trail.length).toBeGreaterThan(0);
    expect(trail[0].actor).toMatchObject({ type: "service_account", id: accountId });
    expect(trail[0].details).toMatchObject({ subject: "repo:acme/payments:ref:refs/heads/main" });
    expect(JSON.stringify(trail)).not.toContain(token.split(".")[2]);
  });

  it("answers 422 for a malformed body", async () => {
    for (const payload of [{}, { token: "" }, { token: 5 }]) {
      const response = await t.app.inject({ method: "POST", url: "/auth/oidc/exchange", payload });
      expect(response.statusCode).toBe(422);
    }
  });
});

describe("trusts", () => {
  it("are listed, and refuse an issuer that is not https (plain http only in the allowed networks)", async () => {
    const trusts = (await send("GET", `${base}/${accountId}/trusts`, owner.headers)).json();
    expect(trusts[0]).toMatchObject({
      issuer: issuer.url,
      subject: "repo:acme/payments:ref:refs/heads/*",
      claims: { repository_owner: "acme" },
      access: "read",
      environment_ids: [tree.environmentId],
    });
    for (const bad of ["http://issuer.example", "ftp://x", "not a url", "https://x.example/?q=1"]) {
      const response = await addTrust({
        name: "bad",
        issuer: bad,
        audience: "a",
        subject: "*",
      });
      expect(response.statusCode).toBe(422);
    }
  });

  it("once removed, exchange nothing more", async () => {
    const extra = await startIssuer();
    // An audience of its own: a trust left by another test for an issuer that had this port
    // before (the database is shared on PostgreSQL) must not be the one that answers.
    const audience = `removed-${randomUUID()}`;
    try {
      const trust = (
        await addTrust({
          name: "temporary",
          issuer: extra.url,
          audience,
          subject: "*",
        })
      ).json();
      expect((await exchange(await extra.token({ aud: audience }))).statusCode).toBe(200);
      expect(
        (await send("DELETE", `${base}/${accountId}/trusts/${trust.id}`, owner.headers)).statusCode,
      ).toBe(200);
      const response = await exchange(await extra.token({ aud: audience }));
      expect(response.json().code).toBe("oidc_token_rejected");
    } finally {
      await extra.stop();
    }
  });
});

describe("the issuer's address (server-side request forgery)", () => {
  let strict: TestApp;
  let admin: Awaited<ReturnType<typeof newUser>>;
  let strictAccount: string;
  const strictTrusts = () => `/workspaces/${admin.workspaceId}/service-accounts/${strictAccount}/trusts`;

  beforeAll(async () => {
    // No allow-list: loopback, private and link-local addresses are out of reach.
    strict = await createTestApp({ env: { COFFER_OUTBOUND_ALLOW: "" }, captureLogs: true });
    admin = await newUser(strict.app);
    strictAccount = (
      await strict.app.inject({
        method: "POST",
        url: `/workspaces/${admin.workspaceId}/service-accounts`,
        headers: admin.headers,
        payload: { name: "ci", role: 0 },
      })
    ).json().id;
  });
  afterAll(async () => {
    await strict.close();
  });

  it("refuses, when a trust is added, an issuer on a loopback, private or link-local address", async () => {
    for (const bad of [
      "https://169.254.169.254",
      "http://127.0.0.1:6379",
      "https://127.0.0.1:8443",
      "https://localhost",
      "https://10.0.0.1",
      "https://[::ffff:a9fe:a9fe]",
      "https://[::7f00:1]",
      "https://[::1]",
    ]) {
      const response = await strict.app.inject({
        method: "POST",
        url: strictTrusts(),
        headers: admin.headers,
        payload: { name: "internal", issuer: bad, audience: "coffer", subject: "*" },
      });
      expect(response.statusCode, bad).toBe(422);
      expect(response.json().detail[0].loc, bad).toEqual(["body", "issuer"]);
    }
    const listed = await strict.app.inject({ method: "GET", url: strictTrusts(), headers: admin.headers });
    expect(listed.json()).toEqual([]);
  });

  it("fetches nothing from an issuer whose name now resolves inside, and says only that it is unusable", async () => {
    // Added while its name resolved elsewhere (one that does not resolve is accepted, as for
    // webhooks); now it names loopback, where a real issuer would answer.
    const inside = await startIssuer({ host: "localhost" });
    try {
      const added = await strict.app.inject({
        method: "POST",
        url: strictTrusts(),
        headers: admin.headers,
        payload: { name: "moved", issuer: "https://issuer.invalid", audience: "coffer", subject: "*" },
      });
      expect(added.statusCode, added.body).toBe(201);
      await strict.db
        .updateTable("service_account_trusts")
        .set({ issuer: inside.url })
        .where("id", "=", added.json().id)
        .execute();
      const response = await strict.app.inject({
        method: "POST",
        url: "/auth/oidc/exchange",
        payload: { token: await inside.token(), service_account_id: strictAccount },
      });
      expect(answerOf(response)).toBe(ISSUER_UNUSABLE);
      expect(inside.requests).toEqual([]);
      // The reason is the operator's to read, in the server's log.
      expect(strict.logs()).toMatch(/resolves to 127\.0\.0\.1/);
    } finally {
      await inside.stop();
    }
  });
});

describe("reading an issuer the operator lets Coffer reach", () => {
  const trustIssuer = async (url: string) => {
    const audience = `probe-${randomUUID()}`;
    const response = await addTrust({
      name: "probe",
      issuer: url,
      audience,
      subject: "*",
    });
    expect(response.statusCode, response.body).toBe(201);
    return audience;
  };
  // Signed by the test issuer's key whatever the iss: each issuer below fails before it matters.
  const probe = async (url: string) =>
    answerOf(
      await exchange(await issuer.token({ iss: url, aud: await trustIssuer(url) }), {
        service_account_id: accountId,
      }),
    );

  it("answers every failure to read an issuer or its keys alike, whatever answered (no port scan)", async () => {
    const servers = {
      "not JSON": await answering({ status: 200, body: "hello" }),
      "404": await answering({ status: 404, body: "{}" }),
      silent: await answering(),
    };
    const wrongIssuer = await startIssuer();
    wrongIssuer.document.issuer = "https://elsewhere.example";
    const keys = {
      "not JSON": await answering({ status: 200, body: "x" }),
      "500": await answering({ status: 500, body: "{}" }),
    };
    const badKeys = await startIssuer();
    badKeys.document.jwks_uri = `${keys["not JSON"].url}/jwks`;
    const failingKeys = await startIssuer();
    failingKeys.document.jwks_uri = `${keys["500"].url}/jwks`;
    try {
      const urls = [
        "http://127.0.0.1:6379", // Redis
        `http://127.0.0.1:${await closedPort()}`,
        ...Object.values(servers).map((s) => s.url),
        wrongIssuer.url,
        badKeys.url,
        failingKeys.url,
      ];
      const answers = new Map<string, string>();
      for (const url of urls) answers.set(url, await probe(url));
      expect(Object.fromEntries(answers)).toEqual(
        Object.fromEntries(urls.map((url) => [url, ISSUER_UNUSABLE])),
      );
    } finally {
      for (const server of [...Object.values(servers), ...Object.values(keys)]) await server.close();
      for (const server of [wrongIssuer, badKeys, failingKeys]) await server.stop();
    }
  });

  it("refuses a discovery document whose jwks_uri leads outside the allowed networks, asking nothing there", async () => {
    // 127.0.0.2 answers the issuer's real keys, but only 127.0.0.1 is allowed.
    const inside = await startIssuer();
    const keys = await answering({ status: 200, body: JSON.stringify(inside.jwks) }, "127.0.0.2");
    inside.document.jwks_uri = `${keys.url}/jwks`;
    const metadata = await startIssuer();
    metadata.document.jwks_uri = "https://169.254.169.254/latest/meta-data/jwks";
    try {
      for (const found of [inside, metadata]) {
        const response = await exchange(await found.token({ aud: await trustIssuer(found.url) }), {
          service_account_id: accountId,
        });
        expect(answerOf(response), String(found.document.jwks_uri)).toBe(ISSUER_UNUSABLE);
      }
      expect(keys.seen).toEqual([]);
    } finally {
      await keys.close();
      await inside.stop();
      await metadata.stop();
    }
  });
});

describe("tenants", () => {
  it("an exchange is never decided by another workspace's trust (no capture by a catch-all trust)", async () => {
    const shared = await startIssuer();
    try {
      // Mallory, in her own workspace, trusts every token of the issuer first...
      const mallory = await newUser(t.app);
      const malloryBase = `/workspaces/${mallory.workspaceId}/service-accounts`;
      const trap = (await send("POST", malloryBase, mallory.headers, { name: "trap", role: 0 })).json().id;
      const caught = await send("POST", `${malloryBase}/${trap}/trusts`, mallory.headers, {
        name: "everything",
        issuer: shared.url,
        audience: "coffer",
        subject: "*",
      });
      expect(caught.statusCode, caught.body).toBe(201);
      // ...then the owner trusts their own repository's tokens of the same issuer.
      const added = await addTrust({
        name: "payments",
        issuer: shared.url,
        audience: "coffer",
        subject: "repo:acme/payments:ref:refs/heads/main",
      });
      expect(added.statusCode, added.body).toBe(201);

      // A job that does not say which account it is for is not matched across workspaces.
      const unnamed = await exchange(await shared.token(), {});
      expect(unnamed.json().workspace_id).not.toBe(mallory.workspaceId);
      expect(unnamed.statusCode).toBe(422);
      expect(unnamed.json().detail[0]).toMatchObject({
        loc: ["body", "service_account_id"],
        type: "missing",
      });
      expect(unnamed.json().detail[0].msg).toMatch(/coffer ci-setup/);

      // Naming it, the job gets its own account's key, whatever Mallory trusts or disables.
      await send("PATCH", `${malloryBase}/${trap}`, mallory.headers, { disabled: true });
      const named = await exchange(await shared.token());
      expect(named.statusCode, named.body).toBe(200);
      expect(named.json()).toMatchObject({ service_account_id: accountId, workspace_id: owner.workspaceId });
      // Naming Mallory's account gets the job nothing of hers (it is disabled) and tells it nothing of ours.
      const hers = await exchange(await shared.token(), { service_account_id: trap });
      expect(hers.json().code).toBe("service_account_disabled");
    } finally {
      await shared.stop();
    }
  });

  it("uses no trust of a shared public issuer that pins no owner, even one stored before the rule", async () => {
    // The account's id is no secret (it is in workflow files): a catch-all trust of GitHub's issuer
    // would hand its key to any repository's job that names it.
    const github = "https://token.actions.githubusercontent.com";
    const audience = `legacy-${randomUUID()}`;
    const added = await addTrust({
      name: "legacy",
      issuer: github,
      audience,
      subject: "repo:acme/*",
    });
    expect(added.statusCode, added.body).toBe(201);
    await t.db
      .updateTable("service_account_trusts")
      .set({ subject: "*" })
      .where("id", "=", added.json().id)
      .execute();
    const response = await exchange(
      await issuer.token({ iss: github, aud: audience, sub: "repo:mallory/anything:ref:refs/heads/main" }),
    );
    expect(`${response.statusCode} ${response.json().code}`).toBe("401 oidc_token_rejected");
    expect(response.json().detail).toMatch(/pin/);
    await send("DELETE", `${base}/${accountId}/trusts/${added.json().id}`, owner.headers);
  });

  it("refuses a trust of a shared public issuer that does not pin the owner, saying how to pin it", async () => {
    const github = "https://token.actions.githubusercontent.com";
    const gitlab = "https://gitlab.com";
    const terraform = "https://app.terraform.io";
    const buildkite = "https://agent.buildkite.com";
    const add = (issuer: string, subject: string, claims?: Record<string, string>) =>
      addTrust({
        name: "shared",
        issuer,
        audience: `shared-${randomUUID()}`,
        subject,
        ...(claims ? { claims } : {}),
      });
    const catchAll: [string, string, Record<string, string>?][] = [
      [github, "*"],
      [`${github}/`, "*"],
      [github, "repo:*"],
      [github, "repo:acme*/payments:*"],
      [github, "repo:*/payments:ref:refs/heads/main"],
      [github, "*", { repository_owner: "*" }],
      [github, "*", { repository: "*/payments" }],
      [github, "*", { environment: "production" }],
      [gitlab, "*"],
      [gitlab, "project_path:*"],
      [gitlab, "*", { namespace_path: "ac*" }],
      [terraform, "organization:*"],
      [buildkite, "*"],
    ];
    for (const [issuer, subject, claims] of catchAll) {
      const response = await add(issuer, subject, claims);
      const label = `${issuer} ${subject} ${JSON.stringify(claims ?? {})}`;
      expect(response.statusCode, label).toBe(422);
      expect(response.json().detail[0].loc, label).toEqual(["body", "subject"]);
      expect(response.json().detail[0].msg, label).toMatch(/pin/);
    }
    const pinned: [string, string, Record<string, string>?][] = [
      [github, "repo:acme/*"],
      [github, "repo:acme/payments:ref:refs/heads/main"],
      [github, "*", { repository_owner: "acme" }],
      [github, "*", { repository_owner_id: "1234" }],
      [github, "*", { repository: "acme/*" }],
      [gitlab, "project_path:acme/*"],
      [gitlab, "*", { namespace_path: "acme/platform" }],
      [gitlab, "*", { namespace_id: "42" }],
      [terraform, "organization:acme:*"],
      [terraform, "*", { terraform_organization_id: "org-123" }],
      [buildkite, "organization:acme:*"],
      [buildkite, "*", { organization_slug: "acme" }],
    ];
    for (const [issuer, subject, claims] of pinned) {
      const response = await add(issuer, subject, claims);
      expect(response.statusCode, `${issuer} ${subject} ${response.body}`).toBe(201);
      await send("DELETE", `${base}/${accountId}/trusts/${response.json().id}`, owner.headers);
    }
  });
});
