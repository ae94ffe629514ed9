// One capability's contract, read top to bottom: an invite from mail to accept, its limits, who may and its audit.
// Invites over HTTP (spec §2 "Invite", §3 "Invite status", §4 "Invites", §5, §7, §8; DESIGN.md
// §3, §5, §9; issue 5): an Owner invites an address with a role and a team; the link is read out
// of a real SMTP server on 127.0.0.1; validate has no side effects; accept creates the account or
// proves an existing one, with the invite's role and team only; reject; statuses pending →
// accepted | rejected | expired (injectable clock); seat limit (402); single-use tokens stored as
// SHA-256; resend; withdraw; who may do what; validation; audit entries without tokens.
import { createHash, randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers/app.ts";
import { bearer, login, newUser, PASSWORD, randomEmail } from "./helpers/factories.ts";
import { extractInviteLink, type FakeSmtp, htmlBody, mailHeader, textBody } from "./helpers/fake-smtp.ts";
import { callerOf, type Headers, ISO, UUID } from "./helpers/http.ts";
import { mailingTestAppForSuite } from "./helpers/mailing-app.ts";
import { newMember } from "./helpers/tree.ts";

const INVITE_TTL = 3600;
const PUBLIC_URL = "https://coffer.test";
const INVITE_FIELDS = [
  "created_at",
  "expiry_time",
  "id",
  "invited_by",
  "invitee_email",
  "role",
  "status",
  "team_id",
  "updated_at",
  "workspace_id",
];

const { t, smtp } = mailingTestAppForSuite({
  COFFER_INVITE_TTL: String(INVITE_TTL),
  // The tests move the clock past the invite lifetime; sessions must outlive that.
  COFFER_ACCESS_TOKEN_TTL: "86400",
});

type Owner = Awaited<ReturnType<typeof newUser>>;

const callOn = (app: TestApp) => callerOf(() => app.app);
const call = callerOf(() => t.app);

const q = (token: string) => encodeURIComponent(token);
const validate = (token: string) => call("POST", `/invite/validate?token=${q(token)}`);
const reject = (token: string) => call("POST", `/invite/reject?token=${q(token)}`);
const accept = (payload: Record<string, unknown>, headers: Headers = {}) =>
  call("POST", "/invite/accept", headers, payload);

// The three routes a link's token opens, called in this order, so a dead link is checked on each.
const everyTokenRoute = async (token: string, name: string) => [
  await validate(token),
  await accept({ token, name, password: PASSWORD }),
  await reject(token),
];

async function createTeam(headers: Headers, ws: string) {
  const response = await call("POST", `/teams/${ws}/`, headers, { name: `team-${randomUUID().slice(0, 8)}` });
  expect(response.statusCode).toBe(201);
  return response.json().id as string;
}

/** An Owner with a workspace and one team. */
async function ownerWithTeam() {
  const owner = await newUser(t.app);
  const teamId = await createTeam(owner.headers, owner.workspaceId);
  return { owner, ws: owner.workspaceId, teamId };
}

/** The invite links mailed to this address so far, oldest first. */
const linksTo = (smtp: FakeSmtp, email: string) =>
  smtp.messagesTo(email).map((m) => extractInviteLink(textBody(m.raw), PUBLIC_URL));

/** Sends an invite (201 expected) and reads its token out of the mail. */
async function sendInvite(
  owner: Owner,
  body: { invitee_email?: string; role?: number; team_id?: string | null } = {},
  on: { app: TestApp; smtp: FakeSmtp } = { app: t, smtp },
) {
  const payload = { invitee_email: randomEmail("invitee"), role: 1, ...body };
  const before = linksTo(on.smtp, payload.invitee_email).length;
  const response = await callOn(on.app)("POST", `/invite/${owner.workspaceId}`, owner.headers, payload);
  expect(response.statusCode, response.body).toBe(201);
  await on.smtp.waitFor(() => linksTo(on.smtp, payload.invitee_email).length > before);
  const link = linksTo(on.smtp, payload.invitee_email)[before]!;
  return { invite: response.json(), email: payload.invitee_email, token: link.token, url: link.url };
}

const listInvites = async (headers: Headers, ws: string, app: TestApp = t) => {
  const response = await callOn(app)("GET", `/invite/${ws}`, headers);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Array<Record<string, unknown>>;
};

const statusOf = async (owner: Owner, inviteId: string) =>
  (await listInvites(owner.headers, owner.workspaceId)).find((i) => i.id === inviteId)?.status;

/** The user id of an address, if an account exists. */
const userIdOf = async (email: string) =>
  (await t.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst())?.id;

const roleIn = async (ws: string, userId: string | undefined) =>
  userId === undefined
    ? undefined
    : (
        await t.db
          .selectFrom("workspace_members")
          .select("role")
          .where("workspace_id", "=", ws)
          .where("user_id", "=", userId)
          .executeTakeFirst()
      )?.role;

const teamMemberIds = async (owner: Owner, teamId: string) => {
  const response = await call("GET", `/teams/${owner.workspaceId}/${teamId}/members`, owner.headers);
  expect(response.statusCode).toBe(200);
  return (response.json() as Array<{ user_id: string }>).map((m) => m.user_id);
};

describe("the whole flow: invite, mail, validate, accept", () => {
  it("an Owner invites with role 1 and a team; the invitee accepts from the mailed link and is in", async () => {
    const { owner, ws, teamId } = await ownerWithTeam();
    const email = randomEmail("colleague");
    const response = await call("POST", `/invite/${ws}`, owner.headers, {
      invitee_email: email,
      role: 1,
      team_id: teamId,
    });
    expect(response.statusCode).toBe(201);
    const invite = response.json();
    expect(Object.keys(invite).sort()).toEqual([...INVITE_FIELDS, "mail_error", "mail_sent"].sort());
    expect(invite).toMatchObject({
      workspace_id: ws,
      invitee_email: email,
      invited_by: owner.id,
      status: "pending",
      role: 1,
      team_id: teamId,
      mail_sent: true,
      mail_error: null,
    });
    expect(invite.id).toMatch(UUID);
    for (const field of ["expiry_time", "created_at", "updated_at"]) expect(invite[field]).toMatch(ISO);
    const lifetime = (Date.parse(invite.expiry_time) - Date.parse(invite.created_at)) / 1000;
    expect(lifetime).toBe(INVITE_TTL);

    // The mail: to the invitee, with the link under COFFER_PUBLIC_URL, in text and HTML.
    const mail = await smtp.waitFor((m) => m.to.includes(email));
    expect(mailHeader(mail.raw, "to")).toBe(email);
    const { url, token } = extractInviteLink(textBody(mail.raw), PUBLIC_URL);
    expect(url.startsWith(`${PUBLIC_URL}/invite?token=`)).toBe(true);
    expect(token.length).toBeGreaterThanOrEqual(32);
    expect(htmlBody(mail.raw)).toContain(`${PUBLIC_URL}/invite?token=${token}`);
    expect(response.body).not.toContain(token);

    // Validate: no credential, the invite with workspace name and inviter, no side effect.
    const workspaceName = (owner.body.workspace as { name: string }).name;
    expect(workspaceName).toEqual(expect.any(String));
    for (let i = 0; i < 2; i++) {
      const validated = await validate(token);
      expect(validated.statusCode).toBe(200);
      const body = validated.json();
      expect(body).toMatchObject({
        id: invite.id,
        workspace_id: ws,
        invitee_email: email,
        status: "pending",
        role: 1,
        team_id: teamId,
        workspace_name: workspaceName,
        inviter: { id: owner.id, name: "Ada Lovelace", email: owner.email },
      });
      expect(validated.body).not.toContain(token);
    }
    expect(await statusOf(owner, invite.id)).toBe("pending");
    expect(await userIdOf(email)).toBeUndefined();

    // Accept with a new address: the account is created, verified, and joins workspace and team.
    const accepted = await accept({ token, name: "Grace Brewster Hopper", password: PASSWORD });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const result = accepted.json();
    expect(Object.keys(result).sort()).toEqual(["invite", "role", "user", "workspace_id"]);
    expect(result.invite).toMatchObject({ id: invite.id, status: "accepted", role: 1, team_id: teamId });
    expect(Object.keys(result.invite).sort()).toEqual(INVITE_FIELDS);
    expect(result.user).toMatchObject({ email, name: "Grace Brewster Hopper", email_verified: true });
    expect(result.user.id).toMatch(UUID);
    expect(result.workspace_id).toBe(ws);
    expect(result.role).toBe(1);
    expect(accepted.body).not.toContain(token);
    expect(accepted.body).not.toContain(PASSWORD);
    const newUserId = result.user.id as string;

    const session = await login(t.app, email, PASSWORD);
    const headers = bearer(session.accessToken);
    const workspaces = await call("GET", "/workspaces/", headers);
    expect(workspaces.statusCode).toBe(200);
    expect(workspaces.json()).toEqual([expect.objectContaining({ id: ws, role: 1 })]);
    expect(await teamMemberIds(owner, teamId)).toContain(newUserId);
    const me = await call("GET", "/auth/me", headers);
    expect(me.json()).toMatchObject({ id: newUserId, email, email_verified: true, current_workspace_id: ws });
    // The mailed link proved the address: no code to ask for.
    expect((await call("POST", "/auth/request-otp", headers)).statusCode).toBe(409);
    // As a Member of the team, the new user sees the team.
    expect((await call("GET", `/teams/${ws}/${teamId}`, headers)).statusCode).toBe(200);

    expect(await statusOf(owner, invite.id)).toBe("accepted");

    // Single use.
    const again = await accept({ token, name: "Someone Else", password: PASSWORD });
    expect(again.statusCode).toBe(410);
    expect(again.json().code).toBe("invite_used");
    const revalidated = await validate(token);
    expect(revalidated.statusCode).toBe(410);
    expect(revalidated.json().code).toBe("invite_used");
    expect((await reject(token)).statusCode).toBe(410);
    expect(await statusOf(owner, invite.id)).toBe("accepted");
  });

  it("the mail names inviter, workspace and role; HTML in the workspace name is escaped", async () => {
    const { owner, ws } = await ownerWithTeam();
    const renamed = await call("PATCH", `/workspaces/${ws}`, owner.headers, { name: '<b>Acme</b> & "Co"' });
    expect(renamed.statusCode).toBe(200);
    const { email } = await sendInvite(owner, { role: 2 });
    const mail = smtp.messagesTo(email)[0]!;
    const text = textBody(mail.raw);
    expect(text).toContain("Ada Lovelace");
    expect(text).toContain('<b>Acme</b> & "Co"');
    expect(text).toContain("Admin");
    const html = htmlBody(mail.raw);
    expect(html).toContain("&lt;b&gt;Acme&lt;/b&gt; &amp; &quot;Co&quot;");
    expect(html).not.toContain("<b>Acme</b>");
  });

  it("an invite without a team joins the workspace only; team_id null", async () => {
    const { owner, ws, teamId } = await ownerWithTeam();
    const { invite, token, email } = await sendInvite(owner, { role: 0 });
    expect(invite.team_id).toBeNull();
    const accepted = await accept({ token, name: "Viewer Person", password: PASSWORD });
    expect(accepted.statusCode).toBe(200);
    const userId = accepted.json().user.id;
    expect(await roleIn(ws, userId)).toBe(0);
    expect(await teamMemberIds(owner, teamId)).not.toContain(userId);
    expect(await userIdOf(email)).toBe(userId);
  });

  it("a new account needs a name and a password of 8 to 128 characters (422; nothing created)", async () => {
    const { owner } = await ownerWithTeam();
    const { token, email, invite } = await sendInvite(owner);
    for (const payload of [
      { token, password: PASSWORD },
      { token, name: "  ", password: PASSWORD },
      { token, name: "Short Pass", password: "short" },
      { token, name: "Long Pass", password: "x".repeat(129) },
      { token, name: "No Pass" },
    ]) {
      const response = await accept(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.body).not.toContain(token);
    }
    expect(await userIdOf(email)).toBeUndefined();
    expect(await statusOf(owner, invite.id)).toBe("pending");
  });

  it("the invitee address is matched without regard to case", async () => {
    const { owner, ws } = await ownerWithTeam();
    const email = randomEmail("mixed");
    const response = await call("POST", `/invite/${ws}`, owner.headers, {
      invitee_email: email.toUpperCase(),
      role: 1,
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().invitee_email).toBe(email);
    const duplicate = await call("POST", `/invite/${ws}`, owner.headers, { invitee_email: email, role: 1 });
    expect(duplicate.statusCode).toBe(409);
  });
});

describe("accept with an existing account", () => {
  it("the wrong password → 401 and nothing joined; the right password → joins", async () => {
    const { owner, ws, teamId } = await ownerWithTeam();
    const existing = await newUser(t.app);
    const { token, invite } = await sendInvite(owner, {
      invitee_email: existing.email,
      role: 2,
      team_id: teamId,
    });

    const wrong = await accept({ token, password: "not the password" });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe("invalid_credentials");
    expect(wrong.body).not.toContain("not the password");
    expect(await roleIn(ws, existing.id)).toBeUndefined();
    expect(await statusOf(owner, invite.id)).toBe("pending");

    const right = await accept({ token, name: "Ignored Name", password: existing.password });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toMatchObject({ workspace_id: ws, role: 2, user: { id: existing.id } });
    // The existing account keeps its name and its own workspace.
    expect(right.json().user.name).toBe("Ada Lovelace");
    expect(await roleIn(ws, existing.id)).toBe(2);
    expect(await roleIn(existing.workspaceId, existing.id)).toBe(3);
    expect(await teamMemberIds(owner, teamId)).toContain(existing.id);

    const listed = await call("GET", "/workspaces/", existing.headers);
    const roles = Object.fromEntries(
      (listed.json() as Array<{ id: string; role: number }>).map((w) => [w.id, w.role]),
    );
    expect(roles).toEqual({ [existing.workspaceId]: 3, [ws]: 2 });
  });

  it("with its own bearer credential → joins (the credential proves the account; password not checked)", async () => {
    const { owner, ws } = await ownerWithTeam();
    const existing = await newUser(t.app);
    const { token } = await sendInvite(owner, { invitee_email: existing.email });
    const response = await accept({ token, password: "unused-with-a-credential" }, existing.headers);
    expect(response.statusCode, response.body).toBe(200);
    expect(await roleIn(ws, existing.id)).toBe(1);
  });

  it("a signed-in different account → 403, nothing joined, invite still pending", async () => {
    const { owner, ws } = await ownerWithTeam();
    const existing = await newUser(t.app);
    const intruder = await newUser(t.app);
    const { token, invite } = await sendInvite(owner, { invitee_email: existing.email });
    const response = await accept({ token, password: intruder.password }, intruder.headers);
    expect(response.statusCode).toBe(403);
    expect(await roleIn(ws, intruder.id)).toBeUndefined();
    expect(await roleIn(ws, existing.id)).toBeUndefined();
    expect(await statusOf(owner, invite.id)).toBe("pending");

    // Also for an invite to an address with no account yet: no account is created for it.
    const fresh = await sendInvite(owner);
    const other = await accept(
      { token: fresh.token, name: "Intruder", password: PASSWORD },
      intruder.headers,
    );
    expect(other.statusCode).toBe(403);
    expect(await userIdOf(fresh.email)).toBeUndefined();
    expect(await roleIn(ws, intruder.id)).toBeUndefined();
  });

  it("an invalid credential on accept → 401", async () => {
    const { owner } = await ownerWithTeam();
    const { token, invite } = await sendInvite(owner);
    const response = await accept({ token, name: "X Y", password: PASSWORD }, bearer("not-a-token"));
    expect(response.statusCode).toBe(401);
    expect(await statusOf(owner, invite.id)).toBe("pending");
  });
});

describe("privilege escalation on accept", () => {
  it("asking for a higher role (3 for an invite of role 1) → 403, no account, nothing joined", async () => {
    const { owner, ws, teamId } = await ownerWithTeam();
    const { token, email, invite } = await sendInvite(owner, { role: 1, team_id: teamId });
    for (const role of [2, 3]) {
      const response = await accept({ token, name: "Greedy", password: PASSWORD, role, team_id: teamId });
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe("forbidden");
    }
    expect(await userIdOf(email)).toBeUndefined();
    expect(await statusOf(owner, invite.id)).toBe("pending");

    const existing = await newUser(t.app);
    const second = await sendInvite(owner, { invitee_email: existing.email, role: 1 });
    const response = await accept({ token: second.token, password: existing.password, role: 3 });
    expect(response.statusCode).toBe(403);
    expect(await roleIn(ws, existing.id)).toBeUndefined();
  });

  it("asking for another team → 403, nothing joined", async () => {
    const { owner, ws, teamId } = await ownerWithTeam();
    const otherTeam = await createTeam(owner.headers, ws);
    const existing = await newUser(t.app);
    const { token, invite } = await sendInvite(owner, { invitee_email: existing.email, team_id: teamId });
    const response = await accept({ token, password: existing.password, role: 1, team_id: otherTeam });
    expect(response.statusCode).toBe(403);
    expect(await roleIn(ws, existing.id)).toBeUndefined();
    expect(await teamMemberIds(owner, otherTeam)).not.toContain(existing.id);
    expect(await statusOf(owner, invite.id)).toBe("pending");

    // A team id when the invite names none is another team too.
    const noTeam = await sendInvite(owner);
    const withTeam = await accept({
      token: noTeam.token,
      name: "Sneaky",
      password: PASSWORD,
      team_id: teamId,
    });
    expect(withTeam.statusCode).toBe(403);
    expect(await userIdOf(noTeam.email)).toBeUndefined();
  });

  it("a lower role in the body (0) still joins with the invite's role 1; the invite's team_id in the body is fine", async () => {
    // Observed behaviour: the body's role is only checked as an upper bound; the invite's role is
    // what the member gets (no silent downgrade either).
    const { owner, ws, teamId } = await ownerWithTeam();
    const { token } = await sendInvite(owner, { role: 1, team_id: teamId });
    const response = await accept({ token, name: "Modest", password: PASSWORD, role: 0, team_id: teamId });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().role).toBe(1);
    expect(await roleIn(ws, response.json().user.id)).toBe(1);
    expect(await teamMemberIds(owner, teamId)).toContain(response.json().user.id);
  });

  it("team_id null in the body still joins the invite's team", async () => {
    const { owner, teamId } = await ownerWithTeam();
    const { token } = await sendInvite(owner, { team_id: teamId });
    const response = await accept({ token, name: "Null Team", password: PASSWORD, role: 1, team_id: null });
    expect(response.statusCode).toBe(200);
    expect(await teamMemberIds(owner, teamId)).toContain(response.json().user.id);
  });

  it("an Owner invite (role 3) is accepted as Owner", async () => {
    const { owner, ws } = await ownerWithTeam();
    const { token } = await sendInvite(owner, { role: 3 });
    const response = await accept({ token, name: "Co Owner", password: PASSWORD, role: 3 });
    expect(response.statusCode).toBe(200);
    expect(await roleIn(ws, response.json().user.id)).toBe(3);
  });
});

describe("reject", () => {
  it("without a credential → 200 Invite record with status rejected; then accept/validate/reject → 410", async () => {
    const { owner, ws } = await ownerWithTeam();
    const { token, invite, email } = await sendInvite(owner);
    const response = await reject(token);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(INVITE_FIELDS);
    expect(body).toMatchObject({ id: invite.id, workspace_id: ws, invitee_email: email, status: "rejected" });
    expect(response.body).not.toContain(token);
    expect(await statusOf(owner, invite.id)).toBe("rejected");

    const accepted = await accept({ token, name: "Changed Mind", password: PASSWORD });
    expect(accepted.statusCode).toBe(410);
    expect(accepted.json().code).toBe("invite_used");
    expect(await userIdOf(email)).toBeUndefined();
    expect((await validate(token)).statusCode).toBe(410);
    expect((await reject(token)).statusCode).toBe(410);
  });

  it("a rejected invite frees the address for a new invite", async () => {
    const { owner, ws } = await ownerWithTeam();
    const { token, email } = await sendInvite(owner);
    expect((await reject(token)).statusCode).toBe(200);
    const again = await call("POST", `/invite/${ws}`, owner.headers, { invitee_email: email, role: 1 });
    expect(again.statusCode).toBe(201);
  });
});

describe("expiry (COFFER_INVITE_TTL)", () => {
  it("after the lifetime the list shows expired and validate/accept/reject → 410 invite_expired", async () => {
    const { owner } = await ownerWithTeam();
    const { token, invite, email } = await sendInvite(owner);
    t.clock.advance(INVITE_TTL + 1);

    expect(await statusOf(owner, invite.id)).toBe("expired");
    for (const response of await everyTokenRoute(token, "Too Late")) {
      expect(response.statusCode).toBe(410);
      expect(response.json()).toMatchObject({ code: "invite_expired", detail: expect.any(String) });
    }
    expect(await userIdOf(email)).toBeUndefined();
    expect(await statusOf(owner, invite.id)).toBe("expired");
  });

  it("an accepted or rejected invite stays so after the lifetime", async () => {
    const { owner } = await ownerWithTeam();
    const a = await sendInvite(owner);
    const r = await sendInvite(owner);
    expect((await accept({ token: a.token, name: "On Time", password: PASSWORD })).statusCode).toBe(200);
    expect((await reject(r.token)).statusCode).toBe(200);
    t.clock.advance(INVITE_TTL + 1);
    expect(await statusOf(owner, a.invite.id)).toBe("accepted");
    expect(await statusOf(owner, r.invite.id)).toBe("rejected");
  });

  it("an expired invite does not block a new invite to the same address", async () => {
    const { owner, ws } = await ownerWithTeam();
    const { email } = await sendInvite(owner);
    t.clock.advance(INVITE_TTL + 1);
    const again = await call("POST", `/invite/${ws}`, owner.headers, { invitee_email: email, role: 1 });
    expect(again.statusCode).toBe(201);
  });

  it("resending an expired invite gives it a new lifetime and a working link", async () => {
    const { owner, ws } = await ownerWithTeam();
    const { invite, email, token } = await sendInvite(owner);
    t.clock.advance(INVITE_TTL + 1);
    const resent = await call("POST", `/invite/${ws}/${invite.id}/resend`, owner.headers);
    expect(resent.statusCode).toBe(200);
    expect(resent.json().status).toBe("pending");
    expect(Date.parse(resent.json().expiry_time)).toBeGreaterThan(t.clock.now().getTime());
    const links = linksTo(smtp, email);
    expect(links).toHaveLength(2);
    expect(links[1]!.token).not.toBe(token);
    expect((await validate(links[1]!.token)).statusCode).toBe(200);
    expect((await validate(token)).statusCode).toBe(404);
  });
});

describe("seat limit", () => {
  const { t: seats, smtp: seatSmtp } = mailingTestAppForSuite({
    COFFER_INVITE_TTL: String(INVITE_TTL),
    COFFER_ACCESS_TOKEN_TTL: "86400",
    COFFER_PLANS: JSON.stringify({
      free: { seats: 2 },
      pro: { seats: 50, version_history: true, share_links: true },
      enterprise: { seats: null, version_history: true, share_links: true },
    }),
  });

  const on = () => ({ app: seats, smtp: seatSmtp });
  const post = (owner: Owner, body: Record<string, unknown>) =>
    callOn(seats)("POST", `/invite/${owner.workspaceId}`, owner.headers, body);

  it("owner + 1 pending invite fill 2 seats: the next invite → 402 seat_limit_reached; withdrawing frees the seat", async () => {
    const owner = await newUser(seats.app);
    const listed = await callOn(seats)("GET", "/workspaces/", owner.headers);
    expect(listed.json()[0]).toMatchObject({ plan: "free", seat_limit: 2 });

    const first = await sendInvite(owner, {}, on());
    const full = await post(owner, { invitee_email: randomEmail(), role: 1 });
    expect(full.statusCode).toBe(402);
    expect(full.json()).toMatchObject({ code: "seat_limit_reached", detail: expect.any(String) });
    expect(await listInvites(owner.headers, owner.workspaceId, seats)).toHaveLength(1);

    const withdrawn = await callOn(seats)(
      "DELETE",
      `/invite/${owner.workspaceId}/${first.invite.id}`,
      owner.headers,
    );
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json()).toMatchObject({ deleted: true });
    expect(await listInvites(owner.headers, owner.workspaceId, seats)).toHaveLength(0);
    // The withdrawn link is dead.
    expect((await callOn(seats)("POST", `/invite/validate?token=${q(first.token)}`)).statusCode).toBe(404);

    const next = await post(owner, { invitee_email: randomEmail(), role: 1 });
    expect(next.statusCode).toBe(201);
  });

  it("an accepted invite keeps its seat (now a member)", async () => {
    const owner = await newUser(seats.app);
    const { token } = await sendInvite(owner, {}, on());
    const accepted = await callOn(seats)(
      "POST",
      "/invite/accept",
      {},
      { token, name: "Member", password: PASSWORD },
    );
    expect(accepted.statusCode).toBe(200);
    const full = await post(owner, { invitee_email: randomEmail(), role: 1 });
    expect(full.statusCode).toBe(402);
  });

  it("a rejected invite frees its seat", async () => {
    const owner = await newUser(seats.app);
    const { token } = await sendInvite(owner, {}, on());
    expect((await callOn(seats)("POST", `/invite/reject?token=${q(token)}`)).statusCode).toBe(200);
    expect((await post(owner, { invitee_email: randomEmail(), role: 1 })).statusCode).toBe(201);
  });

  it("an expired pending invite no longer counts", async () => {
    const owner = await newUser(seats.app);
    await sendInvite(owner, {}, on());
    expect((await post(owner, { invitee_email: randomEmail(), role: 1 })).statusCode).toBe(402);
    seats.clock.advance(INVITE_TTL + 1);
    expect((await post(owner, { invitee_email: randomEmail(), role: 1 })).statusCode).toBe(201);
  });

  it("the seat check holds under concurrent invites: one seat free, six at once → one 201, five 402", async () => {
    const owner = await newUser(seats.app);
    const responses = await Promise.all(
      Array.from({ length: 6 }, () => post(owner, { invitee_email: randomEmail(), role: 1 })),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 402, 402, 402, 402, 402]);
    // Seats = members + pending invites never pass the limit.
    expect(await listInvites(owner.headers, owner.workspaceId, seats)).toHaveLength(1);
  });
});

describe("409 conflicts", () => {
  it("inviting an existing member → 409 (also the Owner themself)", async () => {
    const { owner, ws } = await ownerWithTeam();
    const member = await newMember(t.app, t.db, ws, 1);
    for (const email of [member.email, owner.email, member.email.toUpperCase()]) {
      const response = await call("POST", `/invite/${ws}`, owner.headers, { invitee_email: email, role: 1 });
      expect(response.statusCode, email).toBe(409);
      expect(response.json()).toMatchObject({ code: "conflict", detail: expect.any(String) });
    }
    expect(smtp.messagesTo(member.email)).toHaveLength(0);
  });

  it("inviting an address that already has a pending invite → 409; no second mail", async () => {
    const { owner, ws } = await ownerWithTeam();
    const { email } = await sendInvite(owner);
    const response = await call("POST", `/invite/${ws}`, owner.headers, { invitee_email: email, role: 2 });
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe("conflict");
    expect(smtp.messagesTo(email)).toHaveLength(1);
    expect(await listInvites(owner.headers, ws)).toHaveLength(1);
  });

  it("simultaneous invites of one address → one 201, the rest 409; one invite, one mail", async () => {
    const { owner, ws } = await ownerWithTeam();
    const email = randomEmail("popular");
    const responses = await Promise.all(
      Array.from({ length: 4 }, () =>
        call("POST", `/invite/${ws}`, owner.headers, { invitee_email: email, role: 1 }),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409]);
    expect(await listInvites(owner.headers, ws)).toHaveLength(1);
    await smtp.waitFor((m) => m.to.includes(email));
    expect(smtp.messagesTo(email)).toHaveLength(1);
  });

  it("the same address may be invited by two workspaces", async () => {
    const a = await ownerWithTeam();
    const b = await ownerWithTeam();
    const { email, token } = await sendInvite(a.owner);
    const second = await sendInvite(b.owner, { invitee_email: email });
    expect((await accept({ token, name: "Two Offers", password: PASSWORD })).statusCode).toBe(200);
    // The second acceptance proves the account created by the first.
    const response = await accept({ token: second.token, password: PASSWORD });
    expect(response.statusCode).toBe(200);
    const userId = await userIdOf(email);
    expect(await roleIn(a.ws, userId)).toBe(1);
    expect(await roleIn(b.ws, userId)).toBe(1);
  });

  it("two concurrent accepts of one token for a new address: one wins, the other → 410 invite_used (never a 500)", async () => {
    const { owner, ws } = await ownerWithTeam();
    const { token, email } = await sendInvite(owner);
    const responses = await Promise.all([
      accept({ token, name: "Racer One", password: PASSWORD }),
      accept({ token, name: "Racer Two", password: PASSWORD }),
    ]);
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 410]);
    const loser = responses.find((r) => r.statusCode === 410)!;
    expect(loser.json().code).toBe("invite_used");
    const winner = responses.find((r) => r.statusCode === 200)!.json();
    expect(await userIdOf(email)).toBe(winner.user.id);
    expect(await roleIn(ws, winner.user.id)).toBe(1);
    const accounts = await t.db.selectFrom("users").select("id").where("email", "=", email).execute();
    expect(accounts).toHaveLength(1);
  });
});

describe("authorization", () => {
  // Send, list, resend and delete: the routes a stranger, and a caller with no credential, is refused.
  const ownerRoutes = (ws: string, inviteId: string) =>
    [
      ["POST", `/invite/${ws}`, { invitee_email: randomEmail(), role: 1 }],
      ["GET", `/invite/${ws}`, undefined],
      ["POST", `/invite/${ws}/${inviteId}/resend`, undefined],
      ["DELETE", `/invite/${ws}/${inviteId}`, undefined],
    ] as const;

  it("only the Owner sends: Admin, Member, Viewer → 403", async () => {
    const { owner, ws } = await ownerWithTeam();
    for (const role of [2, 1, 0]) {
      const member = await newMember(t.app, t.db, ws, role);
      const response = await call("POST", `/invite/${ws}`, member.headers, {
        invitee_email: randomEmail(),
        role: 0,
      });
      expect(response.statusCode, `role ${role}`).toBe(403);
      expect(response.json()).toMatchObject({ code: "forbidden", detail: expect.any(String) });
    }
    expect(await listInvites(owner.headers, ws)).toHaveLength(0);
  });

  it("listing: Owner and Admin → 200; Member and Viewer → 403", async () => {
    const { owner, ws } = await ownerWithTeam();
    const sent = await sendInvite(owner);
    const admin = await newMember(t.app, t.db, ws, 2);
    const listed = await listInvites(admin.headers, ws);
    expect(listed.map((i) => i.id)).toEqual([sent.invite.id]);
    expect(listed[0]).toMatchObject({ status: "pending", mail_error: null, invitee_email: sent.email });
    for (const role of [1, 0]) {
      const member = await newMember(t.app, t.db, ws, role);
      const response = await call("GET", `/invite/${ws}`, member.headers);
      expect(response.statusCode, `role ${role}`).toBe(403);
    }
  });

  it("a non-member → 403 on send, list, resend and delete; the invite is untouched", async () => {
    const { owner, ws } = await ownerWithTeam();
    const { invite, token } = await sendInvite(owner);
    const stranger = await newUser(t.app);
    for (const [method, url, payload] of ownerRoutes(ws, invite.id)) {
      const response = await call(method, url, stranger.headers, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().code).toBe("not_a_member");
    }
    expect((await validate(token)).statusCode).toBe(200);
  });

  it("Admin and Member cannot resend or withdraw (403)", async () => {
    const { owner, ws } = await ownerWithTeam();
    const { invite } = await sendInvite(owner);
    for (const role of [2, 1]) {
      const member = await newMember(t.app, t.db, ws, role);
      expect((await call("POST", `/invite/${ws}/${invite.id}/resend`, member.headers)).statusCode).toBe(403);
      expect((await call("DELETE", `/invite/${ws}/${invite.id}`, member.headers)).statusCode).toBe(403);
    }
    expect(await statusOf(owner, invite.id)).toBe("pending");
  });

  it("401 without a credential on send, list, resend and delete", async () => {
    const { owner, ws } = await ownerWithTeam();
    const { invite } = await sendInvite(owner);
    for (const [method, url, payload] of ownerRoutes(ws, invite.id)) {
      const response = await call(method, url, {}, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json()).toMatchObject({ detail: expect.any(String), code: expect.any(String) });
    }
    expect(await statusOf(owner, invite.id)).toBe("pending");
  });

  it("an unknown workspace → 404; a malformed workspace id → 422", async () => {
    const owner = await newUser(t.app);
    const unknown = await call("POST", `/invite/${randomUUID()}`, owner.headers, {
      invitee_email: randomEmail(),
      role: 1,
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await call("GET", "/invite/not-a-uuid", owner.headers);
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().detail[0].loc).toEqual(["path", "workspace_id"]);
  });

  it("resend and delete of an unknown invite, or another workspace's → 404", async () => {
    const a = await ownerWithTeam();
    const b = await ownerWithTeam();
    const other = await sendInvite(b.owner);
    for (const id of [randomUUID(), other.invite.id]) {
      expect((await call("POST", `/invite/${a.ws}/${id}/resend`, a.owner.headers)).statusCode).toBe(404);
      expect((await call("DELETE", `/invite/${a.ws}/${id}`, a.owner.headers)).statusCode).toBe(404);
    }
    expect((await validate(other.token)).statusCode).toBe(200);
  });
});

describe("validation", () => {
  it('422 for a bad email, role 4, role -1, role "1", a missing role, a missing email; nothing sent', async () => {
    const { owner, ws } = await ownerWithTeam();
    const email = randomEmail();
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ invitee_email: "not-an-email", role: 1 }, "invitee_email"],
      [{ invitee_email: "a b@example.com", role: 1 }, "invitee_email"],
      [{ invitee_email: email, role: 4 }, "role"],
      [{ invitee_email: email, role: -1 }, "role"],
      [{ invitee_email: email, role: "1" }, "role"],
      [{ invitee_email: email, role: 1.5 }, "role"],
      [{ invitee_email: email }, "role"],
      [{ role: 1 }, "invitee_email"],
      [{ invitee_email: email, role: 1, team_id: "not-a-uuid" }, "team_id"],
    ];
    for (const [payload, field] of cases) {
      const response = await call("POST", `/invite/${ws}`, owner.headers, payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      const detail = response.json().detail;
      expect(detail.map((d: { loc: unknown[] }) => d.loc)).toContainEqual(["body", field]);
    }
    expect(await listInvites(owner.headers, ws)).toHaveLength(0);
    expect(smtp.messagesTo(email)).toHaveLength(0);
  });

  it("a team of another workspace, or an unknown team → 404; nothing sent", async () => {
    const { owner, ws } = await ownerWithTeam();
    const other = await ownerWithTeam();
    for (const teamId of [other.teamId, randomUUID()]) {
      const email = randomEmail();
      const response = await call("POST", `/invite/${ws}`, owner.headers, {
        invitee_email: email,
        role: 1,
        team_id: teamId,
      });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe("not_found");
      expect(smtp.messagesTo(email)).toHaveLength(0);
    }
    expect(await listInvites(owner.headers, ws)).toHaveLength(0);
  });

  it("an unknown token → 404 on validate, accept and reject", async () => {
    const token = randomUUID();
    for (const response of await everyTokenRoute(token, "Nobody")) {
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: "not_found", detail: expect.any(String) });
      expect(response.body).not.toContain(token);
    }
  });

  it("a missing or empty token → 422 on validate, accept and reject", async () => {
    for (const [url, payload, loc] of [
      ["/invite/validate", undefined, ["query", "token"]],
      ["/invite/reject", undefined, ["query", "token"]],
      ["/invite/validate?token=", undefined, ["query", "token"]],
      ["/invite/accept", { name: "No Token", password: PASSWORD }, ["body", "token"]],
      ["/invite/accept", { token: "", name: "Empty", password: PASSWORD }, ["body", "token"]],
      ["/invite/accept", { token: 12345, name: "Number", password: PASSWORD }, ["body", "token"]],
    ] as const) {
      const response = await call("POST", url, {}, payload);
      expect(response.statusCode, `${url} ${JSON.stringify(payload)}`).toBe(422);
      expect(response.json().detail.map((d: { loc: unknown[] }) => d.loc)).toContainEqual(loc);
    }
  });

  it('accept: role 4 or role "1" in the body → 422', async () => {
    const { owner } = await ownerWithTeam();
    const { token, invite } = await sendInvite(owner);
    for (const role of [4, "1", -1]) {
      const response = await accept({ token, name: "Bad Role", password: PASSWORD, role });
      expect(response.statusCode).toBe(422);
    }
    expect(await statusOf(owner, invite.id)).toBe("pending");
  });
});

describe("tokens", () => {
  it("the invites row stores only sha256(token), never the token", async () => {
    const { owner } = await ownerWithTeam();
    const { token, invite } = await sendInvite(owner);
    const row = await t.db
      .selectFrom("invites")
      .selectAll()
      .where("id", "=", invite.id)
      .executeTakeFirstOrThrow();
    expect(row.token_hash).toBe(createHash("sha256").update(token).digest("hex"));
    for (const [column, value] of Object.entries(row)) {
      expect(String(value), column).not.toContain(token);
    }
    const listed = await listInvites(owner.headers, owner.workspaceId);
    expect(JSON.stringify(listed)).not.toContain(token);
    expect(JSON.stringify(listed)).not.toContain(row.token_hash);
    expect(Object.keys(listed[0]!).sort()).toEqual([...INVITE_FIELDS, "mail_error"].sort());
  });

  it("every invite gets its own random token", async () => {
    const { owner } = await ownerWithTeam();
    const tokens = new Set<string>();
    for (let i = 0; i < 3; i++) tokens.add((await sendInvite(owner)).token);
    expect(tokens.size).toBe(3);
  });

  it("resend mails a new link; the old token stops working (404); the new one accepts", async () => {
    const { owner, ws } = await ownerWithTeam();
    const { invite, token, email } = await sendInvite(owner);
    const resent = await call("POST", `/invite/${ws}/${invite.id}/resend`, owner.headers);
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({
      id: invite.id,
      status: "pending",
      mail_sent: true,
      mail_error: null,
    });

    await smtp.waitFor(() => linksTo(smtp, email).length === 2);
    const fresh = linksTo(smtp, email)[1]!.token;
    expect(fresh).not.toBe(token);
    expect(resent.body).not.toContain(fresh);
    for (const response of await everyTokenRoute(token, "Old Link")) {
      expect(response.statusCode).toBe(404);
    }
    const accepted = await accept({ token: fresh, name: "New Link", password: PASSWORD });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().invite.id).toBe(invite.id);

    // A settled invite cannot be re-sent.
    const late = await call("POST", `/invite/${ws}/${invite.id}/resend`, owner.headers);
    expect(late.statusCode).toBe(410);
    expect(late.json().code).toBe("invite_used");
  });

  it("a failed mail → 201 with mail_sent false and mail_error; the invite exists; resend after recovery delivers", async () => {
    const { owner, ws } = await ownerWithTeam();
    const email = randomEmail("unlucky");
    smtp.failNext();
    let response: Awaited<ReturnType<typeof call>>;
    try {
      response = await call("POST", `/invite/${ws}`, owner.headers, { invitee_email: email, role: 1 });
    } finally {
      smtp.recover();
    }
    expect(response.statusCode).toBe(201);
    const invite = response.json();
    expect(invite).toMatchObject({ status: "pending", mail_sent: false });
    expect(invite.mail_error).toEqual(expect.stringContaining("554"));
    expect(smtp.messagesTo(email)).toHaveLength(0);
    // The token of the lost mail never shows up in the answer.
    const lost = smtp.refused().find((m) => m.to.includes(email))!;
    const lostToken = extractInviteLink(textBody(lost.raw), PUBLIC_URL).token;
    expect(response.body).not.toContain(lostToken);

    const listed = await listInvites(owner.headers, ws);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({ id: invite.id, status: "pending", mail_error: invite.mail_error });

    const resent = await call("POST", `/invite/${ws}/${invite.id}/resend`, owner.headers);
    expect(resent.statusCode).toBe(200);
    expect(resent.json()).toMatchObject({ mail_sent: true, mail_error: null });
    await smtp.waitFor((m) => m.to.includes(email));
    const { token } = linksTo(smtp, email)[0]!;
    expect((await listInvites(owner.headers, ws))[0]!.mail_error).toBeNull();
    expect((await validate(lostToken)).statusCode).toBe(404);
    expect((await accept({ token, name: "Finally", password: PASSWORD })).statusCode).toBe(200);
  });

  it("tokens in URLs are redacted from the request log", async () => {
    const logged = await createTestApp({ env: { SMTP_URL: smtp.url }, captureLogs: true });
    try {
      const owner = await newUser(logged.app);
      const { token } = await sendInvite(owner, {}, { app: logged, smtp });
      expect((await callOn(logged)("POST", `/invite/validate?token=${q(token)}`)).statusCode).toBe(200);
      expect((await callOn(logged)("POST", `/invite/reject?token=${q(token)}`)).statusCode).toBe(200);
      expect(logged.logs()).toContain("/invite/validate?token=[REDACTED]");
      expect(logged.logs()).not.toContain(token);
    } finally {
      await logged.close();
    }
  });
});

describe("listing", () => {
  it("newest first with statuses, paged with limit and X-Next-Cursor", async () => {
    const { owner, ws } = await ownerWithTeam();
    const a = await sendInvite(owner);
    t.clock.advance(1);
    const b = await sendInvite(owner);
    t.clock.advance(1);
    const c = await sendInvite(owner);
    expect((await reject(b.token)).statusCode).toBe(200);
    expect((await accept({ token: c.token, name: "Third One", password: PASSWORD })).statusCode).toBe(200);

    const all = await listInvites(owner.headers, ws);
    expect(all.map((i) => [i.id, i.status])).toEqual([
      [c.invite.id, "accepted"],
      [b.invite.id, "rejected"],
      [a.invite.id, "pending"],
    ]);

    const first = await call("GET", `/invite/${ws}?limit=2`, owner.headers);
    expect(first.json().map((i: { id: string }) => i.id)).toEqual([c.invite.id, b.invite.id]);
    const cursor = first.headers["x-next-cursor"];
    expect(cursor).toEqual(expect.any(String));
    const second = await call("GET", `/invite/${ws}?limit=2&cursor=${cursor}`, owner.headers);
    expect(second.json().map((i: { id: string }) => i.id)).toEqual([a.invite.id]);
    expect(second.headers["x-next-cursor"]).toBeUndefined();
  });

  it("a withdrawn invite disappears from the list and its link is dead", async () => {
    const { owner, ws } = await ownerWithTeam();
    const { invite, token } = await sendInvite(owner);
    const deleted = await call("DELETE", `/invite/${ws}/${invite.id}`, owner.headers);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ deleted: true, id: invite.id });
    expect(await listInvites(owner.headers, ws)).toHaveLength(0);
    expect((await validate(token)).statusCode).toBe(404);
    expect((await call("DELETE", `/invite/${ws}/${invite.id}`, owner.headers)).statusCode).toBe(404);
  });
});

describe("audit", () => {
  it("invite.created, invite.accepted (actor = the new user) and invite.rejected are recorded, without tokens", async () => {
    const { owner, ws, teamId } = await ownerWithTeam();
    const accepted = await sendInvite(owner, { team_id: teamId });
    const rejected = await sendInvite(owner);
    const acceptResponse = await accept({ token: accepted.token, name: "Audited", password: PASSWORD });
    expect(acceptResponse.statusCode).toBe(200);
    const newUserId = acceptResponse.json().user.id;
    expect((await reject(rejected.token)).statusCode).toBe(200);

    const response = await call("GET", `/workspaces/${ws}/audit`, owner.headers);
    expect(response.statusCode).toBe(200);
    const entries = response.json() as Array<{
      action: string;
      resource_id: string;
      actor: { type: string; id: string; user_id: string };
    }>;
    const of = (action: string, inviteId: string) =>
      entries.filter((e) => e.action === action && e.resource_id === inviteId);

    expect(of("invite.created", accepted.invite.id)).toHaveLength(1);
    expect(of("invite.created", rejected.invite.id)).toHaveLength(1);
    expect(of("invite.created", accepted.invite.id)[0]!.actor).toMatchObject({
      type: "user",
      user_id: owner.id,
    });

    const acceptedEntries = of("invite.accepted", accepted.invite.id);
    expect(acceptedEntries).toHaveLength(1);
    expect(acceptedEntries[0]!.actor).toMatchObject({ type: "user", id: newUserId, user_id: newUserId });

    const rejectedEntries = of("invite.rejected", rejected.invite.id);
    expect(rejectedEntries).toHaveLength(1);
    expect(rejectedEntries[0]!.actor.type).toBe("anonymous");

    const text = response.body;
    for (const token of [accepted.token, rejected.token]) {
      expect(text).not.toContain(token);
      expect(text).not.toContain(createHash("sha256").update(token).digest("hex"));
    }
    expect(text).not.toContain(PASSWORD);

    // The filter by action works for invite entries too.
    const filtered = await call("GET", `/workspaces/${ws}/audit?action=invite.accepted`, owner.headers);
    expect(filtered.json().map((e: { resource_id: string }) => e.resource_id)).toEqual([accepted.invite.id]);
  });

  it("resend and withdraw are recorded too", async () => {
    const { owner, ws } = await ownerWithTeam();
    const { invite, token } = await sendInvite(owner);
    await call("POST", `/invite/${ws}/${invite.id}/resend`, owner.headers);
    await call("DELETE", `/invite/${ws}/${invite.id}`, owner.headers);
    const response = await call("GET", `/workspaces/${ws}/audit`, owner.headers);
    const actions = (response.json() as Array<{ action: string; resource_id: string }>)
      .filter((e) => e.resource_id === invite.id)
      .map((e) => e.action);
    expect(actions).toEqual(["invite.revoked", "invite.resent", "invite.created"]);
    expect(response.body).not.toContain(token);
  });
});
