// The second review's item 1: a squatter kept access after the address's owner claimed the account.
// Anyone can sign up with someone else's address; when its owner later proves it (Google, GitHub,
// single sign-on, a mailed reset link), Coffer took the account over "cleanly" — but the squatter's
// service accounts and their keys, OIDC trusts, webhooks, the people they invited and their pending
// invites survived in the workspace they made. The owner then stored secrets there, and the squatter
// read them with a surviving sk-svc-… key. Every path of a claim now ends all of it.
import { randomUUID } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { bearer, login, newUser, signUp } from "./helpers/factories.ts";
import { type FakeGitHub, startFakeIdentityProviders } from "./helpers/fake-identity-providers.ts";
import { extractInviteLink, type FakeSmtp, startFakeSmtp, textBody } from "./helpers/fake-smtp.ts";
import { googlePerson, signInWithGoogle } from "./helpers/google-sign-in.ts";
import { type Headers, send } from "./helpers/http.ts";
import { type SsoProvider, startSsoProvider } from "./helpers/sso-provider.ts";
import { addMember, createTree, secretsPath, type Tree } from "./helpers/tree.ts";
import { type Receiver, startReceiver } from "./helpers/webhook-receiver.ts";

const PUBLIC_URL = "https://coffer.test";
const STATE_COOKIE = "coffer_oauth";

let fakes: Awaited<ReturnType<typeof startFakeIdentityProviders>>;
let sso: SsoProvider;
let smtp: FakeSmtp;
let receiver: Receiver;
let t: TestApp;
beforeAll(async () => {
  fakes = await startFakeIdentityProviders();
  sso = await startSsoProvider();
  smtp = await startFakeSmtp();
  receiver = await startReceiver();
  t = await createTestApp({
    env: { ...fakes.env(), ...sso.env(), SMTP_URL: smtp.url, COFFER_OUTBOUND_ALLOW: "127.0.0.1/32" },
  });
});
afterAll(async () => {
  await t?.close();
  await fakes?.stop();
  await sso?.stop();
  await smtp?.close();
  await receiver?.close();
});

const victimEmail = () => `victim-${randomUUID().slice(0, 12)}@example.com`;

async function created(url: string, headers: Headers, payload: object) {
  const response = await send(t.app, "POST", url, headers, payload);
  expect(response.statusCode, `${url} ${response.body}`).toBe(201);
  return response.json();
}

/** Someone joins `workspaceId` through an invite mailed to them, accepted with their own session. */
async function joinThroughInvite(inviter: Headers, workspaceId: string, role: number) {
  const person = await newUser(t.app);
  await created(`/invite/${workspaceId}`, inviter, { invitee_email: person.email, role });
  await smtp.waitFor(() => smtp.messagesTo(person.email).length > 0);
  const { token } = extractInviteLink(textBody(smtp.messagesTo(person.email)[0]!.raw), PUBLIC_URL);
  const accepted = await send(t.app, "POST", "/invite/accept", person.headers, { token, password: "unused" });
  expect(accepted.statusCode, accepted.body).toBe(200);
  return person;
}

/**
 * Everything a squatter sets up in a workspace, as `holder` (their session there): a service account
 * with a key and a trust, a webhook, an accomplice let in as Owner who makes a service account of
 * their own, a pending invite and a share link.
 */
async function arm(holder: Headers, tree: Tree) {
  const ws = tree.workspaceId;
  const accounts = `/workspaces/${ws}/service-accounts`;
  const account = await created(accounts, holder, { name: `reader-${randomUUID()}`, role: 2 });
  const accountKey = await created(`${accounts}/${account.id}/keys`, holder, { name: "k" });
  await created(`${accounts}/${account.id}/trusts`, holder, {
    name: "ci",
    issuer: "http://127.0.0.1:9",
    audience: "coffer",
    subject: "repo:squatter/app:*",
  });
  const webhook = await created(`/workspaces/${ws}/webhooks`, holder, { url: receiver.url });
  const accomplice = await joinThroughInvite(holder, ws, 3);
  const theirs = await created(accounts, accomplice.headers, { name: `theirs-${randomUUID()}`, role: 2 });
  const theirKey = await created(`${accounts}/${theirs.id}/keys`, accomplice.headers, { name: "k" });
  await created(`/invite/${ws}`, holder, { invitee_email: `pending-${randomUUID()}@example.com`, role: 1 });
  const secret = await created(`${secretsPath(tree)}/`, holder, { key: "PLANTED", value: "x" });
  const link = await created(`${secretsPath(tree)}/share`, holder, { secret_ids: [secret.id], max_views: 5 });
  return {
    webhookId: webhook.id as string,
    accomplice,
    keys: [{ "x-api-key": accountKey.token }, { "x-api-key": theirKey.token }] as Headers[],
    shareUrl: new URL(link.url as string),
  };
}

/** An unverified account made with the victim's address, its workspace (on a plan with everything), armed. */
async function squat(email: string) {
  const squatter = await signUp(t.app, { email, password: "squatter's password" });
  const session = await login(t.app, email, "squatter's password", "squatter-browser");
  await t.db
    .updateTable("workspaces")
    .set({ plan: "enterprise" })
    .where("id", "=", squatter.workspaceId)
    .execute();
  const tree = await createTree(t.app, session.accessToken, squatter.workspaceId);
  return { squatter, tree, ...(await arm(bearer(session.accessToken), tree)) };
}

async function githubSignIn(app: FastifyInstance, github: FakeGitHub, email: string) {
  const start = await app.inject({ method: "GET", url: "/auth/github-login" });
  const location = new URL(String(start.headers.location));
  await fetch(location); // the browser follows the redirect to the consent screen
  const state = location.searchParams.get("state") ?? "";
  const cookie = start.cookies.find((c) => c.name === STATE_COOKIE)?.value ?? "";
  const id = Math.floor(Math.random() * 2 ** 30);
  const code = github.approve(state, {
    user: { id, login: `owner${id}`, name: "The Owner", email, avatar_url: "https://avatars.test/u/1" },
    emails: [{ email, primary: true, verified: true, visibility: "private" }],
  });
  return app.inject({
    method: "GET",
    url: `/auth/github-callback?${new URLSearchParams({ code, state })}`,
    cookies: { [STATE_COOKIE]: cookie },
    headers: { accept: "application/json" },
  });
}

async function ssoSignIn(email: string) {
  const account = sso.addAccount({
    sub: `user-${randomUUID()}`,
    email,
    email_verified: true,
    given_name: "The",
    family_name: "Owner",
  });
  const start = await t.app.inject({ method: "GET", url: "/auth/oidc-login" });
  const location = new URL(String(start.headers.location));
  const cookie = start.cookies.find((c) => c.name === STATE_COOKIE)?.value ?? "";
  const back = await sso.authorize(location.href, account.sub);
  return t.app.inject({
    method: "GET",
    url: `/auth/oidc-callback?${back.searchParams}`,
    cookies: { [STATE_COOKIE]: cookie },
    headers: { accept: "application/json" },
  });
}

async function resetAndSignIn(email: string) {
  const before = smtp.messagesTo(email).length;
  expect((await send(t.app, "POST", "/auth/password/forgot", {}, { email })).statusCode).toBe(200);
  await smtp.waitFor(() => smtp.messagesTo(email).length > before);
  const token = /reset-password#token=([A-Za-z0-9_-]+)/.exec(
    textBody(smtp.messagesTo(email)[before]!.raw),
  )?.[1];
  const reset = await send(
    t.app,
    "POST",
    "/auth/password/reset",
    {},
    { token, new_password: "the owner's own" },
  );
  expect(reset.statusCode, reset.body).toBe(200);
  return (await login(t.app, email, "the owner's own", "owner-browser")).accessToken;
}

/** Each way the address's owner proves it, answering their access token. */
const claims: [string, (email: string) => Promise<string>][] = [
  ["a password reset mailed to the address", resetAndSignIn],
  [
    "Google",
    async (email) => {
      const response = await signInWithGoogle(t.app, fakes.google, googlePerson({ email }), { json: true });
      expect(response.statusCode, response.body).toBe(200);
      return response.json().access_token;
    },
  ],
  [
    "GitHub",
    async (email) => {
      const response = await githubSignIn(t.app, fakes.github, email);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().access_token;
    },
  ],
  [
    "single sign-on",
    async (email) => {
      const response = await ssoSignIn(email);
      expect(response.statusCode, response.body).toBe(200);
      return response.json().access_token;
    },
  ],
];

describe.each(claims)("a claim through %s", (_path, claim) => {
  it("leaves the squatter no way into the workspace they made: no key, trust, webhook, member, invite or link", async () => {
    const email = victimEmail();
    const squatted = await squat(email);
    const ws = squatted.tree.workspaceId;
    for (const key of squatted.keys) {
      expect((await send(t.app, "GET", `${secretsPath(squatted.tree)}/`, key)).statusCode).toBe(200);
    }

    const owner = bearer(await claim(email));

    // The owner now keeps a secret there; none of what the squatter set up reaches it.
    expect((await send(t.app, "GET", "/auth/me", owner)).json()).toMatchObject({
      id: squatted.squatter.id,
      email_verified: true,
    });
    await created(`${secretsPath(squatted.tree)}/`, owner, { key: "STRIPE_KEY", value: "sk_live_owner" });
    for (const key of squatted.keys) {
      const read = await send(t.app, "GET", `${secretsPath(squatted.tree)}/`, key);
      expect(read.statusCode).toBe(401);
      expect(read.json().code).toBe("api_key_revoked");
    }
    const accomplice = await send(t.app, "GET", `/teams/${ws}/`, squatted.accomplice.headers);
    expect(accomplice.statusCode).toBe(403);
    expect(accomplice.json().code).toBe("not_a_member");
    const members = (await send(t.app, "GET", `/workspaces/${ws}/members`, owner)).json() as {
      user_id: string;
    }[];
    expect(members.map((m) => m.user_id)).toEqual([squatted.squatter.id]);
    const invites = (await send(t.app, "GET", `/invite/${ws}`, owner)).json() as { status: string }[];
    expect(invites.filter((i) => i.status === "pending")).toEqual([]);
    const accounts = (await send(t.app, "GET", `/workspaces/${ws}/service-accounts`, owner)).json() as {
      id: string;
      disabled: boolean;
    }[];
    expect(accounts.map((a) => a.disabled)).toEqual([true, true]);
    for (const account of accounts) {
      const trusts = await send(
        t.app,
        "GET",
        `/workspaces/${ws}/service-accounts/${account.id}/trusts`,
        owner,
      );
      expect(trusts.json()).toEqual([]);
    }
    const webhook = (
      await send(t.app, "GET", `/workspaces/${ws}/webhooks/${squatted.webhookId}`, owner)
    ).json();
    expect(webhook).toMatchObject({ enabled: false, disabled_reason: expect.stringMatching(/taken over/) });
    const shared = await t.app.inject({
      method: "GET",
      url: `${squatted.shareUrl.pathname}${squatted.shareUrl.search}`,
    });
    expect(shared.statusCode).toBeGreaterThanOrEqual(400);
    expect(shared.body).not.toContain("sk_live_owner");

    const audit = (await send(t.app, "GET", `/workspaces/${ws}/audit?action=account.claimed`, owner)).json();
    expect(audit[0].details).toMatchObject({
      members_removed: 1,
      invites_withdrawn: 1,
      service_accounts_disabled: 2,
      service_account_keys_revoked: 2,
      trusts_removed: 1,
      webhooks_disabled: 1,
      share_links_revoked: 1,
    });
  });
});

describe("a claim in a workspace the squatter did not found", () => {
  it("ends only what the squatter did there: the founder's own service account and webhook keep working", async () => {
    const founder = await newUser(t.app);
    await t.db
      .updateTable("workspaces")
      .set({ plan: "enterprise" })
      .where("id", "=", founder.workspaceId)
      .execute();
    const tree = await createTree(t.app, founder.accessToken, founder.workspaceId);
    const ws = founder.workspaceId;
    const own = await created(`/workspaces/${ws}/service-accounts`, founder.headers, {
      name: "deploy",
      role: 1,
      team_ids: [tree.teamId],
    });
    const ownKey = await created(`/workspaces/${ws}/service-accounts/${own.id}/keys`, founder.headers, {
      name: "k",
    });
    const ownHook = await created(`/workspaces/${ws}/webhooks`, founder.headers, {
      url: `${receiver.url}/own`,
    });
    // An account that joined before joining verified an address (a member from before that rule).
    const email = victimEmail();
    const squatter = await signUp(t.app, { email, password: "squatter's password" });
    await addMember(t.db, ws, squatter.id, 3, [tree.teamId]);
    const session = await login(t.app, email, "squatter's password", "squatter-browser");
    const squatted = await arm(bearer(session.accessToken), tree);

    await claim(email);

    for (const key of squatted.keys) {
      expect((await send(t.app, "GET", `${secretsPath(tree)}/`, key)).statusCode).toBe(401);
    }
    const ownUse = await send(t.app, "GET", `${secretsPath(tree)}/`, { "x-api-key": ownKey.token });
    expect(ownUse.statusCode).toBe(200);
    const members = (await send(t.app, "GET", `/workspaces/${ws}/members`, founder.headers)).json() as {
      user_id: string;
    }[];
    expect(members.map((m) => m.user_id).sort()).toEqual([founder.id, squatter.id].sort());
    const hooks = (await send(t.app, "GET", `/workspaces/${ws}/webhooks`, founder.headers)).json() as {
      id: string;
      enabled: boolean;
    }[];
    expect(Object.fromEntries(hooks.map((h) => [h.id, h.enabled]))).toEqual({
      [ownHook.id]: true,
      [squatted.webhookId]: false,
    });
  });

  async function claim(email: string) {
    return resetAndSignIn(email);
  }
});

describe("accepting an invite proves the address", () => {
  it("an unverified account that accepts an invite mailed to it is verified: a later provider sign-in takes nothing", async () => {
    const inviter = await newUser(t.app);
    const email = victimEmail();
    await signUp(t.app, { email, password: "their own password" });
    const session = await login(t.app, email, "their own password", "their-browser");
    await created(`/invite/${inviter.workspaceId}`, inviter.headers, { invitee_email: email, role: 1 });
    await smtp.waitFor(() => smtp.messagesTo(email).length > 0);
    const { token } = extractInviteLink(textBody(smtp.messagesTo(email).at(-1)!.raw), PUBLIC_URL);

    const accepted = await send(
      t.app,
      "POST",
      "/invite/accept",
      {},
      { token, password: "their own password" },
    );

    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().user.email_verified).toBe(true);
    const google = await signInWithGoogle(t.app, fakes.google, googlePerson({ email }), { json: true });
    expect(google.statusCode).toBe(200);
    expect((await send(t.app, "GET", "/auth/me", bearer(session.accessToken))).statusCode).toBe(200);
  });
});
